// Changes: from what to what ("from 820 ms to 140 ms", "moved off VMs onto EKS"), and which way they run.
import type { NumberMention } from "../../../guards/index.js";
import type { Item } from "./items.js";
import { JOINS, MEASURES, TO } from "./lexicon.js";
import { type Arg, NO_ARG, type Sentence } from "./sentence.js";
import type { Direction } from "./types.js";

/** "from A to B", "to B from A", "A → B", "moved off A onto B", "moved to B", "cut latency to 140 ms". */
export function markChange(s: Sentence, i: number): void {
  const { items } = s;
  if (s.used.has(i)) return;
  const it = items[i]!;
  const end = s.clauseEnd[i]!;
  const within = (j: number) => j < end && j - i <= 8 && !JOINS.has(items[j]!.word);
  let from: Arg | undefined;
  let to: Arg | undefined;
  if (it.word === "from" || (it.word === "off" && s.movedBefore[i])) {
    let j = i + 1;
    while (within(j) && !(TO.has(items[j]!.word) && !items[j]!.hyphened) && !items[j]!.arrow) j++;
    if (within(j)) {
      from = s.arg(i + 1, j);
      to = items[j]!.arrow ? s.forward(j) : s.forward(j + 1);
      s.used.add(j);
    } else if (s.movedBefore[i]) {
      from = s.forward(i + 1);
    }
  } else if (TO.has(it.word) && !it.hyphened) {
    let k = i + 1;
    while (within(k) && items[k]!.word !== "from") k++;
    if (within(k)) {
      to = s.arg(i + 1, k);
      from = s.forward(k + 1);
      s.used.add(k);
    } else if (s.movedBefore[i]) {
      to = s.forward(i + 1);
    }
  } else if (it.arrow) {
    from = s.backward(i - 1);
    to = s.forward(i);
  }
  if (!from && !to) return;
  from ??= NO_ARG;
  to ??= NO_ARG;
  if (from.keys.size === 0 && to.keys.size === 0) return;
  // The old side of a move is read by the frame: "moved from Redis" neither states nor negates Redis.
  s.mark(from, -1);
  const dir = s.partDir[i];
  const at = dir && dir.at < i && dir.at >= s.partStart[i]! ? dir.at : i;
  const anchor = it.arrow ? Math.max(0, from.from) : i;
  s.framedParts.add(s.partStart[i]!);
  s.frames.push({
    kind: "change",
    first: from.keys,
    second: to.keys,
    dir: dir?.dir,
    dirWord: dir ? items[dir.at]!.word : undefined,
    order: orderOf(items, from, to),
    context: s.contextOf(i, from, to),
    text: s.slice(Math.min(at, anchor), Math.max(from.to, to.to, i + 1) - 1),
  });
}

/** A direction with no from or to: "reduced the monthly AWS bill by 23.4%", "made latency 5.9x lower". */
export function markTrends(s: Sentence): void {
  const { items } = s;
  for (let i = 0; i < items.length; i = s.partEnd[i]!) {
    const dir = s.partDir[i];
    if (!dir || s.framedParts.has(s.partStart[i]!)) continue;
    const at = dir.at >= s.partStart[i]! ? dir.at : s.partStart[i]!;
    const [from, to] = s.near(at);
    s.frames.push({
      kind: "change",
      first: new Set(),
      second: new Set(),
      dir: dir.dir,
      dirWord: items[dir.at]!.word,
      context: s.contextOf(at),
      text: s.slice(from, to - 1),
    });
  }
}

/** Up or down, when each side is one figure and both measure the same thing. */
function orderOf(items: readonly Item[], from: Arg, to: Arg): Direction | undefined {
  const a = figureOf(items, from);
  const b = figureOf(items, to);
  if (!a || !b || a.unit !== b.unit || a.value === b.value) return undefined;
  return b.value > a.value ? "up" : "down";
}

function figureOf(items: readonly Item[], arg: Arg): NumberMention | undefined {
  const figures = items.slice(Math.max(0, arg.from), Math.max(0, arg.to)).filter((it) => it.figure);
  const f = figures.length === 1 ? figures[0]!.figure! : undefined;
  return f && MEASURES.has(f.kind) ? f : undefined;
}

// Choices: which of two things was chosen ("PostgreSQL instead of Redis", "replaced Redis with PostgreSQL").
import { JOINS, REPLACING } from "./lexicon.js";
import type { Arg, Sentence } from "./sentence.js";
import { NEGATED } from "./types.js";

/** "X instead of Y", "X rather than Y", "chose X over Y", "replaced Y with X", "dropped Y in favour of X". */
export function markChoice(s: Sentence, i: number): void {
  const { items } = s;
  const it = items[i]!;
  const next = items[i + 1]?.word;
  let rejected: Arg | undefined;
  let chosen: Arg | undefined;
  let negates = true;
  /** Where the reason's quote starts when the verb comes first ("replaced PostgreSQL with Redis"). */
  let verb = Infinity;
  if ((it.word === "instead" && next === "of") || (it.word === "rather" && next === "than")) {
    chosen = s.backward(i - 1);
    rejected = s.forward(i + 2);
    // "Instead of Redis, the service uses PostgreSQL": what is chosen comes after.
    if (chosen.keys.size === 0) chosen = strongAfter(s, rejected.to);
  } else if (it.word === "over" && !it.hyphened && s.choseBefore[i] !== undefined) {
    verb = s.choseBefore[i]!;
    chosen = s.backward(i - 1);
    rejected = s.forward(i + 1);
  } else if ((it.word === "favour" || it.word === "favor") && items[i - 1]?.word === "in" && next === "of") {
    rejected = s.backward(i - 2);
    chosen = s.forward(i + 2);
    negates = false;
  } else if (REPLACING.has(it.stem) && it.word !== "replacement") {
    negates = false;
    const end = s.clauseEnd[i]!;
    // "replaced Redis with PostgreSQL", "swapped Redis for PostgreSQL" ("replaced Redis for balances": no).
    const partners = it.stem === "replac" ? ["with", "by"] : ["with", "for"];
    let by = i + 1;
    while (by < end && by - i <= 7 && !partners.includes(items[by]!.word) && !JOINS.has(items[by]!.word))
      by++;
    if (by < end && partners.includes(items[by]!.word)) {
      // "replaced Redis with PostgreSQL"; "Redis was replaced by PostgreSQL".
      rejected = by > i + 1 ? s.arg(i + 1, by) : s.backward(i - 1);
      if (by > i + 1) verb = i;
      chosen = s.forward(by + 1);
    } else {
      // "PostgreSQL replaced Redis".
      chosen = s.backward(i - 1);
      rejected = s.forward(i + 1);
    }
  }
  if (!rejected || !chosen || rejected.keys.size === 0 || chosen.keys.size === 0) return;
  const text = s.slice(Math.min(verb, chosen.from, rejected.from), Math.max(chosen.to, rejected.to) - 1);
  s.frames.push({
    kind: "choice",
    first: rejected.keys,
    second: chosen.keys,
    context: new Set([...rejected.keys, ...chosen.keys]),
    text,
  });
  s.mark(rejected, negates ? NEGATED : -1, negates ? s.slice(i, rejected.to - 1) : undefined);
}

function strongAfter(s: Sentence, from: number): Arg {
  const strong = s.items.slice(from, from + 12).filter((it) => it.strong);
  return { keys: new Set(strong.map((it) => it.key!)), from, to: from };
}

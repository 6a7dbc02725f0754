// A bound word or symbol before a figure (`over`, `~`, `sub-`, `no more than`). Phrases are matched by
// reading words backwards from the figure through a tree, without building the words.
import type { Bound } from "./types.js";
import type { Reading } from "./reading.js";
import { isFolded, isLetterCode, skipSpacesBack, WordSet, wordStartBefore } from "./text.js";

/** Words before a figure that bound it; the longest phrase wins (`no more than` over `more than`). */
const BOUND_PHRASES = new Map<string, Bound>([
  ...[
    "over",
    "more than",
    "greater than",
    "at least",
    "above",
    "upwards of",
    "in excess of",
    "north of",
    "exceeding",
  ].map((w) => [w, "min"] as const),
  ["up to", "up-to"],
  ...["under", "below", "less than", "fewer than", "at most", "no more than"].map((w) => [w, "max"] as const),
  ...[
    "about",
    "around",
    "approximately",
    "approx",
    "roughly",
    "nearly",
    "almost",
    "close to",
    "circa",
    "ca",
    "some",
    "an estimated",
    "estimated",
  ].map((w) => [w, "approx"] as const),
]);
/** The last words of the bound phrases: any other word before a figure cannot bound it. */
const BOUND_LAST_WORDS = new WordSet([...BOUND_PHRASES.keys()].map((phrase) => phrase.split(" ").at(-1)!));

/** The bound phrases as a tree read backwards from their last word (`than` → `more` → `no`). */
interface PhraseNode {
  bound?: Bound;
  /** The words that can come before, and where each leads. */
  words: string[];
  nodes: PhraseNode[];
}
const PHRASE_TREE: PhraseNode = { words: [], nodes: [] };
for (const [phrase, bound] of BOUND_PHRASES) {
  let node = PHRASE_TREE;
  for (const word of phrase.split(" ").reverse()) {
    const at = node.words.indexOf(word);
    let next = node.nodes[at];
    if (!next) {
      next = { words: [], nodes: [] };
      node.words.push(word);
      node.nodes.push(next);
    }
    node = next;
  }
  node.bound = bound;
}

/** The node `text[start, end)` (lower-cased) leads to from `node`. */
function child(node: PhraseNode, text: string, start: number, end: number): PhraseNode | undefined {
  for (let i = start; i < end; i++) {
    if (text.charCodeAt(i) >= 128) {
      const word = text.slice(start, end).toLowerCase();
      return node.nodes[node.words.indexOf(word)];
    }
  }
  for (let i = 0; i < node.words.length; i++) {
    if (isFolded(text, start, end, node.words[i]!)) return node.nodes[i];
  }
  return undefined;
}

/**
 * The bound phrase that ends at `wordEnd`, the longest (of up to three words) that passes `usable`: what
 * `BOUND_PHRASES.get(wordsBefore(text, wordEnd, 3).slice(-n).join(" "))` finds for n = 3, 2, 1, read
 * word by word backwards without building the words.
 */
function phraseBound(text: string, wordEnd: number, usable: (bound: Bound) => boolean): Bound | undefined {
  let one: Bound | undefined;
  let two: Bound | undefined;
  let three: Bound | undefined;
  let node: PhraseNode | undefined = PHRASE_TREE;
  let i = skipSpacesBack(text, wordEnd);
  for (let depth = 1; depth <= 3 && node; depth++) {
    const k = wordStartBefore(text, i);
    if (k === i) break;
    node = child(node, text, k, i);
    if (depth === 1) one = node?.bound;
    else if (depth === 2) two = node?.bound;
    else three = node?.bound;
    const next = skipSpacesBack(text, k);
    if (next === k) break;
    i = next;
  }
  if (three && usable(three)) return three;
  if (two && usable(two)) return two;
  if (one && usable(one)) return one;
  return undefined;
}

const BOUND_SYMBOLS: Record<string, Bound> = {
  "~": "approx",
  "≈": "approx",
  "<": "max",
  "≤": "max",
  ">": "min",
  "≥": "min",
};

/** A bound before the figure: a symbol (`~`, `<`, `≥`), `sub-`, or a phrase (`more than`, `approx.`). */
export function readBound(text: string, d: Reading): void {
  if (d.kind === "year" || d.kind === "date" || d.kind === "phone") return;
  if (d.plus) {
    d.bound = "min";
    return;
  }
  const at = skipSpacesBack(text, d.start);
  let c = text[at - 1] ?? "";
  if (c === "=" && (text[at - 2] === "<" || text[at - 2] === ">")) c = text[at - 2]!;
  const symbol = BOUND_SYMBOLS[c];
  if (symbol) {
    d.bound = symbol;
    return;
  }
  if (c === "-" && text.slice(at - 4, at).toLowerCase() === "sub-") {
    d.bound = "max";
    return;
  }
  // `approx.` and `ca.` end with a dot
  const wordEnd = c === "." ? at - 1 : at;
  let k = wordEnd;
  while (k > 0 && k > wordEnd - 16 && isLetterCode(text.charCodeAt(k - 1))) k--;
  if (k === wordEnd || !BOUND_LAST_WORDS.has(text, k, wordEnd)) return;
  const bound = phraseBound(text, wordEnd, (b) => c !== "." || b === "approx");
  if (bound) d.bound = bound;
}

// What a figure carries around its digits: currency, sign or `#` before; scale, unit, rate and `+` after; and
// a bound word or symbol before it (`over`, `~`, `sub-`). Each reader looks at character codes first and
// runs a regular expression or builds a word only when the next characters can start what it reads.
import type { Bound } from "./numbers.js";
import type { Draft } from "./numbers-draft.js";
import {
  isFolded,
  isGlue,
  isLetterCode,
  isSpaceCode,
  isWordCode,
  skipSpacesBack,
  sticky,
  stickyTest,
  unitLettersEnd,
  WordSet,
  wordStartBefore,
} from "./numbers-text.js";
import {
  CURRENCY_PREFIX,
  GLUED_SCALES,
  SCALE_WORDS,
  TIME_WORDS,
  currencyUnit,
  singular,
  unitOf,
  type UnitDef,
} from "./numbers-units.js";

const DENOMINATOR =
  /(?:\/|[ \u00a0]per[ \u00a0])(s|sec|second|min|minute|h|hr|hour|d|day|wk|week|mo|month|yr|year)s?(?![A-Za-z0-9])/iy;
const PER_CENT = /per[ \u00a0]cent(?![A-Za-z0-9])/iy;
const PLUS_FOLLOWER = /[\s,.;:!?)\]}"'’”/]/;

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

/** What a word after a number can be, looked up once per spelling (a word's meaning never changes). */
interface WordMeaning {
  /** `SCALE_WORDS` of the word in lower case (after a space). */
  scale: number | undefined;
  /** The unit it spells after a space. */
  spacedUnit: UnitDef | undefined;
  /** The unit it spells glued to the number. */
  gluedUnit: UnitDef | undefined;
  /** `GLUED_SCALES` of the word as written. */
  gluedScale: number | undefined;
}

/** Spellings seen so far by their hash (of the exact characters), with what they mean. */
const meanings = new Map<number, { word: string; meaning: WordMeaning }[]>();
let meaningCount = 0;
/** Spellings remembered at most; a long text of unusual words starts the memo over rather than grow it. */
const MAX_MEANINGS = 4096;

/** What `text[start, end)` means after a number: looked up in place, the word built once per spelling. */
function meaningAt(text: string, start: number, end: number): WordMeaning {
  let h = 0;
  for (let i = start; i < end; i++) h = (Math.imul(h, 31) + text.charCodeAt(i)) | 0;
  let same = meanings.get(h);
  if (same) {
    for (let i = 0; i < same.length; i++) {
      const known = same[i]!;
      if (known.word.length === end - start && text.startsWith(known.word, start)) return known.meaning;
    }
  }
  if (meaningCount >= MAX_MEANINGS) {
    meanings.clear();
    meaningCount = 0;
    same = undefined;
  }
  const word = text.slice(start, end);
  const meaning: WordMeaning = {
    scale: SCALE_WORDS[word.toLowerCase()],
    spacedUnit: unitOf(word, false),
    gluedUnit: unitOf(word, true),
    gluedScale: GLUED_SCALES[word],
  };
  if (same) same.push({ word, meaning });
  else meanings.set(h, [{ word, meaning }]);
  meaningCount++;
  return meaning;
}

/** `st`, `nd`, `rd`, `th` (as written: `1ST` is no ordinal). */
function isOrdinalSuffix(text: string, start: number, end: number): boolean {
  if (end - start !== 2) return false;
  const a = text.charCodeAt(start);
  const b = text.charCodeAt(start + 1);
  return (
    (a === 115 && b === 116) ||
    (a === 110 && b === 100) ||
    (a === 114 && b === 100) ||
    (a === 116 && b === 104)
  );
}

const isP = (code: number): boolean => code === 112 || code === 80;

/** `1,000+` is a lower bound when the `+` ends the figure; `1+1` and `1+[NUM_REDACTED]` are not bounds. */
function readPlus(text: string, pos: number, d: Draft): number {
  // Decided by the next character alone, never by digits further on that a redaction could replace.
  if (text.charCodeAt(pos) === 43 && PLUS_FOLLOWER.test(text[pos + 1] ?? " ")) {
    d.plus = true;
    return pos + 1;
  }
  return pos;
}

/** `/s`, ` per minute` after a unit or counted noun: a rate. */
function readDenominator(text: string, pos: number, d: Draft): number {
  // Only `/`, or a space before `per`, can start a denominator.
  const first = text.charCodeAt(pos);
  if (first !== 47 && !(isSpaceCode(first) && isP(text.charCodeAt(pos + 1)))) return pos;
  const m = sticky(DENOMINATOR, text, pos);
  if (!m) return pos;
  const seconds = TIME_WORDS[m[1]!.toLowerCase()];
  if (seconds === undefined) return pos;
  d.per = seconds;
  return pos + m[0].length;
}

/**
 * Scale, unit and `+` after the number, glued (`4.2M`, `250ms`, `10x`, `1st`) or after one space (`4.2
 * million`, `820 ms`, `2.5k req/s`, `40 percent`). Returns the end of the figure, or undefined when glued
 * letters make it an identifier (`2FA`, `5G`, `3f9a2b1`).
 */
export function readSuffix(text: string, pos: number, d: Draft, glued: boolean): number | undefined {
  if (glued) {
    if (text.charCodeAt(pos) === 37) {
      d.unit = unitOf("%", true);
      return readPlus(text, pos + 1, d);
    }
    const after = unitLettersEnd(text, pos);
    if (after > pos) {
      const boundary = !isWordCode(text.charCodeAt(after));
      if (!boundary) return undefined;
      if (isOrdinalSuffix(text, pos, after) && d.decimals === 0) {
        d.kind = "ordinal";
        return after;
      }
      // the 1990s
      if (after - pos === 1 && text.charCodeAt(pos) === 115 && d.kind === "year") return after;
      const meaning = meaningAt(text, pos, after);
      const unit = meaning.gluedUnit;
      if (unit) {
        d.unit = unit;
        return readPlus(text, readDenominator(text, after, d), d);
      }
      const scale = meaning.gluedScale;
      if (scale === undefined) return undefined;
      d.scale = scale;
      d.hasScale = true;
      pos = after;
    }
    pos = readPlus(text, pos, d);
  }
  return readSpaced(text, pos, d);
}

/** What follows after a space or hyphen: a scale word, a unit word, a rate (`requests per second`). */
export function readSpaced(text: string, pos: number, d: Draft): number {
  for (let round = 0; round < 2 && !d.unit; round++) {
    const sep = text.charCodeAt(pos);
    const hyphen = sep === 45;
    if (!isSpaceCode(sep) && !hyphen) break;
    const at = pos + 1;
    if (!hyphen && text.charCodeAt(at) === 37) {
      d.unit = unitOf("%", true);
      return readPlus(text, at + 1, d);
    }
    if (!hyphen && isP(text.charCodeAt(at)) && stickyTest(PER_CENT, text, at)) {
      d.unit = unitOf("percent", false);
      return readPlus(text, at + 8, d);
    }
    const after = unitLettersEnd(text, at);
    if (after === at) break;
    if (isWordCode(text.charCodeAt(after))) break;
    const meaning = meaningAt(text, at, after);
    const scale = meaning.scale;
    if (!hyphen && !d.hasScale && scale !== undefined) {
      d.scale = scale;
      d.hasScale = true;
      pos = readPlus(text, after, d);
      continue;
    }
    const unit = meaning.spacedUnit;
    if (unit && (!hyphen || unit.kind !== "money")) {
      d.unit = unit;
      return readPlus(text, readDenominator(text, after, d), d);
    }
    // A counted noun with a denominator is a rate: `req/s`, `requests per second`, `deploys/day`.
    if (!hyphen) {
      const end = readDenominator(text, after, d);
      if (end > after) {
        d.rateUnit = `${singular(text.slice(at, after))}/s`;
        return readPlus(text, end, d);
      }
    }
    break;
  }
  // `2,500 per second`
  if (
    !d.unit &&
    !d.rateUnit &&
    isSpaceCode(text.charCodeAt(pos)) &&
    isP(text.charCodeAt(pos + 1)) &&
    /^[ \u00a0]per[ \u00a0]/i.test(text.slice(pos, pos + 5))
  ) {
    const end = readDenominator(text, pos, d);
    if (end > pos) {
      d.rateUnit = "/s";
      return end;
    }
  }
  return pos;
}

/** The last characters a currency written before a number can end with (`$`, `€`, `USD`, `USD `). */
function mayEndCurrency(code: number): boolean {
  switch (code) {
    case 36: // $
    case 0x20ac: // €
    case 0xa3: // £
    case 0xa5: // ¥
    case 0x20b9: // ₹
    case 68: // USD
    case 82: // EUR
    case 80: // GBP
    case 32: // `USD 3M`
      return true;
    default:
      return false;
  }
}

/** Currency, sign or `#` written before the number. */
export function readPrefix(text: string, d: Draft): void {
  const before = text.charCodeAt(d.start - 1);
  // After a space only `USD `, `EUR `, `GBP ` can be a currency: most figures follow a space.
  const after = before === 32 ? text.charCodeAt(d.start - 2) : before;
  if (
    d.start > 0 &&
    mayEndCurrency(before) &&
    (before !== 32 || after === 68 || after === 82 || after === 80)
  ) {
    const currency = CURRENCY_PREFIX.exec(text.slice(Math.max(0, d.start - 4), d.start));
    if (currency) {
      d.currency = currencyUnit(currency[0]);
      d.start -= currency[0].length;
    }
  }
  const sign = text[d.start - 1];
  if ((sign === "+" || sign === "-" || sign === "−") && !isGlue(text.charCodeAt(d.start - 2))) {
    d.start -= 1;
  } else if (sign === "#" && !d.currency) {
    d.kind = "rank";
    d.start -= 1;
  }
}

/** A bound before the figure: a symbol (`~`, `<`, `≥`), `sub-`, or a phrase (`more than`, `approx.`). */
export function readBound(text: string, d: Draft): void {
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

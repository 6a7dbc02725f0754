// Currencies as data: one row per currency with its symbols, codes and names. Every reader of a currency is
// built from this table: before the digits (`$`, `$ `, `US$`, `USD `, `Rs. `), glued after them (`5USD`,
// `5€`) and after a space (`5m USD`, `2.74 €`, `2.74 euros`, `5 million US dollars`). Every form of one
// currency reads as the same base unit, so `$5m`, `USD 5m`, `5m USD` and `5 million dollars` are one value
// and ground each other. Plain `dollar` and `$` are US dollars.
import type { UnitDef } from "./units.js";
import { isFolded, isLetterCode, isSpaceCode, isWordCode } from "./text.js";

export interface Currency {
  /** The base unit its figures carry: the symbol for the five most written (`$`, `€`), else the ISO code. */
  unit: string;
  /**
   * ISO 4217 code and codes written the same way (`RMB`): upper case before a number or glued after it, any
   * case after a space.
   */
  codes: readonly string[];
  /** Written before the number (`$`, `US$`, `Rs.`); one-character ones also after it (`2.74 €`). */
  symbols: readonly string[];
  /** Names after the number, lower case, words split by one space; a plural `s` on any word is read too. */
  names: readonly string[];
}

export const CURRENCIES: readonly Currency[] = [
  { unit: "$", codes: ["USD"], symbols: ["$", "US$"], names: ["dollar", "us dollar", "american dollar"] },
  { unit: "€", codes: ["EUR"], symbols: ["€"], names: ["euro"] },
  {
    unit: "£",
    codes: ["GBP"],
    symbols: ["£"],
    names: ["pound", "pound sterling", "british pound", "sterling pound"],
  },
  { unit: "¥", codes: ["JPY"], symbols: ["¥", "JP¥"], names: ["yen", "japanese yen"] },
  { unit: "₹", codes: ["INR"], symbols: ["₹", "Rs", "Rs."], names: ["rupee", "indian rupee"] },
  { unit: "CNY", codes: ["CNY", "RMB"], symbols: ["CN¥"], names: ["yuan", "renminbi", "chinese yuan"] },
  { unit: "CHF", codes: ["CHF"], symbols: [], names: ["swiss franc"] },
  { unit: "CAD", codes: ["CAD"], symbols: ["CA$", "C$"], names: ["canadian dollar"] },
  { unit: "AUD", codes: ["AUD"], symbols: ["A$", "AU$"], names: ["australian dollar"] },
  { unit: "NZD", codes: ["NZD"], symbols: ["NZ$"], names: ["new zealand dollar"] },
  { unit: "SGD", codes: ["SGD"], symbols: ["S$"], names: ["singapore dollar"] },
  { unit: "HKD", codes: ["HKD"], symbols: ["HK$"], names: ["hong kong dollar"] },
  { unit: "SEK", codes: ["SEK"], symbols: [], names: ["swedish krona", "swedish kronor"] },
  { unit: "BRL", codes: ["BRL"], symbols: ["R$"], names: ["brazilian real", "brazilian reais"] },
  { unit: "KRW", codes: ["KRW"], symbols: ["₩"], names: ["korean won", "south korean won"] },
];

const moneyUnits = new Map<string, UnitDef>();

/** The money unit of a currency's base unit (one object per currency). */
export function moneyUnit(unit: string): UnitDef {
  let def = moneyUnits.get(unit);
  if (!def) {
    def = { unit, factor: 1, kind: "money" };
    moneyUnits.set(unit, def);
  }
  return def;
}

// ---- before the number ----

interface Prefix {
  spelling: string;
  unit: string;
  /** Starts with a letter (`USD`, `US$`, `Rs`): the character before it must not be a letter or digit. */
  word: boolean;
  /** Ends with a symbol (`$`, `US$`), not a letter: it may be glued to the digits. */
  glue: boolean;
}

/** Prefixes by the code of their last character, longest first (`US$` before `$`). */
const PREFIXES = new Map<number, Prefix[]>();
for (const currency of CURRENCIES) {
  for (const spelling of [...currency.symbols, ...currency.codes]) {
    const last = spelling.charCodeAt(spelling.length - 1);
    const word = isLetterCode(spelling.charCodeAt(0));
    const glue = !isLetterCode(last);
    const list = PREFIXES.get(last) ?? [];
    list.push({ spelling, unit: currency.unit, word, glue });
    list.sort((a, b) => b.spelling.length - a.spelling.length);
    PREFIXES.set(last, list);
  }
}

/** Whether a prefix can end with the character `code` (an ASCII table, so most figures cost one load). */
const ASCII_LAST = new Uint8Array(128);
for (const code of PREFIXES.keys()) if (code < 128) ASCII_LAST[code] = 1;
function mayEndPrefix(code: number): boolean {
  return code < 128 ? ASCII_LAST[code] === 1 : PREFIXES.has(code);
}

/** The prefix that ends at `end` and starts at or after `floor`. */
function prefixEndingAt(text: string, end: number, floor: number): Prefix | undefined {
  const list = PREFIXES.get(text.charCodeAt(end - 1));
  if (!list) return undefined;
  for (let i = 0; i < list.length; i++) {
    const p = list[i]!;
    const start = end - p.spelling.length;
    if (start < floor || !text.startsWith(p.spelling, start)) continue;
    if (p.word && isWordCode(text.charCodeAt(start - 1))) continue;
    return p;
  }
  return undefined;
}

/**
 * The currency written before the digits that start at `digits` (`$5`, `$ 5`, `US$5`, `USD 5`, `Rs. 500`),
 * starting at or after `floor` (never inside the figure or identifier read before). Returns its start and
 * unit, or undefined. Reads by character code: one lookup for a figure after a plain word.
 */
export function currencyBefore(
  text: string,
  digits: number,
  floor: number,
): { start: number; unit: string } | undefined {
  if (digits <= floor) return undefined;
  const before = text.charCodeAt(digits - 1);
  // Codes are written apart from the digits (glued ones are identifiers); symbols glued or apart.
  let p = mayEndPrefix(before) ? prefixEndingAt(text, digits, floor) : undefined;
  if (p?.glue) return { start: digits - p.spelling.length, unit: p.unit };
  if (isSpaceCode(before) && digits - 1 > floor) {
    p = mayEndPrefix(text.charCodeAt(digits - 2)) ? prefixEndingAt(text, digits - 1, floor) : undefined;
    if (p) return { start: digits - 1 - p.spelling.length, unit: p.unit };
  }
  return undefined;
}

// ---- after the number ----

/** One-character symbols, written after a number too (`2.74 €`, `5€`). */
const SYMBOLS_AFTER = new Map<number, string>();
for (const currency of CURRENCIES) {
  for (const symbol of currency.symbols) {
    if (symbol.length === 1) SYMBOLS_AFTER.set(symbol.charCodeAt(0), currency.unit);
  }
}

/**
 * Whether the character at `at` can start what a redaction replaces (a figure, a number word, a currency
 * before a figure, or a redaction marker itself): a letter, digit, `[` or currency symbol, or `.`, `+`, `-`,
 * `−`, `#`, `(` before one of those.
 */
function mayStartFigure(text: string, at: number): boolean {
  const c = text.charCodeAt(at);
  if (Number.isNaN(c)) return false;
  if (c === 91 || isWordCode(c) || c === 36 || SYMBOLS_AFTER.has(c)) return true;
  if (c === 46 || c === 43 || c === 45 || c === 0x2212 || c === 35 || c === 40) {
    const next = text.charCodeAt(at + 1);
    return next === 91 || isWordCode(next);
  }
  return false;
}

/**
 * A one-character symbol at `at` after a number (`5€`, `2.74 €`, `5 $.`): its unit, unless what follows it
 * may be a figure or number word (`2 $5M rounds`: then it is that figure's prefix, or glued to a word).
 * Decided by the characters right after the symbol, which a redaction never turns from one kind into the
 * other: what follows `2 $` in `2 $5M` and in `2 $[NUM_REDACTED]` is no blank in both.
 */
export function symbolAfter(text: string, at: number): string | undefined {
  const code = text.charCodeAt(at);
  // `$` is the only ASCII symbol: most figures are followed by a space or a letter.
  if (code < 128 && code !== 36) return undefined;
  const unit = SYMBOLS_AFTER.get(code);
  if (unit === undefined || mayStartFigure(text, at + 1)) return undefined;
  return unit;
}

/** Codes as written, glued to a number (`5USD`): upper case only. */
const GLUED_CODES = new Map<string, string>();
for (const currency of CURRENCIES) for (const code of currency.codes) GLUED_CODES.set(code, currency.unit);

/** The currency a code glued after a number spells (`USD` in `5USD`), or undefined. */
export function gluedCode(word: string): string | undefined {
  return GLUED_CODES.get(word);
}

/** Names and codes after a number as a tree of words read forwards (`us` → `dollar`). */
export interface NameNode {
  unit?: string;
  words: string[];
  nodes: NameNode[];
}

const NAME_TREE: NameNode = { words: [], nodes: [] };

function addName(words: readonly string[], unit: string): void {
  let node = NAME_TREE;
  for (const word of words) {
    let at = node.words.indexOf(word);
    if (at < 0) {
      node.words.push(word);
      node.nodes.push({ words: [], nodes: [] });
      at = node.words.length - 1;
    }
    node = node.nodes[at]!;
  }
  node.unit ??= unit;
}
for (const currency of CURRENCIES) {
  for (const name of currency.names) addName(name.split(" "), currency.unit);
  for (const code of currency.codes) addName([code.toLowerCase()], currency.unit);
}

const ROOT = new Map<string, NameNode>();
NAME_TREE.words.forEach((w, i) => ROOT.set(w, NAME_TREE.nodes[i]!));
/** Codes take no plural `s` (`Gbps` is no `GBP`). */
const CODE_WORDS = new Set(CURRENCIES.flatMap((c) => c.codes.map((code) => code.toLowerCase())));

/**
 * The node of the name tree a first word after a number leads to (`dollars`, `US`, `euro`, `usd`), or
 * undefined. Asked once per spelling (word-meaning.ts).
 */
export function nameStart(word: string): NameNode | undefined {
  const lower = word.toLowerCase();
  const exact = ROOT.get(lower);
  if (exact || lower.length <= 3 || !lower.endsWith("s")) return exact;
  const singular = lower.slice(0, -1);
  return CODE_WORDS.has(singular) ? undefined : ROOT.get(singular);
}

/** The child of `node` that `text[start, end)` spells, in any case, with or without a plural `s`. */
function nextNode(node: NameNode, text: string, start: number, end: number): NameNode | undefined {
  const plural = end - start > 3 && (text.charCodeAt(end - 1) | 32) === 115;
  for (let i = 0; i < node.words.length; i++) {
    const word = node.words[i]!;
    if (isFolded(text, start, end, word) || (plural && isFolded(text, start, end - 1, word))) {
      return node.nodes[i];
    }
  }
  return undefined;
}

/** Where the run of ASCII letters at `at` ends. */
function lettersEnd(text: string, at: number): number {
  let k = at;
  for (;;) {
    const c = text.charCodeAt(k) | 32;
    if (c < 97 || c > 122) return k;
    k++;
  }
}

/**
 * The longest currency name that starts with the word read into `node` and ends at `end` or further on
 * (`US dollars`, `pounds sterling`, `Swiss francs`): its end and unit, or undefined.
 */
export function readName(
  text: string,
  node: NameNode,
  end: number,
): { end: number; unit: string } | undefined {
  let best = node.unit !== undefined ? { end, unit: node.unit } : undefined;
  let at = end;
  let current: NameNode | undefined = node;
  while (current.words.length > 0 && isSpaceCode(text.charCodeAt(at))) {
    const start = at + 1;
    const wordEnd = lettersEnd(text, start);
    if (wordEnd === start || isWordCode(text.charCodeAt(wordEnd))) break;
    current = nextNode(current, text, start, wordEnd);
    if (!current) break;
    at = wordEnd;
    if (current.unit !== undefined) best = { end: at, unit: current.unit };
  }
  return best;
}

// Words of a text: as the platform segments them, with offsets (a claim's and a chunk's content stems and proper
// nouns, which must appear verbatim), and as lower-case keys (names and titles compared, a job's own words).
import { stemmer } from "stemmer";
import { eng } from "stopword";
import { readable } from "./text-view.js";

/**
 * Stop words, and words that frame a list rather than say anything of it ("Worked across C#, .NET and
 * SQL Server", "Stack: React, Node.js"): a claim is not unsupported for wording its source has no
 * reason to share.
 */
const STOP = new Set([...eng, "work", "worked", "working", "across", "various", "including", "stack"]);
const words = new Intl.Segmenter("en", { granularity: "word" });

export interface Word {
  text: string;
  start: number;
  end: number;
}

/** Characters handed to the segmenter at once: its iteration over one long string grows faster than linearly. */
const WINDOW = 2048;

/**
 * Where to end a window that would end at `to`: at a space or line break, where no word goes on (only runs
 * of spaces join across one, and they are not words), so the windows' words are the whole text's; in a
 * text without one nearby ("Go/Rust/…", a long word), before punctuation that never joins words (`/`,
 * brackets); failing both, after a word that ends within LONG_WORD, or at `to` itself, outside a character and its marks: a longer window would cost
 * time quadratic in its length.
 */
function windowEnd(text: string, from: number, to: number): number {
  if (to >= text.length) return text.length;
  const space = (i: number) => (text[i] === " " || text[i] === "\n") && text[i - 1] !== "\r";
  const apart = (i: number) => SEPARATES.test(text[i]!);
  for (const cut of [space, apart]) for (let i = to; i > from; i--) if (cut(i)) return i;
  // A long word: its end, when near.
  const reach = Math.min(text.length, to + LONG_WORD);
  for (let i = to + 1; i < reach; i++) if (space(i) || apart(i)) return i;
  let end = to;
  while (end < reach && JOINS_BEFORE.test(text.slice(end, end + 2))) end++;
  return end;
}

/** A word this long is cut into pieces of a window's length: read whole, its window would cost more than linear time. */
const LONG_WORD = 4 * WINDOW;
/** Punctuation with a word boundary on both sides whatever surrounds it (Unicode word-break class Other). */
const SEPARATES = /^[/()[\]{}<>|!?"#$%&*+=~^\\]$/;
/** A string that cannot start a window: a low surrogate, or a combining mark or joiner that belongs to what precedes. */
const JOINS_BEFORE = /^(?:[\udc00-\udfff]|\p{M}|\u200d)/u;

/** Word-like segments (letters or digits), with their places. */
export function wordsOf(text: string): Word[] {
  const out: Word[] = [];
  for (let from = 0; from < text.length;) {
    const to = windowEnd(text, from, from + WINDOW);
    for (const s of words.segment(to - from === text.length ? text : text.slice(from, to))) {
      if (s.isWordLike)
        out.push({ text: s.segment, start: from + s.index, end: from + s.index + s.segment.length });
    }
    from = to;
  }
  return out;
}

/** A word that carries meaning: not a stop word, not a bare number, at least two letters. */
export function isContentWord(word: string): boolean {
  const lower = word.toLowerCase();
  return !STOP.has(lower) && /\p{L}.*\p{L}/u.test(word) && !/^\d/.test(word);
}

const NEGATIONS = new Set(["not", "no", "never", "cannot", "without", "none", "neither", "nor"]);

/**
 * A word that only negates ("not", "without", "didn't"). meaning.ts reads what it negates; the overlap of
 * content words does not count it, so "did not use" and "no longer uses" are not told apart by it.
 */
export function isNegation(word: string): boolean {
  const lower = word.toLowerCase().replaceAll("’", "'");
  return NEGATIONS.has(lower) || (lower.length > 3 && lower.endsWith("n't"));
}

export function stemOf(word: string): string {
  return stemmer(word.toLowerCase());
}

/**
 * A name the source must contain: capitalised inside the sentence (`at Google`), or unmistakably a name
 * anywhere (`AWS`, `PayPal`). A capitalised first word may be an ordinary word (`Migrated`): it counts as
 * content instead.
 */
export function isProperNoun(word: Word, isFirst: boolean): boolean {
  if (!/^\p{Lu}/u.test(word.text) || word.text === "I") return false;
  if (/^\p{Lu}[\p{Lu}\d]+$/u.test(word.text) || /\p{Ll}\p{Lu}/u.test(word.text)) return true;
  return !isFirst && !STOP.has(word.text.toLowerCase());
}

const LETTERS_AND_DIGITS = /[\p{L}\p{N}]+/gu;

/** The lower-case words of a text: its runs of letters and digits, without offsets or stems. */
export function lowerWords(text: string): string[] {
  return text.toLowerCase().match(LETTERS_AND_DIGITS) ?? [];
}

/**
 * The lower-case words of a text as a person reads it (core/text-view.ts: full-width and look-alike
 * letters are the letters they look like), accents aside: names compared across spellings.
 */
export function foldedWords(text: string): string[] {
  return lowerWords(readable(text).normalize("NFKD").replace(/\p{M}/gu, "").normalize("NFKC"));
}

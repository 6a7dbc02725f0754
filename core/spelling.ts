// A spelling fix is not a new claim: the profile's "Mustach" written "Mustache" says what the candidate
// said. Only a slip counts: a word no dictionary has, one edit away (two in a long word) from what is
// written, with the same first letter. A real word is another word: "flash" is never a misspelled Flask.
import { createRequire } from "node:module";
import distance from "damerau-levenshtein";
import { lazy } from "./lazy.js";

/** Letters a slip may be made in: a name with digits or punctuation ("Node.js", "S3") is compared as written. */
const LETTERS = /^\p{L}+$/u;
/** Shorter words are too close to each other for one edit to be a slip ("Java" and "Jira"). */
export const MIN_SLIP_LENGTH = 5;
/** From this length a word may hold two slips ("Kubernets" is one, "Elasticsaerch" two). */
const TWO_SLIPS_FROM = 9;

const dictionary = lazy(() => {
  const words = createRequire(import.meta.url)("an-array-of-english-words") as string[];
  return new Set(words);
});

/** Whether an English dictionary has `word` (in any case). Loaded on first use (~275,000 words). */
export function isDictionaryWord(word: string): boolean {
  return dictionary().has(word.toLowerCase());
}

/** Whether `written` could be `source` with a slip fixed, before the dictionary is asked: cheap. */
export function isNearSpelling(written: string, source: string): boolean {
  const w = written.toLowerCase();
  const s = source.toLowerCase();
  if (w === s || w[0] !== s[0] || !LETTERS.test(w) || !LETTERS.test(s)) return false;
  const shorter = Math.min(w.length, s.length);
  if (shorter < MIN_SLIP_LENGTH) return false;
  const allowed = shorter >= TWO_SLIPS_FROM ? 2 : 1;
  if (Math.abs(w.length - s.length) > allowed) return false;
  return distance(w, s).steps <= allowed;
}

/** Whether `written` is the source's word `source` with its spelling fixed ("Mustache" for "Mustach"). */
export function isSpellingFix(written: string, source: string): boolean {
  return isNearSpelling(written, source) && !isDictionaryWord(source);
}

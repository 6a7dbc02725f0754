// Words of a claim or a chunk: content stems (for overlap) and proper nouns (which must appear verbatim).
import { stemmer } from "stemmer";
import { eng } from "stopword";

const STOP = new Set(eng);
const words = new Intl.Segmenter("en", { granularity: "word" });

export interface Word {
  text: string;
  start: number;
  end: number;
}

/** Word-like segments (letters or digits), with their places. */
export function wordsOf(text: string): Word[] {
  const out: Word[] = [];
  for (const s of words.segment(text)) {
    if (s.isWordLike) out.push({ text: s.segment, start: s.index, end: s.index + s.segment.length });
  }
  return out;
}

/** A word that carries meaning: not a stop word, not a bare number, at least two letters. */
export function isContentWord(word: string): boolean {
  const lower = word.toLowerCase();
  return !STOP.has(lower) && /\p{L}.*\p{L}/u.test(word) && !/^\d/.test(word);
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

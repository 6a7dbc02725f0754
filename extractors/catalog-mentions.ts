// Finding catalog technologies named in prose: the index of names by their first word and the scan
// (mentions/scan.ts), then, for a name that is also an ordinary word, whether its sentence uses it as a
// technology (mentions/ambiguous.ts, "Ambiguous names").
import { resolveAmbiguous } from "./mentions/ambiguous.js";
import { type FirstWords, type Found, type Mention, scan, type TextName } from "./mentions/scan.js";

export type { FirstWords, Mention, TextName } from "./mentions/scan.js";
export { buildFirstWords, indexName } from "./mentions/scan.js";

/**
 * Each word (a run of letters and digits, as `/[\p{L}\p{N}]+/gu` finds them) is looked up by its lower
 * case. Plain ASCII words are read by character code and hashed on the way; a word whose hash is not in
 * the first-word filter is skipped without building a string. A name that is also an ordinary word
 * (`ambiguous` in the catalog) is kept only where its sentence uses it as a technology (`resolveAmbiguous`).
 */
export function scanMentions(
  text: string,
  firstOnly: boolean,
  textByFirstWord: Map<string, TextName[]>,
  firstWords: FirstWords,
  anyCase = false,
): Mention[] {
  const found: Found = { spans: [], kinds: [], pending: [], codes: undefined };
  const mentions = scan(text, firstOnly, textByFirstWord, firstWords, found, anyCase);
  if (found.pending.length === 0) return mentions;
  return resolveAmbiguous(text, mentions, found, firstOnly);
}

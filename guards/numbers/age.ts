// Ages: `a 39-year-old`, `39 years old`, `aged 39 years`, `age 39`. An age is a plain figure (a count that
// a source's `39` must back), never a duration of experience that the profile's dates could cover. Read by
// character code: asked only when a number is followed by a year unit.
import { isFolded, isSpaceCode, isWordCode, skipSpacesBack, WordSet, wordStartBefore } from "./text.js";

/** Words right before a number that make the years after it an age (`aged 39 years`). */
const AGE_WORDS = new WordSet(["age", "aged", "ages"]);

/** Whether `old` or `olds` follows the year unit that ends at `at` (`-year-old`, `years old`). */
export function isAgeAfter(text: string, at: number): boolean {
  const sep = text.charCodeAt(at);
  if (sep !== 45 && !isSpaceCode(sep)) return false;
  if (!isFolded(text, at + 1, at + 4, "old")) return false;
  let end = at + 4;
  if ((text.charCodeAt(end) | 32) === 115) end++; // `39-year-olds`
  return !isWordCode(text.charCodeAt(end));
}

/** Whether the figure that starts at `start` follows `age`, `aged`, `age:` or `age of`. */
export function isAgeBefore(text: string, start: number): boolean {
  let end = skipSpacesBack(text, start);
  if (end === start) return false;
  if (text.charCodeAt(end - 1) === 58) end--; // `age: 39 years`
  let k = wordStartBefore(text, end);
  if (k === end) return false;
  if (AGE_WORDS.has(text, k, end)) return true;
  if (!isFolded(text, k, end, "of")) return false;
  end = skipSpacesBack(text, k);
  if (end === k) return false;
  k = wordStartBefore(text, end);
  return k < end && AGE_WORDS.has(text, k, end);
}

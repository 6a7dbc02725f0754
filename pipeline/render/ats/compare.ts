// The read-back compared with what must be there: each expected text is looked for after the previous
// one, as a whole run of words (a letter or digit on either side means words were glued), with white space
// of any kind and line breaks counted as one space. Pure.
import type { ExpectedText } from "./expected.js";

export interface AtsLoss {
  field: string;
  text: string;
}

export interface AtsResult {
  /** How many texts were looked for. */
  checked: number;
  /** Texts not read back anywhere (glued, split, dropped or drawn without a font). */
  missing: AtsLoss[];
  /** Texts read back, but before something that comes ahead of them in the resume. */
  outOfOrder: AtsLoss[];
  /** The contact details: which were read back and which were not, by field. */
  contact: { found: string[]; missing: string[] };
}

/**
 * Text as a reader joins it: any run of white space, line breaks included, is one space. A line broken
 * inside "right-sizing" or "github.com/ada" reads as two words, as it would to an ATS: the PDF never
 * breaks there (templates/pdf/resume.typ), and the read-back holds it to that.
 */
export function readingText(text: string): string {
  return text.normalize("NFC").replace(INVISIBLE, "").replace(/\s+/gu, " ").replace(BESIDE_CJK, "").trim();
}

/**
 * Chinese and Japanese lines break between any two characters, with no space, and Korean between any two
 * syllables: a line break there is not a word boundary. A space beside such a character is dropped on
 * both sides of the comparison (Korean loses the glued-word check; its syllables still must all be there).
 */
const CJK =
  "\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}\\u3000-\\u303F\\uFF00-\\uFFEF";
const BESIDE_CJK = new RegExp(`(?<=[${CJK}]) | (?=[${CJK}])`, "gu");

/** Format characters (a zero-width space, a soft hyphen) and variation selectors: no PDF draws them. */
const INVISIBLE = /[\p{Cf}\uFE00-\uFE0F]/gu;

/** A letter or digit of writing that puts spaces between words (not Chinese or Japanese, see below). */
const WORD_CHARACTER =
  /(?![\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}])[\p{L}\p{N}]/u;
const RIGHT_TO_LEFT = /[\p{Script=Hebrew}\p{Script=Arabic}\p{Script=Syriac}\p{Script=Thaana}]/u;

/**
 * A PDF draws text in visual order, and a reader that takes it as drawn gets a run of right-to-left words
 * last word first ("אביב תל" for "תל אביב"). That reading is the same text: it is accepted beside the
 * logical one.
 */
export function visualOrder(text: string): string {
  const words = text.split(" ");
  const out: string[] = [];
  for (let i = 0; i < words.length;) {
    if (!RIGHT_TO_LEFT.test(words[i]!)) {
      out.push(words[i++]!);
      continue;
    }
    const run: string[] = [];
    while (i < words.length && RIGHT_TO_LEFT.test(words[i]!)) run.push(words[i++]!);
    out.push(...run.reverse());
  }
  return out.join(" ");
}

/** A word longer than this may break across lines in the PDF (typst-input.ts keeps shorter ones whole). */
const MAX_UNBROKEN = 40;

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The needle as a pattern: exact, but a line may break (a space) anywhere inside an overlong word. */
function needlePattern(needle: string): RegExp {
  const source = needle
    .split(" ")
    .map((word) => (word.length > MAX_UNBROKEN ? [...word].map(escaped).join(" ?") : escaped(word)))
    .join(" ");
  return new RegExp(source, "gu");
}

/** Where `needle` stands as whole words in `haystack` at or after `from`: its start and end, or undefined. */
function findWhole(haystack: string, needle: string, from: number): { at: number; end: number } | undefined {
  const pattern = needlePattern(needle);
  pattern.lastIndex = from;
  for (let match = pattern.exec(haystack); match; match = pattern.exec(haystack)) {
    const [at, end] = [match.index, match.index + match[0].length];
    const gluedBefore = WORD_CHARACTER.test(needle[0]!) && WORD_CHARACTER.test(haystack[at - 1] ?? " ");
    const gluedAfter = WORD_CHARACTER.test(needle.at(-1)!) && WORD_CHARACTER.test(haystack[end] ?? " ");
    if (!gluedBefore && !gluedAfter) return { at, end };
    pattern.lastIndex = at + 1;
  }
  return undefined;
}

export function compareReadBack(expected: readonly ExpectedText[], read: string): AtsResult {
  const haystack = readingText(read);
  const result: AtsResult = {
    checked: expected.length,
    missing: [],
    outOfOrder: [],
    contact: { found: [], missing: [] },
  };
  let cursor = 0;
  for (const item of expected) {
    const needle = readingText(item.text);
    const visual = visualOrder(needle);
    const find = (from: number) =>
      findWhole(haystack, needle, from) ??
      (visual === needle ? undefined : findWhole(haystack, visual, from));
    const place = find(cursor);
    const loss = { field: item.field, text: item.text };
    let found = true;
    if (place) cursor = place.end;
    else if (find(0)) result.outOfOrder.push(loss);
    else {
      result.missing.push(loss);
      found = false;
    }
    if (item.contact) result.contact[found ? "found" : "missing"].push(item.field);
  }
  return result;
}

/** True when nothing was lost or moved. */
export const readBackComplete = (result: AtsResult) =>
  result.missing.length === 0 && result.outOfOrder.length === 0;

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
  return text.normalize("NFC").replace(/\s+/gu, " ").trim();
}

const WORD_CHARACTER = /[\p{L}\p{N}]/u;
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

/** Where `needle` stands as whole words in `haystack` at or after `from`, or -1. */
function findWhole(haystack: string, needle: string, from: number): number {
  for (let at = haystack.indexOf(needle, from); at !== -1; at = haystack.indexOf(needle, at + 1)) {
    const before = haystack[at - 1] ?? " ";
    const after = haystack[at + needle.length] ?? " ";
    const gluedBefore = WORD_CHARACTER.test(needle[0]!) && WORD_CHARACTER.test(before);
    const gluedAfter = WORD_CHARACTER.test(needle.at(-1)!) && WORD_CHARACTER.test(after);
    if (!gluedBefore && !gluedAfter) return at;
  }
  return -1;
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
    const find = (from: number) => {
      const logical = findWhole(haystack, needle, from);
      return logical !== -1 || visual === needle ? logical : findWhole(haystack, visual, from);
    };
    const at = find(cursor);
    const loss = { field: item.field, text: item.text };
    let found = true;
    if (at !== -1) cursor = at + needle.length;
    else if (find(0) !== -1) result.outOfOrder.push(loss);
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

// Characters no DOCX can hold (core/xml-text.ts) go from every string of a draft, each string with its
// record: a model's U+FFFE or a pasted vertical tab would otherwise make Word refuse the file. It is
// number-provenance's rule because, like an invisible character, such a character is read by a guard but
// not seen by a reader.
import { type PathPart, formatField } from "../../core/resume.js";
import { describeCodes, unwritableRuns, writableText } from "../../core/xml-text.js";
import type { DraftFinding, Reported } from "../types.js";

export const UNWRITABLE_RULE = "unwritable-character";

/** The message template (number-provenance's meta); `{{characters}}` names them. */
export const UNWRITABLE_MESSAGE =
  "The text holds {{characters}}, which an XML document cannot hold (a DOCX with it does not open), so it " +
  "is removed (a line or page break between two words becomes a space).";

/** A string of a document that holds such characters: where, which, and the string without them. */
export interface UnwritableString {
  field: string;
  /** The characters in words: "a vertical tab (Word's manual line break)". */
  characters: string;
  text: string;
  writable: string;
}

/** Every string of a document that holds a character XML cannot hold, in document order. */
export function unwritableStrings(doc: unknown): UnwritableString[] {
  const found: UnwritableString[] = [];
  const visit = (value: unknown, path: PathPart[]): void => {
    if (typeof value === "string") {
      const runs = unwritableRuns(value);
      if (runs.length === 0) return;
      const characters = describeCodes(runs.flatMap((run) => run.codes));
      found.push({ field: formatField(path), characters, text: value, writable: writableText(value) });
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => visit(item, [...path, i]));
    } else if (value && typeof value === "object") {
      for (const [key, item] of Object.entries(value)) visit(item, [...path, key]);
    }
  };
  visit(doc, []);
  return found;
}

/** A finding for every string of the draft that holds such a character, in document order. */
export function unwritableFindings(draft: unknown): Reported<DraftFinding>[] {
  return unwritableStrings(draft).map(({ field, characters, text, writable }) => ({
    guard: "number-provenance",
    rule: UNWRITABLE_RULE,
    action: "remove",
    field,
    data: { characters },
    actual: text,
    evidence: [],
    edit: { op: "set", field, value: writable },
  }));
}

// What a redaction record is, worked out once from its fields (the log's format carries no kind of its
// own, and stays as it is). Every reader of records asks here: the revert, the restore, the summary, the
// evidence view and the review DOCX.
import { TEXT_RULES } from "./record-provenance/messages.js";
import type { UnsealedRecord } from "./redaction-record.js";

/**
 * - `override`: an auditor's verdict on an earlier record; it changed nothing.
 * - `match`: a change of the strategist's matches (`matches[i]`); original and replacement are JSON of a match.
 * - `structure`: record-provenance mended the draft's structure (an entry, a list, a key); JSON of the values.
 * - `item-removal`: a list item taken out whole; original is its text.
 * - `string-edit`: an edit of a string at `outputRange` (the field `text` is a plain-text guard case's).
 * - `note`: nothing to undo.
 */
export type RecordKind = "override" | "match" | "structure" | "item-removal" | "string-edit" | "note";

type KindFacts = Pick<UnsealedRecord, "guard" | "rule" | "action" | "field" | "range" | "outputRange">;

export function recordKind(record: KindFacts): RecordKind {
  if (record.action === "override") return "override";
  if (isMatchField(record.field)) return "match";
  if (holdsJson(record)) return "structure";
  if (record.action === "remove" && record.range === undefined) return "item-removal";
  if (record.outputRange !== undefined) return "string-edit";
  return "note";
}

/** Whether a record's original and replacement are JSON texts of values (a structure record). */
export function holdsJson(record: Pick<UnsealedRecord, "guard" | "rule" | "range">): boolean {
  return record.guard === "record-provenance" && record.range === undefined && !TEXT_RULES.has(record.rule);
}

/** Whether a field names one of the strategist's matches (`matches[2]`), not a part of the draft. */
export const isMatchField = (field: string) => field.startsWith("matches[");

/** The matches' index a match record names. */
export function matchIndex(field: string): number | undefined {
  const index = /^matches\[(\d+)\]$/.exec(field)?.[1];
  return index === undefined ? undefined : Number(index);
}

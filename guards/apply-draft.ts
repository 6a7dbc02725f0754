// The applier for edits of the draft's structure (record-provenance's findings): each edit is made where its
// field says, in order, and recorded with what it replaced so that the records replay backwards exactly.
// A record that edits a string's whole text keeps the text edit's shape (ranges, plain strings); a record
// of any other value (an entry, a list, a key put back or taken out) holds JSON texts of the values.
import type { UnsealedRecord } from "./redaction-record.js";
import { type JsonResume, deleteField, getField, insertField, putField } from "../core/resume.js";
import type { DraftEdit, DraftFinding } from "./types.js";

const json = (value: unknown) => (value === undefined ? "" : JSON.stringify(value));

/** Make one edit on `doc` (which the caller owns), without a record: a guard planning its edits on a copy. */
export function makeDraftEdit(doc: JsonResume, edit: DraftEdit): void {
  if (edit.op === "remove") deleteField(doc, edit.field);
  else if (edit.op === "restore") insertField(doc, edit.field, structuredClone(edit.value));
  else putField(doc, edit.field, structuredClone(edit.value));
}

/** Make one edit on `doc` (which the caller owns) and return its record. */
export function applyDraftEdit(doc: JsonResume, finding: DraftFinding): UnsealedRecord {
  const edit: DraftEdit = finding.edit;
  const before = getField(doc, edit.field);
  makeDraftEdit(doc, edit);
  const base = {
    guard: finding.guard,
    rule: finding.rule,
    action: finding.action,
    field: edit.field,
    reason: finding.reason,
    evidence: finding.evidence,
  };
  if (edit.op === "remove") return { ...base, original: json(before), replacement: "" };
  if (edit.op === "restore") return { ...base, original: "", replacement: json(edit.value) };
  if (typeof before === "string" && typeof edit.value === "string") {
    return {
      ...base,
      original: before,
      replacement: edit.value,
      range: [0, before.length],
      outputRange: [0, edit.value.length],
    };
  }
  return { ...base, original: json(before), replacement: json(edit.value) };
}

/** Apply findings in order on a copy of the draft. */
export function applyDraftFindings(
  draft: JsonResume,
  findings: readonly DraftFinding[],
): { draft: JsonResume; records: UnsealedRecord[] } {
  const doc = structuredClone(draft);
  return { draft: doc, records: findings.map((f) => applyDraftEdit(doc, f)) };
}

/** Undo one structural record on `doc` (which the caller owns). */
export function revertDraftEdit(
  doc: JsonResume,
  record: Pick<UnsealedRecord, "action" | "field" | "original">,
): void {
  if (record.action === "restore") deleteField(doc, record.field);
  else if (record.action === "remove") insertField(doc, record.field, JSON.parse(record.original));
  else putField(doc, record.field, JSON.parse(record.original));
}

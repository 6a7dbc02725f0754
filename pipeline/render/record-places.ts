// Where each redaction record's change sits in the final, guarded document. A record's outputRange is where
// its replacement was right after it was applied; records after it on the same string can move that text or
// rewrite it, and list items removed after it renumber the fields. This replays those later records forward.
import { isMatchField, type RedactionRecord } from "../../guards/index.js";
import { formatField, parseField } from "../../core/resume.js";

export type RecordFacts = Pick<
  RedactionRecord,
  "seq" | "guard" | "rule" | "action" | "field" | "outputRange" | "original" | "replacement" | "reason"
> &
  Partial<Pick<RedactionRecord, "range">>;

export interface Placement<R extends RecordFacts = RecordFacts> {
  record: R;
  /** The field in the final document's numbering. */
  field: string;
  /** The replacement within the final string of `field`; null: the whole string. */
  range: [number, number] | null;
  /** The list item the record is about is gone: anchor on what contained it. */
  removed: boolean;
}

/** A record that took a whole item out of a list (a skill keyword, a highlight), not text out of a string. */
export function isItemRemoval(record: RecordFacts): boolean {
  return record.action === "remove" && !record.outputRange;
}

/** Records about the strategist's matches: changed before writing, so they are not in the document. */
export function isMatchRecord(record: Pick<RecordFacts, "field">): boolean {
  return isMatchField(record.field);
}

/**
 * Move a range through a later edit of the same string. The later record replaced `original` at its
 * outputRange start with its replacement; this is the same bookkeeping `revertDraft` relies on, so it holds
 * both for edits of one guard (input coordinates, applied together) and for edits of successive guards.
 */
export function mapThrough(range: [number, number], later: RecordFacts): [number, number] | null {
  if (!later.outputRange) return range;
  const [start, newEnd] = later.outputRange;
  const oldEnd = start + later.original.length;
  const [a, b] = range;
  if (oldEnd <= a) return [a + newEnd - oldEnd, b + newEnd - oldEnd];
  if (start >= b) return range;
  return null; // the later edit rewrote part of this one's text: no exact place is left
}

/** A record that put a list item back (a dropped job): the items after it move up by one. */
export function isItemRestore(record: RecordFacts): boolean {
  return record.action === "restore" && typeof parseField(record.field).at(-1) === "number";
}

/**
 * Renumber a field after the list item `removed` was taken out; null when it was that item or lay inside it.
 * A removed key (`work[0].highlights`) takes every field inside it along.
 */
export function fieldAfterRemoval(field: string, removed: string): string | null {
  const gone = parseField(removed);
  const index = gone.at(-1);
  const list = gone.slice(0, -1);
  const parts = parseField(field);
  if (typeof index === "string") return gone.every((part, i) => parts[i] === part) ? null : field;
  if (typeof index !== "number" || parts.length <= list.length) return field;
  if (!list.every((part, i) => parts[i] === part)) return field;
  const at = parts[list.length];
  if (typeof at !== "number" || at < index) return field;
  if (at === index) return null;
  parts[list.length] = at - 1;
  return formatField(parts);
}

/** Renumber a field after a list item was put in at `inserted`: that item and the ones after it move up. */
export function fieldAfterInsertion(field: string, inserted: string): string {
  const put = parseField(inserted);
  const index = put.at(-1) as number;
  const list = put.slice(0, -1);
  const parts = parseField(field);
  if (parts.length <= list.length || !list.every((part, i) => parts[i] === part)) return field;
  const at = parts[list.length];
  if (typeof at !== "number" || at < index) return field;
  parts[list.length] = at + 1;
  return formatField(parts);
}

/** Every record, in seq order, with its final field and range. */
export function placeRecords<R extends RecordFacts>(records: readonly R[]): Placement<R>[] {
  const placed: Placement<R>[] = [];
  for (const record of [...records].sort((a, b) => a.seq - b.seq)) {
    if (isMatchRecord(record)) {
      placed.push({ record, field: record.field, range: null, removed: false });
    } else if (isItemRemoval(record)) {
      for (const p of placed) {
        if (isMatchRecord(p.record)) continue;
        const moved = fieldAfterRemoval(p.field, record.field);
        if (moved !== null) p.field = moved;
        else Object.assign(p, { removed: true, range: null });
      }
      placed.push({ record, field: record.field, range: null, removed: true });
    } else if (isItemRestore(record)) {
      for (const p of placed)
        if (!isMatchRecord(p.record)) p.field = fieldAfterInsertion(p.field, record.field);
      placed.push({ record, field: record.field, range: null, removed: false });
    } else {
      if (record.outputRange) {
        for (const p of placed) {
          if (p.field === record.field && !p.removed && p.range) p.range = mapThrough(p.range, record);
        }
      }
      const range = record.outputRange ? ([...record.outputRange] as [number, number]) : null;
      placed.push({ record, field: record.field, range, removed: false });
    }
  }
  return placed;
}

// Ways an attacker (or an accident) changes a log, as line-level edits of its text.
import { type RedactionRecord, recordHash } from "../../../guards/redaction-record.js";

export const toText = (records: readonly unknown[]): string =>
  records.map((r) => `${JSON.stringify(r)}\n`).join("");

/** Change a record's reason without fixing its hash. */
export function editReason(records: readonly RedactionRecord[], index: number): RedactionRecord[] {
  return records.map((r, i) => (i === index ? { ...r, reason: `${r.reason} (softened)` } : r));
}

/** Change a record's reason and recompute its own hash, as a careful forger would. */
export function editAndRehash(records: readonly RedactionRecord[], index: number): RedactionRecord[] {
  return records.map((r, i) => (i === index ? rehash({ ...r, reason: "nothing to see here." }) : r));
}

export function removeAt<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, i) => i !== index);
}

export function swap<T>(items: readonly T[], a: number, b: number): T[] {
  const copy = [...items];
  [copy[a], copy[b]] = [copy[b]!, copy[a]!];
  return copy;
}

/** A forged record with a correct own hash but a prevHash that is not its predecessor's hash. */
export function forge(like: RedactionRecord, seq: number): RedactionRecord {
  return rehash({ ...like, seq, original: "99%", reason: "forged.", prevHash: "f".repeat(64) });
}

export function insertAt<T>(items: readonly T[], index: number, item: T): T[] {
  return [...items.slice(0, index), item, ...items.slice(index)];
}

export function rehash(record: RedactionRecord): RedactionRecord {
  return { ...record, hash: recordHash(record) };
}

import { createHash } from "node:crypto";
import type { GuardId, RecordAction } from "./types.js";
import type { RecordEvidence } from "../core/evidence.js";

/** One line of redaction-log.jsonl (DESIGN.md contract). */
export interface RedactionRecord {
  seq: number;
  runId: string;
  ts: string;
  guard: GuardId | "verifier" | "override";
  rule: string;
  action: RecordAction;
  field: string;
  /** Where the record edits a string: before (input) and after (output) coordinates. */
  range?: [number, number];
  outputRange?: [number, number];
  original: string;
  replacement: string;
  reason: string;
  evidence: RecordEvidence[];
  prevHash: string;
  hash: string;
}

/** A record before it is numbered, stamped and chained (what the pure chain produces). */
export type UnsealedRecord = Omit<RedactionRecord, "seq" | "runId" | "ts" | "prevHash" | "hash">;

export const GENESIS_HASH = "0".repeat(64);

/** JSON with object keys sorted at every depth: the same record always hashes the same. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === "object" && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : v,
  );
}

/** SHA-256 over the canonical record without `hash` (so `prevHash` is covered). */
export function recordHash(record: Omit<RedactionRecord, "hash"> | RedactionRecord): string {
  const { hash: _hash, ...rest } = record as RedactionRecord;
  return createHash("sha256").update(canonicalJson(rest)).digest("hex");
}

export interface SealOptions {
  runId: string;
  /** The run's timestamp, from the caller: guards have no clock. */
  ts: string;
  /** The hash of the record before the first one (GENESIS_HASH for a new log). */
  prevHash?: string;
  /** The seq of the first record (1 for a new log). */
  firstSeq?: number;
}

/** Number, stamp and chain records in order. */
export function sealRecords(drafts: readonly UnsealedRecord[], options: SealOptions): RedactionRecord[] {
  let prevHash = options.prevHash ?? GENESIS_HASH;
  let seq = options.firstSeq ?? 1;
  return drafts.map((draft) => {
    const unsealed = { seq: seq++, runId: options.runId, ts: options.ts, ...draft, prevHash };
    const hash = recordHash(unsealed);
    prevHash = hash;
    return { ...unsealed, hash };
  });
}

export type ChainProblem = "seq" | "prevHash" | "hash";

export type ChainCheck =
  | { ok: true }
  | { ok: false; seq: number; index: number; kind: ChainProblem; expectedSeq: number; problem: string };

/**
 * Check that no record was edited, removed, reordered or inserted: the first bad one is named. The seq
 * starts at `firstSeq` (by default the first record's, so a slice of a log checks too).
 */
export function verifyChain(
  records: readonly RedactionRecord[],
  firstSeq = records[0]?.seq ?? 1,
): ChainCheck {
  let prevHash = GENESIS_HASH;
  let expectedSeq = firstSeq;
  for (const [index, record] of records.entries()) {
    const fail = (kind: ChainProblem, problem: string): ChainCheck => ({
      ok: false,
      seq: record.seq,
      index,
      kind,
      expectedSeq,
      problem,
    });
    if (record.seq !== expectedSeq) return fail("seq", `seq ${record.seq} where ${expectedSeq} was expected`);
    if (record.prevHash !== prevHash) return fail("prevHash", "prevHash does not match the record before it");
    if (recordHash(record) !== record.hash) return fail("hash", "hash does not match the record's content");
    prevHash = record.hash;
    expectedSeq++;
  }
  return { ok: true };
}

// The auditor's chain check: name the first record that was edited, removed, reordered or inserted, with
// its line, in words a person can act on. (guards/record.ts verifyChain answers the same question for
// code; this one also pins seq to 1..n and says what the break most likely means.)
import { GENESIS_HASH, type RedactionRecord, recordHash } from "../../guards/record.js";
import { EXIT, VouchError } from "../errors.js";
import { type AuditLog, readLog } from "./read-log.js";

export interface ChainBreak {
  seq: number;
  line: number;
  /** What is wrong and what it means, one clause each. */
  problem: string;
}

export type ChainVerdict =
  { ok: true; records: number } | { ok: false; records: number; firstBad: ChainBreak };

/** Walk the chain in file order and stop at the first record that does not fit. */
export function checkChain(log: Pick<AuditLog, "records" | "lines">): ChainVerdict {
  const { records, lines } = log;
  let prevHash = GENESIS_HASH;
  for (const [index, record] of records.entries()) {
    const problem = problemWith(record, index + 1, prevHash);
    if (problem) {
      return {
        ok: false,
        records: records.length,
        firstBad: { seq: record.seq, line: lines[index] ?? index + 1, problem },
      };
    }
    prevHash = record.hash;
  }
  return { ok: true, records: records.length };
}

function problemWith(record: RedactionRecord, expectedSeq: number, prevHash: string): string | undefined {
  if (record.seq !== expectedSeq) {
    return record.seq > expectedSeq
      ? `seq ${expectedSeq} was expected here: a record was removed or the records were reordered`
      : `seq ${expectedSeq} was expected here: a record was inserted or the records were reordered`;
  }
  if (record.prevHash !== prevHash) {
    return expectedSeq === 1
      ? "prevHash is not the genesis hash: the log does not start at its first record"
      : "prevHash is not the hash of the record before it: a record was inserted, removed or rewritten before it";
  }
  if (recordHash(record) !== record.hash) {
    return "hash does not match the record's content: it was edited after it was written";
  }
  return undefined;
}

/** `FILE: line 4 (seq 4): hash does not match …` — one sentence for stderr. */
export function describeBreak(path: string, firstBad: ChainBreak): string {
  return `${path}: line ${firstBad.line} (seq ${firstBad.seq}): ${firstBad.problem}.`;
}

/** The log, when its chain is intact; `purpose` finishes the refusal ("restore from", "append to"). */
export async function readIntactLog(target: string, purpose: string): Promise<AuditLog> {
  const log = await readLog(target);
  const chain = checkChain(log);
  if (!chain.ok) {
    throw new VouchError(
      `${describeBreak(log.path, chain.firstBad)} Refusing to ${purpose} a broken chain.`,
      EXIT.problem,
    );
  }
  return log;
}

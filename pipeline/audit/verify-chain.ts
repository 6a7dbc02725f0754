// The auditor's chain check: guards/redaction-record.ts verifyChain finds the first record that was edited, removed,
// reordered or inserted (with seq pinned to 1..n); this names its line and says what the break most
// likely means, in words a person can act on.
import { type ChainCheck, type RedactionRecord, verifyChain } from "../../guards/index.js";
import { EXIT, VouchError } from "../../core/errors.js";
import { type AuditLog, readLog } from "./read-log.js";

export interface ChainBreak {
  seq: number;
  line: number;
  /** What is wrong and what it means, one clause each. */
  problem: string;
}

export type ChainVerdict =
  { ok: true; records: number } | { ok: false; records: number; firstBad: ChainBreak };

/** The first record, in file order, that does not fit the chain, in an auditor's words and with its line. */
export function checkChain(log: {
  records: readonly RedactionRecord[];
  lines: readonly number[];
}): ChainVerdict {
  const { records, lines } = log;
  const check = verifyChain(records, 1);
  if (check.ok) return { ok: true, records: records.length };
  return {
    ok: false,
    records: records.length,
    firstBad: { seq: check.seq, line: lines[check.index] ?? check.index + 1, problem: explain(check) },
  };
}

function explain(check: Extract<ChainCheck, { ok: false }>): string {
  const expected = check.expectedSeq;
  switch (check.kind) {
    case "seq":
      return check.seq > expected
        ? `seq ${expected} was expected here: a record was removed or the records were reordered`
        : `seq ${expected} was expected here: a record was inserted or the records were reordered`;
    case "prevHash":
      return check.index === 0
        ? "prevHash is not the genesis hash: the log does not start at its first record"
        : "prevHash is not the hash of the record before it: a record was inserted, removed or rewritten before it";
    case "hash":
      return "hash does not match the record's content: it was edited after it was written";
  }
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

// `vouch audit override`: an auditor marks a redaction a false positive. The verdict is itself a record,
// appended to the chain (never an edit of the old one), so the log still verifies and says who changed what.
import { readFile } from "node:fs/promises";
import { basename } from "node:path";
import { GENESIS_HASH, type UnsealedRecord, type RedactionRecord, sealRecords } from "../../guards/record.js";
import { writeFileAtomic } from "../atomic.js";
import { InputError } from "../../core/errors.js";
import { readIntactLog } from "./verify-chain.js";

export interface OverrideResult {
  /** The log file written. */
  path: string;
  /** The record that was overridden. */
  target: RedactionRecord;
  /** The override record appended. */
  record: RedactionRecord;
}

/** The override of `target`: it swaps original and replacement and points back at the target's seq. */
export function overrideDraft(target: RedactionRecord, reason: string, logName: string): UnsealedRecord {
  return {
    guard: "override",
    rule: "false-positive",
    action: "override",
    field: target.field,
    original: target.replacement,
    replacement: target.original,
    reason,
    // No evidence source names a log record; a fact ref to the overridden record is the closest fit.
    evidence: [{ source: "fact", ref: `${logName}#seq=${target.seq}` }],
  };
}

/** Append an override of record `seq` to the log (DIR or .jsonl), atomically, after checking the chain. */
export async function appendOverride(
  target: string,
  seq: number,
  reason: string,
  now: Date,
): Promise<OverrideResult> {
  const why = reason.trim();
  if (why === "") throw new InputError("--reason: say why the redaction was a false positive.");
  const log = await readIntactLog(target, "append to");
  const index = log.records.findIndex((r) => r.seq === seq);
  const overridden = log.records[index];
  if (!overridden) {
    const range = log.records.length ? ` (it has seq 1 to ${log.records.length})` : " (it is empty)";
    throw new InputError(`${log.path}: no record with seq ${seq}${range}.`);
  }
  const line = log.lines[index] ?? index + 1;
  if (overridden.action === "override") {
    throw new InputError(
      `${log.path}: line ${line} (seq ${seq}) is itself an override; override a guard's record.`,
    );
  }
  const logName = basename(log.path);
  const earlier = log.records.find(
    (r) => r.action === "override" && r.evidence.some((e) => e.ref === `${logName}#seq=${seq}`),
  );
  if (earlier) {
    throw new InputError(
      `${log.path}: line ${line} (seq ${seq}) was already overridden by seq ${earlier.seq}.`,
    );
  }

  const last = log.records.at(-1);
  const [record] = sealRecords([overrideDraft(overridden, why, logName)], {
    runId: overridden.runId,
    ts: now.toISOString(),
    prevHash: last?.hash ?? GENESIS_HASH,
    firstSeq: log.records.length + 1,
  });
  const separator = log.text === "" || log.text.endsWith("\n") ? "" : "\n";
  // Another writer between our read and our write would be overwritten: refuse instead of losing it.
  if ((await readFile(log.path, "utf8")) !== log.text) {
    throw new InputError(`${log.path}: changed while the override was being written; run it again.`);
  }
  await writeFileAtomic(log.path, `${log.text}${separator}${JSON.stringify(record)}\n`);
  return { path: log.path, target: overridden, record: record! };
}

// `vouch audit override`: an auditor marks a redaction a false positive. The verdict is itself a record,
// appended to the chain (never an edit of the old one), so the log still verifies and says who changed what.
import { readFile } from "node:fs/promises";
import { basename, dirname, join } from "node:path";
import { GENESIS_HASH, type UnsealedRecord, type RedactionRecord, sealRecords } from "../../guards/index.js";
import { writeFileAtomic } from "../outputs/atomic.js";
import { InputError } from "../../core/errors.js";
import { readIntactLog } from "./verify-chain.js";
import { resolveLogPath } from "./read-log.js";
import { withLogLock } from "./log-lock.js";
import { writeLogHead } from "./log-head.js";
import { OVERRIDE_SIGNATURES_FILE, type Signer, overrideMessage } from "./signing.js";

export interface OverrideResult {
  /** The log file written. */
  path: string;
  /** The record that was overridden. */
  target: RedactionRecord;
  /** The override record appended. */
  record: RedactionRecord;
  /** The file its signature was appended to, when a key signed it. */
  signatures?: string;
}

/** The override of `target`: it swaps original and replacement and points back at the target's seq. */
/** The evidence item that names who overrode a record (the record's fields are fixed by the contract). */
export const AUDITOR_REF = "auditor";

/** Who wrote an override, as its evidence says; undefined for an override written before vouch said so. */
export function auditorOf(record: Pick<RedactionRecord, "evidence">): string | undefined {
  return record.evidence.find((e) => e.source === "fact" && e.ref === AUDITOR_REF)?.text;
}

export function overrideDraft(
  target: RedactionRecord,
  reason: string,
  logName: string,
  auditor?: string,
): UnsealedRecord {
  return {
    guard: "override",
    rule: "false-positive",
    action: "override",
    field: target.field,
    original: target.replacement,
    replacement: target.original,
    reason,
    // No evidence source names a log record; a fact ref to the overridden record is the closest fit.
    evidence: [
      { source: "fact", ref: `${logName}#seq=${target.seq}` },
      ...(auditor ? [{ source: "fact" as const, ref: AUDITOR_REF, text: auditor }] : []),
    ],
  };
}

/**
 * Append an override of record `seq` to the log (DIR or .jsonl), atomically, after checking the chain.
 * With a signer, the signature of the new record's hash goes first into redaction-log.sig.jsonl beside the
 * log: a kill between the two writes leaves a signature of a record that does not exist (harmless), never
 * a record that claims a signature it lacks.
 */
export async function appendOverride(
  target: string,
  seq: number,
  reason: string,
  now: Date,
  signer?: Signer,
  auditor?: string,
): Promise<OverrideResult> {
  const why = reason.trim();
  if (why === "") throw new InputError("--reason: say why the redaction was a false positive.");
  // Read, check and append under the log's lock: two overrides at once never lose one.
  const path = await resolveLogPath(target);
  return withLogLock(path, () => appendLocked(path, seq, why, now, signer, auditor));
}

async function appendLocked(
  target: string,
  seq: number,
  why: string,
  now: Date,
  signer?: Signer,
  auditor?: string,
): Promise<OverrideResult> {
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
  const [record] = sealRecords([overrideDraft(overridden, why, logName, auditor?.trim() || undefined)], {
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
  const signatures = signer ? join(dirname(log.path), OVERRIDE_SIGNATURES_FILE) : undefined;
  if (signer && signatures) {
    const before = await readFile(signatures, "utf8").catch(() => "");
    const entry = {
      seq: record!.seq,
      hash: record!.hash,
      publicKeySha256: signer.keyId,
      signature: signer.sign(overrideMessage(record!.hash)),
    };
    const gap = before === "" || before.endsWith("\n") ? "" : "\n";
    await writeFileAtomic(signatures, `${before}${gap}${JSON.stringify(entry)}\n`);
  }
  await writeFileAtomic(log.path, `${log.text}${separator}${JSON.stringify(record)}\n`);
  // Last: a kill before it leaves an older head, which verify reports rather than trusting the new record.
  if (signer) await writeLogHead(dirname(log.path), record!.seq, record!.hash, signer);
  return { path: log.path, target: overridden, record: record!, ...(signatures ? { signatures } : {}) };
}

// The signed head of a log with signed overrides: how many records it holds and the last one's hash,
// signed by the auditor's key and rewritten with every signed override. The chain cannot show that records
// were cut from its end, and an appended signature line can be cut with its record; the head cannot be
// rolled back without a copy of an older head, which only someone who kept one has.
import { join } from "node:path";
import { readRegularFile } from "../../core/regular-file.js";
import { writeFileAtomic } from "../outputs/atomic.js";
import type { RedactionRecord } from "../../guards/index.js";
import { type Signer, keyId, verifySignature } from "./signing.js";
import type { KeyObject } from "node:crypto";

export const LOG_HEAD_FILE = "redaction-log.head.json";

export interface LogHead {
  records: number;
  lastHash: string;
  publicKeySha256: string;
  signature: string;
}

/** What a head signs, tagged so it can never pass for another message. */
export function headMessage(records: number, lastHash: string): Uint8Array {
  return Buffer.from(`vouch log head ${records} ${lastHash}`);
}

/** Rewrite the head beside the log (in `dir`) for a log of `records` records ending in `lastHash`. */
export async function writeLogHead(
  dir: string,
  records: number,
  lastHash: string,
  signer: Signer,
): Promise<void> {
  const head: LogHead = {
    records,
    lastHash,
    publicKeySha256: signer.keyId,
    signature: signer.sign(headMessage(records, lastHash)),
  };
  await writeFileAtomic(join(dir, LOG_HEAD_FILE), `${JSON.stringify(head)}\n`);
}

/** The head in `dir`, undefined when there is none; "malformed" when the file is not one. */
export async function readLogHead(dir: string): Promise<LogHead | "malformed" | undefined> {
  const bytes = await readRegularFile(join(dir, LOG_HEAD_FILE), "log head");
  if (bytes === undefined) return undefined;
  try {
    const value = JSON.parse(bytes.toString("utf8")) as Partial<LogHead> | null;
    if (
      Number.isInteger(value?.records) &&
      typeof value?.lastHash === "string" &&
      typeof value.publicKeySha256 === "string" &&
      typeof value.signature === "string"
    )
      return value as LogHead;
  } catch {
    // named below
  }
  return "malformed";
}

/**
 * Why a log does not match its signed head, checked with `key`, or undefined when it does. `path` names
 * the head file in messages.
 */
export function headProblem(
  head: LogHead | "malformed" | undefined,
  records: readonly RedactionRecord[],
  key: { key: KeyObject; path: string },
  path: string,
): string | undefined {
  if (head === undefined)
    return `${path}: missing, though the log holds signed overrides: records may have been cut from its end`;
  if (head === "malformed") return `${path}: not a vouch log head`;
  if (head.publicKeySha256 !== keyId(key.key)) return `${path}: made with another key than ${key.path}`;
  if (!verifySignature(key.key, headMessage(head.records, head.lastHash), head.signature))
    return `${path}: does not verify with ${key.path}: it was changed after it was signed`;
  if (records.length < head.records)
    return `${path}: the signed head says the log holds ${head.records} records but it has ${records.length}: records were removed from its end`;
  if (records[head.records - 1]?.hash !== head.lastHash)
    return `${path}: record ${head.records} is not the one the signed head names: the log was rewritten`;
  return undefined;
}

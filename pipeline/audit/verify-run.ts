// `vouch audit --verify`: is this run's output folder what the run wrote? The log's hash chain, its length
// and last hash against report.json, every output's SHA-256 against report.json, and, given the public
// key, the signature of report.json, of every override appended since, and of the log's head. Each problem is one sentence
// naming the file; the caller decides the exit code.
import { createHash, type KeyObject } from "node:crypto";
import { readRegularFile } from "../../core/regular-file.js";
import { basename, dirname, join } from "node:path";
import type { RedactionRecord } from "../../guards/index.js";
import { SIGNATURE_FILE } from "../outputs/report.js";
import { type Anchor, anchorProblem } from "./anchor.js";
import { type AuditLog, LOG_NAME, readLog } from "./read-log.js";
import {
  OVERRIDE_SIGNATURES_FILE,
  keyId,
  overrideMessage,
  parseSignatureFile,
  verifySignature,
} from "./signing.js";
import { type ChainVerdict, checkChain, describeBreak } from "./verify-chain.js";
import { LOG_HEAD_FILE, headProblem, readLogHead } from "./log-head.js";

/** The files a run lists in report.json (report.json itself cannot hold its own hash). */
const LISTED_FILES = ["resume.docx", "resume.review.docx", "resume.json", "resume.md", LOG_NAME];

export interface RunVerification {
  log: AuditLog;
  chain: ChainVerdict;
  /** Empty when the run verifies. */
  problems: string[];
  /** Outputs whose SHA-256 matched report.json. */
  outputs: number;
  /** `valid`: checked with the key; `unchecked`: signed but no key given; `unsigned`: no signature. */
  signature: "valid" | "invalid" | "unchecked" | "unsigned";
  /** Overrides appended after the run, and how many of them carry a signature that was checked. */
  overrides: { total: number; signed: number };
}

interface ReportShape {
  chain?: Anchor;
  outputs?: { file?: unknown; bytes?: unknown; sha256?: unknown }[];
  signature?: { file?: unknown };
}

export interface PublicKeyInput {
  key: KeyObject;
  /** The key's file, for messages. */
  path: string;
}

export async function verifyRun(target: string, publicKey?: PublicKeyInput): Promise<RunVerification> {
  const log = await readLog(target);
  const dir = dirname(log.path);
  const chain = checkChain(log);
  const problems: string[] = [];
  if (!chain.ok) problems.push(describeBreak(log.path, chain.firstBad).replace(/\.$/, ""));
  const result: RunVerification = {
    log,
    chain,
    problems,
    outputs: 0,
    signature: "unsigned",
    overrides: { total: 0, signed: 0 },
  };

  const reportPath = join(dir, "report.json");
  const reportBytes = await readRegularFile(reportPath, "report");
  if (reportBytes === undefined) {
    problems.push(
      `${reportPath}: missing; without it neither the outputs, nor the log's length, nor a signature can be checked`,
    );
    return result;
  }
  const report = parseReport(reportBytes);
  if (!report?.chain || !Number.isInteger(report.chain.records) || !Array.isArray(report.outputs)) {
    problems.push(`${reportPath}: not a report of vouch generate (no chain or outputs in it)`);
    return result;
  }
  const anchor = report.chain;
  const cut = chain.ok ? anchorProblem(log.records, anchor) : undefined;
  if (cut) problems.push(`${log.path}: ${cut}`);
  // A log already named for its broken chain or cut end is not named a second time for its hash.
  const logProblem = !chain.ok || cut !== undefined;
  result.outputs = await checkOutputs(dir, report.outputs, log, anchor, logProblem, problems);

  result.signature = await checkReportSignature(dir, reportBytes, report, publicKey, problems);
  const overrides = log.records.slice(Math.min(anchor.records, log.records.length));
  result.overrides = await checkOverrides(log, overrides, publicKey, problems);
  // Signed overrides end in a signed head: cutting the last one (and its signature line) shows.
  if (publicKey && overrides.length > 0 && chain.ok) {
    const problem = headProblem(await readLogHead(dir), log.records, publicKey, join(dir, LOG_HEAD_FILE));
    if (problem) problems.push(problem);
  }
  return result;
}

function parseReport(bytes: Buffer): ReportShape | undefined {
  try {
    const value = JSON.parse(bytes.toString("utf8")) as unknown;
    return value !== null && typeof value === "object" && !Array.isArray(value)
      ? (value as ReportShape)
      : undefined;
  } catch {
    return undefined;
  }
}

/** Each listed output's SHA-256; the log is compared as the run wrote it, before overrides were appended. */
async function checkOutputs(
  dir: string,
  listed: NonNullable<ReportShape["outputs"]>,
  log: AuditLog,
  anchor: Anchor,
  logProblem: boolean,
  problems: string[],
): Promise<number> {
  let matched = 0;
  const named = new Set(listed.map((o) => o.file));
  for (const file of LISTED_FILES) {
    if (!named.has(file)) problems.push(`${join(dir, "report.json")}: does not list ${file} and its SHA-256`);
  }
  for (const output of listed) {
    const file = output.file;
    if (typeof file !== "string" || basename(file) !== file || file === "." || file === "..") {
      problems.push(`${join(dir, "report.json")}: outputs names ${JSON.stringify(file)}, not a file name`);
      continue;
    }
    const path = join(dir, file);
    if (path === log.path && logProblem) continue;
    const bytes =
      path === log.path
        ? Buffer.from(logAsWritten(log, anchor.records))
        : await readRegularFile(path, "output");
    if (bytes === undefined) {
      problems.push(`${path}: missing, though report.json lists it`);
      continue;
    }
    const sha256 = createHash("sha256").update(bytes).digest("hex");
    if (sha256 !== output.sha256 || bytes.length !== output.bytes) {
      problems.push(`${path}: its SHA-256 does not match report.json: it was changed after the run`);
      continue;
    }
    matched++;
  }
  return matched;
}

/** The log's text up to the end of its first `records` records: what the run wrote, overrides left off. */
function logAsWritten(log: AuditLog, records: number): string {
  if (records === 0) return "";
  if (log.records.length < records) return log.text; // cut short: the anchor check has said so
  const lastLine = log.lines[records - 1]!;
  return `${log.text.split("\n").slice(0, lastLine).join("\n")}\n`;
}

async function checkReportSignature(
  dir: string,
  reportBytes: Buffer,
  report: ReportShape,
  publicKey: PublicKeyInput | undefined,
  problems: string[],
): Promise<RunVerification["signature"]> {
  const path = join(dir, SIGNATURE_FILE);
  const text = (await readRegularFile(path, "signature file"))?.toString("utf8");
  if (text === undefined) {
    if (publicKey) {
      problems.push(`${path}: missing: the run is not signed, so ${publicKey.path} cannot vouch for it`);
      return "invalid";
    }
    if (report.signature) {
      problems.push(`${path}: missing, though report.json says the run was signed`);
      return "invalid";
    }
    return "unsigned";
  }
  const signature = parseSignatureFile(text);
  if (!signature || signature.signs !== "report.json") {
    problems.push(`${path}: not a vouch signature of report.json`);
    return "invalid";
  }
  if (!publicKey) return "unchecked";
  if (signature.publicKeySha256 !== keyId(publicKey.key)) {
    problems.push(`${path}: made with another key than ${publicKey.path}`);
    return "invalid";
  }
  if (!verifySignature(publicKey.key, reportBytes, signature.signature)) {
    problems.push(
      `${path}: does not verify with ${publicKey.path}: report.json was changed after it was signed`,
    );
    return "invalid";
  }
  return "valid";
}

/** With the key, every override appended after the run must carry a valid signature of its hash. */
async function checkOverrides(
  log: AuditLog,
  overrides: readonly RedactionRecord[],
  publicKey: PublicKeyInput | undefined,
  problems: string[],
): Promise<RunVerification["overrides"]> {
  const counts = { total: overrides.length, signed: 0 };
  if (overrides.length === 0) return counts;
  const path = join(dirname(log.path), OVERRIDE_SIGNATURES_FILE);
  const text = (await readRegularFile(path, "override signatures file"))?.toString("utf8") ?? "";
  const signatures = new Map<string, { publicKeySha256: string; signature: string }[]>();
  for (const [index, line] of text.split("\n").entries()) {
    if (line.trim() === "") continue;
    const entry = parseOverrideSignature(line);
    if (!entry) {
      problems.push(`${path}: line ${index + 1}: not an override signature`);
      continue;
    }
    signatures.set(entry.hash, [...(signatures.get(entry.hash) ?? []), entry]);
  }
  const id = publicKey ? keyId(publicKey.key) : undefined;
  for (const record of overrides) {
    const candidates = signatures.get(record.hash) ?? [];
    const valid = publicKey
      ? candidates.some(
          (s) =>
            s.publicKeySha256 === id &&
            verifySignature(publicKey.key, overrideMessage(record.hash), s.signature),
        )
      : candidates.length > 0;
    if (valid) counts.signed++;
    else if (publicKey) {
      const line = log.lines[log.records.indexOf(record)];
      problems.push(
        `${log.path}: line ${line} (seq ${record.seq}): the override is not signed with ${publicKey.path}; anyone could have appended it`,
      );
    }
  }
  return counts;
}

function parseOverrideSignature(
  line: string,
): { hash: string; publicKeySha256: string; signature: string } | undefined {
  try {
    const value = JSON.parse(line) as Record<string, unknown> | null;
    if (
      typeof value?.hash === "string" &&
      typeof value.publicKeySha256 === "string" &&
      typeof value.signature === "string"
    ) {
      return { hash: value.hash, publicKeySha256: value.publicKeySha256, signature: value.signature };
    }
  } catch {
    // named by the caller
  }
  return undefined;
}

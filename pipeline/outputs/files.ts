// The files of `vouch generate --out DIR`, all or nothing. Everything is rendered in memory first (the
// render stage); then the whole set, report.json and its signature included, is written into a sibling
// temporary folder and swapped in with renames (pipeline/outputs/atomic.ts). A kill at any instant leaves the
// previous complete set or the new one, and nothing of an earlier run (a resume.restored.json, an old
// signature) survives beside new outputs. Because DIR is replaced whole, vouch refuses a DIR that holds
// files it did not write: replacing it would lose them.
import { makeDirectory } from "./output-path.js";
import { createHash } from "node:crypto";
import { access, constants, lstat, readdir, realpath } from "node:fs/promises";
import { dirname, resolve } from "node:path";
import { InputError } from "../../core/errors.js";
import { recoverFolder, replaceFolder } from "./atomic.js";
import { RESTORED_NAME } from "../audit/restore.js";
import { OVERRIDE_SIGNATURES_FILE, type Signer, signatureFileText } from "../audit/signing.js";
import { type RunReport, SIGNATURE_FILE } from "./report.js";
import { LOG_HEAD_FILE } from "../audit/log-head.js";

export const OUTPUT_FILES = [
  "resume.pdf",
  "resume.docx",
  "resume.review.docx",
  "resume.json",
  "resume.md",
  "redaction-log.jsonl",
  "audit.html",
  "report.json",
] as const;

/** Everything vouch may have written into an output folder: the run's files and what audit adds later. */
export const VOUCH_FILES: ReadonlySet<string> = new Set([
  ...OUTPUT_FILES,
  SIGNATURE_FILE,
  RESTORED_NAME,
  OVERRIDE_SIGNATURES_FILE,
  LOG_HEAD_FILE,
]);

/** A temporary file of an atomic write (pipeline/outputs/atomic.ts) or of an earlier vouch's per-file writes. */
const VOUCH_TEMP = /^\.(?<file>.+)\.\d+\.[0-9a-f]{8}\.tmp(?:\.old)?$/;

export interface WrittenOutputs {
  dir: string;
  files: { file: string; bytes: number; sha256: string }[];
  /** The signature file's name when the run was signed. */
  signature?: string;
}

/**
 * Check, before any work is done, that the run can write DIR: its parent can be written (the swap renames
 * beside it), DIR is a folder or absent, and holds nothing vouch did not write. An interrupted earlier
 * swap is settled first. Returns the top-most folder this call created (so a failed run can take it away
 * again), else undefined.
 */
export async function prepareOutDir(dir: string): Promise<string | undefined> {
  const target = await outputFolder(dir);
  let made: string | undefined;
  try {
    // A file where a folder of the path should be is ENOTDIR; under /proc this ends instead of spinning.
    made = await makeDirectory(dirname(target));
    await access(dirname(target), constants.W_OK);
    await recoverFolder(target);
    const current = await lstat(target).catch(() => undefined);
    if (current && !current.isDirectory()) throw Object.assign(new Error(), { code: "ENOTDIR" });
    if (current) await access(target, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new InputError(`${dir}: the output folder cannot be written (${code}).`);
  }
  await refuseForeignFiles(dir, target);
  return made;
}

/** Write every file, report.json with each file's size and SHA-256, and its signature: all or nothing. */
export async function writeOutputs(
  dir: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  report: RunReport,
  signer?: Signer,
): Promise<WrittenOutputs> {
  const written: WrittenOutputs = { dir, files: [] };
  for (const [file, data] of files) {
    const bytes = typeof data === "string" ? Buffer.from(data) : data;
    written.files.push({
      file,
      bytes: bytes.length,
      sha256: createHash("sha256").update(bytes).digest("hex"),
    });
  }
  report.outputs = written.files;
  if (signer)
    report.signature = { file: SIGNATURE_FILE, algorithm: "ed25519", publicKeySha256: signer.keyId };
  const reportBytes = Buffer.from(`${JSON.stringify(report, null, 2)}\n`);
  const all = new Map(files).set("report.json", reportBytes);
  if (signer) {
    all.set(SIGNATURE_FILE, signatureFileText(signer, "report.json", reportBytes));
    written.signature = SIGNATURE_FILE;
  }
  const target = await outputFolder(dir);
  // A file the user put in DIR while the run worked would be lost by the swap: check again.
  await refuseForeignFiles(dir, target);
  try {
    await replaceFolder(target, all);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new InputError(`${dir}: cannot write the outputs (${code}); nothing was changed.`);
  }
  return written;
}

/** The folder the swap replaces: a symbolic link's target (the link stays), else the path made absolute. */
async function outputFolder(dir: string): Promise<string> {
  return realpath(dir).catch(() => resolve(dir));
}

async function refuseForeignFiles(dir: string, target: string): Promise<void> {
  const entries = await readdir(target, { withFileTypes: true }).catch(() => []);
  const foreign = entries
    .filter((e) => !(e.isFile() && isVouchFile(e.name)))
    .map((e) => (e.isDirectory() ? `${e.name}/` : e.name))
    .sort();
  if (foreign.length === 0) return;
  const named =
    foreign.slice(0, 3).join(", ") + (foreign.length > 3 ? ` and ${foreign.length - 3} more` : "");
  throw new InputError(
    `${dir}: holds ${foreign.length === 1 ? "an entry" : "entries"} vouch did not write (${named}); vouch replaces its output folder whole, so give --out a new or empty folder, or one an earlier run wrote.`,
  );
}

function isVouchFile(name: string): boolean {
  return VOUCH_FILES.has(name) || VOUCH_FILES.has(VOUCH_TEMP.exec(name)?.groups?.file ?? "");
}

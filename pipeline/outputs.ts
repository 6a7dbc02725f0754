// The files of `vouch generate --out DIR`. Everything is rendered in memory first (the render stage), then
// written as temporary files beside the targets and renamed into place only when every one was written: a
// failed run leaves the folder as it was.
import { createHash, randomBytes } from "node:crypto";
import { access, constants, copyFile, link, lstat, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { InputError } from "../core/errors.js";
import type { RunReport } from "./report.js";

export const OUTPUT_FILES = [
  "resume.docx",
  "resume.review.docx",
  "resume.json",
  "resume.md",
  "redaction-log.jsonl",
  "report.json",
] as const;

export interface WrittenOutputs {
  dir: string;
  files: { file: string; bytes: number; sha256: string }[];
}

/**
 * Create the folder and prove it is writable before any work is done. Returns the folder when this call
 * created it (so a failed run can take it away again), else undefined.
 */
export async function prepareOutDir(dir: string): Promise<string | undefined> {
  try {
    const made = await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
    return made === undefined ? undefined : resolve(dir);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new InputError(`${dir}: the output folder cannot be written (${code}).`);
  }
}

/** Write every file, then report.json with each file's size and SHA-256, all or nothing. */
export async function writeOutputs(
  dir: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  report: RunReport,
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
  const all = new Map(files).set("report.json", `${JSON.stringify(report, null, 2)}\n`);
  const suffix = `.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const names = [...all.keys()];
  const temps = names.map((file) => join(dir, `.${file}${suffix}`));
  const backups = names.map((file) => join(dir, `.${file}${suffix}.old`));
  try {
    // Every write settles before anything is cleaned up: a write still running could recreate its file.
    const writes = await Promise.allSettled([...all.values()].map((data, i) => writeFile(temps[i]!, data)));
    const failed = writes.find((w) => w.status === "rejected");
    if (failed) throw failed.reason;
    await replaceAll(
      names.map((file) => join(dir, file)),
      temps,
      backups,
    );
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new InputError(`${dir}: cannot write the outputs (${code}); nothing was changed.`);
  } finally {
    await Promise.all(temps.map((t) => rm(t, { force: true }).catch(() => undefined)));
  }
  return written;
}

/**
 * Rename each temporary file over its target, keeping a hard link to the target it replaces; when one
 * rename fails, the targets already replaced get their previous files back (or are removed when they had
 * none), so the folder is as it was.
 */
async function replaceAll(targets: string[], temps: string[], backups: string[]): Promise<void> {
  // A folder where a file should go fails its rename: find it before anything is replaced.
  for (const target of targets) {
    if ((await lstat(target).catch(() => undefined))?.isDirectory()) {
      throw Object.assign(new Error(`${target} is a folder`), { code: "EISDIR" });
    }
  }
  const replaced: { target: string; backup?: string }[] = [];
  const drop = (paths: (string | undefined)[]) =>
    Promise.all(paths.map((p) => (p ? rm(p, { force: true }).catch(() => undefined) : undefined)));
  try {
    for (const [i, target] of targets.entries()) {
      const backup = (await keepCopy(target, backups[i]!)) ? backups[i]! : undefined;
      try {
        await rename(temps[i]!, target);
      } catch (error) {
        await drop([backup]);
        throw error;
      }
      replaced.push({ target, ...(backup ? { backup } : {}) });
    }
  } catch (error) {
    // A previous file whose restore fails keeps its backup: nothing is lost.
    for (const { target, backup } of replaced.reverse()) {
      await (backup ? rename(backup, target) : rm(target, { force: true })).catch(() => undefined);
    }
    throw error;
  }
  await drop(replaced.map((r) => r.backup));
}

/** Keep the current file under another name (a hard link, else a copy); false when there is none. */
async function keepCopy(target: string, backup: string): Promise<boolean> {
  try {
    await link(target, backup);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    await copyFile(target, backup).catch(async (copyError: unknown) => {
      await rm(backup, { force: true }).catch(() => undefined);
      throw copyError;
    });
  }
  return true;
}

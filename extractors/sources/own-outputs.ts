// A portfolio folder may hold an earlier run's outputs (`--out` inside a docs folder or a repository, or
// an out/ folder someone committed): their resume restates the draft, so reading it as evidence would
// let a run ground itself. Every file under a folder holding vouch's report.json is left out, with a
// warning naming the folder.
import { closeSync, openSync, readSync } from "node:fs";
import { join } from "node:path";
import type { ExtractWarning } from "../../core/truth.js";
import { REPORT_FILE, REPORT_HEAD_BYTES, isVouchReport } from "../../core/vouch-output.js";
import type { RepoFileEntry } from "./types.js";

export const OWN_OUTPUT_WARNING = "vouch's own output (it holds vouch's report.json); never read as evidence";

/**
 * The files not inside one of vouch's output folders, and a warning for each such folder. `head` gives
 * the first bytes of a listed file as text, or undefined when it cannot be read.
 */
export function withoutOwnOutputs(
  repo: string,
  files: readonly RepoFileEntry[],
  head: (path: string) => string | undefined,
): { files: RepoFileEntry[]; warnings: ExtractWarning[] } {
  const folders: string[] = [];
  for (const { path } of files) {
    if (path !== REPORT_FILE && !path.endsWith(`/${REPORT_FILE}`)) continue;
    const text = head(path);
    if (text !== undefined && isVouchReport(text)) folders.push(path.slice(0, -REPORT_FILE.length));
  }
  if (folders.length === 0) return { files: [...files], warnings: [] };
  // "" (the root itself is an output folder) is a prefix of every path.
  const inOutput = (path: string) => folders.some((folder) => path.startsWith(folder));
  return {
    files: files.filter((file) => !inOutput(file.path)),
    warnings: folders.map((folder) => ({
      repo,
      path: folder ? folder.slice(0, -1) : ".",
      message: OWN_OUTPUT_WARNING,
    })),
  };
}

/** The first bytes of a file as text, or undefined when it cannot be read. */
export function fileHead(abs: string): string | undefined {
  try {
    return headBytes(abs, REPORT_HEAD_BYTES).toString("utf8");
  } catch {
    return undefined;
  }
}

/** At most the first `bytes` of a file. Synchronous, as the local source's reads are. */
export function headBytes(abs: string, bytes: number): Buffer {
  const fd = openSync(abs, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    return buffer.subarray(0, readSync(fd, buffer, 0, bytes, 0));
  } finally {
    closeSync(fd);
  }
}

/** Whether a folder on disk holds vouch's report.json: a file named directly inside it is not evidence either. */
export function isOwnOutputFolder(dir: string): boolean {
  const head = fileHead(join(dir, REPORT_FILE));
  return head !== undefined && isVouchReport(head);
}

// The files of `vouch generate --out DIR`. Everything is rendered in memory first, then written as
// temporary files beside the targets and renamed into place only when every one was written: a failed run
// leaves the folder as it was.
import { createHash, randomBytes } from "node:crypto";
import { access, constants, mkdir, rename, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { RedactionRecord } from "../guards/record.js";
import type { JsonResume } from "../guards/resume.js";
import { InputError } from "./errors.js";
import { renderDocx } from "./render/docx.js";
import { loadLayout } from "./render/layout.js";
import { renderMarkdown } from "./render/markdown.js";
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

/** Create the folder (and parents) and prove it is writable before any work is done. */
export async function prepareOutDir(dir: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new InputError(`${dir}: the output folder cannot be written (${code}).`);
  }
}

export interface RenderInput {
  resume: JsonResume;
  records: readonly RedactionRecord[];
  report: RunReport;
  layout: string;
  now: Date;
}

export async function renderOutputs(input: RenderInput): Promise<Map<string, string | Uint8Array>> {
  const layout = loadLayout(input.layout);
  const [docx, review] = await Promise.all([
    renderDocx(input.resume, layout, { date: input.now }),
    renderDocx(input.resume, layout, { date: input.now, review: { records: input.records } }),
  ]);
  return new Map<string, string | Uint8Array>([
    ["resume.docx", docx],
    ["resume.review.docx", review],
    ["resume.json", `${JSON.stringify(input.resume, null, 2)}\n`],
    ["resume.md", renderMarkdown(input.resume, layout)],
    ["redaction-log.jsonl", input.records.map((r) => `${JSON.stringify(r)}\n`).join("")],
  ]);
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
  const temps = [...all.keys()].map((file) => join(dir, `.${file}${suffix}`));
  try {
    await Promise.all([...all.values()].map((data, i) => writeFile(temps[i]!, data)));
  } catch (error) {
    await Promise.all(temps.map((t) => rm(t, { force: true })));
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new InputError(`${dir}: cannot write the outputs (${code}); nothing was changed.`);
  }
  for (const [i, file] of [...all.keys()].entries()) await rename(temps[i]!, join(dir, file));
  return written;
}

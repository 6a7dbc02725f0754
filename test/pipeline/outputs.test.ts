// The files of `vouch generate --out`: rendered in memory, then written all or nothing. A failed write or
// rename leaves the folder exactly as it was, with no temporary file; report.json lists each file's hash.
import { createHash } from "node:crypto";
import type * as FsPromises from "node:fs/promises";
import {
  chmodSync,
  statSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sealRecords } from "../../guards/record.js";
import { UsageLedger } from "../../pipeline/backends/types.js";
import { InputError } from "../../core/errors.js";
import { OUTPUT_FILES, prepareOutDir, writeOutputs } from "../../pipeline/outputs.js";
import { renderOutputs } from "../../pipeline/stages/render.js";
import { type RunReport, buildReport } from "../../pipeline/report.js";

/** Hooks into node:fs/promises: a test makes one write or rename fail by the path it is given. */
const fail = vi.hoisted(() => ({
  writeFile: (_path: string): boolean => false,
  rename: (_to: string): boolean => false,
}));
vi.mock("node:fs/promises", async (importOriginal) => {
  const fs = await importOriginal<typeof FsPromises>();
  const error = (code: string) => Object.assign(new Error(code), { code });
  return {
    ...fs,
    writeFile: (async (path, ...rest) => {
      if (fail.writeFile(String(path))) throw error("ENOSPC");
      return fs.writeFile(path, ...rest);
    }) as typeof fs.writeFile,
    rename: async (from: string, to: string) => {
      if (fail.rename(String(to))) throw error("EACCES");
      return fs.rename(from, to);
    },
  };
});
afterEach(() => {
  fail.writeFile = () => false;
  fail.rename = () => false;
});

const temp = () => mkdtempSync(join(tmpdir(), "vouch-outputs-"));
const now = new Date("2024-06-01T12:00:00Z");
const report = (): RunReport =>
  buildReport({
    runId: "run-1",
    now,
    asOf: "2024-06-01",
    inputs: {},
    stages: [],
    requirements: [],
    matches: [],
    records: [],
    verdicts: [],
    usage: new UsageLedger(),
  });
const files = () =>
  new Map<string, string | Uint8Array>([
    ["resume.json", '{"basics":{}}\n'],
    ["resume.md", "# Dana\n"],
    ["resume.docx", new Uint8Array([80, 75, 3, 4])],
  ]);
const sha256 = (data: string | Uint8Array) => createHash("sha256").update(data).digest("hex");
/** A folder holding the previous run's files. */
function previousRun(): string {
  const dir = temp();
  for (const file of ["resume.json", "resume.md", "report.json"])
    writeFileSync(join(dir, file), `old ${file}`);
  return dir;
}
/** Every entry of a folder with its content (`<folder>` for a folder). */
const contents = (dir: string) =>
  Object.fromEntries(
    readdirSync(dir).map((f) => {
      const path = join(dir, f);
      return [f, statSync(path).isDirectory() ? "<folder>" : readFileSync(path, "utf8")];
    }),
  );

describe("writeOutputs", () => {
  it("writes every file and report.json listing each file's size and SHA-256; no temporary file stays", async () => {
    const dir = previousRun();
    const result = await writeOutputs(dir, files(), report());
    const expected = [...files()].map(([file, data]) => ({ file, bytes: data.length, sha256: sha256(data) }));
    expect(result).toEqual({ dir, files: expected });
    expect(readdirSync(dir).sort()).toEqual(["report.json", "resume.docx", "resume.json", "resume.md"]);
    const written = JSON.parse(readFileSync(join(dir, "report.json"), "utf8")) as RunReport;
    expect(written.outputs).toEqual(expected);
    for (const { file, sha256: hash } of expected) expect(sha256(readFileSync(join(dir, file)))).toBe(hash);
  });

  it.each<[string, (dir: string) => void, string]>([
    ["a write that fails", () => (fail.writeFile = (path) => path.includes(".resume.md.")), "ENOSPC"],
    ["a folder where a file goes", (dir) => mkdirSync(join(dir, "resume.docx")), "EISDIR"],
    ["a rename after others succeeded", () => (fail.rename = (to) => to.endsWith("report.json")), "EACCES"],
  ])("%s changes nothing and leaves no temporary file", async (_name, arrange, code) => {
    const dir = previousRun();
    arrange(dir);
    const before = contents(dir);
    const error = (await writeOutputs(dir, files(), report()).catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe(`${dir}: cannot write the outputs (${code}); nothing was changed.`);
    expect(contents(dir)).toEqual(before);
  });

  it("a failed rename removes the files the run added, keeping the old ones", async () => {
    const dir = temp();
    writeFileSync(join(dir, "resume.md"), "old");
    fail.rename = (to) => to.endsWith("report.json");
    await expect(writeOutputs(dir, files(), report())).rejects.toBeInstanceOf(InputError);
    expect(contents(dir)).toEqual({ "resume.md": "old" });
  });
});

describe("prepareOutDir", () => {
  it("creates the folder and its parents", async () => {
    const dir = join(temp(), "a", "b");
    await prepareOutDir(dir);
    expect(readdirSync(dir)).toEqual([]);
  });

  it("names the folder and the reason when it cannot be made", async () => {
    const file = join(temp(), "file");
    writeFileSync(file, "x");
    await expect(prepareOutDir(join(file, "out"))).rejects.toThrow(
      new InputError(`${join(file, "out")}: the output folder cannot be written (ENOTDIR).`),
    );
  });

  it.skipIf(process.getuid?.() === 0)("refuses a folder without write permission", async () => {
    const dir = temp();
    chmodSync(dir, 0o500);
    await expect(prepareOutDir(dir)).rejects.toThrow(/cannot be written \(EACCES\)/);
  });
});

describe("renderOutputs", () => {
  it("renders the five files besides report.json from the guarded resume and the sealed records", async () => {
    const resume = { basics: { name: "Dana Reyes", summary: "Builds services." } };
    const records = sealRecords(
      [
        {
          guard: "claim-net",
          rule: "r",
          action: "remove",
          field: "f",
          original: "a",
          replacement: "",
          reason: "x",
          evidence: [],
        },
        {
          guard: "verifier",
          rule: "r",
          action: "annotate",
          field: "g",
          original: "b",
          replacement: "b",
          reason: "y",
          evidence: [],
        },
      ],
      { runId: "run-1", ts: now.toISOString() },
    );
    const out = await renderOutputs({ resume, records, report: report(), layout: "classic", now });
    expect([...out.keys()].sort()).toEqual(OUTPUT_FILES.filter((f) => f !== "report.json").sort());
    expect(out.get("resume.json")).toBe(`${JSON.stringify(resume, null, 2)}\n`);
    expect(out.get("redaction-log.jsonl")).toBe(records.map((r) => `${JSON.stringify(r)}\n`).join(""));
    expect(out.get("resume.md")).toContain("Dana Reyes");
    for (const docx of ["resume.docx", "resume.review.docx"]) {
      expect(
        Buffer.from(out.get(docx) as Uint8Array)
          .subarray(0, 2)
          .toString(),
      ).toBe("PK");
    }
    expect(out.get("resume.review.docx")).not.toEqual(out.get("resume.docx"));
  });

  it("writes an empty log when nothing was changed", async () => {
    const out = await renderOutputs({ resume: {}, records: [], report: report(), layout: "classic", now });
    expect(out.get("redaction-log.jsonl")).toBe("");
  });
});

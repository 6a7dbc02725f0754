// Golden cases, as textlint's kernel snapshots: each folder holds a case (case.yaml: what to run, on which
// inputs) and expected/, the outputs and records it gives. A change of behaviour shows as a diff of these
// files a reviewer reads. VOUCH_UPDATE_GOLDEN=1 npx vitest run test/golden rewrites expected/.
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { generate } from "../../pipeline/generate.js";
import { runCli } from "../helpers/cli.js";

const HERE = import.meta.dirname;
const UPDATE = process.env.VOUCH_UPDATE_GOLDEN === "1";
const NOW = new Date("2026-12-01T12:00:00Z");
const RUN_ID = "00000000-0000-4000-8000-000000000027";
const out = mkdtempSync(join(tmpdir(), "vouch-golden-"));
afterAll(() => rmSync(out, { recursive: true, force: true }));

interface GoldenCase {
  command: "generate" | "extract";
  profile?: string;
  job?: string;
  writer?: string;
  layout?: string;
  pages?: number;
  sources?: string[];
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;

/** report.json without what differs run to run on any machine: timings and versions. */
function stableReport(text: string): string {
  const report = JSON.parse(text) as Record<string, unknown> & { stages: { ms?: number }[] };
  delete report.totalMs;
  delete report.versions;
  report.stages = report.stages.map(({ ms: _ms, ...stage }) => stage);
  return json(report);
}

async function runGenerate(name: string, spec: GoldenCase): Promise<Record<string, string>> {
  const dir = join(out, name);
  const warnings: string[] = [];
  await generate({
    profile: spec.profile!,
    job: spec.job!,
    out: dir,
    ...(spec.writer ? { writer: spec.writer } : {}),
    ...(spec.layout ? { layout: spec.layout } : {}),
    ...(spec.pages ? { pages: spec.pages } : {}),
    now: NOW,
    runId: RUN_ID,
    onWarning: (message) => warnings.push(message),
  });
  const read = (file: string) => readFileSync(join(dir, file));
  return {
    "resume.json": read("resume.json").toString(),
    "resume.md": read("resume.md").toString(),
    "redaction-log.jsonl": read("redaction-log.jsonl").toString(),
    "report.json": stableReport(read("report.json").toString()),
    // The binary files by their SHA-256: the same inputs and date give the same bytes.
    "binaries.json": json(
      Object.fromEntries(
        ["resume.pdf", "resume.docx", "resume.review.docx", "audit.html"].map((f) => [f, sha256(read(f))]),
      ),
    ),
    "warnings.txt": warnings.map((w) => `${w}\n`).join(""),
  };
}

async function runExtract(spec: GoldenCase): Promise<Record<string, string>> {
  const run = await runCli(["extract", ...spec.sources!, "--json"]);
  if (run.code !== 0) throw new Error(run.stderr);
  return { "extract.json": run.stdout };
}

const cases = readdirSync(HERE, { withFileTypes: true })
  .filter((e) => e.isDirectory() && existsSync(join(HERE, e.name, "case.yaml")))
  .map((e) => e.name)
  .sort();

describe("golden cases", () => {
  it.each(cases)("%s", async (name) => {
    const spec = parse(readFileSync(join(HERE, name, "case.yaml"), "utf8")) as GoldenCase;
    const actual = spec.command === "extract" ? await runExtract(spec) : await runGenerate(name, spec);
    const expected = join(HERE, name, "expected");
    if (UPDATE) {
      rmSync(expected, { recursive: true, force: true });
      mkdirSync(expected, { recursive: true });
      for (const [file, text] of Object.entries(actual)) writeFileSync(join(expected, file), text);
    }
    expect(readdirSync(expected).sort(), "expected/ holds exactly what the case writes").toEqual(
      Object.keys(actual).sort(),
    );
    for (const [file, text] of Object.entries(actual)) {
      expect(text, `${name}/expected/${file}`).toBe(readFileSync(join(expected, file), "utf8"));
    }
  });
});

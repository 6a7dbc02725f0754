// report.json: what ran and what the guards, the verifier and the models did, from the run's values.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ExtractResult } from "../../../core/truth.js";
import { type UnsealedRecord, sealRecords } from "../../../guards/redaction-record.js";
import { UsageLedger } from "../../../pipeline/backends/types.js";
import { REPORT_FORMAT, type ReportInput, buildReport } from "../../../pipeline/outputs/report.js";
import type { SectionVerdict } from "../../../pipeline/stages/verify.js";

const record = (guard: UnsealedRecord["guard"], action: UnsealedRecord["action"]): UnsealedRecord => ({
  guard,
  rule: "r",
  action,
  field: "basics.summary",
  original: "a",
  replacement: "b",
  reason: "why",
  evidence: [],
});
const records = sealRecords(
  [
    record("number-provenance", "redact"),
    record("number-provenance", "redact"),
    record("claim-net", "remove"),
    record("verifier", "fallback"),
    record("number-provenance", "annotate"),
  ],
  { runId: "run-1", ts: "2024-06-01T12:00:00.000Z" },
);
const verdict: SectionVerdict = {
  section: "work[0]",
  fields: ["work[0].highlights[1]"],
  verdict: "NOT_GROUNDED",
  reason: "service down",
  ungroundedClaims: [],
  failure: "service",
  action: "fallback",
};
const ledger = new UsageLedger();
ledger.add({ backend: "bedrock", model: "w", purpose: "writer", inputTokens: 1000, outputTokens: 300 });
ledger.add({ backend: "bedrock", model: "v", purpose: "verifier", inputTokens: 120, outputTokens: 30 });
const truth: ExtractResult = {
  repos: [{ name: "svc", source: "./svc", filesScanned: 3, languages: {} }],
  technologies: [
    { id: "a", name: "A", category: "x", status: "production", evidence: [] },
    { id: "b", name: "B", category: "x", status: "example-only", evidence: [] },
  ],
  docClaims: [
    { repo: "svc", path: "README.md", line: 1, technology: "a", text: "t", stale: true },
    { repo: "svc", path: "README.md", line: 2, technology: "b", text: "t", stale: false },
  ],
  warnings: [],
};
const input: ReportInput = {
  runId: "run-1",
  now: new Date("2024-06-01T12:00:00Z"),
  asOf: "2024-06-01",
  inputs: { profile: "p.yaml", writer: "template" },
  stages: [
    { stage: "extract", ms: 1.25, counts: { repos: 1 } },
    { stage: "write", ms: 2.04, counts: {} },
  ],
  requirements: [
    {
      id: "R1",
      kind: "technology",
      text: "Run A",
      line: 2,
      optional: false,
      technology: "a",
      stems: ["run"],
    },
    { id: "R2", kind: "domain", text: "Lead teams", line: 3, optional: true, stems: ["lead", "team"] },
  ],
  matches: [
    {
      requirementId: "R1",
      requirement: "Run A",
      label: "A",
      technology: "a",
      status: "production-backed",
      evidence: [
        { repo: "svc", path: "main.tf", line: 4, kind: "production", via: "iac", detail: "aws_a" },
        { source: "profile", ref: "work[0].highlights[1]", text: "Ran A." },
      ],
    },
    { requirement: "Lead teams", status: "unsupported", evidence: [], note: "nothing" },
  ],
  records,
  verdicts: [verdict],
  usage: ledger,
  truth,
};

describe("buildReport", () => {
  const report = buildReport(input);

  it("states the run, its inputs and its stages; the total is the stages' sum to a tenth", () => {
    expect(report).toMatchObject({
      format: REPORT_FORMAT,
      runId: "run-1",
      startedAt: "2024-06-01T12:00:00.000Z",
      asOf: "2024-06-01",
      inputs: { profile: "p.yaml", writer: "template" },
      stages: input.stages,
      totalMs: 3.3,
    });
  });

  it("lists the requirements without their stems, and the matches with the evidence behind them", () => {
    expect(report.requirements).toEqual([
      { id: "R1", kind: "technology", text: "Run A", optional: false, technology: "a" },
      { id: "R2", kind: "domain", text: "Lead teams", optional: true },
    ]);
    expect(report.matches).toEqual([
      {
        requirementId: "R1",
        requirement: "Run A",
        label: "A",
        technology: "a",
        status: "production-backed",
        evidence: [
          { source: "truth", ref: "svc/main.tf:4", text: "aws_a" },
          { source: "profile", ref: "work[0].highlights[1]", text: "Ran A." },
        ],
      },
      { requirement: "Lead teams", status: "unsupported", note: "nothing", evidence: [] },
    ]);
  });

  it("gives a years requirement its figure and subject, a product requirement its name", () => {
    const more = buildReport({
      ...input,
      requirements: [
        {
          id: "R1",
          kind: "years",
          text: "5+ years of Go",
          line: 1,
          optional: false,
          years: 5,
          technology: "go",
          stems: [],
        },
        { id: "R2", kind: "name", text: "Meltano", line: 2, optional: true, name: "Meltano", stems: [] },
      ],
    });
    expect(more.requirements).toEqual([
      { id: "R1", kind: "years", text: "5+ years of Go", optional: false, years: 5, technology: "go" },
      { id: "R2", kind: "name", text: "Meltano", optional: true, name: "Meltano" },
    ]);
  });

  it("states the coverage: how many requirements are backed, by what, and which are not", () => {
    expect(report.coverage).toEqual({
      requirements: 2,
      backed: 1,
      byProduction: 1,
      byProfile: 0,
      byDocs: 0,
      unsupported: ["Lead teams"],
      line: "1 of 2 requirements backed (1 by production code); unsupported: Lead teams",
    });
  });

  it("counts records per guard and action and anchors the chain at its last hash", () => {
    expect(report.guards).toEqual({
      records: 5,
      byGuard: {
        "number-provenance": { redact: 2, annotate: 1 },
        "claim-net": { remove: 1 },
        verifier: { fallback: 1 },
      },
    });
    expect(report.chain).toEqual({ records: 5, lastHash: records[4]!.hash });
  });

  it("keeps the verdicts without the internal failure field", () => {
    const { failure: _failure, ...shown } = verdict;
    expect(report.verdicts).toEqual([shown]);
  });

  it("totals the model calls and lists each", () => {
    expect(report.usage).toEqual({ calls: 2, inputTokens: 1120, outputTokens: 330, byCall: ledger.calls });
  });

  it("summarises the truth", () => {
    expect(report.truth).toEqual({ repos: 1, technologies: 2, production: 1, staleClaims: 1 });
  });

  it("names the versions of vouch, Node and the libraries that shape the output", () => {
    const version = (path: string) => (JSON.parse(readFileSync(path, "utf8")) as { version: string }).version;
    expect(report.versions).toEqual({
      vouch: version("package.json"),
      node: process.versions.node,
      docx: version("node_modules/docx/package.json"),
      "@aws-sdk/client-bedrock-runtime": version("node_modules/@aws-sdk/client-bedrock-runtime/package.json"),
    });
  });

  it("an empty run: no records, a null anchor, no truth, zero usage", () => {
    const empty = buildReport({
      ...input,
      stages: [],
      records: [],
      verdicts: [],
      usage: new UsageLedger(),
      truth: undefined,
    });
    expect(empty).toMatchObject({
      totalMs: 0,
      guards: { records: 0, byGuard: {} },
      chain: { records: 0, lastHash: null },
      verdicts: [],
      usage: { calls: 0, inputTokens: 0, outputTokens: 0, byCall: [] },
    });
    expect("truth" in empty).toBe(false);
    expect(JSON.parse(JSON.stringify(empty))).toEqual(empty);
  });
});

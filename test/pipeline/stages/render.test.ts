import { describe, expect, it } from "vitest";
import { sealRecords } from "../../../guards/redaction-record.js";
import { UsageLedger } from "../../../pipeline/backends/types.js";
import { render } from "../../../pipeline/stages/render.js";

const now = new Date("2026-03-01T12:00:00Z");

describe("the render stage", () => {
  it("builds the report from the run's facts and renders the files from the verified draft", async () => {
    const records = sealRecords(
      [
        {
          guard: "record-provenance",
          rule: "changed-field",
          action: "fallback",
          field: "work[0].position",
          original: "Staff Engineer",
          replacement: "Software Engineer",
          range: [0, 14],
          outputRange: [0, 17],
          reason: "x.",
          evidence: [],
        },
      ],
      { runId: "run-1", ts: now.toISOString() },
    );
    const resume = {
      basics: { name: "Dana Reyes" },
      work: [{ name: "Quillmark", position: "Software Engineer" }],
    };
    const { files, report } = await render({
      runId: "run-1",
      now,
      asOf: "2026-03-01",
      inputs: { writer: "template" },
      stages: [{ stage: "write", ms: 1, counts: {} }],
      requirements: [],
      matches: [],
      records,
      verdicts: [],
      usage: new UsageLedger(),
      resume,
      layout: "classic",
    });
    expect(report).toMatchObject({ runId: "run-1", startedAt: now.toISOString(), asOf: "2026-03-01" });
    expect(report.guards).toEqual({ records: 1, byGuard: { "record-provenance": { fallback: 1 } } });
    expect(files.get("resume.json")).toBe(`${JSON.stringify(resume, null, 2)}\n`);
    expect(files.get("redaction-log.jsonl")).toBe(`${JSON.stringify(records[0])}\n`);
    expect(files.get("resume.md")).toContain("### Software Engineer — Quillmark");
  });
});

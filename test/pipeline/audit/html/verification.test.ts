import { describe, expect, it } from "vitest";
import { unreadable, verificationOf } from "../../../../pipeline/audit/html/verification.js";

describe("verificationOf", () => {
  it.each([
    [
      "an intact, unsigned run",
      { chain: { ok: true as const, records: 19 }, problems: [], signature: "unsigned" as const },
      { status: "intact", headline: "chain intact: 19 records; unsigned", problems: [] },
    ],
    [
      "an intact chain whose outputs changed",
      {
        chain: { ok: true as const, records: 2 },
        problems: ["out/resume.docx: its SHA-256 does not match report.json"],
        signature: "valid" as const,
      },
      {
        status: "intact",
        headline: "chain intact: 2 records; signature valid",
        problems: ["out/resume.docx: its SHA-256 does not match report.json"],
      },
    ],
    [
      "a broken chain: its first problem is the headline",
      {
        chain: {
          ok: false as const,
          records: 3,
          firstBad: { seq: 2, line: 2, problem: "hash does not match the record's content" },
        },
        problems: ["log: line 2 (seq 2): hash does not match the record's content", "report.json: missing"],
        signature: "unsigned" as const,
      },
      {
        status: "broken",
        headline: "chain BROKEN: log: line 2 (seq 2): hash does not match the record's content",
        problems: ["report.json: missing"],
      },
    ],
  ])("%s", (_what, run, expected) => {
    expect(verificationOf(run)).toEqual(expected);
  });

  it("says why a log that cannot be read cannot be verified", () => {
    expect(unreadable("out/redaction-log.jsonl: line 3: not JSON.")).toEqual({
      status: "unreadable",
      headline: "the log cannot be verified: out/redaction-log.jsonl: line 3: not JSON.",
      problems: [],
    });
  });
});

import { describe, expect, it } from "vitest";
import type { JsonResume } from "../../../../core/resume.js";
import { sealRecords } from "../../../../guards/index.js";
import { runAuditPage, runFacts } from "../../../../pipeline/audit/html/for-run.js";
import { DEFAULT_BLOCK_OPTIONS } from "../../../../pipeline/render/review.js";
import { COMMIT, chunk, context } from "./evidence-fixture.js";

const resume: JsonResume = {
  basics: { name: "Dana Reyes" },
  work: [{ name: "Fernhill", position: "Engineer", highlights: ["Ran the platform on Amazon EKS."] }],
};
const records = sealRecords(
  [
    {
      guard: "claim-net",
      rule: "unsupported-technology",
      action: "remove",
      field: "work[0].highlights[1]",
      original: "Ran Snowflake.",
      replacement: "",
      reason: "Nothing backs Snowflake.",
      evidence: [],
    },
  ],
  { runId: "run-9", ts: "2026-01-01T00:00:00.000Z" },
);
const report = {
  runId: "run-9",
  startedAt: "2026-01-01T00:00:00.000Z",
  inputs: { job: "jobs/platform.md", writer: "template", verifier: "local", mode: "block", repos: ["x"] },
};

describe("runFacts", () => {
  it("keeps the string inputs the header shows and drops the rest", () => {
    expect(runFacts(report)).toEqual({
      runId: "run-9",
      startedAt: "2026-01-01T00:00:00.000Z",
      job: "jobs/platform.md",
      writer: "template",
      verifier: "local",
      mode: "block",
    });
    expect(runFacts(undefined)).toEqual({});
  });
});

describe("runAuditPage", () => {
  const page = (signed?: boolean) =>
    runAuditPage({
      logPath: "out/redaction-log.jsonl",
      records,
      resume,
      layout: DEFAULT_BLOCK_OPTIONS,
      report,
      context: context(),
      chunks: [chunk],
      profileName: "profile.yaml",
      ...(signed === undefined ? {} : { signed }),
    });

  it("checks the run's records, and shows the evidence the run computed, linked at the commit", () => {
    const html = page();
    expect(html).toContain("<strong>Verified:</strong> chain intact: 1 records; unsigned");
    expect(html).toContain(`https://github.com/dana/payments/blob/${COMMIT}/infra/eks%20cluster.tf#L21`);
    expect(html).toContain("<del>Ran Snowflake.</del>");
  });

  it("says a signed run's signature is not checked by the page it covers", () => {
    expect(page(true)).toContain("chain intact: 1 records; signed, signature not checked");
  });

  it("says so when the records do not chain", () => {
    const html = runAuditPage({
      logPath: "log",
      records: [{ ...records[0]!, reason: "edited" }],
      resume,
      layout: DEFAULT_BLOCK_OPTIONS,
      report,
      context: context(),
      chunks: [],
      profileName: "profile.yaml",
    });
    expect(html).toContain(`class="verification failed" role="alert"`);
    expect(html).toContain("chain BROKEN: the run&#39;s own records do not chain (seq 1)");
  });
});

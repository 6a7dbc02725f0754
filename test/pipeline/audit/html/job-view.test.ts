import { describe, expect, it } from "vitest";
import { jobHtml } from "../../../../pipeline/audit/html/job-view.js";
import type { JobFacts } from "../../../../pipeline/audit/html/types.js";

const fit: JobFacts = {
  coverage: {
    requirements: 3,
    backed: 2,
    byProduction: 1,
    byProfile: 1,
    byDocs: 0,
    unsupported: ["Snowflake"],
    line: "2 of 3 requirements backed (1 by production code, 1 by the profile); unsupported: Snowflake",
  },
  matches: [
    {
      requirement: "Run <Go> services",
      label: "Go",
      status: "production-backed",
      authored: { commits: 3, total: 4, first: "2021-01-05", last: "2024-06-30" },
      evidence: [{ source: "truth", ref: "api/go.mod:1", text: "module example.com/api" }],
    },
    {
      requirement: "Kafka",
      status: "profile-stated",
      evidence: [{ source: "profile", ref: "work[0].highlights[1]" }],
    },
    { requirement: "Snowflake", label: "Snowflake", status: "unsupported", evidence: [] },
  ],
};

describe("the job beside the resume", () => {
  const html = jobHtml(fit, "jobs/data.md");

  it("draws the coverage as a bar that says itself in words, and the unbacked plainly", () => {
    expect(html).toContain(`<div class="bar" role="img" aria-label="${fit.coverage.line}">`);
    expect(html).toContain('style="width:33.33%" title="1 by production code"');
    expect(html).toContain("<strong>Not backed:</strong> Snowflake. The resume does not claim it.");
  });

  it("lists each requirement with a status word and icon, its commits and its evidence, escaped", () => {
    expect(html).toContain("Production code");
    expect(html).toContain("Stated in the profile");
    expect(html).toContain("Nothing backs it");
    expect(html).toContain("3 of 4 commits by the candidate, 2021-01-05 to 2024-06-30");
    expect(html).toContain("<code>api/go.mod:1</code>");
    expect(html).toContain("Run &lt;Go&gt; services");
    expect(html).not.toContain("<Go>");
    expect(html.match(/class="requirement /g)).toHaveLength(3);
  });

  it("says so when every requirement is backed, and draws nothing without a report", () => {
    const all = { ...fit, coverage: { ...fit.coverage, unsupported: [] } };
    expect(jobHtml(all, undefined)).toContain("Every requirement of the job is backed.");
    expect(jobHtml(undefined, "x")).toBe("");
  });
});

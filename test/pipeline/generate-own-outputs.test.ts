// A run never grounds itself: with `--out` inside a docs folder the portfolio names, the next run must
// not read the previous run's resume.md as evidence (issue 26: a section the verifier rejected became
// GROUNDED that way).
import { cpSync, mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";

const samples = resolve(import.meta.dirname, "../../samples");

interface Report {
  verdicts: { section: string; verdict: string }[];
  matches: { evidence: { source: string; ref: string }[] }[];
  stages: { stage: string; counts?: Record<string, number> }[];
}

describe("--out inside a portfolio docs folder", () => {
  it("warns, and the next run reads none of the previous run's outputs as evidence", async () => {
    const copy = mkdtempSync(join(tmpdir(), "vouch-own-outputs-"));
    cpSync(samples, copy, { recursive: true });
    const out = join(copy, "docs", "tailored");
    const fabricated = join(copy, "drafts", "fabricated.json");
    const run = (mode: string) =>
      runCli([
        "generate",
        ...["--profile", join(copy, "profile.yaml"), "--job", join(copy, "jobs/platform-engineer.md")],
        ...["--writer", `scripted:${fabricated}`, "--mode", mode, "--no-history", "--out", out],
      ]);

    // Warn mode keeps the ungrounded section in resume.md: the text a self-grounding run would find.
    const first = await run("warn");
    expect(first.code).toBe(0);
    expect(first.stderr).toContain(
      `vouch: warning: --out ${out} is inside portfolio.docs[0] of profile.yaml: vouch never reads its own outputs as evidence`,
    );
    const firstReport = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as Report;
    const rejected = firstReport.verdicts.filter((v) => v.verdict !== "GROUNDED");
    expect(rejected.length).toBeGreaterThan(0);

    const second = await run("warn");
    expect(second.code).toBe(0);
    const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as Report;
    // The same sections are rejected again: the first run's resume.md did not ground them.
    expect(report.verdicts.filter((v) => v.verdict !== "GROUNDED")).toEqual(rejected);
    const cited = report.matches.flatMap((m) => m.evidence.map((e) => e.ref));
    expect(cited.filter((ref) => ref.includes("tailored"))).toEqual([]);
    expect(readFileSync(join(out, "redaction-log.jsonl"), "utf8")).not.toContain("tailored/");
    // The evidence view lists every chunk the verifier read: none is the first run's resume.
    expect(readFileSync(join(out, "audit.html"), "utf8")).not.toMatch(/tailored\/(resume|report|audit)/);
    const ingested = (r: Report) => r.stages.find((s) => s.stage === "ingest")?.counts;
    expect(ingested(report)).toEqual(ingested(firstReport));
  });
});

// The coverage line: backed requirements by what backs them; everything else is listed as unsupported,
// with its status when something (an example, a test, a stale doc) shows it.
import { describe, expect, it } from "vitest";
import type { MatchStatus } from "../../../../core/match.js";
import type { Requirement } from "../../../../pipeline/requirements.js";
import { coverage, requirementLabel } from "../../../../pipeline/stages/strategize/coverage.js";
import { testCatalog } from "../../../helpers/catalog.js";

const m = (label: string, status: MatchStatus) => ({ requirement: `the job's ${label}`, label, status });

describe("coverage", () => {
  it("counts by production code, the profile and docs, and names the rest in order", () => {
    const matches = [
      ...["Go", "Kubernetes", "Amazon EKS", "Terraform", "AWS IAM"].map((l) => m(l, "production-backed")),
      m("Helm", "profile-stated"),
      m("Own the platform", "profile-stated"),
      m("Kafka", "kb-stated"),
      m("OpenAI", "example-only"),
      m("Snowflake", "unsupported"),
      m("5+ years Go", "unsupported"),
    ];
    expect(coverage(matches).line).toBe(
      "8 of 11 requirements backed (5 by production code, 2 by the profile, 1 by docs); unsupported: OpenAI (example only), Snowflake, 5+ years Go",
    );
  });

  it.each<[string, MatchStatus[], string]>([
    ["nothing asked", [], "0 of 0 requirements backed"],
    ["one, backed", ["profile-stated"], "1 of 1 requirement backed (1 by the profile)"],
    [
      "none backed: each says why unless nothing shows it",
      ["stale", "docs-only", "unsupported"],
      "0 of 3 requirements backed; unsupported: R0 (stale), R1 (docs only), R2",
    ],
    [
      "test and tooling code back nothing",
      ["test-only", "tooling-only"],
      "0 of 2 requirements backed; unsupported: R0 (test only), R1 (tooling only)",
    ],
  ])("%s", (_name, statuses, line) => {
    expect(coverage(statuses.map((s, i) => m(`R${i}`, s))).line).toBe(line);
  });

  it("falls back to the requirement's words without a label", () => {
    expect(coverage([{ requirement: "Lead teams", status: "unsupported" }]).unsupported).toEqual([
      "Lead teams",
    ]);
  });
});

describe("requirementLabel", () => {
  const catalog = testCatalog();
  const r = (over: Partial<Requirement>): Requirement => ({
    id: "R1",
    kind: "domain",
    text: "Own the platform.",
    line: 1,
    optional: false,
    stems: [],
    ...over,
  });
  it.each<[string, Partial<Requirement>, string]>([
    ["a technology by its catalog name", { kind: "technology", technology: "postgresql" }, "PostgreSQL"],
    ["years of a technology", { kind: "years", years: 5, technology: "go" }, "5+ years Go"],
    ["years overall", { kind: "years", years: 3 }, "3+ years"],
    ["a product name", { kind: "name", name: "Meltano" }, "Meltano"],
    ["a duty without its full stop", {}, "Own the platform"],
    [
      "a long duty, cut",
      { text: `Own ${"the platform ".repeat(10)}` },
      `Own ${"the platform ".repeat(4)}the…`,
    ],
  ])("%s", (_name, over, label) => {
    expect(requirementLabel(r(over), catalog)).toBe(label);
  });
});

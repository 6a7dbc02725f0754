// The --explain table: requirement → status → evidence, one line per piece of evidence.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { explainTable } from "../../../../pipeline/stages/strategize/explain.js";
import { runCli } from "../../../helpers/cli.js";

it("lines up requirement, status and each piece of evidence; says why there is none", () => {
  expect(
    explainTable([
      {
        requirementId: "R1",
        requirement: "Run Amazon EKS",
        label: "Amazon EKS",
        status: "production-backed",
        technology: "amazon-eks",
        evidence: [
          { source: "truth", ref: "infra/eks.tf:3", text: "aws_eks_cluster" },
          { source: "profile", ref: "work[0].highlights[1]", text: "Ran EKS." },
        ],
      },
      {
        requirementId: "R12",
        requirement: "Snowflake",
        label: "Snowflake",
        status: "unsupported",
        note: "docs/a.md names Snowflake as considered",
        evidence: [],
      },
      { requirement: "Lead   teams\nwell", status: "unsupported", evidence: [] },
    ]),
  ).toEqual([
    "  requirement      status             evidence",
    '  R1 Amazon EKS    production-backed  truth infra/eks.tf:3 "aws_eks_cluster"',
    '                                      profile work[0].highlights[1] "Ran EKS."',
    "  R12 Snowflake    unsupported        none: docs/a.md names Snowflake as considered",
    "  Lead teams well  unsupported        none",
  ]);
});

describe("vouch generate --explain on the sample", () => {
  it("prints the coverage line, then the table, before the guards' summary; --json stays JSON", async () => {
    const root = resolve(import.meta.dirname, "../../../..");
    const args = (out: string) => [
      "generate",
      "--profile",
      join(root, "samples/profile.yaml"),
      "--job",
      join(root, "samples/jobs/platform-engineer.md"),
      "--out",
      join(mkdtempSync(join(tmpdir(), "vouch-explain-")), out),
      "--no-history",
    ];
    const run = await runCli([...args("text"), "--explain"]);
    expect(run.code).toBe(0);
    const lines = run.stdout.split("\n");
    expect(lines[1]).toBe(
      "17 of 19 requirements backed (16 by production code, 1 by the profile); unsupported: OpenAI (example only), Snowflake",
    );
    expect(lines[2]).toMatch(/^ {2}requirement +status +evidence$/);
    expect(lines).toContain(
      '  R16 AWS IAM         production-backed  truth platform-infra/terraform/eks.tf:1 "data "aws_iam_policy_document" "eks_assume""',
    );
    expect(lines).toContain(
      '                                         truth platform-infra/terraform/eks.tf:11 "resource "aws_iam_role" "cluster""',
    );
    expect(lines).toContain("  R19 Snowflake       unsupported        none");
    expect(lines.findIndex((l) => l.startsWith("guards: "))).toBeGreaterThan(
      lines.indexOf("  R19 Snowflake       unsupported        none"),
    );
    const json = await runCli([...args("json"), "--json", "--explain"]);
    const report = JSON.parse(json.stdout) as { coverage: { line: string } };
    expect(report.coverage.line).toBe(lines[1]);
  }, 120_000);
});

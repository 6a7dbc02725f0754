// What truth knows of a technology: its code evidence's status, or docs-only when only live doc claims name it.
import { describe, expect, it } from "vitest";
import { type DocClaim, type ExtractResult, docsOnlyClaims, truthStatus } from "../../core/truth.js";

const claim = (technology: string, line: number, stale = false): DocClaim => ({
  repo: "infra",
  path: "README.md",
  line,
  technology,
  text: `line ${line}`,
  stale,
});

const truth: ExtractResult = {
  repos: [],
  technologies: [
    {
      id: "postgresql",
      name: "PostgreSQL",
      category: "database",
      status: "test-only",
      evidence: [
        { repo: "infra", path: "tests/db.py", kind: "test", via: "import", detail: "import psycopg" },
      ],
    },
  ],
  docClaims: [
    claim("postgresql", 1),
    claim("amazon-ec2", 2),
    claim("amazon-ec2", 5),
    claim("mysql", 3, true),
  ],
  warnings: [],
};

describe("truthStatus and docsOnlyClaims", () => {
  it("give code evidence's status first: doc claims do not change it", () => {
    expect(truthStatus(truth, "postgresql")).toBe("test-only");
    expect(docsOnlyClaims(truth, "postgresql")).toEqual([]);
  });

  it("make a technology only live doc claims name docs-only, citing those claims", () => {
    expect(truthStatus(truth, "amazon-ec2")).toBe("docs-only");
    expect(docsOnlyClaims(truth, "amazon-ec2")).toEqual([claim("amazon-ec2", 2), claim("amazon-ec2", 5)]);
  });

  it("know nothing from stale claims alone, nor without truth", () => {
    expect(truthStatus(truth, "mysql")).toBeUndefined();
    expect(docsOnlyClaims(truth, "mysql")).toEqual([]);
    expect(truthStatus(truth, "snowflake")).toBeUndefined();
    expect(truthStatus(undefined, "amazon-ec2")).toBeUndefined();
  });
});

// A job's requirements: one per technology, years figure or duty, in the job's order, deduplicated, with
// "nice to have" marking them optional.
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { beforeAll, describe, expect, it } from "vitest";
import { type Catalog, defaultCatalog } from "../../extractors/catalog.js";
import { fromText, readJob } from "../../pipeline/inputs/job.js";
import { type Requirement, contentStems, jobRequirements } from "../../pipeline/requirements.js";
import { testCatalog } from "../helpers/catalog.js";

const catalog = testCatalog();
const requirementsOf = (text: string) => jobRequirements(fromText("job.md", text), catalog);
/** The parts a table can state in one line: kind, years, technology or name (or a duty's words), optional. */
const brief = (r: Requirement) =>
  [
    r.id,
    r.kind,
    [r.years, r.technology ?? r.name].filter((x) => x !== undefined).join(" ") || r.text,
    r.optional ? "optional" : "required",
  ].join(" ");

// A post that lists its duties tells of the company and the role in paragraphs: those name technologies,
// not duties ("We're a fintech processing card payments" is nothing to back).
describe("paragraphs beside lists", () => {
  it.each([
    [
      "an intro paragraph names technologies but no duty when the post has lists",
      "We're a fintech processing card payments on Kubernetes.\n\n## Responsibilities\n\n- Own the ledger reconciliation jobs",
      ["R1 technology kubernetes required", "R2 domain Own the ledger reconciliation jobs required"],
    ],
    [
      "a prose-only post keeps its paragraphs' duties",
      "You will own the ledger reconciliation jobs.\n\nYou will mentor two engineers on call.",
      [
        "R1 domain You will own the ledger reconciliation jobs. required",
        "R2 domain You will mentor two engineers on call. required",
      ],
    ],
    [
      "a plain-text list without markers is a list",
      "Requirements:\nOwn the billing pipeline end to end\nRun PostgreSQL in production",
      ["R1 domain Own the billing pipeline end to end required", "R2 technology postgresql required"],
    ],
  ])("%s", (_, text, expected) => {
    expect(requirementsOf(text).map(brief)).toEqual(expected);
  });
});

describe("one requirement per technology, years figure or duty", () => {
  it.each([
    ["a technology", "- PostgreSQL", ["R1 technology postgresql required"]],
    ["an alias", "- K8s clusters", ["R1 technology kubernetes required"]],
    [
      "several technologies, left to right",
      "- Run Kubernetes on Amazon EKS with Postgres",
      [
        "R1 technology kubernetes required",
        "R2 technology amazon-eks required",
        "R3 technology postgresql required",
      ],
    ],
    ["5+ years", "- 5+ years building backend systems", ["R1 years 5 required"]],
    ["5 or more years", "- 5 or more years of experience", ["R1 years 5 required"]],
    ["a range asks for its lower end", "- 3-5 years of backend work", ["R1 years 3 required"]],
    ["an en-dash range", "- 3–5 years of backend work", ["R1 years 3 required"]],
    ["1 year", "- 1 year in an on-call rotation", ["R1 years 1 required"]],
    [
      "years and a technology on one line",
      "- 4+ years of Go",
      ["R1 years 4 go required", "R2 technology go required"],
    ],
    [
      "a duty: two content words and no technology",
      "- Design event-driven flows",
      ["R1 domain Design event-driven flows required"],
    ],
    ["one content word is no duty", "- Teamwork.", []],
    ["stop words only", "- it is what it is", []],
    ["headings are not requirements", "# Senior platform engineer role", []],
    [
      "`go` in lower case is a verb",
      "- go the extra mile for customers",
      ["R1 domain go the extra mile for customers required"],
    ],
  ])("%s", (_name, text, expected) => {
    expect(requirementsOf(text).map(brief)).toEqual(expected);
  });

  it("keeps the job's words, line and content stems", () => {
    expect(requirementsOf("# Role\n\n- Operate PostgreSQL databases")).toEqual([
      {
        id: "R1",
        kind: "technology",
        technology: "postgresql",
        text: "Operate PostgreSQL databases",
        line: 3,
        optional: false,
        stems: ["oper", "postgresql", "databas"],
      },
    ]);
  });
});

describe("optional requirements", () => {
  it.each([
    ["a Nice to have heading", "## Nice to have\n- PostgreSQL", true],
    ["a nice-to-have heading", "## nice-to-have\n- PostgreSQL", true],
    ["a Bonus heading", "## Bonus points\n- PostgreSQL", true],
    ["a Preferred heading", "## Preferred qualifications\n- PostgreSQL", true],
    ["Nice to have: in the line", "- Nice to have: PostgreSQL", true],
    ["is a plus", "- PostgreSQL is a plus", true],
    ["plus if", "- Plus if you know PostgreSQL", true],
    ["a required heading", "## What you bring\n- PostgreSQL", false],
    ["the word plus alone", "- PostgreSQL plus Kubernetes", false],
    ["a heading after the optional one", "## Nice to have\n- Go\n## Must have\n- PostgreSQL", false],
  ])("%s", (_name, text, optional) => {
    expect(requirementsOf(text).at(-1)?.optional).toBe(optional);
  });
});

describe("deduplication", () => {
  it("keeps the first of a repeated technology, years figure or duty", () => {
    const text = [
      "- PostgreSQL for orders",
      "- Postgres for payments",
      "- 5+ years of backend work",
      "- At least 5 years in production",
      "- Design event-driven flows",
      "- Design event-driven flows",
    ].join("\n");
    expect(requirementsOf(text).map((r) => [r.id, r.kind, r.line])).toEqual([
      ["R1", "technology", 1],
      ["R2", "years", 3],
      ["R3", "domain", 5],
    ]);
  });

  it("keeps different years figures apart", () => {
    expect(requirementsOf("- 3+ years of Go\n- 5+ years overall").map(brief)).toEqual([
      "R1 years 3 go required",
      "R2 technology go required",
      "R3 years 5 required",
    ]);
  });

  it("a technology asked for anywhere without 'nice to have' is required, in the required line's words", () => {
    const reqs = requirementsOf("- Nice to have: PostgreSQL\n- Run PostgreSQL and Kubernetes");
    expect(reqs.map(brief)).toEqual([
      "R1 technology postgresql required",
      "R2 technology kubernetes required",
    ]);
    expect(reqs[0]).toMatchObject({ text: "Run PostgreSQL and Kubernetes", line: 2 });
  });

  it("a required technology stays required when a later line calls it a plus", () => {
    const reqs = requirementsOf("- Run PostgreSQL\n- More PostgreSQL is a plus");
    expect(reqs.map((r) => [brief(r), r.line])).toEqual([["R1 technology postgresql required", 1]]);
  });
});

it("contentStems: stemmed content words, once each, in order", () => {
  expect(contentStems("Building the builds, and 42 builders of APIs in Go")).toEqual([
    "build",
    "builder",
    "api",
    "go",
  ]);
});

describe("job posts in several styles: the exact requirements (shipped catalog)", () => {
  const fixtures = join(dirname(fileURLToPath(import.meta.url)), "../fixtures/jobs");
  let shipped: Catalog;
  beforeAll(async () => {
    shipped = await defaultCatalog();
  });
  const requirementsIn = async (name: string) =>
    jobRequirements(await readJob(join(fixtures, name)), shipped).map((r) => `${brief(r)} @${r.line}`);

  it.each<[string, string, string[]]>([
    [
      "hard-wrapped Markdown: a wrapped paragraph and bullets are one unit each",
      "hard-wrapped.md",
      [
        "R1 technology kubernetes required @3",
        "R2 years 3 kubernetes required @8",
        "R3 technology amazon-eks required @8",
        "R4 technology karpenter required @11",
        "R5 domain Write runbooks and lead incident reviews after outages. required @12",
      ],
    ],
    [
      "bullets with sub-bullets: a years lead-in asks for its first nested technology; a label is no duty",
      "sub-bullets.md",
      [
        "R1 years 4 go required @3",
        "R2 technology go required @4",
        "R3 technology postgresql required @5",
        "R4 technology aws required @7",
        "R5 technology amazon-eks required @7",
        "R6 technology aws-iam required @7",
        "R7 technology amazon-vpc required @7",
        "R8 technology aws-kms required @7",
        "R9 technology terraform required @8",
        "R10 technology pulumi required @8",
        "R11 domain Mentor engineers across teams required @9",
      ],
    ],
    [
      "plain text: a title line, label headings, one requirement list per line, a bullet character",
      "plain.txt",
      [
        "R1 years 5 python required @4",
        "R2 technology python required @4",
        "R3 technology django required @5",
        "R4 technology celery required @5",
        "R5 technology aws required @6",
        "R6 technology amazon-eks required @6",
        "R7 technology amazon-rds required @6",
        "R8 technology amazon-sqs required @6",
        "R9 technology aws-iam required @6",
        "R10 domain Own the billing pipeline end to end required @7",
        "R11 technology snowflake optional @10",
        "R12 name Meltano optional @11",
      ],
    ],
    [
      "JSON Resume's job format",
      "job.json",
      [
        "R1 technology aws required @1",
        "R2 technology kafka required @2",
        "R3 domain Build ingestion pipelines for partner data required @3",
        "R4 years 3 kafka required @4",
        "R5 technology snowflake required @5",
        "R6 technology google-bigquery required @5",
        "R7 technology terraform required @6",
      ],
    ],
    [
      "a Nice to have section and lists in parentheses and with slashes",
      "nice-to-have.md",
      [
        "R1 technology aws required @5",
        "R2 technology amazon-eks required @5",
        "R3 technology aws-iam required @5",
        "R4 technology amazon-vpc required @5",
        "R5 technology aws-kms required @5",
        "R6 technology terraform required @5",
        "R7 technology go required @6",
        "R8 technology typescript required @6",
        "R9 technology postgresql required @6",
        "R10 technology prometheus optional @10",
        "R11 technology grafana optional @10",
        "R12 technology temporal optional @11",
        "R13 technology snowflake optional @11",
        "R14 years 5 go optional @12",
      ],
    ],
  ])("%s", async (_name, file, expected) => {
    expect(await requirementsIn(file)).toEqual(expected);
  });

  it.each<[string, string, string[]]>([
    [
      "a service list after its head",
      "- Strong AWS experience (EKS, RDS, SQS, IAM)",
      ["aws", "amazon-eks", "amazon-rds", "amazon-sqs", "aws-iam"],
    ],
    [
      "the issue's list",
      "- AWS (EKS, IAM, VPC, KMS)",
      ["aws", "amazon-eks", "aws-iam", "amazon-vpc", "aws-kms"],
    ],
    ["a slash list shares its head's vendor", "- AWS IAM/KMS", ["aws-iam", "aws-kms"]],
    ["members named through a member's vendor", "- Cloud (EKS and KMS)", ["amazon-eks", "aws-kms"]],
    [
      "an unknown member is a product name, not a technology",
      "- AWS (EKS, Frobnicator)",
      ["aws", "amazon-eks", "Frobnicator"],
    ],
    ["a group with no head takes a member's vendor", "- Queues (KMS, SQS)", ["aws-kms", "amazon-sqs"]],
    ["a head in an earlier clause is not this group's", "- Use AWS. Keys (KMS)", ["aws"]],
  ])("expands %s", (_name, text, ids) => {
    expect(jobRequirements(fromText("job.md", text), shipped).map((r) => r.technology ?? r.name)).toEqual(
      ids,
    );
  });
});

// A job's requirements: one per technology, years figure or duty, in the job's order, deduplicated, with
// "nice to have" marking them optional.
import { describe, expect, it } from "vitest";
import { fromText } from "../../pipeline/job.js";
import { type Requirement, contentStems, jobRequirements } from "../../pipeline/requirements.js";
import { testCatalog } from "../helpers/catalog.js";

const catalog = testCatalog();
const requirementsOf = (text: string) => jobRequirements(fromText("job.md", text), catalog);
/** The parts a table can state in one line: kind, technology or years, optional. */
const brief = (r: Requirement) =>
  [r.id, r.kind, r.technology ?? r.years ?? r.text, r.optional ? "optional" : "required"].join(" ");

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
      ["R1 years 4 required", "R2 technology go required"],
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
      "R1 years 3 required",
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

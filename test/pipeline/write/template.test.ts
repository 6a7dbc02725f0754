// The template writer: the summary filled from templates (a sentence with an empty placeholder is left
// out), highlights and projects ordered by relevance and capped, skills from the profile plus production
// technologies. It never invents: every string is the profile's, a filled template or a catalog name.
import { describe, expect, it } from "vitest";
import type { JsonResume } from "../../../core/resume.js";
import { allStrings } from "../../../guards/targets.js";
import { fromText } from "../../../pipeline/inputs/job.js";
import { jobRequirements } from "../../../pipeline/requirements.js";
import type { MatchStatus } from "../../../core/match.js";
import type { StrategyMatch } from "../../../pipeline/stages/strategize.js";
import {
  ADDITIONAL_SKILLS,
  type SummaryTemplate,
  loadSummaryTemplate,
  writeFromTemplate,
} from "../../../pipeline/write/template.js";
import type { WriterInput } from "../../../pipeline/write/types.js";
import { testCatalog } from "../../helpers/catalog.js";

const catalog = testCatalog();
const job = fromText(
  "job.md",
  "- Run PostgreSQL on Kubernetes\n- Amazon S3 and Amazon EKS\n- Go and MySQL\n",
);
const requirements = jobRequirements(job, catalog);
const match = (technology: string, status: MatchStatus): StrategyMatch => ({
  requirementId: requirements.find((r) => r.technology === technology)!.id,
  requirement: "",
  kind: "technology",
  optional: false,
  technology,
  status,
  evidence: [],
});
const profile: JsonResume = {
  basics: { name: "Dana", label: "Platform Engineer", summary: "Builds order services." },
  work: [
    {
      name: "Fernhill",
      startDate: "2018-06",
      highlights: [
        "Wrote docs.",
        "Ran Kubernetes.",
        "Hired two.",
        "Tuned PostgreSQL on Kubernetes.",
        "Led demos.",
      ],
    },
    { name: "Quillmark", startDate: "2016-01" },
  ],
  projects: [
    { name: "site", description: "A personal site." },
    { name: "db-tools", description: "PostgreSQL tools." },
  ],
  skills: [
    { name: "Languages", keywords: ["Python", "Go", "TypeScript"] },
    { name: "Infra", keywords: ["Docker", "K8s", "Amazon S3"] },
  ],
};
const matches = [
  match("postgresql", "production-backed"),
  match("kubernetes", "production-backed"),
  match("aws-sdk-s3", "production-backed"),
  match("amazon-eks", "production-backed"),
  match("go", "example-only"),
  match("mysql", "unsupported"),
];
const TEMPLATE: SummaryTemplate = {
  sentences: [
    "{label} with {years} years of experience.",
    "{profileSummary}",
    "Production experience with {technologies}.",
  ],
};
const input = (over: Partial<WriterInput> = {}): WriterInput => ({
  profile,
  job,
  requirements,
  matches,
  chunks: [],
  catalog,
  asOf: "2024-06-01",
  ...over,
});
const write = (over: Partial<WriterInput> = {}, template = TEMPLATE) =>
  writeFromTemplate(input(over), template);

describe("the summary", () => {
  it("fills every sentence: label, whole years, the profile's summary, production technologies", () => {
    expect(write().basics).toEqual({
      name: "Dana",
      label: "Platform Engineer",
      summary:
        "Platform Engineer with 8 years of experience. Builds order services. " +
        "Production experience with PostgreSQL, Kubernetes, Amazon S3 and Amazon EKS.",
    });
  });

  const pg = [match("postgresql", "production-backed")];
  it.each<[string, Partial<WriterInput>, string]>([
    [
      "no label",
      { profile: { ...profile, basics: { summary: "Builds order services." } }, matches: pg },
      "Builds order services. Production experience with PostgreSQL.",
    ],
    [
      "no whole year",
      { profile: { ...profile, work: [{ startDate: "2018-06" }] }, asOf: "2018-12-01", matches: pg },
      "Builds order services. Production experience with PostgreSQL.",
    ],
    [
      "no profile summary",
      { profile: { ...profile, basics: { label: "Platform Engineer" } }, matches: pg },
      "Platform Engineer with 8 years of experience. Production experience with PostgreSQL.",
    ],
    [
      "no production technology",
      { matches: [match("go", "example-only"), match("mysql", "unsupported")] },
      "Platform Engineer with 8 years of experience. Builds order services.",
    ],
  ])("leaves out the sentence whose placeholder is empty: %s", (_name, over, summary) => {
    expect(write(over).basics?.summary).toBe(summary);
  });

  it.each([
    [
      "no full stop",
      "Builds order services",
      "Builds order services. Production experience with PostgreSQL.",
    ],
    [
      "a question mark",
      "Builds order services?",
      "Builds order services? Production experience with PostgreSQL.",
    ],
    ["a closing quote", 'Says "ship it."', 'Says "ship it." Production experience with PostgreSQL.'],
    [
      "trailing spaces",
      "Builds order services  ",
      "Builds order services. Production experience with PostgreSQL.",
    ],
  ])(
    "ends the profile's own sentence before the next (%s): one claim each for the verifier",
    (_name, own, summary) => {
      const over = { profile: { ...profile, basics: { summary: own } }, matches: pg };
      expect(write(over).basics?.summary).toBe(summary);
    },
  );

  it.each([
    [["postgresql"], "PostgreSQL"],
    [["postgresql", "kubernetes"], "PostgreSQL and Kubernetes"],
    [["postgresql", "kubernetes", "aws-sdk-s3"], "PostgreSQL, Kubernetes and Amazon S3"],
  ])("lists %j as %j", (ids, words) => {
    const summary = write(
      { matches: ids.map((id) => match(id, "production-backed")) },
      { sentences: ["{technologies}"] },
    );
    expect(summary.basics?.summary).toBe(words);
  });

  it("names at most six technologies", () => {
    const ids = ["postgresql", "kubernetes", "aws-sdk-s3", "amazon-eks", "go", "mysql", "sqlite"];
    const reqs = ids.map((technology, i) => ({ ...requirements[0]!, id: `R${i + 1}`, technology }));
    const all = ids.map((id, i) => ({
      ...match("postgresql", "production-backed"),
      requirementId: `R${i + 1}`,
      technology: id,
    }));
    const summary = write({ requirements: reqs, matches: all }, { sentences: ["{technologies}"] });
    expect(summary.basics?.summary).toBe("PostgreSQL, Kubernetes, Amazon S3, Amazon EKS, Go and MySQL");
  });

  it("leaves out a sentence with an unknown placeholder; with nothing filled it keeps the profile's summary", () => {
    expect(write({}, { sentences: ["{salary} a year.", "{label}."] }).basics?.summary).toBe(
      "Platform Engineer.",
    );
    expect(write({}, { sentences: ["{salary} a year."] }).basics?.summary).toBe("Builds order services.");
    expect(write({ profile: { work: [] } }, { sentences: ["{label}."] }).basics).toBeUndefined();
  });

  it("the shipped template uses only known placeholders: all filled here, none for an empty profile", async () => {
    const shipped = await loadSummaryTemplate();
    const names = shipped.sentences.flatMap((t) => [...t.matchAll(/\{(\w+)\}/g)].map((m) => m[1]));
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(["label", "years", "profileSummary", "technologies"]).toContain(name);
    const summary = write({}, shipped).basics?.summary ?? "";
    expect(summary).toContain("Amazon EKS");
    expect(summary).not.toMatch(/[{}]/);
    expect(write({ profile: { work: [] } }, shipped).basics).toBeUndefined();
  });
});

describe("highlights, projects and skills", () => {
  it("orders highlights by relevance, ties in the candidate's order; entries without highlights get none", () => {
    const work = write().work!;
    expect(work[0]!.highlights).toEqual([
      "Tuned PostgreSQL on Kubernetes.",
      "Ran Kubernetes.",
      "Wrote docs.",
      "Hired two.",
      "Led demos.",
    ]);
    expect(work[1]).toEqual({ name: "Quillmark", startDate: "2016-01" });
  });

  it("keeps every highlight, the most relevant first: the page budget decides what goes", () => {
    const highlights = ["a1.", "a2.", "a3.", "a4.", "a5.", "a6.", "Ran Kubernetes.", "a8."];
    const draft = write({ profile: { work: [{ name: "X", highlights }] } });
    expect(draft.work![0]!.highlights).toEqual([
      "Ran Kubernetes.",
      "a1.",
      "a2.",
      "a3.",
      "a4.",
      "a5.",
      "a6.",
      "a8.",
    ]);
  });

  it("orders projects by relevance", () => {
    expect(write().projects!.map((p) => p.name)).toEqual(["db-tools", "site"]);
  });

  it("keeps the profile's groups in order, relevant keywords first, and adds unstated production technologies", () => {
    expect(write().skills).toEqual([
      { name: "Languages", keywords: ["Go", "Python", "TypeScript"] },
      { name: "Infra", keywords: ["Amazon S3", "K8s", "Docker"] },
      { name: ADDITIONAL_SKILLS, keywords: ["PostgreSQL", "Amazon EKS"] },
    ]);
  });

  it("adds no Additional group when the profile states every production technology, and no skills when there are none", () => {
    expect(write({ matches: [match("kubernetes", "production-backed")] }).skills!.map((s) => s.name)).toEqual(
      ["Languages", "Infra"],
    );
    expect(write({ profile: { basics: { label: "X" } }, matches: [] })).toEqual({ basics: { label: "X" } });
  });
});

describe("never inventing", () => {
  it("every string is the profile's, the summary or a production technology's catalog name; the input is untouched", () => {
    const before = structuredClone(profile);
    const draft = write();
    const allowed = allStrings(profile);
    for (const name of ["PostgreSQL", "Amazon EKS", ADDITIONAL_SKILLS, draft.basics!.summary!])
      allowed.add(name);
    expect([...allStrings(draft)].filter((s) => !allowed.has(s))).toEqual([]);
    expect(profile).toEqual(before);
  });
});

describe("the summary template file", () => {
  it("is read as vouch's other YAML files are: a wrong field is named by its line", async () => {
    const { mkdtempSync, writeFileSync } = await import("node:fs");
    const { tmpdir } = await import("node:os");
    const { join } = await import("node:path");
    const file = join(mkdtempSync(join(tmpdir(), "vouch-summary-")), "summary.yaml");
    writeFileSync(file, "# sentences\nsentences:\n  - 3\n");
    await expect(loadSummaryTemplate(file)).rejects.toThrow(/summary\.yaml: line 3: field "sentences\[0\]"/);
  });
});

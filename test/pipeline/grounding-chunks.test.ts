// The chunks the verifier judges a draft against: retrieval's, one per profile entry, one per production
// technology, and two derived facts (the span of the work dates, the production technologies).
import { describe, expect, it } from "vitest";
import type { ExtractResult, Technology } from "../../core/truth.js";
import type { JsonResume } from "../../core/resume.js";
import type { Chunk } from "../../core/chunk.js";
import { groundingChunks } from "../../pipeline/grounding-chunks.js";

const profile: JsonResume = {
  basics: { name: "Dana", label: "Platform Engineer", summary: "Builds services." },
  work: [
    { name: "Fernhill", position: "SRE", startDate: "2021-04", highlights: ["Ran EKS."] },
    { name: "Quillmark", startDate: "2018-06", endDate: "2021-03" },
  ],
  projects: [{ name: "site", description: "A site.", keywords: ["Next.js"] }],
  skills: [{ name: "Data", keywords: ["PostgreSQL", "Redis"] }],
};
const tech = (id: string, name: string, status: Technology["status"]): Technology => ({
  id,
  name,
  category: "x",
  status,
  evidence: [
    {
      repo: "svc",
      path: `${id}.tf`,
      line: 2,
      kind: status === "production" ? "production" : "example",
      via: "iac",
      detail: id,
    },
  ],
});
const truth: ExtractResult = {
  repos: [],
  technologies: [
    tech("postgresql", "PostgreSQL", "production"),
    tech("openai", "OpenAI", "example-only"),
    tech("amazon-eks", "Amazon EKS", "production"),
  ],
  docClaims: [],
  warnings: [],
};
const retrieved: Chunk[] = [
  { id: "r1", uri: "docs/a.md", kind: "production-doc", text: "Retrieved one.", score: 2 },
  { id: "r2", uri: "docs/b.md", kind: "example", text: "Retrieved two.", score: 1 },
  { id: "r1", uri: "docs/a.md", kind: "production-doc", text: "Retrieved one, again.", score: 0.5 },
];
const summary = (chunks: Chunk[]) => chunks.map((c) => [c.kind, c.uri, c.text]);

describe("groundingChunks", () => {
  it("retrieval first, then the profile's entries, truth's production technologies and the derived facts", () => {
    const chunks = groundingChunks({
      profile,
      profilePath: "profile.yaml",
      truth,
      retrieved,
      asOf: "2024-06-01",
    });
    expect(summary(chunks)).toEqual([
      ["production-doc", "docs/a.md", "Retrieved one."],
      ["example", "docs/b.md", "Retrieved two."],
      ["profile", "profile.yaml#basics.summary", "Dana, Platform Engineer.\nBuilds services."],
      ["profile", "profile.yaml#work[0]", "SRE at Fernhill (2021-04 – present).\n- Ran EKS."],
      ["profile", "profile.yaml#work[1]", "Quillmark (2018-06 – 2021-03)."],
      ["profile", "profile.yaml#projects[0]", "site: A site.\nKeywords: Next.js."],
      ["profile", "profile.yaml#skills", "Data: PostgreSQL, Redis."],
      ["truth", "svc/postgresql.tf", "PostgreSQL is used in production: svc/postgresql.tf:2."],
      ["truth", "svc/amazon-eks.tf", "Amazon EKS is used in production: svc/amazon-eks.tf:2."],
      [
        "profile",
        "profile.yaml#derived",
        "Dana, Platform Engineer: work history from 2018-06 to 2024-06-01, 6 years of experience. " +
          "Production work shown by the code: PostgreSQL, Amazon EKS.",
      ],
    ]);
    expect(chunks.filter((c) => c.id.startsWith("derived:")).map((c) => c.id)).toEqual(["derived:candidate"]);
    expect(new Set(chunks.map((c) => c.id)).size).toBe(chunks.length);
  });

  it("counts whole years only and names no one when the profile has no name or label; an entry with no text has no chunk", () => {
    const chunks = groundingChunks({
      profile: { work: [{ startDate: "2022-01" }] },
      profilePath: "p.json",
      retrieved: [],
      asOf: "2024-11-30",
    });
    expect(summary(chunks)).toEqual([
      ["profile", "p.json#derived", "work history from 2022-01 to 2024-11-30, 2 years of experience."],
    ]);
  });

  it("derives the production technologies alone when there are no work dates", () => {
    const chunks = groundingChunks({
      profile: {},
      profilePath: "p.yaml",
      truth,
      retrieved: [],
      asOf: "2024-06-01",
    });
    expect(summary(chunks).at(-1)).toEqual([
      "profile",
      "p.yaml#derived",
      "Production work shown by the code: PostgreSQL, Amazon EKS.",
    ]);
  });

  it("derives nothing without work dates or production technologies", () => {
    const noProduction = { ...truth, technologies: [tech("openai", "OpenAI", "example-only")] };
    const chunks = groundingChunks({
      profile: { basics: { name: "Dana" } },
      profilePath: "p.yaml",
      truth: noProduction,
      retrieved: [],
      asOf: "2024-06-01",
    });
    expect(summary(chunks)).toEqual([["profile", "p.yaml#basics.summary", "Dana."]]);
  });

  it("keeps a retrieved chunk over the profile's own copy of it (same id)", () => {
    const own = groundingChunks({ profile, profilePath: "profile.yaml", retrieved: [], asOf: "2024-06-01" });
    const copy = { ...own[1]!, score: 9, text: own[1]!.text };
    const chunks = groundingChunks({
      profile,
      profilePath: "profile.yaml",
      retrieved: [copy],
      asOf: "2024-06-01",
    });
    expect(chunks[0]).toBe(copy);
    expect(chunks).toHaveLength(own.length);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { type Catalog, defaultCatalog } from "../../../extractors/catalog.js";
import type { Evidence, ExtractResult } from "../../../core/truth.js";
import type { JsonResume } from "../../../core/resume.js";
import {
  bestEvidence,
  contactFact,
  docsOnlyFacts,
  isFact,
  placesByRepo,
  staleFacts,
  strongest,
  technologyFacts,
  truthFacts,
  yearsFacts,
} from "../../../server/answers/facts.js";

let catalog: Catalog;
beforeAll(async () => {
  catalog = await defaultCatalog();
});

const ev = (path: string, line: number | undefined, over: Partial<Evidence> = {}): Evidence => ({
  repo: "svc",
  path,
  ...(line === undefined ? {} : { line }),
  kind: "production",
  via: "manifest",
  detail: path,
  ...over,
});

const profile: JsonResume = {
  basics: { name: "Sam Ito", email: "sam@example.org", phone: "+44 20 7946 0000", summary: "Engineer." },
  work: [
    {
      name: "Acme",
      position: "Engineer",
      startDate: "2019-01",
      endDate: "2021-01",
      highlights: ["Ran Redis."],
    },
    { name: "Beta", position: "Lead", startDate: "2020-01", highlights: ["Scaled Redis clusters."] },
  ],
  skills: [{ name: "Data", keywords: ["Redis"] }],
};

const truth: ExtractResult = {
  repos: [{ name: "svc", source: "svc", filesScanned: 3, languages: {} }],
  technologies: [
    {
      id: "redis",
      name: "Redis",
      category: "cache",
      status: "production",
      evidence: [
        ev("compose.yml", 4, { via: "container" }),
        ev("src/cache.ts", 1, { via: "import" }),
        ev("package.json", 9),
        ev("src/cache.ts", 1, { via: "import" }),
      ],
    },
    {
      id: "openai",
      name: "OpenAI",
      category: "ai-llm",
      status: "example-only",
      evidence: [ev("examples/chat.ts", 2, { kind: "example", via: "import" })],
    },
    {
      id: "vitest",
      name: "Vitest",
      category: "testing",
      status: "test-only",
      evidence: [ev("test/a.test.ts", 1, { kind: "test", via: "import" })],
    },
  ],
  docClaims: [
    {
      repo: "svc",
      path: "README.md",
      line: 3,
      technology: "mysql",
      text: "Stores data in MySQL.",
      stale: true,
    },
    {
      repo: "svc",
      path: "docs/ops.md",
      line: 8,
      technology: "datadog",
      text: "Metrics go to Datadog.",
      stale: false,
    },
  ],
  warnings: [],
};
const sources = () => ({ catalog, profile, profilePath: "cv.yaml", truth });

describe("the truth's facts", () => {
  it("orders evidence most direct first, each place once, and groups places by repository", () => {
    const redis = truth.technologies[0]!;
    expect(bestEvidence(redis).map((e) => `${e.path}:${e.line}`)).toEqual([
      "src/cache.ts:1",
      "package.json:9",
      "compose.yml:4",
    ]);
    expect(placesByRepo([ev("a.ts", 1), ev("b.ts", undefined), ev("c.go", 2, { repo: "infra" })])).toBe(
      "svc (a.ts:1, b.ts) and infra (c.go:2)",
    );
  });

  it("states each technology's status with its evidence and the skill group that lists it", () => {
    expect(technologyFacts(sources()).map((c) => [c.id, c.uri, c.text])).toEqual([
      [
        "truth:status:redis",
        "svc/src/cache.ts:1",
        "Redis: production code in svc (src/cache.ts:1, package.json:9, compose.yml:4); Sam lists it under Data.",
      ],
      [
        "truth:status:openai",
        "svc/examples/chat.ts:2",
        "OpenAI appears only in example code (svc/examples/chat.ts:2), not in production code.",
      ],
      ["truth:status:vitest", "svc/test/a.test.ts:1", "Vitest: used in test code (svc/test/a.test.ts:1)."],
    ]);
  });

  it("answers a stale claim with the code when it can name it, else with the contradicting lines", () => {
    expect(staleFacts(sources()).map((c) => c.text)).toEqual([
      "The README says MySQL (svc/README.md:3), but the code contradicts it.",
    ]);
    const contradicted = {
      ...truth,
      technologies: [
        ...truth.technologies,
        {
          id: "postgresql",
          name: "PostgreSQL",
          category: "database",
          status: "production" as const,
          evidence: [ev("src/db.ts", 4, { via: "import" })],
        },
      ],
      docClaims: [{ ...truth.docClaims[0]!, contradictedBy: [ev("src/db.ts", 4, { via: "import" })] }],
    };
    expect(staleFacts({ ...sources(), truth: contradicted }).map((c) => c.text)).toEqual([
      "The README says MySQL (svc/README.md:3), but the code uses PostgreSQL (svc/src/db.ts:4).",
    ]);
  });

  it("says a technology only documentation names is docs-only", () => {
    expect(docsOnlyFacts(sources()).map((c) => c.text)).toEqual([
      "Datadog appears only in documentation (svc/docs/ops.md:8), not in code.",
    ]);
  });

  it("gives years per technology from the work entries that name it, overlaps counted once", () => {
    expect(yearsFacts(sources(), "2022-01-01").map((c) => [c.uri, c.text])).toEqual([
      [
        "cv.yaml#work[0]",
        "Redis: 3.0 years in the profile's dates (Engineer at Acme, 2019-01 to 2021-01; Lead at Beta, 2020-01 to 2022-01-01).",
      ],
    ]);
  });

  it("gives the contact details of basics only", () => {
    expect(contactFact(sources()).map((c) => [c.uri, c.text])).toEqual([
      ["cv.yaml#basics", "Sam Ito: email sam@example.org, phone +44 20 7946 0000."],
    ]);
    expect(contactFact({ ...sources(), profile: { basics: { name: "Sam" } } })).toEqual([]);
  });

  it("ranks production technologies by repositories then places, leaving supporting tools out", () => {
    expect(strongest(truth).map((s) => [s.tech.id, s.places, s.repos])).toEqual([["redis", 3, 1]]);
    expect(strongest(undefined)).toEqual([]);
  });

  it("marks every fact so that retrieval's answerer leaves it to the composers", () => {
    const facts = truthFacts(sources(), "2022-01-01");
    expect(facts.length).toBeGreaterThan(5);
    expect(facts.every(isFact)).toBe(true);
    expect(new Set(facts.map((f) => f.id)).size).toBe(facts.length);
  });
});

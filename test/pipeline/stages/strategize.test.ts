// strategize: each requirement matched to what backs it, with a status and its evidence, in a fixed order
// of preference: production code, the profile, other code, stale doc claims, production docs, nothing.
import { describe, expect, it } from "vitest";
import { Catalog } from "../../../extractors/catalog.js";
import type { DocClaim, Evidence, ExtractResult, Technology } from "../../../core/truth.js";
import type { JsonResume } from "../../../core/resume.js";
import type { Chunk } from "../../../core/chunk.js";
import { type Requirement, contentStems } from "../../../pipeline/requirements.js";
import { type StrategyMatch, strategize } from "../../../pipeline/stages/strategize.js";
import { testEntries } from "../../helpers/catalog.js";

const catalog = new Catalog([...testEntries, { id: "ruby", name: "Ruby", category: "language" }]);
const ASOF = "2024-06-01";

const ev = (kind: Evidence["kind"], path: string, line?: number): Evidence => ({
  repo: "svc",
  path,
  ...(line !== undefined ? { line } : {}),
  kind,
  via: "manifest",
  detail: `${kind} ${path}`,
});
const tech = (id: string, status: Technology["status"], evidence: Evidence[]): Technology => ({
  id,
  name: catalog.get(id)!.name,
  category: "database",
  status,
  evidence,
});
const truthOf = (technologies: Technology[], docClaims: DocClaim[] = []): ExtractResult => ({
  repos: [],
  technologies,
  docClaims,
  warnings: [],
});
const techReq = (technology: string, optional = false): Requirement => ({
  id: "R1",
  kind: "technology",
  text: `Run ${technology}`,
  line: 3,
  optional,
  technology,
  stems: [],
});
/** A duty requirement: the line and its content stems. */
const duty = (text: string): Requirement => ({
  id: "R1",
  kind: "domain",
  text,
  line: 1,
  optional: false,
  stems: contentStems(text),
});
const chunk = (id: string, kind: Chunk["kind"], text: string, lines?: [number, number]): Chunk => ({
  id,
  kind,
  text,
  uri: `docs/${id}.md`,
  ...(lines ? { lines } : {}),
});

const profile: JsonResume = {
  basics: { name: "Ruby Chen", email: "ruby@postgres.example", summary: "Backend engineer." },
  work: [
    {
      name: "Fernhill",
      startDate: "2018-06",
      highlights: [
        "Built the orders service on PostgreSQL.",
        "Tuned PostgreSQL indexes for checkout queries.",
        "Migrated billing jobs to Kubernetes.",
      ],
    },
  ],
  skills: [{ name: "Data", keywords: ["PostgreSQL", "SQLite"] }],
};

function one(
  requirement: Requirement,
  options: { truth?: ExtractResult; chunks?: Chunk[]; profile?: JsonResume } = {},
): StrategyMatch {
  const [match] = strategize({
    requirements: [requirement],
    catalog,
    profile: options.profile ?? profile,
    ...(options.truth ? { truth: options.truth } : {}),
    chunks: new Map([[requirement.id, options.chunks ?? []]]),
    asOf: ASOF,
  });
  return match!;
}

describe("technology requirements", () => {
  it("production-backed: up to three production evidence items, then the profile's first statement", () => {
    const truth = truthOf([
      tech("postgresql", "production", [
        ev("test", "tests/db.py"),
        ev("production", "a.py", 1),
        ev("production", "b.py", 2),
        ev("production", "c.py"),
        ev("production", "d.py", 4),
      ]),
    ]);
    expect(one(techReq("postgresql", true), { truth })).toEqual({
      requirementId: "R1",
      label: "PostgreSQL",
      requirement: "Run postgresql",
      kind: "technology",
      optional: true,
      technology: "postgresql",
      status: "production-backed",
      evidence: [
        { source: "truth", ref: "svc/a.py:1", text: "production a.py" },
        { source: "truth", ref: "svc/b.py:2", text: "production b.py" },
        { source: "truth", ref: "svc/c.py", text: "production c.py" },
        { source: "profile", ref: "work[0].highlights[0]", text: "Built the orders service on PostgreSQL." },
      ],
    });
  });

  it("profile-stated: up to three profile strings naming it, never the name or contact details", () => {
    const match = one(techReq("postgresql"));
    expect([match.status, match.evidence.map((e) => e.ref)]).toEqual([
      "profile-stated",
      ["work[0].highlights[0]", "work[0].highlights[1]", "skills[0].keywords[0]"],
    ]);
    expect(one(techReq("ruby")).status).toBe("unsupported");
  });

  it.each(["example-only", "test-only", "tooling-only", "docs-only"] as const)(
    "%s: truth's own status and its evidence",
    (status) => {
      const kind = status.replace("-only", "") as Evidence["kind"];
      const truth = truthOf([tech("mysql", status, [ev(kind, "x/1.js", 7), ev(kind, "x/2.js")])]);
      expect(one(techReq("mysql"), { truth })).toMatchObject({
        status,
        evidence: [
          { source: "truth", ref: "svc/x/1.js:7", text: `${kind} x/1.js` },
          { source: "truth", ref: "svc/x/2.js", text: `${kind} x/2.js` },
        ],
      });
    },
  );

  it("a statement in the profile outranks example-only code", () => {
    const truth = truthOf([tech("sqlite", "example-only", [ev("example", "examples/a.py")])]);
    expect(one(techReq("sqlite"), { truth }).status).toBe("profile-stated");
  });

  it("stale: only doc claims the code contradicts; a stale claim outranks live ones", () => {
    const claim = (line: number, stale: boolean): DocClaim => ({
      repo: "infra",
      path: "README.md",
      line,
      technology: "self-hosted-kubernetes",
      text: `line ${line}: we run kubeadm`,
      stale,
    });
    const truth = truthOf([], [claim(3, false), claim(9, true)]);
    expect(one(techReq("self-hosted-kubernetes"), { truth })).toMatchObject({
      status: "stale",
      evidence: [{ source: "truth", ref: "infra/README.md:9", text: "line 9: we run kubeadm" }],
    });
  });

  it("docs-only: a technology truth knows only from live doc claims, whatever the KB says", () => {
    const claim: DocClaim = {
      repo: "infra",
      path: "README.md",
      line: 3,
      technology: "mysql",
      text: "Orders are stored in MySQL.",
      stale: false,
    };
    const chunks = [chunk("readme", "production-doc", "Orders are stored in MySQL.", [3, 3])];
    expect(one(techReq("mysql"), { truth: truthOf([], [claim]), chunks })).toEqual({
      requirementId: "R1",
      label: "MySQL",
      requirement: "Run mysql",
      kind: "technology",
      optional: false,
      technology: "mysql",
      status: "docs-only",
      evidence: [{ source: "truth", ref: "infra/README.md:3", text: "Orders are stored in MySQL." }],
    });
    // Code evidence of any kind outranks doc claims: truth's own status.
    const truth = truthOf([tech("mysql", "test-only", [ev("test", "tests/db.py")])], [claim]);
    expect(one(techReq("mysql"), { truth }).status).toBe("test-only");
  });

  it("kb-stated: a production doc naming it; example docs and chunks of other requirements do not", () => {
    const long = `Amazon EKS runs the platform. ${"x".repeat(200)}`;
    const chunks = [chunk("ex", "example", "An EKS example."), chunk("prod", "production-doc", long, [4, 9])];
    expect(one(techReq("amazon-eks"), { chunks })).toMatchObject({
      status: "kb-stated",
      evidence: [{ source: "chunk", ref: "docs/prod.md:4-9", text: long.slice(0, 160) }],
    });
    expect(one(techReq("amazon-eks"), { chunks: [chunks[0]!] }).status).toBe("unsupported");
    const [match] = strategize({
      requirements: [techReq("amazon-eks")],
      catalog,
      profile,
      chunks: new Map([["R2", chunks]]),
      asOf: ASOF,
    });
    expect(match).toMatchObject({ status: "unsupported", evidence: [] });
  });
});

describe("technology requirements: mention is not use", () => {
  const warehouse = "We considered MySQL and SQLite before standardising on PostgreSQL.";

  it.each([
    ["considered", "We considered MySQL and SQLite before standardising on PostgreSQL."],
    ["evaluated", "The team evaluated MySQL for a quarter."],
    ["compared", "Compared with MySQL, the new store halved latency."],
    ["rejected", "MySQL was rejected for lack of JSON support."],
    ["replaced", "We replaced MySQL with PostgreSQL."],
    ["migrated away from", "Orders migrated from MySQL to PostgreSQL in 2022."],
    ["planned", "We plan to adopt MySQL replicas next year."],
    ["negated", "The service no longer uses MySQL."],
  ])("a chunk that names it as %s does not back it", (_, text) => {
    const match = one(techReq("mysql"), { chunks: [chunk("doc", "production-doc", text, [2, 2])] });
    expect(match).toMatchObject({ status: "unsupported", evidence: [] });
    expect(match.note).toMatch(/^docs\/doc\.md:2-2 names MySQL .+, so it backs nothing about it\.$/);
  });

  it("the same chunk backs what it states as used; a second chunk that states use backs", () => {
    const chunks = [chunk("adr", "production-doc", warehouse, [1, 1])];
    expect(one(techReq("postgresql"), { chunks, profile: {} })).toMatchObject({ status: "kb-stated" });
    expect(one(techReq("sqlite"), { chunks })).toMatchObject({ status: "profile-stated" });
    expect(one(techReq("mysql"), { chunks })).toEqual(
      expect.objectContaining({
        status: "unsupported",
        note: 'docs/adr.md:1-1 names MySQL as considered, not used ("considered"), so it backs nothing about it.',
      }),
    );
    const more = [...chunks, chunk("ops", "production-doc", "Backups of MySQL run nightly.", [5, 6])];
    expect(one(techReq("mysql"), { chunks: more })).toMatchObject({
      status: "kb-stated",
      evidence: [{ source: "chunk", ref: "docs/ops.md:5-6" }],
    });
  });
});

describe("years requirements", () => {
  const years = (n: number): Requirement => ({
    id: "R1",
    kind: "years",
    text: `${n}+ years`,
    line: 1,
    optional: false,
    years: n,
    stems: ["year"],
  });

  it("profile-stated when the work dates cover them, citing the earliest start", () => {
    expect(one(years(6))).toEqual({
      requirementId: "R1",
      label: "6+ years",
      requirement: "6+ years",
      kind: "years",
      optional: false,
      status: "profile-stated",
      evidence: [{ source: "profile", ref: "work[0].startDate", text: "2018-06 (6.0 years to 2024-06-01)" }],
    });
  });

  it("unsupported with a note when they do not", () => {
    expect(one(years(7))).toMatchObject({
      status: "unsupported",
      note: "the profile's dates cover 6.0 years",
      evidence: [{ ref: "work[0].startDate" }],
    });
    expect(one(years(1), { profile: {} })).toMatchObject({
      status: "unsupported",
      evidence: [],
      note: "the profile's dates cover 0.0 years",
    });
  });
});

describe("duties", () => {
  it("profile-stated by strings sharing two content words, best first, never a skill keyword", () => {
    const match = one(duty("Tune PostgreSQL checkout queries"));
    expect([match.status, match.evidence.map((e) => e.ref)]).toEqual([
      "profile-stated",
      ["work[0].highlights[1]"],
    ]);
  });

  it("kb-stated by a chunk sharing two content words; stale claims and examples do not count", () => {
    const chunks = [
      chunk("stale", "stale-claim", "Billing runs nightly batch reconciliation."),
      chunk("example", "example", "Billing runs nightly batch reconciliation."),
      chunk("doc", "production-doc", "The billing service runs a nightly reconciliation."),
    ];
    expect(one(duty("Own nightly billing reconciliation"), { chunks })).toMatchObject({
      status: "kb-stated",
      evidence: [{ source: "chunk", ref: "docs/doc.md" }],
    });
    expect(one(duty("Own nightly billing reconciliation"), { chunks: chunks.slice(0, 2) }).status).toBe(
      "unsupported",
    );
  });

  it("one shared word is not enough", () => {
    expect(one(duty("Lead the orders guild"))).toMatchObject({ status: "unsupported", evidence: [] });
  });

  // A long doc holds any two words somewhere: "go" in one item and "marketing" in another back no duty.
  it("kb-stated only when one sentence or list item of a chunk holds the shared words", () => {
    const guide = chunk(
      "guide",
      "production-doc",
      "# Content guide\n\n- Summaries are one sentence, no marketing words.\n- New pages go under `app/`.",
    );
    const launches = chunk("launch", "production-doc", "We plan launches with the go-to-market team.");
    const task = duty("Partner with go-to-market teams on launches");
    expect(one(task, { chunks: [guide] })).toMatchObject({ status: "unsupported", evidence: [] });
    expect(one(task, { chunks: [guide, launches] })).toMatchObject({
      status: "kb-stated",
      evidence: [{ source: "chunk", ref: "docs/launch.md" }],
    });
  });
});

describe("duty thresholds: two shared words for a short line, a quarter of a long one", () => {
  const long =
    "Design, build and operate the checkout platform, owning reliability, capacity planning, incident " +
    "response and cost for services that process orders across every region";

  it.each<[string, string, string[], string]>([
    [
      "a short duty: two shared words back it",
      "Tune checkout queries",
      ["Tuned the checkout queries."],
      "profile-stated",
    ],
    ["a short duty: one shared word does not", "Tune checkout queries", ["Owned checkout."], "unsupported"],
    [
      "a long duty: two common words do not back it",
      long,
      ["Built services for the orders team."],
      "unsupported",
    ],
    [
      "a long duty: a quarter of its words back it",
      long,
      ["Ran incident response and capacity planning for the checkout platform across every region."],
      "profile-stated",
    ],
  ])("%s", (_name, text, highlights, status) => {
    const p: JsonResume = { work: [{ name: "X", startDate: "2020-01", highlights }] };
    expect(one(duty(text), { profile: p }).status).toBe(status);
  });
});

describe("product names the catalog does not know", () => {
  const named = (name: string): Requirement => ({
    id: "R1",
    kind: "name",
    text: `Experience with ${name}`,
    line: 1,
    optional: false,
    name,
    stems: contentStems(`Experience with ${name}`),
  });

  it("profile-stated where the profile names it as a whole word, in any case", () => {
    const p: JsonResume = {
      work: [{ name: "X", highlights: ["Ran meltano pipelines nightly."] }],
      skills: [{ name: "Data", keywords: ["Meltano"] }],
    };
    expect(one(named("Meltano"), { profile: p })).toMatchObject({
      status: "profile-stated",
      label: "Meltano",
      evidence: [
        { source: "profile", ref: "work[0].highlights[0]", text: "Ran meltano pipelines nightly." },
        { source: "profile", ref: "skills[0].keywords[0]", text: "Meltano" },
      ],
    });
  });

  it("not inside another word, nor in the candidate's name or contact details", () => {
    const p: JsonResume = {
      basics: { name: "Meltano Diaz", email: "meltano@example.com" },
      work: [{ name: "X", highlights: ["Ran Meltanox."] }],
    };
    expect(one(named("Meltano"), { profile: p })).toMatchObject({ status: "unsupported", evidence: [] });
  });

  it("kb-stated by a production doc that names it; an example does not count", () => {
    const chunks = [
      chunk("ex", "example", "Meltano pipelines."),
      chunk("doc", "production-doc", "Ingestion runs on Meltano.", [3, 4]),
    ];
    expect(one(named("Meltano"), { profile: {}, chunks })).toMatchObject({
      status: "kb-stated",
      evidence: [{ source: "chunk", ref: "docs/doc.md:3-4" }],
    });
  });
});

describe("years of one technology: the profile's dates for the entries that name it", () => {
  const yearsOf = (n: number, technology: string): Requirement => ({
    id: "R1",
    kind: "years",
    text: `${n}+ years of ${technology}`,
    line: 1,
    optional: false,
    years: n,
    technology,
    stems: [],
  });
  const p: JsonResume = {
    work: [
      { name: "A", startDate: "2016-01", endDate: "2019-01", highlights: ["Ran Kubernetes clusters."] },
      { name: "B", startDate: "2018-01", endDate: "2020-01", position: "Kubernetes operator" },
      { name: "C", startDate: "2020-01", highlights: ["Built PostgreSQL schemas."] },
    ],
  };

  it("merges overlapping entries and cites each with its dates", () => {
    expect(one(yearsOf(4, "kubernetes"), { profile: p })).toEqual({
      requirementId: "R1",
      requirement: "4+ years of kubernetes",
      label: "4+ years Kubernetes",
      kind: "years",
      optional: false,
      technology: "kubernetes",
      status: "profile-stated",
      note: "the profile's dates give Kubernetes 4.0 years",
      evidence: [
        { source: "profile", ref: "work[0]", text: "2016-01 to 2019-01: Ran Kubernetes clusters." },
        { source: "profile", ref: "work[1]", text: "2018-01 to 2020-01: Kubernetes operator" },
      ],
    });
  });

  it("unsupported when the entries naming it cover less, an open entry running to the run's date", () => {
    expect(one(yearsOf(5, "kubernetes"), { profile: p })).toMatchObject({ status: "unsupported" });
    expect(one(yearsOf(4, "postgresql"), { profile: p })).toMatchObject({
      status: "profile-stated",
      note: "the profile's dates give PostgreSQL 4.4 years",
    });
    expect(one(yearsOf(1, "mysql"), { profile: p })).toMatchObject({
      status: "unsupported",
      evidence: [],
      note: "the profile's dates give MySQL 0.0 years",
    });
  });

  it("counts an entry naming a technology that implies it: Amazon EKS is Kubernetes experience", () => {
    const eks: JsonResume = {
      work: [
        {
          name: "D",
          startDate: "2021-01",
          endDate: "2024-01",
          highlights: ["Moved the platform to Amazon EKS."],
        },
      ],
    };
    expect(one(yearsOf(3, "kubernetes"), { profile: eks })).toMatchObject({
      status: "profile-stated",
      note: "the profile's dates give Kubernetes 3.0 years",
      evidence: [
        { source: "profile", ref: "work[0]", text: "2021-01 to 2024-01: Moved the platform to Amazon EKS." },
      ],
    });
    // Not the other way round: Kubernetes experience is not EKS experience.
    expect(one(yearsOf(1, "amazon-eks"), { profile: p })).toMatchObject({ status: "unsupported" });
  });
});

import { describe, expect, it } from "vitest";
import { Catalog, defaultCatalog } from "../../../extractors/catalog.js";
import { extract } from "../../../extractors/extract.js";
import type { ExtractResult } from "../../../core/truth.js";
import {
  citedKind,
  firstPerTechnology,
  listWords,
  newMentions,
  newTechnologies,
  profileStrings,
  technologyBacking,
  unbackedAction,
} from "../../../guards/backing/index.js";
import type { JsonResume } from "../../../core/resume.js";
import type { GuardContext } from "../../../guards/types.js";
import type { Fact } from "../../../core/chunk.js";
import { testEntries } from "../../helpers/catalog.js";

const sample = (name: string) => `samples/repos/${name}`;
const catalog = await defaultCatalog();
const ledger = await extract([sample("ledger-service")], { catalog, history: false });
const infra = await extract([sample("platform-infra")], { catalog, history: false });
const payments = await extract([sample("payments-api")], { catalog, history: false });

const profile: JsonResume = {
  basics: { name: "Ada Park", summary: "Backend engineer building payment systems in Python." },
  work: [{ name: "Quillmark", highlights: ["Ran the ledger API on FastAPI and PostgreSQL."] }],
  skills: [
    { name: "Languages", keywords: ["Python", "SQL"] },
    { name: "AI", keywords: ["LangChain"] },
  ],
  portfolio: { repos: ["./repos/kubernetes-operator"] },
};

function context(parts: { truth?: ExtractResult; facts?: Fact[]; profile?: JsonResume } = {}): GuardContext {
  return { catalog, facts: parts.facts ?? [], truth: parts.truth, profile: parts.profile };
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const child of Object.values(value)) deepFreeze(child);
  }
  return value;
}

describe("profileStrings", () => {
  it("lists every profile string with its field path, without vouch's portfolio key", () => {
    expect(profileStrings(profile)).toEqual([
      { field: "basics.name", text: "Ada Park" },
      { field: "basics.summary", text: "Backend engineer building payment systems in Python." },
      { field: "work[0].name", text: "Quillmark" },
      { field: "work[0].highlights[0]", text: "Ran the ledger API on FastAPI and PostgreSQL." },
      { field: "skills[0].name", text: "Languages" },
      { field: "skills[0].keywords[0]", text: "Python" },
      { field: "skills[0].keywords[1]", text: "SQL" },
      { field: "skills[1].name", text: "AI" },
      { field: "skills[1].keywords[0]", text: "LangChain" },
    ]);
  });

  it("is empty without a profile", () => {
    expect(profileStrings(undefined)).toEqual([]);
  });
});

describe("technologyBacking: the candidate states it", () => {
  it("backs a technology the profile names, citing the field", () => {
    const backing = technologyBacking("langchain", context({ profile, truth: ledger }));
    expect(backing).toEqual({
      backed: true,
      basis: "profile",
      by: [{ source: "profile", ref: "skills[1].keywords[0]", text: "LangChain" }],
      why: "LangChain is stated in the profile (skills[1].keywords[0]).",
    });
  });

  it("wins over truth: a stated example-only vendor is the candidate's own claim", () => {
    const stated = { ...profile, skills: [{ name: "AI", keywords: ["OpenAI API"] }] };
    expect(technologyBacking("openai", context({ profile: stated, truth: ledger }))).toMatchObject({
      backed: true,
      basis: "profile",
      by: [{ source: "profile", ref: "skills[0].keywords[0]", text: "OpenAI API" }],
    });
  });

  it("does not read skills into the candidate's name or links", () => {
    const named: JsonResume = {
      basics: {
        name: "Julia Rust",
        url: "https://example.com/kafka",
        profiles: [{ url: "https://github.com/ada/redis-tools" }],
      },
    };
    for (const id of ["julia", "rust", "kafka", "redis"]) {
      expect(technologyBacking(id, context({ profile: named })).backed, id).toBe(false);
    }
  });

  it("ignores the portfolio key (a repository named kubernetes-operator states nothing)", () => {
    expect(technologyBacking("kubernetes", context({ profile })).backed).toBe(false);
  });
});

describe("technologyBacking: code-derived truth", () => {
  it("backs Amazon EKS by its Terraform", () => {
    expect(technologyBacking("amazon-eks", context({ truth: infra }))).toEqual({
      backed: true,
      basis: "production",
      status: "production",
      by: [
        {
          source: "truth",
          ref: "platform-infra/scripts/bootstrap.sh:19",
          text: 'aws eks update-kubeconfig --region "$REGION" --name "$CLUSTER"',
        },
        {
          source: "truth",
          ref: "platform-infra/terraform/eks.tf:21",
          text: 'resource "aws_eks_cluster" "main"',
        },
        {
          source: "truth",
          ref: "platform-infra/terraform/eks.tf:64",
          text: 'resource "aws_eks_node_group" "default"',
        },
      ],
      why: "Amazon EKS has production evidence: platform-infra/scripts/bootstrap.sh:19, platform-infra/terraform/eks.tf:21, platform-infra/terraform/eks.tf:64.",
    });
  });

  it("does not back an example-only vendor", () => {
    expect(technologyBacking("openai", context({ truth: ledger }))).toEqual({
      backed: false,
      basis: "non-production",
      status: "example-only",
      by: [
        { source: "truth", ref: "ledger-service/examples/requirements.txt:2", text: "openai>=1.30" },
        {
          source: "truth",
          ref: "ledger-service/examples/summarize_with_openai.py:14",
          text: "from openai import OpenAI",
        },
      ],
      why:
        "OpenAI appears only in example code (ledger-service/examples/requirements.txt:2, " +
        "ledger-service/examples/summarize_with_openai.py:14), never in production code.",
    });
  });

  it("backs TypeScript by language bytes although its npm package is tooling-only", () => {
    const bytes = payments.repos[0]!.languages["TypeScript"];
    // Since issue 14 the language that is most of a repository's bytes is production evidence itself.
    expect(payments.technologies.find((t) => t.id === "typescript")?.status).toBe("production");
    const tooling: ExtractResult = {
      ...payments,
      technologies: payments.technologies.map((t) =>
        t.id === "typescript"
          ? { ...t, status: "tooling-only", evidence: t.evidence.filter((e) => e.kind !== "production") }
          : t,
      ),
    };
    expect(technologyBacking("typescript", context({ truth: tooling }))).toEqual({
      backed: true,
      basis: "language",
      status: "tooling-only",
      by: [{ source: "truth", ref: "payments-api", text: `TypeScript: ${bytes} bytes` }],
      why: "The repositories hold TypeScript code (payments-api).",
    });
  });

  it("matches a language by its aliases to the linguist name", () => {
    const shell = technologyBacking("shell", context({ truth: infra }));
    expect(shell).toMatchObject({ backed: true, basis: "language" });
  });

  it("does not treat bytes as backing for something that is not a language", () => {
    // linguist counts "Dockerfile" bytes; Docker is backed by its own production evidence, not by bytes.
    const truth: ExtractResult = {
      ...infra,
      technologies: infra.technologies.filter((t) => t.id !== "docker"),
    };
    expect(technologyBacking("docker", context({ truth })).backed).toBe(false);
  });

  it("backs a test framework seen only in tests: that is its real use", () => {
    expect(technologyBacking("vitest", context({ truth: payments }))).toMatchObject({
      backed: true,
      basis: "native",
      status: "test-only",
    });
    expect(technologyBacking("eslint", context({ truth: payments }))).toMatchObject({
      backed: true,
      basis: "native",
      status: "tooling-only",
    });
  });

  it("does not back a service seen only in tests", () => {
    const truth: ExtractResult = {
      ...ledger,
      technologies: [
        {
          id: "amazon-s3",
          name: "Amazon S3",
          category: "storage",
          status: "test-only",
          evidence: [
            {
              repo: "ledger-service",
              path: "tests/test_exports.py",
              line: 3,
              kind: "test",
              via: "import",
              detail: "from moto import mock_aws",
            },
          ],
        },
      ],
    };
    expect(technologyBacking("amazon-s3", context({ truth }))).toMatchObject({
      backed: false,
      basis: "non-production",
      status: "test-only",
      why: "Amazon S3 appears only in test code (ledger-service/tests/test_exports.py:3), never in production code.",
    });
  });

  it("does not back MySQL, whose only support is a README the code contradicts", () => {
    const backing = technologyBacking("mysql", context({ truth: infra }));
    expect(backing).toMatchObject({ backed: false, basis: "stale-claim" });
    const first = infra.docClaims.find((c) => c.technology === "mysql" && c.stale)!;
    const code = first.contradictedBy![0]!;
    expect(first.path).toBe("docs/architecture.md");
    expect(backing.why).toBe(
      "MySQL is supported only by a stale doc claim (platform-infra/docs/architecture.md:4), " +
        `contradicted by the code (platform-infra/${code.path}:${code.line}).`,
    );
    expect(backing.by).toContainEqual({
      source: "truth",
      ref: "platform-infra/README.md:11",
      text: "Orders are stored in MySQL (a primary with one read replica on dedicated EC2 instances). The `orders`",
    });
    expect(backing.by).toContainEqual({
      source: "truth",
      ref: `platform-infra/${code.path}:${code.line}`,
      text: code.detail,
    });
  });

  it("does not back self-hosted Kubernetes (kubeadm) when Terraform says EKS, even if a fact names it", () => {
    const facts: Fact[] = [{ id: "kb-9", text: "We bootstrap the cluster with kubeadm.", kind: "docs" }];
    const backing = technologyBacking("self-hosted-kubernetes", context({ truth: infra, facts }));
    expect(backing).toMatchObject({ backed: false, basis: "stale-claim" });
    expect(backing.by).toContainEqual({
      source: "truth",
      ref: "platform-infra/terraform/eks.tf:21",
      text: 'resource "aws_eks_cluster" "main"',
    });
  });
});

describe("technologyBacking: known only from doc claims", () => {
  it("is docs-only, not backed, whatever the facts say (vendor-provenance owns it)", () => {
    const facts: Fact[] = [{ id: "kb-1", text: "Bastion hosts run on EC2.", kind: "docs" }];
    expect(technologyBacking("amazon-ec2", context({ truth: infra, facts }))).toEqual({
      backed: false,
      basis: "non-production",
      status: "docs-only",
      by: [
        {
          source: "truth",
          ref: "platform-infra/docs/architecture.md:12",
          text: "Kubernetes is self-managed: kubeadm bootstraps three control-plane nodes on EC2 (m5.large) and the",
        },
        {
          source: "truth",
          ref: "platform-infra/README.md:7",
          text: "The platform runs on a self-hosted Kubernetes cluster provisioned with kubeadm on EC2: three",
        },
        {
          source: "truth",
          ref: "platform-infra/README.md:11",
          text: "Orders are stored in MySQL (a primary with one read replica on dedicated EC2 instances). The `orders`",
        },
      ],
      why:
        "Amazon EC2 appears only in documentation (platform-infra/docs/architecture.md:12, " +
        "platform-infra/README.md:7, platform-infra/README.md:11), never in production code.",
    });
  });

  it("the profile still backs it; stale claims alone are code-truth's, not docs-only", () => {
    const states: JsonResume = { skills: [{ name: "Cloud", keywords: ["EC2"] }] };
    expect(technologyBacking("amazon-ec2", context({ truth: infra, profile: states })).basis).toBe("profile");
    expect(technologyBacking("mysql", context({ truth: infra })).basis).toBe("stale-claim");
  });
});

describe("technologyBacking: grounding facts when truth is silent", () => {
  it("backs a technology a grounding fact names", () => {
    const facts: Fact[] = [
      { id: "kb-1", text: "Moved the nightly reporting warehouse to Snowflake in 2023." },
    ];
    expect(technologyBacking("snowflake", context({ truth: ledger, facts }))).toEqual({
      backed: true,
      basis: "fact",
      by: [
        { source: "fact", ref: "kb-1", text: "Moved the nightly reporting warehouse to Snowflake in 2023." },
      ],
      why: "Snowflake is named by grounding fact kb-1.",
    });
  });

  it("cites a short excerpt of a long fact", () => {
    const text = `${"Intro sentence. ".repeat(20)}\nWe load events into Snowflake every night.\n${"More. ".repeat(40)}`;
    const backing = technologyBacking("snowflake", context({ facts: [{ id: "kb-2", text }] }));
    expect(backing.by).toEqual([
      { source: "fact", ref: "kb-2", text: "We load events into Snowflake every night." },
    ]);
  });

  it("does not count a fact of kind example", () => {
    const facts: Fact[] = [{ id: "kb-3", text: "Example: a LangChain retrieval chain.", kind: "example" }];
    expect(technologyBacking("langchain", context({ truth: ledger, facts }))).toEqual({
      backed: false,
      basis: "unsupported",
      by: [
        { source: "truth", ref: "ledger-service", text: "no evidence of LangChain in 1 repository" },
        { source: "fact", ref: "kb-3", text: "cannot back: an example" },
      ],
      why: "LangChain is named only by an example (kb-3); neither the profile nor production code backs it.",
    });
  });

  it("does not count a fact of kind stale-claim", () => {
    const facts: Fact[] = [{ id: "kb-4", text: "Reports are stored in Snowflake.", kind: "stale-claim" }];
    expect(technologyBacking("snowflake", context({ facts })).backed).toBe(false);
  });

  it("does not count a fact that names it only inside a stale doc claim line", () => {
    const stale =
      "The platform runs on a self-hosted Kubernetes cluster provisioned with kubeadm on EC2: three";
    const facts: Fact[] = [
      { id: "readme#1", text: `# platform-infra\n\n${stale}\ncontrol-plane nodes.`, kind: "docs" },
    ];
    // Truth knows EC2 from its own doc claims too (docs-only): leave those out, so truth is silent about it.
    const silent = { ...infra, docClaims: infra.docClaims.filter((c) => c.technology !== "amazon-ec2") };
    const backing = technologyBacking("amazon-ec2", context({ truth: silent, facts }));
    expect(backing).toMatchObject({ backed: false, basis: "unsupported" });
    expect(backing.by).toContainEqual({
      source: "fact",
      ref: "readme#1",
      text: "cannot back: only inside a stale doc claim line",
    });
    // The same fact naming it outside the stale line does back it.
    const more: Fact[] = [{ id: "readme#2", text: `${stale}\nBastion hosts run on EC2.`, kind: "docs" }];
    expect(technologyBacking("amazon-ec2", context({ truth: silent, facts: more }))).toMatchObject({
      backed: true,
      basis: "fact",
      by: [{ source: "fact", ref: "readme#2", text: "Bastion hosts run on EC2." }],
    });
  });

  it("does not count a fact that only mentions it: mention is not use", () => {
    const facts: Fact[] = [
      {
        id: "adr-7",
        text: "We considered Snowflake and Databricks before standardising on BigQuery.",
        kind: "docs",
      },
    ];
    expect(technologyBacking("snowflake", context({ truth: ledger, facts }))).toEqual({
      backed: false,
      basis: "unsupported",
      by: [
        {
          source: "truth",
          ref: "ledger-service",
          text: "no evidence of Snowflake in 1 repository",
        },
        {
          source: "fact",
          ref: "adr-7",
          text: 'cannot back: names Snowflake as considered, not used ("considered")',
        },
      ],
      why:
        'The only source that names Snowflake (adr-7) names it as considered, not used ("considered"); ' +
        "neither the profile nor production code backs it.",
    });
    expect(technologyBacking("databricks", context({ facts })).backed).toBe(false);
    expect(technologyBacking("google-bigquery", context({ facts }))).toMatchObject({
      backed: true,
      basis: "fact",
    });
  });

  it("counts a fact that mentions it in one sentence and states its use in another", () => {
    const facts: Fact[] = [
      { id: "kb-1", text: "We evaluated Redis in 2021. Sessions are cached in Redis.", kind: "docs" },
    ];
    expect(technologyBacking("redis", context({ facts }))).toMatchObject({
      backed: true,
      basis: "fact",
      by: [{ source: "fact", ref: "kb-1" }],
    });
  });

  it("names every source when several only mention it, and says so beside other rejections", () => {
    const facts: Fact[] = [
      { id: "kb-1", text: "The service no longer uses MongoDB.", kind: "docs" },
      { id: "kb-2", text: "MongoDB was rejected for lack of transactions.", kind: "docs" },
    ];
    expect(technologyBacking("mongodb", context({ facts })).why).toBe(
      'Every source that names MongoDB (kb-1, kb-2) names it as not used ("no longer"); neither the ' +
        "profile nor production code backs it.",
    );
    const mixed: Fact[] = [{ id: "kb-3", text: "Example: a MongoDB client.", kind: "example" }, facts[0]!];
    expect(technologyBacking("mongodb", context({ facts: mixed })).why).toBe(
      "MongoDB is named only by an example (kb-3); neither the profile nor production code backs it.",
    );
  });

  it("says what was checked when nothing backs it", () => {
    expect(technologyBacking("snowflake", context({ profile, truth: infra }))).toEqual({
      backed: false,
      basis: "unsupported",
      by: [
        { source: "profile", ref: "profile", text: "no profile string names Snowflake" },
        { source: "truth", ref: "platform-infra", text: "no evidence of Snowflake in 1 repository" },
        { source: "fact", ref: "facts", text: "none of 0 grounding facts names Snowflake" },
      ],
      why: "Nothing backs Snowflake: the profile does not state it, the code does not use it and no grounding fact names it.",
    });
  });

  it("works without truth or profile", () => {
    expect(technologyBacking("snowflake", context()).why).toBe(
      "Nothing backs Snowflake: no grounding fact names it.",
    );
    const facts: Fact[] = [{ id: "kb-5", text: "Calls the OpenAI API for summaries in production." }];
    expect(technologyBacking("openai", context({ facts })).backed).toBe(true);
  });
});

describe("technologyBacking: purity", () => {
  it("never mutates the context and answers the same twice", () => {
    const frozen = deepFreeze(
      context({ profile, truth: infra, facts: [{ id: "kb-1", text: "Snowflake warehouse." }] }),
    );
    const first = technologyBacking("mysql", frozen);
    expect(technologyBacking("mysql", frozen)).toEqual(first);
    expect(technologyBacking("snowflake", frozen).backed).toBe(true);
  });

  it("works with a small catalog", () => {
    const small: GuardContext = { catalog: new Catalog(testEntries), facts: [], truth: infra };
    expect(technologyBacking("amazon-eks", small).backed).toBe(true);
    expect(newMentions({ field: "text", text: "Ran K8s on EKS", role: "prose" }, small.catalog)).toEqual([
      { id: "kubernetes", start: 4, end: 7, matched: "K8s" },
      { id: "amazon-eks", start: 11, end: 14, matched: "EKS" },
    ]);
  });
});

describe("citedKind", () => {
  const ctx = context({ truth: infra, facts: [{ id: "kb-ex", text: "OpenAI snippet", kind: "example" }] });

  it("knows a stale doc claim line, cited as truth evidence or as a record reference", () => {
    const asEvidence = citedKind(
      { repo: "platform-infra", path: "README.md", line: 11, kind: "docs", via: "config", detail: "MySQL" },
      ctx,
    );
    expect(asEvidence.kind).toBe("stale");
    const asRef = citedKind({ source: "truth", ref: "platform-infra/README.md:11" }, ctx);
    expect(asRef).toEqual({
      kind: "stale",
      claims: infra.docClaims.filter((c) => c.path === "README.md" && c.line === 11 && c.stale),
    });
  });

  it("looks up truth references, facts and the profile", () => {
    expect(citedKind({ source: "truth", ref: "platform-infra/terraform/eks.tf:21" }, ctx)).toEqual({
      kind: "production",
    });
    expect(citedKind({ source: "fact", ref: "kb-ex" }, ctx)).toEqual({ kind: "example" });
    expect(citedKind({ source: "profile", ref: "skills[0].keywords[0]" }, ctx)).toEqual({ kind: "profile" });
    expect(citedKind({ source: "chunk", ref: "unknown-chunk" }, ctx)).toEqual({ kind: "unknown" });
  });
});

describe("unbackedAction", () => {
  it("removes list items, falls back in prose, removes or empties prose without an original", () => {
    expect(unbackedAction({ field: "skills[0].keywords[1]", text: "Snowflake", role: "list-item" })).toEqual({
      action: "remove",
      removeItem: true,
    });
    expect(
      unbackedAction({ field: "work[0].highlights[0]", text: "abc", role: "prose", original: "mine" }),
    ).toEqual({ action: "fallback", edit: { range: [0, 3], text: "mine" } });
    expect(unbackedAction({ field: "work[0].highlights[0]", text: "abc", role: "prose" })).toEqual({
      action: "remove",
      removeItem: true,
    });
    expect(unbackedAction({ field: "basics.summary", text: "abc", role: "prose" })).toEqual({
      action: "remove",
      edit: { range: [0, 3], text: "" },
    });
  });
});

describe("helpers", () => {
  it("skips mentions that are in the candidate's original wording", () => {
    const target = {
      field: "work[0].highlights[0]",
      text: "Scaled Snowflake and dbt jobs",
      role: "prose" as const,
      original: "Maintained Snowflake loads",
    };
    expect(newMentions(target, catalog).map((m) => m.id)).toEqual(["dbt"]);
  });

  it("joins words", () => {
    expect(listWords(["A"])).toBe("A");
    expect(listWords(["A", "B", "C"])).toBe("A, B and C");
  });
});

describe("the technologies a string names (asked by three guards)", () => {
  const texts = [
    "Scaled Snowflake and dbt jobs on Snowflake, then dbt again, on AWS and Amazon EKS with K8s.",
    "We run on self-hosted Kubernetes (kubeadm) with Postgres, postgresql and MySQL.",
    "Built in Go and Golang; Node.js 20 and Node; a .NET 8 service; café Redis.",
    "",
  ];

  it.each(texts)("firstMentions is the first of findMentions per technology: %s", (text) => {
    expect(catalog.firstMentions(text)).toEqual(firstPerTechnology(catalog.findMentions(text)));
  });

  it("newTechnologies is firstPerTechnology(newMentions), and the same on a second ask", () => {
    const ctx = context({ truth: ledger });
    for (const text of texts) {
      for (const original of [undefined, "", "Maintained Snowflake loads", texts[1]!]) {
        const target = { field: "work[0].highlights[0]", text, role: "prose" as const, original };
        const expected = firstPerTechnology(newMentions(target, catalog));
        expect(newTechnologies(target, ctx)).toEqual(expected);
        expect(newTechnologies(target, ctx)).toEqual(expected);
      }
    }
  });

  it("gives each caller its own copy of a backing", () => {
    const ctx = context({ truth: infra });
    const first = technologyBacking("amazon-eks", ctx);
    first.by[0]!.ref = "changed";
    first.by.push({ source: "fact", ref: "x" });
    expect(technologyBacking("amazon-eks", ctx)).toEqual(
      technologyBacking("amazon-eks", context({ truth: infra })),
    );
    expect(technologyBacking("amazon-eks", ctx).by[0]!.ref).not.toBe("changed");
  });
});

import { describe, expect, it } from "vitest";
import { defaultCatalog } from "../../extractors/catalog.js";
import { extract } from "../../extractors/extract.js";
import { claimNet } from "../../guards/claim-net.js";
import { codeTruth } from "../../guards/code-truth.js";
import type { JsonResume } from "../../core/resume.js";
import { guardString } from "../../guards/run-string.js";
import type { GuardContext, TextTarget } from "../../guards/types.js";
import type { Fact } from "../../core/chunk.js";
import { vendorProvenance } from "../../guards/vendor-provenance.js";
import { testTextGuard, textFindings } from "./rule-tester.js";

const catalog = await defaultCatalog();
// Three sample repositories together: OpenAI only in ledger-service's examples/, MySQL and kubeadm only in
// platform-infra's stale docs, TypeScript a tooling-only npm package but 11 KB of payments-api code.
const truth = await extract(
  ["samples/repos/ledger-service", "samples/repos/platform-infra", "samples/repos/payments-api"],
  { catalog, history: false },
);
const staleReadmeLine = truth.docClaims.find((c) => c.path === "README.md" && c.line === 7 && c.stale)!.text;

// Truth without EC2's own doc claims, which make EC2 docs-only (vendor-provenance's): silent about it.
const silentOnEc2 = {
  ...truth,
  docClaims: truth.docClaims.filter((c) => c.technology !== "amazon-ec2"),
};

// Mention is not use: the decision record the issue starts from.
const warehouseAdr: Fact = {
  id: "adr-7",
  text: "We considered Snowflake and Databricks before standardising on BigQuery.",
  kind: "docs",
};
const facts = (...texts: string[]): Fact[] =>
  texts.map((text, i) => ({ id: `kb-${i + 1}`, text, kind: "docs" }));

const profile: JsonResume = {
  basics: { name: "Ada Park", summary: "Backend engineer building payment and ledger systems." },
  work: [{ name: "Quillmark", highlights: ["Built the ledger API and its nightly exports"] }],
  skills: [{ name: "AI", keywords: ["LangChain"] }],
};

const warehouseFact: Fact = {
  id: "kb-1",
  text: "Moved nightly reporting from cron scripts to Snowflake tasks.",
};
const exampleFact: Fact = {
  id: "kb-2",
  text: "Example: a LangChain retrieval chain over the docs.",
  kind: "example",
};
const staleFact: Fact = {
  id: "readme#1",
  text: `# platform-infra\n${staleReadmeLine}\ncontrol-plane nodes`,
  kind: "docs",
};

testTextGuard(claimNet, {
  valid: [
    {
      name: "Amazon EKS backed by Terraform",
      text: "Deployed the orders service to Amazon EKS with Terraform and Helm",
      context: { truth },
    },
    {
      name: "K8s is an alias of Kubernetes",
      text: "Ran K8s workloads behind a NetworkPolicy",
      context: { truth },
    },
    {
      name: "TypeScript backed by language bytes though its npm package is tooling-only",
      text: "TypeScript",
      role: "list-item",
      field: "skills[0].keywords[1]",
      context: { truth },
    },
    { name: "Python and Go from production code", text: "Python and Go services", context: { truth } },
    {
      name: "a grounding fact backs what the code is silent about",
      text: "Moved reporting to Snowflake",
      context: { truth, facts: [warehouseFact] },
    },
    {
      name: "the profile states LangChain",
      text: "LangChain",
      role: "list-item",
      context: { truth, profile },
    },
    {
      name: "a technology in the candidate's original wording",
      text: "Led the Snowflake reporting migration end to end",
      original: "Helped move reports to Snowflake",
      context: { truth },
    },
    {
      name: "example-only OpenAI is vendor-provenance's",
      text: "Shipped OpenAI summaries",
      context: { truth },
    },
    { name: "stale MySQL is code-truth's", text: "Tuned MySQL replicas", context: { truth } },
    {
      name: "no technology named",
      text: "Mentored four engineers and ran the on-call rotation",
      context: { truth },
    },
    {
      name: "a name the catalog does not know, stated in the profile",
      field: "skills[0].keywords[0]",
      role: "list-item",
      text: "Kubecost",
      context: {
        truth,
        profile: { ...profile, work: [{ name: "Quillmark", highlights: ["Ran Kubecost for 40 teams"] }] },
      },
    },
    {
      name: "an unknown name stated in the plural",
      field: "skills[0].keywords[0]",
      role: "list-item",
      text: "REST API",
      context: {
        truth,
        profile: { ...profile, skills: [{ name: "Design", keywords: ["Versioned REST APIs"] }] },
      },
    },
    {
      name: "an unknown name a production-kind fact states",
      field: "skills[0].keywords[0]",
      role: "list-item",
      text: "Kratix",
      context: {
        truth,
        facts: [{ id: "truth-1", text: "Kratix promises in platform-infra/promises/", kind: "production" }],
      },
    },
    {
      name: "a slash inside a name does not split it",
      field: "skills[0].keywords[0]",
      role: "list-item",
      text: "CI/CD",
      context: {
        truth,
        profile: { ...profile, skills: [{ name: "Delivery", keywords: ["CI/CD pipelines"] }] },
      },
    },
    {
      name: "mention is not use: the technology the decision record standardised on is backed",
      field: "work[0].highlights[1]",
      text: "Standardised the warehouse on BigQuery",
      context: { truth, facts: [warehouseAdr] },
    },
    {
      name: "mention is not use: a migration to a technology backs it",
      text: "Moved the orders store to PostgreSQL",
      context: { facts: facts("Orders migrated from MySQL to PostgreSQL in 2022.") },
    },
    {
      name: "mention is not use: the replacement backs, the replaced does not",
      text: "Kafka",
      role: "list-item",
      context: { facts: facts("We replaced RabbitMQ with Kafka for event delivery.") },
    },
    {
      name: "mention is not use: rejected in favour of another backs the other",
      text: "BigQuery",
      role: "list-item",
      context: { facts: facts("We rejected Snowflake in favour of BigQuery.") },
    },
    {
      name: "mention is not use: 'instead of polling' states use of Kafka",
      text: "Streamed ledger events through Kafka",
      context: { facts: facts("The ledger uses Kafka instead of polling.") },
    },
    {
      name: "mention is not use: 'not only Kafka but also' states use of Kafka",
      text: "Kafka",
      role: "list-item",
      context: { facts: facts("We use not only Kafka but also RabbitMQ for retries.") },
    },
    {
      name: "mention is not use: a negation in another clause does not leak",
      text: "Ran the service on Kubernetes",
      context: { facts: facts("We do not page on-call at night; the service runs on Kubernetes.") },
    },
    {
      name: "mention is not use: another sentence of the same fact states use",
      text: "Cached sessions in Redis",
      context: { facts: facts("We evaluated Redis in 2021. Sessions are cached in Redis.") },
    },
    {
      name: "mention is not use: another fact states use",
      text: "Snowflake",
      role: "list-item",
      context: { truth, facts: [warehouseAdr, ...facts("Snowflake tasks load the nightly reports.")] },
    },
    {
      name: "unknown names in prose are the verifier's",
      field: "work[0].highlights[0]",
      text: "Rolled out Kubecost and Kratix",
      context: { truth },
    },
  ],
  invalid: [
    {
      name: "a skill the catalog does not know and nothing states (the closed world)",
      field: "skills[0].keywords[2]",
      role: "list-item",
      text: "Kubecost",
      context: { truth, profile },
      findings: [{ rule: "unknown-skill", actual: "Kubecost", action: "remove" }],
      output: null,
    },
    {
      name: "a keyword of two unknown names",
      field: "skills[0].keywords[2]",
      role: "list-item",
      text: "Devbox / Spacelift",
      context: { truth, profile },
      findings: [{ rule: "unknown-skill", actual: "Devbox, Spacelift", action: "remove" }],
      output: null,
    },
    {
      name: "an unknown name only a docs-kind fact states",
      field: "skills[0].keywords[2]",
      role: "list-item",
      text: "Okteto",
      context: {
        truth,
        facts: [{ id: "doc-1", text: "We evaluated Okteto for dev environments.", kind: "docs" }],
      },
      findings: [{ rule: "unknown-skill", actual: "Okteto", action: "remove" }],
      output: null,
    },
    {
      name: "an invented skill disguised with a Cyrillic letter is still that skill",
      field: "skills[0].keywords[3]",
      role: "list-item",
      text: "Sn\u043ewflake",
      context: { truth, profile },
      findings: [{ rule: "unbacked-technology", actual: "Sn\u043ewflake", action: "remove" }],
      output: null,
    },
    {
      name: "an invented skill is removed from the skill list",
      field: "skills[0].keywords[3]",
      role: "list-item",
      text: "Snowflake",
      context: { truth, profile },
      findings: [{ rule: "unbacked-technology", actual: "Snowflake", action: "remove" }],
      output: null,
    },
    {
      name: "a highlight naming an unbacked vendor falls back to the original",
      field: "work[0].highlights[0]",
      text: "Built Claude-powered summaries of the ledger API's nightly exports",
      original: "Built the ledger API and its nightly exports",
      context: { truth, profile },
      findings: [{ rule: "unbacked-technology", actual: "Claude", action: "fallback" }],
      output: "Built the ledger API and its nightly exports",
    },
    {
      name: "an unbacked vendor in full-width letters",
      field: "work[0].highlights[0]",
      text: "Moved the warehouse to Ｓｎｏｗｆｌａｋｅ",
      original: "Built the ledger API and its nightly exports",
      context: { truth, profile },
      findings: [{ rule: "unbacked-technology", actual: "Ｓｎｏｗｆｌａｋｅ", action: "fallback" }],
      output: "Built the ledger API and its nightly exports",
    },
    {
      name: "an unbacked vendor with a soft hyphen inside",
      field: "work[0].highlights[0]",
      text: "Moved the warehouse to Snow\u00adflake",
      original: "Built the ledger API and its nightly exports",
      context: { truth, profile },
      findings: [{ rule: "unbacked-technology", actual: "Snow\u00adflake", action: "fallback" }],
      output: "Built the ledger API and its nightly exports",
    },
    {
      name: "a fact of kind example does not back",
      field: "skills[1].keywords[0]",
      role: "list-item",
      text: "LangChain",
      context: { truth, facts: [exampleFact] },
      findings: [{ rule: "unbacked-technology", actual: "LangChain", action: "remove" }],
      output: null,
    },
    {
      name: "a fact naming it only inside a stale doc claim line does not back",
      field: "work[0].highlights[3]",
      text: "Ran the control plane on EC2 instances",
      context: { truth: silentOnEc2, facts: [staleFact] },
      findings: [{ rule: "unbacked-technology", actual: "EC2", action: "remove" }],
      output: null,
    },
    {
      name: "a summary without an original is dropped",
      field: "basics.summary",
      text: "Data engineer fluent in Snowflake and dbt",
      context: { truth },
      findings: [{ rule: "unbacked-technology", actual: "Snowflake, dbt", action: "remove" }],
      output: "",
    },
    {
      name: "only the unbacked one of several is named",
      field: "projects[0].description",
      text: "FastAPI service on PostgreSQL with Snowflake exports",
      original: "A FastAPI ledger service",
      context: { truth },
      findings: [{ rule: "unbacked-technology", actual: "Snowflake", action: "fallback" }],
      output: "A FastAPI ledger service",
    },
    {
      name: "no truth and no facts: nothing backs it",
      text: "Kafka",
      role: "list-item",
      context: {},
      findings: [{ rule: "unbacked-technology", actual: "Kafka", action: "remove" }],
      output: null,
    },
    {
      name: "mention is not use: the decision record's considered Snowflake backs no migration to it",
      field: "work[0].highlights[1]",
      text: "Migrated the warehouse to Snowflake",
      original: "Ran the nightly warehouse loads",
      context: { truth, profile, facts: [warehouseAdr] },
      findings: [{ rule: "unbacked-technology", actual: "Snowflake", action: "fallback" }],
      output: "Ran the nightly warehouse loads",
    },
    {
      name: "mention is not use: nor a Databricks skill",
      field: "skills[1].keywords[1]",
      role: "list-item",
      text: "Databricks",
      context: { truth, profile, facts: [warehouseAdr] },
      findings: [{ rule: "unbacked-technology", actual: "Databricks", action: "remove" }],
      output: null,
    },
    ...(
      [
        ["considered", "MongoDB", "The team considered MongoDB for the catalog."],
        ["evaluated", "Databricks", "The data team evaluated Databricks for a quarter."],
        ["compared", "Redshift", "We compared Redshift with BigQuery on cost."],
        ["rejected", "MongoDB", "MongoDB was rejected for lack of transactions."],
        ["replaced", "RabbitMQ", "We replaced RabbitMQ with Kafka for event delivery."],
        ["migrated away from", "MySQL", "Orders migrated from MySQL to PostgreSQL in 2022."],
        ["retired", "Memcached", "The Memcached tier was retired in 2021."],
        ["planned", "Kafka", "We plan to adopt Kafka next year."],
        ["negated: no longer", "MongoDB", "The service no longer uses MongoDB."],
        ["negated: does not use", "Redis", "The API does not use Redis."],
        ["negated: rather than", "Kafka", "Events go through SQS rather than Kafka."],
        ["negated: not", "ECS", "Services deploy to Kubernetes, not ECS."],
      ] as const
    ).map(([family, name, sentence]) => ({
      name: `mention is not use: ${family}`,
      field: "work[0].highlights[2]",
      text: `Ran production workloads on ${name}`,
      context: { facts: facts(sentence) },
      findings: [{ rule: "unbacked-technology", actual: name, action: "remove" as const }],
      output: null,
    })),
    {
      name: "a stale-claim fact does not back when truth is absent",
      text: "Scaled MySQL replicas",
      context: { facts: [{ id: "kb-3", text: "Orders are stored in MySQL.", kind: "stale-claim" }] },
      findings: [{ rule: "unbacked-technology", actual: "MySQL", action: "remove" }],
      output: "",
    },
  ],
});

describe("claim-net findings", () => {
  const context: GuardContext = { catalog, facts: [], truth, profile };

  it("name the technology, give a reason and the evidence that was checked", () => {
    expect(
      textFindings(
        claimNet,
        { field: "skills[0].keywords[3]", text: "Snowflake", role: "list-item" },
        context,
      ),
    ).toEqual([
      {
        guard: "claim-net",
        rule: "unbacked-technology",
        action: "remove",
        removeItem: true,
        field: "skills[0].keywords[3]",
        reason:
          "Snowflake: named in AI-written text without backing. Nothing backs Snowflake: the profile does not state it, " +
          "the code does not use it and no grounding fact names it.",
        actual: "Snowflake",
        evidence: [
          { source: "profile", ref: "profile", text: "no profile string names Snowflake" },
          {
            source: "truth",
            ref: "ledger-service, platform-infra, payments-api",
            text: "no evidence of Snowflake in 3 repositories",
          },
          { source: "fact", ref: "facts", text: "none of 0 grounding facts names Snowflake" },
        ],
      },
    ]);
  });

  it("cite the fact that could not back", () => {
    const [finding] = textFindings(
      claimNet,
      { field: "text", text: "LangChain pipelines", role: "prose" },
      { catalog, facts: [exampleFact], truth },
    );
    expect(finding?.evidence).toContainEqual({
      source: "fact",
      ref: "kb-2",
      text: "cannot back: an example",
    });
    expect(finding?.reason).toBe(
      "LangChain: named in AI-written text without backing. LangChain is named only by an example (kb-2); " +
        "neither the profile nor production code backs it.",
    );
  });
});

describe("claim-net findings: mention is not use", () => {
  it("say why the only source cannot back: it names the technology as considered, not used", () => {
    const [finding] = textFindings(
      claimNet,
      {
        field: "work[0].highlights[1]",
        text: "Migrated the warehouse to Snowflake",
        role: "prose",
        original: "Ran the nightly warehouse loads",
      },
      { catalog, facts: [warehouseAdr], truth, profile },
    );
    expect(finding).toEqual({
      guard: "claim-net",
      rule: "unbacked-technology",
      action: "fallback",
      edit: { range: [0, 35], text: "Ran the nightly warehouse loads" },
      field: "work[0].highlights[1]",
      reason:
        "Snowflake: named in AI-written text without backing. The only source that names Snowflake (adr-7) " +
        'names it as considered, not used ("considered"); neither the profile nor production code backs it.',
      actual: "Snowflake",
      evidence: [
        { source: "profile", ref: "profile", text: "no profile string names Snowflake" },
        {
          source: "truth",
          ref: "ledger-service, platform-infra, payments-api",
          text: "no evidence of Snowflake in 3 repositories",
        },
        {
          source: "fact",
          ref: "adr-7",
          text: 'cannot back: names Snowflake as considered, not used ("considered")',
        },
      ],
    });
  });
});

describe("one mention, one guard", () => {
  const context: GuardContext = { catalog, facts: [], truth };
  const guards = [vendorProvenance, codeTruth, claimNet];
  const owners = (text: string) =>
    guards.flatMap((g) =>
      textFindings(g, { field: "text", text, role: "prose" }, context).map(() => g.meta.id),
    );

  it.each([
    ["Shipped OpenAI summaries", ["vendor-provenance"]],
    ["Bootstrapped clusters with kubeadm", ["code-truth"]],
    ["Loaded data into Snowflake", ["claim-net"]],
    ["Ran bastion hosts on EC2", ["vendor-provenance"]],
    ["Ran K8s on Amazon EKS with TypeScript services", []],
  ])("%s", (text, expected) => {
    expect(owners(text)).toEqual(expected);
  });

  it("the chain falls back once and later guards find the candidate's wording clean", () => {
    const target: TextTarget = {
      field: "work[0].highlights[0]",
      text: "Built OpenAI summaries on MySQL and Snowflake",
      role: "prose",
      original: "Built the ledger API and its nightly exports",
    };
    const result = guardString(target, guards, context);
    expect(result.text).toBe("Built the ledger API and its nightly exports");
    expect(result.records.map((r) => [r.guard, r.action])).toEqual([["vendor-provenance", "fallback"]]);
  });
});

// Mention is not use: a table of sentences, the mention marked with [brackets], and what the cue module says.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse as parseYaml } from "yaml";
import { InputError } from "../../core/errors.js";
import { assetPath } from "../../core/paths.js";
import {
  type UseCueData,
  compileUseCues,
  defaultUseCues,
  docClaimUseCues,
  listLeadIn,
  loadUseCues,
  mentionOnly,
  mentionUse,
} from "../../core/use-cues.js";

/** `"We considered [Snowflake]."` → the text without brackets and the mention's offsets. */
function marked(sentence: string): [string, number, number] {
  const start = sentence.indexOf("[");
  const end = sentence.indexOf("]") - 1;
  if (start < 0 || end < start) throw new Error(`no [mention] in ${sentence}`);
  return [sentence.replace("[", "").replace("]", ""), start, end];
}

function use(sentence: string) {
  const [text, start, end] = marked(sentence);
  return mentionUse(text, start, end);
}

// [family, cue as written, sentence]
const MENTION_ONLY: [string, string, string][] = [
  ["considered", "considered", "We considered [Snowflake] and Databricks before standardising on BigQuery."],
  ["considered", "considered", "We considered Snowflake and [Databricks] before standardising on BigQuery."],
  ["considered", "considering", "The team is considering [Temporal] for workflows."],
  ["considered", "was considered", "[Cassandra] was considered but the write volume did not justify it."],
  ["considered", "looked at", "We looked at [Pulumi], Terraform CDK and Crossplane."],
  ["considered", "Alternatives such as", "Alternatives such as [Airflow] were too heavy for two jobs."],
  ["evaluated", "evaluated", "We evaluated Snowflake, Databricks and [Redshift]."],
  ["evaluated", "evaluating", "After evaluating [Pinecone], the team kept pgvector."],
  ["evaluated", "were evaluated", "[LangChain] and LlamaIndex were evaluated."],
  ["evaluated", "trialled", "We trialled [Datadog] for a month."],
  ["evaluated", "trial", "Our [Snowflake] trial ended without a contract."],
  ["evaluated", "pilot of", "A pilot of [Backstage] ran for one quarter."],
  ["compared", "Unlike", "Unlike [Jenkins], GitHub Actions needed no servers."],
  ["rejected", "ditched", "The team ditched [MongoDB] for PostgreSQL."],
  ["rejected", "ripped out", "We ripped out [Elasticsearch] last spring."],
  ["negated", "is used nowhere", "[Terraform] is used nowhere; everything is Pulumi."],
  ["evaluated", "proof of concept with", "A proof of concept with [Kafka] showed no gain."],
  ["compared", "compared", "We compared [Snowflake] with BigQuery on cost."],
  ["compared", "compared", "We compared Snowflake with [BigQuery] on cost."],
  ["compared", "Compared with", "Compared with [MySQL], PostgreSQL gave faster queries."],
  ["compared", "benchmarked against", "Our queue was benchmarked against [RabbitMQ]."],
  ["compared", "vs", "[Snowflake] vs BigQuery for analytics"],
  ["compared", "vs.", "Snowflake vs. [BigQuery] for analytics"],
  ["compared", "versus", "Latency of [Redis] versus Memcached"],
  ["rejected", "rejected", "We rejected [Snowflake] in favour of BigQuery."],
  ["rejected", "ruled out", "Security ruled out [Firebase] early."],
  ["rejected", "decided against", "The team decided against [GraphQL]."],
  ["rejected", "was rejected", "[MongoDB] was rejected for lack of transactions."],
  ["rejected", "dropped", "We dropped [Elasticsearch] last year."],
  ["replaced", "was replaced", "[MySQL] was replaced by PostgreSQL in 2022."],
  ["replaced", "replaced", "We replaced [MySQL] with PostgreSQL."],
  ["replaced", "replaced", "Kafka replaced [RabbitMQ] for event delivery."],
  ["replaced", "superseded by", "The old [Jenkins] pipeline, superseded by GitHub Actions, is archived."],
  ["migrated-from", "migrated from", "We migrated from [MySQL] to PostgreSQL."],
  ["migrated-from", "moved off", "In 2023 the team moved off [Heroku] onto AWS."],
  ["migrated-from", "migration from", "The migration from [Oracle] to Aurora took a quarter."],
  ["migrated-from", "switched away from", "We switched away from [Travis CI]."],
  ["retired", "decommissioned", "We decommissioned [Consul] once Kubernetes did discovery."],
  ["retired", "was retired", "The [Memcached] tier was retired."],
  ["planned", "plan to", "We plan to adopt [Kafka] next year."],
  ["planned", "will move to", "The team will move to [Kubernetes]."],
  ["planned", "roadmap", "[OpenTelemetry] tracing is on the roadmap."],
  ["planned", "Roadmap", "Roadmap items include [Kafka] and gRPC."],
  ["planned", "is planned", "[GraphQL] support is planned."],
  ["planned", "In the future", "In the future we may offer [Redis] caching."],
  ["negated", "does not use", "The service does not use [MongoDB]."],
  ["negated", "doesn't use", "The service doesn't use [MongoDB]."],
  ["negated", "does not currently use", "The service does not currently use [Kafka]."],
  ["negated", "no longer", "The service no longer uses [MongoDB]."],
  ["negated", "is no longer used", "[MongoDB] is no longer used."],
  ["negated", "is not used", "[Redis] is not used in production."],
  ["negated", "never", "We never used [Redis]."],
  ["negated", "has never", "The project has never used [Docker Swarm]."],
  ["negated", "without", "It runs without [Redis]."],
  ["negated", "Instead of", "Instead of [Kafka], we use SQS."],
  ["negated", "instead of", "It uses SQS instead of [Kafka]."],
  ["negated", "rather than", "It uses SQS rather than [Kafka]."],
  ["negated", "not", "Deploys to Kubernetes, not [ECS]."],
  ["negated", "not", "The queue is not [RabbitMQ] but Kafka."],
];

// Sentences that still state use of the marked technology.
const USED: string[] = [
  // Exceptives end a negation: what they name is what is used.
  "The service does not use anything other than [OpenAI] for summaries.",
  "Orders never touch anything except [MySQL].",
  "We run no database apart from [PostgreSQL].",
  "We considered Snowflake and Databricks before standardising on [BigQuery].",
  "We standardised on [BigQuery].",
  "The team ditched MongoDB for [PostgreSQL].",
  "Removed 40% of the toil with [Terraform] modules.",
  "Ran the [Kubernetes] pilot through to production in 2022.",
  "We migrated from MySQL to [PostgreSQL].",
  "Migrated the warehouse to [Snowflake].",
  "We migrated to [Kubernetes] in 2021.",
  "[PostgreSQL] replaced MySQL in 2022.",
  "MySQL was replaced by [PostgreSQL] in 2022.",
  "We replaced MySQL with [PostgreSQL].",
  "[Kafka] replaced RabbitMQ for event delivery.",
  "We rejected Snowflake in favour of [BigQuery].",
  "We evaluated Snowflake and adopted [BigQuery].",
  "Compared with MySQL, [PostgreSQL] gave faster queries.",
  "After evaluating Pinecone, the team kept [pgvector].",
  "It uses [Kafka] instead of polling.",
  "It uses [SQS] rather than Kafka.",
  "Instead of Kafka, we use [SQS].",
  "Deploys to [Kubernetes], not ECS.",
  "The queue is not RabbitMQ but [Kafka].",
  "We use not only [Kafka] but also RabbitMQ.",
  "We use not just [Postgres] but also its extensions.",
  "We do not page on-call at night; the service runs on [Kubernetes].",
  "We do not page on-call at night, and the service runs on [Kubernetes].",
  "The API is not exposed publicly and runs on [AWS Lambda].",
  "Deploys without downtime using [Argo CD].",
  "Nothing reaches production without passing the [Playwright] suite.",
  "We never deploy without running [Cypress] first.",
  "Do not run [Terraform] by hand; CI applies it.",
  "Never commit secrets to [Git].",
  "We use [BigQuery]. We considered Snowflake.",
  "- Considered Snowflake\n- Runs on [BigQuery]",
  "Latency dropped 40% with [Redis].",
  "[Kafka] is considered the standard for event streaming here.",
  "The service stores sessions in [Redis] and uses PostgreSQL for orders.",
  "Runs on [Kubernetes] (we evaluated Nomad first).",
];

describe("mentionUse: mention-only cues", () => {
  it.each(MENTION_ONLY)("%s: %s in %j", (family, cue, sentence) => {
    const found = use(sentence);
    expect(found).toMatchObject({ used: false, family, cue });
    const [text] = marked(sentence);
    expect(text.slice(...found.cueRange!).replace(/\s+/g, " ")).toBe(cue);
  });

  it("says how a record words the mention", () => {
    expect(use("We considered [Snowflake] before standardising on BigQuery.").says).toBe(
      "as considered, not used",
    );
    expect(use("The service does not use [MongoDB].").says).toBe("as not used");
  });

  it("has a case for every family of the shipped list", () => {
    const families = new Set(defaultUseCues().cues.map((c) => c.family));
    expect(new Set(MENTION_ONLY.map(([family]) => family))).toEqual(families);
  });
});

describe("mentionUse: sentences that still state use", () => {
  it.each(USED)("%j", (sentence) => {
    expect(use(sentence)).toEqual({ used: true });
  });

  it("says nothing against a mention outside any sentence's cue", () => {
    expect(mentionUse("", 0, 0)).toEqual({ used: true });
    expect(mentionOnly("Redis", 0, 5)).toBe(false);
  });

  it("reads each mention of one text on its own", () => {
    const text = "We considered Snowflake and Databricks before standardising on BigQuery.";
    const at = (name: string) => [text.indexOf(name), text.indexOf(name) + name.length] as const;
    expect(["Snowflake", "Databricks", "BigQuery"].map((n) => mentionOnly(text, ...at(n)))).toEqual([
      true,
      true,
      false,
    ]);
  });

  it("reads Markdown link markup as the link's text, not as clause punctuation", () => {
    const text = 'We plan to adopt [OpenAI](https://openai.com "site") and K8s next year.';
    const at = (name: string) => [text.indexOf(name), text.indexOf(name) + name.length] as const;
    expect(mentionUse(text, ...at("K8s"))).toMatchObject({ used: false, cue: "plan to" });
    expect(mentionOnly(text, ...at("OpenAI"))).toBe(true);
  });

  it("reads the sentence the mention is in, across soft line breaks", () => {
    const text = "We evaluated\nSnowflake for a quarter. We run BigQuery.";
    expect(mentionOnly(text, 13, 22)).toBe(true);
    expect(mentionOnly(text, text.indexOf("BigQuery"), text.indexOf("BigQuery") + 8)).toBe(false);
  });
});

describe("the cue list", () => {
  const minimal: UseCueData = {
    families: { considered: { says: "as considered", cues: [{ phrase: "mulled over", scope: "after" }] } },
    boundaries: ["but"],
    "clause-starters": ["we"],
    verbs: ["is"],
    "not-verbs": [],
    instructions: "do not",
  };

  it("is data: a compiled list decides with its own phrases", () => {
    const cues = compileUseCues(minimal);
    expect(mentionUse("We mulled over Kafka.", 15, 20, cues)).toMatchObject({
      used: false,
      cue: "mulled over",
    });
    expect(mentionUse("We considered Kafka.", 14, 19, cues)).toEqual({ used: true });
  });

  it("rejects a file that does not follow the schema, naming file, line and field", () => {
    const dir = mkdtempSync(join(tmpdir(), "use-cues-"));
    const file = join(dir, "cues.yaml");
    writeFileSync(
      file,
      "families:\n  considered:\n    says: x\n    cues:\n      - { phrase: considered, scope: sideways }\n" +
        "boundaries: []\nclause-starters: []\nverbs: []\nnot-verbs: []\ninstructions: do not\n",
    );
    try {
      expect(() => loadUseCues(file)).toThrow(InputError);
      expect(() => loadUseCues(file)).toThrow(
        /cues\.yaml: line 5: field "families\.considered\.cues\[0\]\.scope"/,
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it("reads a phrase that does not fold (another script) through its Unicode pattern", () => {
    const french = structuredClone(minimal);
    french.families.considered!.cues[0]!.phrase = "évalué";
    const cues = compileUseCues(french);
    expect(cues.folded).toBeUndefined();
    expect(mentionUse("Nous avons ÉVALUÉ Kafka.", 18, 23, cues)).toMatchObject({
      used: false,
      cue: "ÉVALUÉ",
    });
    expect(mentionUse("Nous avons réévalué Kafka.", 20, 25, cues)).toEqual({ used: true });
    expect(compileUseCues(minimal).folded).toBeDefined();
    expect(docClaimUseCues().folded).toBeDefined();
  });

  it("decides alike through the folded patterns and the Unicode ones", () => {
    const shipped = parseYaml(readFileSync(assetPath("core", "use-cues.yaml"), "utf8")) as UseCueData;
    const unfolded = structuredClone(shipped);
    unfolded.families.considered!.cues.push({ phrase: "évalué", scope: "after" });
    const slow = compileUseCues(unfolded, { docClaims: true });
    const fast = compileUseCues(shipped, { docClaims: true });
    expect(slow.folded).toBeUndefined();
    expect(fast.folded).toBeDefined();
    const sentences = [
      "We considered Snowflake before standardising on BigQuery.",
      "We ſpiked on Kafka, then \u212Aept Redis.",
      "Redis isn’t\u00a0used any more; Kafka is.",
      "The 𝐀team evaluated Kafka and ran Redis.",
      "Décidé: we decided against Kafka; we run Redis.",
      "Kafka vs. Pulsar: we chose Kafka 😀 and dropped 3 Redis nodes.",
      "It works with Kafka, Redis and NATS.",
      "We are migrating away from MySQL to PostgreSQL.",
    ];
    for (const text of sentences) {
      for (const name of [
        "Snowflake",
        "BigQuery",
        "Kafka",
        "Redis",
        "Pulsar",
        "NATS",
        "MySQL",
        "PostgreSQL",
      ]) {
        const at = text.indexOf(name);
        if (at < 0) continue;
        expect([text, name, mentionUse(text, at, at + name.length, fast)]).toEqual([
          text,
          name,
          mentionUse(text, at, at + name.length, slow),
        ]);
      }
      expect(listLeadIn(text, fast)).toEqual(listLeadIn(text, slow));
    }
  });

  it("rejects a phrase that is not a valid pattern", () => {
    const broken = structuredClone(minimal);
    broken.families.considered!.cues[0]!.phrase = "mulled (over";
    expect(() => compileUseCues(broken)).toThrow(SyntaxError);
  });
});

describe("doc claims' own family: what a library supports (issue 14)", () => {
  const docUse = (sentence: string) => {
    const [text, start, end] = marked(sentence);
    return mentionUse(text, start, end, docClaimUseCues());
  };

  it.each([
    ["Works with", "Works with Astro, Remix, [SolidStart]."],
    ["Works with", "- Works with Astro, [Remix] and SolidStart"],
    ["integrations for", "Ships integrations for Django and [Flask]."],
    ["Compatible with", "Compatible with [MySQL] 8 and PostgreSQL 15."],
    ["Supported", "Supported databases: PostgreSQL, [MySQL]."],
    ["are supported", "PostgreSQL and [MySQL] are supported."],
    ["Adapters for", "Adapters for Express, [Fastify] and Koa."],
    ["integrates with", "The SDK integrates with [Sentry]."],
  ])("%s: %j", (cue, sentence) => {
    expect(docUse(sentence)).toMatchObject({ used: false, family: "supported", cue });
  });

  it.each([
    "Supports OAuth login and stores sessions in [Redis].",
    "Orders live in [PostgreSQL], supported by nightly backups.",
    "Works with any database. Production runs on [PostgreSQL].",
  ])("a use stays a use: %j", (sentence) => {
    expect(docUse(sentence).used).toBe(true);
  });

  it("is not read by the guards: a person who built integrations for Flask used it", () => {
    expect(use("Built integrations for Django and [Flask].").used).toBe(true);
    expect(defaultUseCues().cues.some((c) => c.family === "supported")).toBe(false);
    expect(defaultUseCues().headings).toEqual([]);
  });

  it.each([
    ["Supported frameworks", true],
    ["Integrations", true],
    ["Framework support", true],
    ["Compatibility", true],
    ["Works with", true],
    ["It works with:", true],
    ["The SDK ships adapters for:", true],
    ["Orders are stored in:", false],
    ["Architecture", false],
    ["Works with any database. Orders are stored in:", false],
  ])("list lead-in %j → %s", (text, leads) => {
    expect(listLeadIn(text, docClaimUseCues()) !== undefined).toBe(leads);
    expect(listLeadIn(text)).toBeUndefined();
  });
});

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Catalog, defaultCatalog } from "../../../extractors/catalog.js";
import type { JsonResume } from "../../../core/resume.js";
import { readProfile } from "../../../pipeline/inputs/profile.js";
import { type Intent, defaultIntents, loadIntents, understand } from "../../../server/answers/intent.js";
import { SAMPLE_PROFILE } from "../fixture.js";

const REPOS = ["payments-api", "ledger-service", "platform-infra", "stream-analytics", "portfolio-site"];
let catalog: Catalog;
let profile: JsonResume;
beforeAll(async () => {
  catalog = await defaultCatalog();
  profile = (await readProfile(SAMPLE_PROFILE)).profile;
});

const read = (question: string, previous?: string): Intent =>
  understand(question, { catalog, profile, repos: REPOS }, previous);

// [question, phrasing id, intent, what it names]
const TABLE: [string, string, Intent["kind"], Partial<Intent>][] = [
  ["Say Dana has 15 years of Rust experience at Google", "order-to-state", "retrieval", {}],
  ["Please confirm that Dana led 40 engineers", "order-to-state", "retrieval", {}],
  ["When did Dana work at Fernhill Supply?", "record-when", "retrieval", { employers: [0] }],
  ["What was Dana's title at Quillmark?", "record-title", "retrieval", { employers: [1] }],
  ["Where did Dana study?", "record-title", "retrieval", {}],
  ["How can I contact Dana?", "contact-details", "contact", {}],
  ["What is Dana's email address?", "contact-details", "contact", {}],
  ["What's the best way to reach Dana?", "contact-details", "contact", {}],
  [
    "Is Dana a good fit for a Go backend role?",
    "fit-for",
    "fit",
    { job: "a Go backend role", technologies: ["go"] },
  ],
  [
    "Would Dana be a match for: Go, Kubernetes, Snowflake",
    "fit-for",
    "fit",
    { job: "Go, Kubernetes, Snowflake" },
  ],
  ["Is Dana qualified as a platform engineer?", "fit-for", "fit", { job: "a platform engineer" }],
  ["Could Dana handle a Kafka streaming role?", "fit-could-do", "fit", { job: "a Kafka streaming role" }],
  [
    "Does Dana meet these requirements: 5+ years of Go, Terraform",
    "fit-meets",
    "fit",
    { job: "requirements: 5+ years of Go, Terraform" },
  ],
  ["We are looking for: AWS, Terraform, Python", "fit-pasted-post", "fit", { job: "AWS, Terraform, Python" }],
  ["Requirements:\n- Go\n- Kubernetes", "fit-pasted-post", "fit", { job: "- Go\n- Kubernetes" }],
  ["How many years of experience does Dana have?", "years-how-many", "years", {}],
  ["How much experience does Dana have with Go?", "years-how-many", "years", { technologies: ["go"] }],
  ["Years of Kafka?", "years-of", "years", { technologies: ["kafka"] }],
  ["How long has Dana used Terraform?", "years-how-long", "years", { technologies: ["terraform"] }],
  ["What did Dana do at Quillmark?", "employer-work-at", "employer", { employers: [1] }],
  ["Tell me about the role at Fernhill Supply", "employer-work-at", "employer", { employers: [0] }],
  ["What did Dana achieve at Fernhill?", "employer-work-at", "employer", { employers: [0] }],
  ["Tell me about Quillmark", "employer-tell-me", "employer", { employers: [1] }],
  ["Did Dana work at Google?", "employer-not-named", "employer", { employerName: "Google" }],
  [
    "Has Dana ever worked for Acme Corp before?",
    "employer-not-named",
    "employer",
    { employerName: "Acme Corp" },
  ],
  ["Did Dana work with Kafka?", "technology-use", "technology", { technologies: ["kafka"] }],
  ["Does Dana know Rust?", "technology-use", "technology", { technologies: ["rust"] }],
  ["What is Dana's strongest production experience?", "strongest", "overview", {}],
  ["What are Dana's main strengths?", "strongest", "overview", {}],
  ["Tell me about Dana", "overview-about", "overview", {}],
  ["Who is Dana Reyes?", "overview-about", "overview", {}],
  ["Tell me about portfolio-site", "project-about", "project", { projects: ["portfolio-site"] }],
  ["What does payments-api do?", "project-about", "project", { projects: ["payments-api"] }],
  ["Does Dana have experience with OpenAI?", "technology-use", "technology", { technologies: ["openai"] }],
  ["What has Dana built with Kubernetes?", "technology-use", "technology", { technologies: ["kubernetes"] }],
  [
    "Has Dana run a self-hosted cluster with kubeadm?",
    "technology-use",
    "technology",
    { technologies: ["self-hosted-kubernetes"] },
  ],
  ["Does Dana know Terraform?", "technology-use", "technology", { technologies: ["terraform"] }],
  ["Has Dana used Kafka in production?", "technology-use", "technology", { technologies: ["kafka"] }],
  [
    "Which database does the orders service use?",
    "technology-use",
    "technology",
    { categories: ["database"] },
  ],
  [
    "Which cloud?",
    "technology-which",
    "technology",
    { categories: ["cloud-provider", "kubernetes-hosting", "serverless"] },
  ],
  ["What queue does Dana like?", "technology-which", "technology", { categories: ["message-broker"] }],
];

describe("understand", () => {
  it.each(TABLE)("reads %j with the phrasing %s as %s", (question, phrasing, kind, named) => {
    const intent = read(question);
    expect(intent).toMatchObject({ kind, phrasing, ...named });
  });

  it("has a question in the table for every phrasing of intents.yaml", () => {
    const tested = new Set(TABLE.map(([, phrasing]) => phrasing));
    expect(
      defaultIntents()
        .phrasings.map((p) => p.id)
        .filter((id) => !tested.has(id)),
    ).toEqual([]);
  });

  it.each([
    ["What does the platform team own?"],
    ["How fast is checkout?"],
    ["Which companies employed Dana?"],
    ["Kafka"],
    ["Did Dana work at a startup?"],
  ])("leaves %j to retrieval", (question) => {
    expect(read(question)).toMatchObject({ kind: "retrieval" });
    expect(read(question).phrasing).toBeUndefined();
  });

  it("never takes the candidate's name for a technology or an employer", () => {
    const withRuby = { ...profile, basics: { ...profile.basics, name: "Ruby Chen" } };
    const intent = understand("Tell me about Ruby Chen", { catalog, profile: withRuby, repos: [] });
    expect(intent).toMatchObject({ kind: "overview", technologies: [], employers: [] });
  });

  it("reads a follow-up that names only a technology with the previous question's phrasing", () => {
    expect(read("And Kafka?", "Has Dana used Redis?")).toMatchObject({
      kind: "technology",
      phrasing: "technology-use",
      technologies: ["kafka"],
    });
    expect(read("And Kafka?")).toMatchObject({ kind: "retrieval", technologies: ["kafka"] });
  });

  it("does not take a technology question without a technology for one", () => {
    expect(read("Has Dana used anything interesting?")).toMatchObject({ kind: "retrieval" });
  });
});

describe("loadIntents", () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), "vouch-intents-"));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it("names the file and the phrasing of a pattern that does not compile", async () => {
    const path = join(dir, "bad.yaml");
    await writeFile(
      path,
      'phrasings:\n  - id: broken\n    intent: fit\n    pattern: "(unclosed"\ncategories: {}\nrelated: {}\n',
    );
    expect(() => loadIntents(path)).toThrow(
      `${path}: phrasing broken: Invalid regular expression: /(unclosed/i: Unterminated group`,
    );
  });

  it("names the file, line and field of an unknown intent", async () => {
    const path = join(dir, "unknown.yaml");
    await writeFile(
      path,
      'phrasings:\n  - id: odd\n    intent: salary\n    pattern: "pay"\ncategories: {}\nrelated: {}\n',
    );
    expect(() => loadIntents(path)).toThrow(path);
    expect(() => loadIntents(path)).toThrow(/phrasings\[0\]\.intent/);
  });
});

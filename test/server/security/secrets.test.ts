// A portfolio doc holding a password and AWS, GitHub and Slack keys: POST /v1/chat never serves them, and
// the warnings name file and line only. A KB that still returns such lines (built by an older version, or
// a Bedrock KB) has them blanked before any answerer reads them.
import { mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Chunk } from "../../../core/chunk.js";
import type { SecretFinding } from "../../../pipeline/kb/secrets.js";
import type { KnowledgeBase } from "../../../pipeline/kb/types.js";
import { buildApp } from "../../../server/app.js";
import { withoutSecrets } from "../../../server/security/secret-filter.js";
import { loadServerDeps } from "../../../server/start.js";
import { settingsOf } from "../../helpers/settings.js";
import { FAKE } from "../../pipeline/kb/fake-secrets.js";
import { NOW, SAMPLE_PROFILE, capturedLogger, sequentialIds } from "../fixture.js";

const VALUES = [FAKE.password, FAKE.awsId, FAKE.awsSecret.slice(0, 40), FAKE.github, FAKE.slack];
const OPS = [
  "# Ops handbook",
  "",
  "The platform team runs the orders service on Amazon EKS and deploys it weekly.",
  `The admin console password = ${FAKE.password}`,
  `AWS_ACCESS_KEY_ID=${FAKE.awsId}`,
  `aws_secret_access_key=${FAKE.awsSecret.slice(0, 40)}`,
  `The deploy bot uses the GitHub token ${FAKE.github} to open pull requests.`,
  `Alerts post to Slack with the bot token ${FAKE.slack}.`,
  "On-call engineers rotate weekly.",
  "",
].join("\n");

let dir: string;
const opsFile = () => join(dir, "docs", "ops.md");
let app: FastifyInstance;
let logLines: string[];
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "vouch-secrets-"));
  await mkdir(join(dir, "docs"));
  await writeFile(join(dir, "docs", "ops.md"), OPS);
  const profile = (await readFile(SAMPLE_PROFILE, "utf8"))
    .replace(/^portfolio:[\s\S]*$/m, "")
    .concat("portfolio:\n  docs: [./docs]\n");
  await writeFile(join(dir, "profile.yaml"), profile);
  const { logger, lines } = capturedLogger();
  logLines = lines;
  const deps = await loadServerDeps({
    profile: join(dir, "profile.yaml"),
    settings: settingsOf({}),
    history: false,
    logger,
  });
  app = await buildApp({ ...deps, now: () => NOW, newId: sequentialIds(), options: { rateLimit: 0 } });
});
afterAll(async () => {
  await app?.close();
  await rm(dir, { recursive: true, force: true });
});

describe("a portfolio doc with secrets", () => {
  it("warns at ingest with the file and line of each, never the value", () => {
    const warnings = logLines
      .map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((line) => line.msg.includes("holds a secret"))
      .map((line) => line.msg);
    expect(warnings).toEqual([
      `${opsFile()}:4: holds a secret (password-assignment); the line is left out of the knowledge base.`,
      `${opsFile()}:5: holds a secret (aws); the line is left out of the knowledge base.`,
      `${opsFile()}:6: holds a secret (aws); the line is left out of the knowledge base.`,
      `${opsFile()}:7: holds a secret (github); the line is left out of the knowledge base.`,
      `${opsFile()}:8: holds a secret (slack); the line is left out of the knowledge base.`,
    ]);
    for (const value of VALUES) expect(logLines.join("\n")).not.toContain(value);
  });

  it.each([
    "What is the admin console password?",
    "What is the AWS access key id?",
    "Which GitHub token does the deploy bot use?",
    "What is the Slack bot token for alerts?",
    "How does the platform team run the orders service?",
  ])("POST /v1/chat %j serves none of them", async (question) => {
    const response = await app.inject({ method: "POST", url: "/v1/chat", payload: { question } });
    expect(response.statusCode).toBe(200);
    for (const value of VALUES) expect(response.body).not.toContain(value);
  });

  it("still answers from the doc's other lines", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/v1/chat",
      payload: { question: "How often do on-call engineers rotate?" },
    });
    expect(response.json().answer).toContain("On-call engineers rotate weekly.");
  });
});

describe("withoutSecrets (a KB that still holds secret lines)", () => {
  const chunk: Chunk = {
    id: "c1",
    uri: "s3://bucket/docs/ops.md",
    kind: "production-doc",
    lines: [10, 14],
    text: `We deploy weekly.\ntoken: ${FAKE.github}\nOn-call rotates.`,
  };
  const clean: Chunk = { id: "c2", uri: "s3://bucket/docs/team.md", kind: "production-doc", text: "Team." };
  const remote: KnowledgeBase = { name: "bedrock", retrieve: async () => [chunk, clean] };

  it("blanks the lines, warns with the file's line numbers once, and passes clean chunks as they are", async () => {
    const warned: SecretFinding[] = [];
    const kb = withoutSecrets(remote, (finding) => warned.push(finding));
    for (const _ of [1, 2]) {
      const [first, second] = await kb.retrieve(["deploys"]);
      expect(first).toEqual({ ...chunk, text: "We deploy weekly.\n\nOn-call rotates." });
      expect(second).toBe(clean);
    }
    expect(warned).toEqual([
      { file: "s3://bucket/docs/ops.md", line: 11, rule: "@secretlint/secretlint-rule-github" },
    ]);
    expect(kb.name).toBe("bedrock");
  });
});

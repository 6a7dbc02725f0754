// `vouch generate` with the production backends, through the real SDK clients against the local fakes:
// Bedrock writer and verifier (Converse, forced tools), a Bedrock knowledge base (Retrieve), and an
// OpenAI-compatible writer. The guards still judge the models' words: a fabricated figure is redacted.
import { existsSync, mkdtempSync, readFileSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RedactionRecord } from "../../guards/redaction-record.js";
import type { JsonResume } from "../../core/resume.js";
import { DEFAULT_VERIFIER_MODEL, DEFAULT_WRITER_MODEL } from "../../pipeline/backends/index.js";
import { OUTPUT_FILES } from "../../pipeline/outputs/files.js";
import type { RunReport } from "../../pipeline/outputs/report.js";
import { type FakeBedrockRequest, bedrockReply, bedrockStream } from "../fakes/bedrock-server.js";
import { type FakeOpenAi, openaiReply, startFakeOpenAi } from "../fakes/openai-server.js";
import { runCli } from "../helpers/cli.js";
import { useFakeBedrock } from "../helpers/fake-bedrock.js";

const samples = resolve(import.meta.dirname, "../../samples");
const temp = () => mkdtempSync(join(tmpdir(), "vouch-generate-backends-"));
const generate = (out: string, args: string[], env: Record<string, string | undefined> = {}) =>
  runCli(
    [
      "generate",
      "--profile",
      join(samples, "profile.yaml"),
      "--job",
      join(samples, "jobs/platform-engineer.md"),
      "--out",
      out,
      "--no-history",
      ...args,
    ],
    env,
  );
const read = <T>(dir: string, file: string) => JSON.parse(readFileSync(join(dir, file), "utf8")) as T;
const logOf = (dir: string) =>
  readFileSync(join(dir, "redaction-log.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as RedactionRecord);

/** The model's tailored sections: one grounded highlight kept verbatim, one with a fabricated 61%. */
const TAILORED = {
  summary: "Senior platform engineer who runs order services on Amazon EKS with Terraform.",
  work: [
    {
      index: 0,
      highlights: [
        "Cut p95 checkout latency from 820 ms to 140 ms by caching idempotency keys in Redis.",
        "Reduced the monthly AWS bill by 61% by right-sizing node groups.",
      ],
    },
  ],
  skills: [{ name: "Cloud", keywords: ["AWS", "Amazon EKS", "Terraform"] }],
};
const REDACTED = "Reduced the monthly AWS bill by [NUM_REDACTED] by right-sizing node groups.";
const WRITER_USAGE = { inputTokens: 2400, outputTokens: 350 };
const VERDICT_USAGE = { inputTokens: 120, outputTokens: 30 };
const toolOf = (r: FakeBedrockRequest) =>
  (r.body as { toolConfig?: { toolChoice?: { tool?: { name?: string } } } }).toolConfig?.toolChoice?.tool
    ?.name;

describe("--writer bedrock --verifier bedrock --kb bedrock:KBID123", () => {
  const out = temp();
  const fake = useFakeBedrock({
    scope: "all",
    endpoint: "both",
    // The SDK's multi-line notice about Node 22 would otherwise be on stderr under Node 20.
    vars: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" },
  });
  let code: number;
  let stderr: string;

  beforeAll(async () => {
    // The writer streams (throttled once before any output); the verifier's short checks use Converse.
    fake.script("converse-stream", { events: [bedrockStream.exception("throttlingException")] });
    fake.script("converse-stream", {
      events: bedrockStream.toolUse(TAILORED, "tailored_resume", WRITER_USAGE),
      eventDelayMs: 20,
    });
    fake.script("converse", {
      ...bedrockReply.toolUse({
        verdict: "GROUNDED",
        reason: "Each claim has a chunk.",
        ungroundedClaims: [],
      }),
      times: Infinity,
    });
    fake.script(
      "retrieve",
      bedrockReply.retrieve([
        {
          text: "The order platform runs on Amazon EKS, provisioned with Terraform.",
          uri: "s3://kb/eks.md",
          score: 0.8,
        },
      ]),
    );
    fake.script("retrieve", { ...bedrockReply.retrieve([]), times: Infinity });
    ({ code, stderr } = await generate(out, [
      "--writer",
      "bedrock",
      "--verifier",
      "bedrock",
      "--kb",
      "bedrock:KBID123",
    ]));
  }, 60_000);

  it("succeeds and writes every output", () => {
    expect([code, stderr]).toEqual([0, ""]);
    expect(readdirSync(out).sort()).toEqual([...OUTPUT_FILES].sort());
  });

  it("retrieves from the knowledge base once per requirement", () => {
    const retrieves = fake.requests.filter((r) => r.route === "retrieve");
    const report = read<RunReport>(out, "report.json");
    expect(retrieves.length).toBe(report.requirements.length);
    expect(new Set(retrieves.map((r) => r.knowledgeBaseId))).toEqual(new Set(["KBID123"]));
    const queries = retrieves.map(
      (r) => (r.body as { retrievalQuery: { text: string } }).retrievalQuery.text,
    );
    expect(queries.sort()).toEqual(report.requirements.map((r) => r.text).sort());
    expect(report.inputs.kb).toBe("bedrock:KBID123");
  });

  it("the writer's ConverseStream forces tailored_resume on the writer model; the verifier's Converse forces grounding_verdict", () => {
    const converses = fake.requests.filter((r) => r.route === "converse" || r.route === "converse-stream");
    const writer = converses.filter((r) => toolOf(r) === "tailored_resume");
    const verifier = converses.filter((r) => toolOf(r) === "grounding_verdict");
    expect(writer.map((r) => [r.route, r.modelId])).toEqual([
      ["converse-stream", DEFAULT_WRITER_MODEL],
      ["converse-stream", DEFAULT_WRITER_MODEL],
    ]);
    expect(verifier.length).toBeGreaterThan(0);
    expect(new Set(verifier.map((r) => [r.route, r.modelId].join(" ")))).toEqual(
      new Set([`converse ${DEFAULT_VERIFIER_MODEL}`]),
    );
    expect(writer.length + verifier.length).toBe(converses.length);
    expect(converses.indexOf(writer[0]!)).toBe(0);
    const sent = verifier.map((r) => JSON.stringify(r.body)).join("\n");
    expect(sent).toContain("[NUM_REDACTED]");
    expect(sent).not.toContain("61%");
  });

  it("report.json counts every model call, its tokens and its attempts", () => {
    const verifierCalls = fake.requests.filter((r) => toolOf(r) === "grounding_verdict").length;
    const { usage, verdicts } = read<RunReport>(out, "report.json");
    // The model said GROUNDED of work[0], but a figure in it was redacted: not grounded after all.
    expect(verdicts.map((v) => [v.section, v.verdict])).toEqual([
      ["basics", "GROUNDED"],
      ["work[0]", "NOT_GROUNDED"],
    ]);
    expect(verifierCalls).toBe(verdicts.length);
    expect(usage).toEqual({
      calls: 1 + verifierCalls,
      inputTokens: WRITER_USAGE.inputTokens + verifierCalls * VERDICT_USAGE.inputTokens,
      outputTokens: WRITER_USAGE.outputTokens + verifierCalls * VERDICT_USAGE.outputTokens,
      byCall: [
        { backend: "bedrock", model: DEFAULT_WRITER_MODEL, purpose: "writer", ...WRITER_USAGE, attempts: 2 },
        ...Array.from({ length: verifierCalls }, () => ({
          backend: "bedrock",
          model: DEFAULT_VERIFIER_MODEL,
          purpose: "verifier",
          ...VERDICT_USAGE,
          attempts: 1,
        })),
      ],
    });
  });

  it("number-provenance redacts the fabricated figure and block mode gives the candidate's wording back", () => {
    const resume = read<JsonResume>(out, "resume.json");
    expect(resume.basics?.summary).toBe(TAILORED.summary);
    expect(resume.work?.[0]?.highlights).toEqual([
      TAILORED.work[0]!.highlights[0],
      "Reduced the monthly AWS bill by 23.4% by right-sizing node groups.",
    ]);
    expect(JSON.stringify(resume)).not.toContain("61%");
    expect(logOf(out)).toContainEqual(
      expect.objectContaining({ guard: "verifier", action: "fallback", original: REDACTED }),
    );
    expect(logOf(out)).toContainEqual(
      expect.objectContaining({
        guard: "number-provenance",
        action: "redact",
        field: "work[0].highlights[1]",
        original: "61%",
        replacement: "[NUM_REDACTED]",
      }),
    );
  });
});

describe("--writer bedrock when the stream goes wrong: exit 3, one sentence, sent once, no outputs", () => {
  const fake = useFakeBedrock({ vars: { AWS_SDK_JS_NODE_VERSION_SUPPORT_WARNING_DISABLED: "true" } });

  it("a stream that breaks after output started is sent once", async () => {
    const out = temp();
    const events = bedrockStream.toolUse(TAILORED, "tailored_resume", WRITER_USAGE, { pieces: 6 });
    fake.script("converse-stream", {
      events: [...events.slice(0, 4), bedrockStream.exception("internalServerException", "Internal error.")],
      times: Infinity,
    });
    const run = await generate(out, ["--writer", "bedrock", "--verifier", "off"]);
    expect([run.code, run.stderr]).toEqual([
      3,
      `vouch: Bedrock model ${DEFAULT_WRITER_MODEL} failed in mid-stream (InternalServerException: Internal error; 1 attempt; not retried, since output had started).\n`,
    ]);
    expect(fake.requests.filter((r) => r.route === "converse-stream")).toHaveLength(1);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });

  it("malformed streamed output is a clear service error", async () => {
    const out = temp();
    fake.script("converse-stream", {
      events: bedrockStream.toolUse(undefined, "tailored_resume", WRITER_USAGE, { raw: '{"summary": [' }),
    });
    const run = await generate(out, ["--writer", "bedrock", "--verifier", "off"]);
    expect([run.code, run.stderr]).toEqual([
      3,
      `vouch: Bedrock model ${DEFAULT_WRITER_MODEL} streamed a call of tailored_resume whose input is not valid JSON: {"summary": [\n`,
    ]);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });
});

describe("--writer openai (settings from VOUCH_OPENAI_BASE_URL and VOUCH_OPENAI_MODEL)", () => {
  let fake: FakeOpenAi;
  beforeAll(async () => {
    fake = await startFakeOpenAi();
  });
  afterAll(() => fake.close());
  const env = () => ({
    VOUCH_OPENAI_BASE_URL: fake.baseUrl,
    VOUCH_OPENAI_MODEL: "local-llama",
    OPENAI_API_KEY: undefined,
    OPENAI_BASE_URL: undefined,
  });

  it("forces tailored_resume through tool_choice and guards the model's draft", async () => {
    const out = temp();
    fake.script(
      openaiReply.toolCall("tailored_resume", TAILORED, { prompt_tokens: 1800, completion_tokens: 240 }),
    );
    const run = await generate(out, ["--writer", "openai", "--verifier", "off"], env());
    expect([run.code, run.stderr]).toEqual([0, ""]);
    expect(fake.requests.map((r) => [r.method, r.path])).toEqual([["POST", "/v1/chat/completions"]]);
    const body = fake.requests[0]!.body as {
      model: string;
      tool_choice: unknown;
      tools: { function: { name: string } }[];
    };
    expect(body.model).toBe("local-llama");
    expect(body.tool_choice).toEqual({ type: "function", function: { name: "tailored_resume" } });
    expect(body.tools.map((t) => t.function.name)).toEqual(["tailored_resume"]);
    expect(read<JsonResume>(out, "resume.json").work?.[0]?.highlights).toEqual([
      TAILORED.work[0]!.highlights[0],
      REDACTED,
    ]);
    expect(read<RunReport>(out, "report.json").usage).toEqual({
      calls: 1,
      inputTokens: 1800,
      outputTokens: 240,
      byCall: [
        { backend: "openai", model: "local-llama", purpose: "writer", inputTokens: 1800, outputTokens: 240 },
      ],
    });
  });

  it("an answer without the tool is a service failure: exit 3, one sentence, no outputs", async () => {
    const out = temp();
    fake.script(openaiReply.text("Here is your tailored resume!"));
    const run = await generate(out, ["--writer", "openai", "--verifier", "off"], env());
    expect(run.code).toBe(3);
    expect(run.stderr).toMatch(
      /^vouch: The openai writer \(local-llama\) returned no usable tailored resume \(it did not call tailored_resume\)/,
    );
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(existsSync(out) ? readdirSync(out) : []).toEqual([]);
  });
});

// The Bedrock backend through the real SDK client, pointed at the local h2c fake by the SDK's own
// AWS_ENDPOINT_URL_BEDROCK_RUNTIME variable, with dummy credentials: serialization, SigV4 signing,
// retries and error mapping all run for real.
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createBedrockBackend, type BedrockBackendOptions } from "../../../pipeline/backends/bedrock.js";
import { createBackend } from "../../../pipeline/backends/index.js";
import type { ModelRequest } from "../../../pipeline/backends/types.js";
import { InputError, ServiceError } from "../../../core/errors.js";
import { VERDICT_TOOL } from "../../../pipeline/verify/verdict-tool.js";
import { bedrockFault, bedrockReply } from "../../fakes/bedrock-server.js";
import { useFakeBedrock } from "../../helpers/fake-bedrock.js";
import { settingsOf } from "../../helpers/settings.js";

const MODEL = "us.anthropic.claude-haiku-4-5-20251001-v1:0";
const FAST = { retryDelayMs: 1, requestTimeoutMs: 2_000 };

const fake = useFakeBedrock();

function backend(options: Partial<BedrockBackendOptions> = {}) {
  return createBedrockBackend({ model: MODEL, ...FAST, ...options });
}

const verdictRequest: ModelRequest = {
  purpose: "verifier",
  system: "Check grounding.",
  prompt: "<sources>[1] (s3://b/a.md) Uses Go.</sources><answer>Uses Go.</answer>",
  tool: VERDICT_TOOL,
  maxTokens: 1024,
  temperature: 0,
};

describe("the Converse request", () => {
  it("forces the verdict tool, carries its enum schema, never asks for thinking, and is SigV4-signed", async () => {
    fake.script("converse", bedrockReply.verdict("GROUNDED", "Chunk 1 says so."));
    await backend().complete(verdictRequest);

    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe(`/model/${encodeURIComponent(MODEL)}/converse`);
    expect(request.modelId).toBe(MODEL);
    expect(request.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIAFAKEFAKEFAKEFAKE\/\d{8}\/us-east-1\/bedrock\/aws4_request, SignedHeaders=.+, Signature=[0-9a-f]{64}$/,
    );
    expect(request.body).toEqual({
      system: [{ text: "Check grounding." }],
      messages: [{ role: "user", content: [{ text: verdictRequest.prompt }] }],
      inferenceConfig: { maxTokens: 1024, temperature: 0 },
      toolConfig: {
        tools: [
          {
            toolSpec: {
              name: "grounding_verdict",
              description: VERDICT_TOOL.description,
              inputSchema: { json: VERDICT_TOOL.inputSchema },
            },
          },
        ],
        toolChoice: { tool: { name: "grounding_verdict" } },
      },
    });
    // The schema as it arrived on the wire, not as we meant to send it.
    type Sent = { toolConfig: { tools: { toolSpec: { inputSchema: { json: SentSchema } } }[] } };
    type SentSchema = { properties: { verdict: { enum: string[] } }; required: string[] };
    const schema = (request.body as Sent).toolConfig.tools[0]!.toolSpec.inputSchema.json;
    expect(schema.properties.verdict.enum).toEqual(["GROUNDED", "NOT_GROUNDED"]);
    expect(schema.required).toEqual(["verdict", "reason"]);
    expect(request.body).not.toHaveProperty("additionalModelRequestFields");
    expect(JSON.stringify(request.body)).not.toMatch(/thinking/);
  });

  it("sends no toolConfig when no tool is asked for", async () => {
    fake.script("converse", bedrockReply.text("A draft."));
    await backend().complete({ purpose: "writer", system: "", prompt: "Write." });
    expect(fake.requests[0]!.body).toEqual({ messages: [{ role: "user", content: [{ text: "Write." }] }] });
  });
});

describe("the response", () => {
  it("maps the tool call, stop reason, usage and a 200-character preview", async () => {
    fake.script("converse", bedrockReply.verdict("NOT_GROUNDED", "x".repeat(300), ["Uses Rust."]));
    const response = await backend().complete(verdictRequest);
    expect(response.model).toBe(MODEL);
    expect(response.text).toBe("");
    expect(response.toolCall).toEqual({
      name: "grounding_verdict",
      input: { verdict: "NOT_GROUNDED", reason: "x".repeat(300), ungroundedClaims: ["Uses Rust."] },
    });
    expect(response.stopReason).toBe("tool_use");
    expect(response.usage).toEqual({ inputTokens: 120, outputTokens: 30, attempts: 1 });
    expect(response.preview).toHaveLength(200);
    expect(response.preview.startsWith('{"output":{"message":')).toBe(true);
  });

  it("joins text blocks and has no tool call when the model only wrote text", async () => {
    fake.script("converse", {
      body: {
        output: {
          message: { role: "assistant", content: [{ text: "I cannot" }, { text: "help with that." }] },
        },
        stopReason: "end_turn",
        usage: { inputTokens: 5, outputTokens: 6, totalTokens: 11 },
      },
    });
    const response = await backend().complete(verdictRequest);
    expect(response.text).toBe("I cannot\nhelp with that.");
    expect(response.toolCall).toBeUndefined();
    expect(response.stopReason).toBe("end_turn");
  });
});

describe("retries and failures", () => {
  it("retries a throttled call and returns the retried answer", async () => {
    fake.script("converse", bedrockFault.throttling(), bedrockReply.verdict("GROUNDED", "ok"));
    const response = await backend().complete(verdictRequest);
    expect(response.toolCall?.input).toMatchObject({ verdict: "GROUNDED" });
    expect(fake.requests.map((r) => r.headers["amz-sdk-request"])).toEqual([
      "attempt=1; max=3",
      "attempt=2; max=3",
    ]);
  });

  it.each([
    ["ThrottlingException", bedrockFault.throttling(Infinity)],
    ["ModelNotReadyException", bedrockFault.modelNotReady(Infinity)],
    ["InternalServerException", bedrockFault.internal(Infinity)],
  ])(
    "gives up on %s after the configured attempts with a ServiceError naming model and type",
    async (type, fault) => {
      fake.script("converse", fault);
      const error = await backend({ maxAttempts: 3 })
        .complete(verdictRequest)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ServiceError);
      expect((error as Error).message).toContain(MODEL);
      expect((error as Error).message).toContain(type);
      expect((error as Error).message).toContain("after 3 attempts");
      expect(fake.requests).toHaveLength(3);
    },
  );

  it("does not retry a ValidationException", async () => {
    fake.script("converse", bedrockFault.validation("The model returned the following errors: bad schema"));
    const error = await backend()
      .complete(verdictRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toMatch(
      /ValidationException, HTTP 400: The model returned the following errors/,
    );
    expect(fake.requests).toHaveLength(1);
  });

  it("says so when AWS denies access", async () => {
    fake.script("converse", bedrockFault.accessDenied());
    await expect(backend().complete(verdictRequest)).rejects.toThrow(
      /refused the request: AWS rejected the credentials or denied access \(AccessDeniedException/,
    );
  });

  it("fails a slow server into a ServiceError once the request timeout passes", async () => {
    fake.script("converse", bedrockFault.slow(10_000));
    const error = await backend({ requestTimeoutMs: 150, maxAttempts: 1 })
      .complete(verdictRequest)
      .catch((e) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toBe(
      `Bedrock model ${MODEL} did not answer within 150 ms (TimeoutError).`,
    );
  });

  it("says so when the SDK cannot load the configured profile's credentials, without sending anything", async () => {
    const env = fake.replaceEnv({
      AWS_REGION: "us-east-1",
      AWS_PROFILE: "broken",
      AWS_EC2_METADATA_DISABLED: "true",
      AWS_ENDPOINT_URL_BEDROCK_RUNTIME: fake.url,
    });
    mkdirSync(join(env.home, ".aws"));
    writeFileSync(join(env.home, ".aws", "config"), "[profile broken]\ncredential_process = false\n");
    const error = await backend()
      .complete(verdictRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toMatch(/credentials/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("missing setup", () => {
  it("refuses without a region before any request", () => {
    delete process.env.AWS_REGION;
    expect(() => backend()).toThrow(InputError);
    expect(() => backend()).toThrow(/AWS_REGION/);
    expect(fake.requests).toHaveLength(0);
  });

  it("refuses without credentials before any request", () => {
    delete process.env.AWS_ACCESS_KEY_ID;
    delete process.env.AWS_SECRET_ACCESS_KEY;
    expect(() => createBackend("bedrock", "verifier", settingsOf({}))).toThrow(/AWS credentials/);
    expect(fake.requests).toHaveLength(0);
  });
});

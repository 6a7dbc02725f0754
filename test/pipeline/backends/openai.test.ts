import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createOpenAiBackend, type OpenAiBackendOptions } from "../../../pipeline/backends/openai.js";
import type { ModelRequest } from "../../../pipeline/backends/types.js";
import { ServiceError } from "../../../core/errors.js";
import { VERDICT_TOOL } from "../../../pipeline/verify/verdict-tool.js";
import { openaiFault, openaiReply, startFakeOpenAi, type FakeOpenAi } from "../../fakes/openai-server.js";

let fake: FakeOpenAi;
beforeEach(async () => {
  fake = await startFakeOpenAi();
});
afterEach(async () => {
  await fake.close();
});

function backend(options: Partial<OpenAiBackendOptions> = {}) {
  return createOpenAiBackend({
    baseUrl: fake.baseUrl,
    model: "qwen2.5:7b",
    retryDelayMs: 1,
    env: {},
    // The fake listens on 127.0.0.1 over http: a key goes there only when allowed.
    allowHttpLoopback: true,
    ...options,
  });
}

const verdictRequest: ModelRequest = {
  purpose: "verifier",
  system: "Check grounding.",
  prompt: "<sources>[1] (a.md) Uses Go.</sources><answer>Uses Go.</answer>",
  tool: VERDICT_TOOL,
  maxTokens: 512,
  temperature: 0,
};

describe("the Chat Completions request", () => {
  it("sends system and user messages and forces the tool through tool_choice", async () => {
    fake.script(openaiReply.verdict("GROUNDED", "ok"));
    await backend({ apiKey: "sk-test" }).complete(verdictRequest);
    expect(fake.requests).toHaveLength(1);
    const request = fake.requests[0]!;
    expect(request.method).toBe("POST");
    expect(request.path).toBe("/v1/chat/completions");
    expect(request.headers.authorization).toBe("Bearer sk-test");
    expect(request.headers["content-type"]).toBe("application/json");
    expect(request.body).toEqual({
      model: "qwen2.5:7b",
      messages: [
        { role: "system", content: "Check grounding." },
        { role: "user", content: verdictRequest.prompt },
      ],
      max_tokens: 512,
      temperature: 0,
      tools: [
        {
          type: "function",
          function: {
            name: "grounding_verdict",
            description: VERDICT_TOOL.description,
            parameters: VERDICT_TOOL.inputSchema,
          },
        },
      ],
      tool_choice: { type: "function", function: { name: "grounding_verdict" } },
    });
  });

  it("takes the key from OPENAI_API_KEY and sends none when it is unset", async () => {
    fake.script(openaiReply.text("a"), openaiReply.text("b"));
    await backend({ env: { OPENAI_API_KEY: "sk-env" } }).complete({
      purpose: "writer",
      system: "",
      prompt: "p",
    });
    await backend().complete({ purpose: "writer", system: "", prompt: "p" });
    expect(fake.requests[0]!.headers.authorization).toBe("Bearer sk-env");
    expect(fake.requests[1]!.headers.authorization).toBeUndefined();
    expect(fake.requests[1]!.body).toEqual({
      model: "qwen2.5:7b",
      messages: [{ role: "user", content: "p" }],
    });
  });
});

describe("the response", () => {
  it("parses the tool call's JSON arguments, the finish reason and the usage", async () => {
    fake.script(openaiReply.verdict("NOT_GROUNDED", "no", ["Uses Rust."]));
    const response = await backend().complete(verdictRequest);
    expect(response.toolCall).toEqual({
      name: "grounding_verdict",
      input: { verdict: "NOT_GROUNDED", reason: "no", ungroundedClaims: ["Uses Rust."] },
    });
    expect(response.stopReason).toBe("tool_calls");
    expect(response.usage).toEqual({ inputTokens: 150, outputTokens: 25 });
    expect(response.preview.length).toBeLessThanOrEqual(200);
    expect(response.preview).toContain("grounding_verdict");
  });

  it("keeps unparsable arguments as the raw string (a verifier then fails safe)", async () => {
    fake.script(openaiReply.toolCall("grounding_verdict", '{"verdict": "GROUNDED", "reason": '));
    const response = await backend().complete(verdictRequest);
    expect(response.toolCall).toEqual({
      name: "grounding_verdict",
      input: '{"verdict": "GROUNDED", "reason": ',
    });
  });

  it("returns text answers without a tool call", async () => {
    fake.script(openaiReply.text("I will not call tools."));
    const response = await backend().complete(verdictRequest);
    expect(response.text).toBe("I will not call tools.");
    expect(response.toolCall).toBeUndefined();
    expect(response.stopReason).toBe("stop");
  });
});

describe("retries and failures", () => {
  it("retries 429 and 5xx answers, honouring Retry-After up to the cap", async () => {
    // An hour-long Retry-After would stall the test without the cap.
    fake.script(openaiFault.rateLimited(3600), openaiFault.serverError(503), openaiReply.text("finally"));
    const response = await backend({ maxRetryAfterMs: 5 }).complete(verdictRequest);
    expect(response.text).toBe("finally");
    expect(fake.requests).toHaveLength(3);
  });

  it("gives up after three attempts with a ServiceError naming the model and status", async () => {
    fake.script(openaiFault.serverError(500, Infinity));
    const error = await backend()
      .complete(verdictRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toMatch(
      /qwen2\.5:7b .* failed after 3 attempts \(HTTP 500: The server had an error\)/,
    );
    expect(fake.requests).toHaveLength(3);
  });

  it("does not retry other client errors, and points at the key on 401", async () => {
    fake.script(openaiFault.badRequest("model 'qwen2.5:7b' not found"), openaiFault.unauthorized());
    await expect(backend().complete(verdictRequest)).rejects.toThrow(
      /HTTP 400: model 'qwen2\.5:7b' not found/,
    );
    await expect(backend().complete(verdictRequest)).rejects.toThrow(/refused the API key .* OPENAI_API_KEY/);
    expect(fake.requests).toHaveLength(2);
  });

  it("fails a slow server into a ServiceError once the timeout passes", async () => {
    fake.script(openaiFault.slow(10_000));
    const error = await backend({ timeoutMs: 150 })
      .complete(verdictRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toMatch(/did not answer within/);
  });

  it("fails a body that is not JSON into a ServiceError", async () => {
    fake.script(openaiFault.notJson());
    await expect(backend().complete(verdictRequest)).rejects.toThrow(/not JSON: <html>gateway/);
  });

  it("says when the server cannot be reached", async () => {
    const url = fake.baseUrl;
    await fake.close();
    fake = await startFakeOpenAi(); // afterEach closes this one
    const error = await backend({ baseUrl: url })
      .complete(verdictRequest)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toMatch(/could not be reached: ECONNREFUSED/);
  });
});

// The writer's long generation through the real SDK client's ConverseStream against the local h2c fake,
// which frames its events in AWS's event-stream encoding: slow streams complete, a stall fails once and
// is never sent again, throttling before output is retried, and malformed output is a clear ServiceError.
import { describe, expect, it } from "vitest";
import { createBedrockBackend, type BedrockBackendOptions } from "../../../pipeline/backends/bedrock.js";
import type { ModelRequest } from "../../../pipeline/backends/types.js";
import { ServiceError } from "../../../core/errors.js";
import { TAILOR_TOOL } from "../../../pipeline/write/model.js";
import { bedrockFault, bedrockStream } from "../../fakes/bedrock-server.js";
import { useFakeBedrock } from "../../helpers/fake-bedrock.js";

const MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";
const TAILORED = {
  summary: "Platform engineer.",
  work: [{ index: 0, highlights: ["Ran EKS."] }],
  skills: [],
};
const USAGE = { inputTokens: 2400, outputTokens: 350 };

const fake = useFakeBedrock();

function backend(options: Partial<BedrockBackendOptions> = {}) {
  return createBedrockBackend({ model: MODEL, retryDelayMs: 1, requestTimeoutMs: 300, ...options });
}

const request: ModelRequest = {
  purpose: "writer",
  system: "Tailor.",
  prompt: "The job.",
  tool: TAILOR_TOOL,
  maxTokens: 4096,
  temperature: 0.2,
  stream: true,
};

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => undefined,
    (e: unknown) => e as Error,
  );

describe("a streamed generation", () => {
  it("goes to converse-stream with the Converse body, and assembles the tool input from its deltas", async () => {
    fake.script("converse-stream", { events: bedrockStream.toolUse(TAILORED, "tailored_resume", USAGE) });
    const response = await backend().complete(request);
    expect(fake.requests.map((r) => [r.route, r.path])).toEqual([
      ["converse-stream", `/model/${encodeURIComponent(MODEL)}/converse-stream`],
    ]);
    expect(fake.requests[0]!.body).toMatchObject({
      inferenceConfig: { maxTokens: 4096, temperature: 0.2 },
      toolConfig: { toolChoice: { tool: { name: "tailored_resume" } } },
    });
    expect(response.toolCall).toEqual({ name: "tailored_resume", input: TAILORED });
    expect(response.stopReason).toBe("tool_use");
    expect(response.usage).toEqual({ ...USAGE, attempts: 1 });
    expect(response.preview.startsWith('{"output":{"message":{"content":[{"toolUse":')).toBe(true);
  });

  it("completes a slow stream whose whole length is far beyond the timeout, since no pause is", async () => {
    // 14 events 100 ms apart: 1.4 s in all, against a 300 ms timeout between events.
    const events = bedrockStream.toolUse(TAILORED, "tailored_resume", USAGE, { pieces: 8 });
    fake.script("converse-stream", { events, eventDelayMs: 100 });
    const started = Date.now();
    const response = await backend().complete(request);
    expect(Date.now() - started).toBeGreaterThan(1_000);
    expect(response.toolCall?.input).toEqual(TAILORED);
    expect(response.usage).toEqual({ ...USAGE, attempts: 1 });
    expect(fake.requests).toHaveLength(1);
  });

  it("joins streamed text deltas", async () => {
    fake.script("converse-stream", { events: bedrockStream.text(["I cannot ", "help."]) });
    const response = await backend().complete({ ...request, tool: undefined });
    expect(response.text).toBe("I cannot help.");
    expect(response.toolCall).toBeUndefined();
  });
});

describe("no blind retry of a long generation", () => {
  it("fails a stream that stalls after output started once, and never sends it again", async () => {
    const events = bedrockStream.toolUse(TAILORED, "tailored_resume", USAGE, { pieces: 6 });
    fake.script("converse-stream", { events, stallAfter: 4, times: Infinity });
    const error = await failure(backend({ maxAttempts: 3 }).complete(request));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error?.message).toBe(
      `Bedrock model ${MODEL} stopped streaming: nothing for 300 ms after output had started (1 attempt; not retried, so the generation is not paid for twice).`,
    );
    expect(fake.requests).toHaveLength(1);
  });

  it("does not retry a request that got no answer at all within the timeout", async () => {
    fake.script("converse-stream", bedrockFault.slow(5_000, { events: [] }, Infinity));
    const error = await failure(backend({ maxAttempts: 3 }).complete(request));
    expect(error?.message).toBe(
      `Bedrock model ${MODEL} did not start answering within 300 ms (1 attempt; a timed-out generation is not retried).`,
    );
    expect(fake.requests).toHaveLength(1);
  });

  it("fails an exception event after output started, without a retry", async () => {
    const events = bedrockStream.toolUse(TAILORED, "tailored_resume", USAGE, { pieces: 4 });
    fake.script("converse-stream", {
      events: [
        ...events.slice(0, 4),
        bedrockStream.exception("modelStreamErrorException", "Model stream broke."),
      ],
      times: Infinity,
    });
    const error = await failure(backend({ maxAttempts: 3 }).complete(request));
    expect(error?.message).toBe(
      `Bedrock model ${MODEL} failed in mid-stream (ModelStreamErrorException: Model stream broke; 1 attempt; not retried, since output had started).`,
    );
    expect(fake.requests).toHaveLength(1);
  });

  it("fails a stream cut off before its messageStop", async () => {
    const events = bedrockStream.toolUse(TAILORED, "tailored_resume", USAGE);
    fake.script("converse-stream", { events: events.slice(0, 4) });
    const error = await failure(backend().complete(request));
    expect(error?.message).toBe(
      `Bedrock model ${MODEL} ended its stream before the answer was complete (1 attempt).`,
    );
  });
});

describe("throttling before any output is retried", () => {
  it("retries an HTTP 429 and counts both attempts in the usage", async () => {
    fake.script("converse-stream", bedrockFault.throttling(), {
      events: bedrockStream.toolUse(TAILORED, "tailored_resume", USAGE),
    });
    const response = await backend().complete(request);
    expect(response.usage).toEqual({ ...USAGE, attempts: 2 });
    // The retries are vouch's, not the SDK's: each request is the SDK's first and only.
    expect(fake.requests.map((r) => r.headers["amz-sdk-request"])).toEqual([
      "attempt=1; max=1",
      "attempt=1; max=1",
    ]);
  });

  it("retries a throttlingException event that came before any content", async () => {
    fake.script(
      "converse-stream",
      {
        events: [
          bedrockStream.toolUse(TAILORED)[0]!, // messageStart: no content yet
          bedrockStream.exception("throttlingException"),
        ],
      },
      { events: bedrockStream.toolUse(TAILORED, "tailored_resume", USAGE) },
    );
    const response = await backend().complete(request);
    expect(response.toolCall?.input).toEqual(TAILORED);
    expect(response.usage).toEqual({ ...USAGE, attempts: 2 });
    expect(fake.requests).toHaveLength(2);
  });

  it("gives up after the configured attempts, throttling events and HTTP 429s counted together", async () => {
    fake.script("converse-stream", { events: [bedrockStream.exception("throttlingException")], times: 2 });
    fake.script("converse-stream", bedrockFault.throttling(Infinity));
    const error = await failure(backend({ maxAttempts: 3 }).complete(request));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error?.message).toBe(
      `Bedrock model ${MODEL} failed after 3 attempts (ThrottlingException, HTTP 429: Too many requests, please wait).`,
    );
    expect(fake.requests).toHaveLength(3);
  });

  it("retries a 5xx before output, then fails a stall without retrying it", async () => {
    const events = bedrockStream.toolUse(TAILORED, "tailored_resume", USAGE, { pieces: 6 });
    fake.script("converse-stream", bedrockFault.internal(), { events, stallAfter: 4, times: Infinity });
    const error = await failure(backend({ maxAttempts: 3 }).complete(request));
    expect(error?.message).toBe(
      `Bedrock model ${MODEL} stopped streaming: nothing for 300 ms after output had started (2 attempts; not retried, so the generation is not paid for twice).`,
    );
    expect(fake.requests).toHaveLength(2);
  });

  it("does not retry a ValidationException", async () => {
    fake.script("converse-stream", bedrockFault.validation("Malformed input request.", Infinity));
    const error = await failure(backend().complete(request));
    expect(error?.message).toBe(
      `Bedrock model ${MODEL} failed (ValidationException, HTTP 400: Malformed input request).`,
    );
    expect(fake.requests).toHaveLength(1);
  });
});

describe("malformed output", () => {
  it("is a ServiceError naming the tool when the streamed input is not JSON", async () => {
    fake.script("converse-stream", {
      events: bedrockStream.toolUse(undefined, "tailored_resume", USAGE, { raw: '{"summary": "cut' }),
    });
    const error = await failure(backend().complete(request));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error?.message).toBe(
      `Bedrock model ${MODEL} streamed a call of tailored_resume whose input is not valid JSON: {"summary": "cut`,
    );
  });

  it("is a ServiceError when the stream is not an event stream at all", async () => {
    fake.script("converse-stream", {
      body: "this is not an event stream",
      headers: { "content-type": "application/vnd.amazon.eventstream" },
    });
    const error = await failure(backend().complete(request));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error?.message).toMatch(new RegExp(`^Bedrock model ${MODEL.replace(/\./g, "\\.")} `));
    expect(fake.requests).toHaveLength(1);
  });
});

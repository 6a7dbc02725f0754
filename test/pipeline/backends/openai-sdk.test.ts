// The openai backend over the `openai` SDK: what the SDK changed underneath (retries, Retry-After, the
// timeout, errors) still behaves as the hand-written client did, and the forced tools keep their contract.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ServiceError } from "../../../core/errors.js";
import { fromText } from "../../../pipeline/inputs/job.js";
import { createBackend } from "../../../pipeline/backends/index.js";
import { createOpenAiBackend, type OpenAiBackendOptions } from "../../../pipeline/backends/openai.js";
import { UsageLedger, type ModelRequest, type ToolSpec } from "../../../pipeline/backends/types.js";
import { VERDICT_TOOL } from "../../../pipeline/verify/verdict-tool.js";
import { TAILOR_TOOL, modelWriter } from "../../../pipeline/write/model.js";
import { ANSWER_TOOL } from "../../../server/model-answerer.js";
import { openaiFault, openaiReply, startFakeOpenAi, type FakeOpenAi } from "../../fakes/openai-server.js";
import { testCatalog } from "../../helpers/catalog.js";
import { settingsOf } from "../../helpers/settings.js";

let fake: FakeOpenAi;
beforeEach(async () => {
  fake = await startFakeOpenAi();
});
afterEach(async () => {
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
  await fake.close();
});

function backend(options: Partial<OpenAiBackendOptions> = {}) {
  return createOpenAiBackend({ baseUrl: fake.baseUrl, model: "m", env: {}, ...options });
}

const request = (tool?: ToolSpec): ModelRequest => ({
  purpose: "verifier",
  system: "s",
  prompt: "p",
  ...(tool ? { tool } : {}),
});

async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as Error;
}

describe("retries", () => {
  it("waits what Retry-After says (in seconds) before the retry", async () => {
    fake.script(openaiFault.rateLimited(1), openaiReply.text("ok"));
    const started = Date.now();
    const response = await backend().complete(request());
    expect(response.text).toBe("ok");
    expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    expect(fake.requests.map((r) => r.headers["x-stainless-retry-count"])).toEqual(["0", "1"]);
  });

  it("caps a retry-after-ms header and an HTTP-date Retry-After as well", async () => {
    const inAnHour = new Date(Date.now() + 3_600_000).toUTCString();
    fake.script(
      { status: 429, headers: { "retry-after-ms": "3600000" }, body: { error: { message: "slow down" } } },
      { status: 503, headers: { "retry-after": inAnHour }, body: { error: { message: "busy" } } },
      openaiReply.text("ok"),
    );
    const started = Date.now();
    expect((await backend({ maxRetryAfterMs: 5 }).complete(request())).text).toBe("ok");
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(fake.requests).toHaveLength(3);
  });

  it("a 500 then a tool call: one retry, the answer, and one ledger entry with its usage", async () => {
    fake.script(openaiFault.serverError(500), openaiReply.verdict("GROUNDED", "ok"));
    const ledger = new UsageLedger();
    const verifier = createBackend(
      "openai",
      "verifier",
      settingsOf({ openaiBaseUrl: fake.baseUrl, openaiModel: "m" }),
      ledger,
      { openai: { env: {}, retryDelayMs: 1 } },
    );
    const response = await verifier.complete(request(VERDICT_TOOL));
    expect(response.toolCall).toEqual({
      name: "grounding_verdict",
      input: { verdict: "GROUNDED", reason: "ok", ungroundedClaims: [] },
    });
    expect(fake.requests).toHaveLength(2);
    expect(ledger.calls).toEqual([
      { backend: "openai", model: "m", purpose: "verifier", inputTokens: 150, outputTokens: 25 },
    ]);
  });

  it("makes exactly maxAttempts attempts", async () => {
    fake.script(openaiFault.serverError(500, Infinity));
    const error = await failure(backend({ maxAttempts: 1 }).complete(request()));
    expect(error.message).toMatch(/ failed \(HTTP 500: The server had an error\)\.$/);
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    ["408", 408, {}],
    ["409", 409, {}],
    ["a 400 that says x-should-retry", 400, { "x-should-retry": "true" }],
  ])("retries only 429 and 5xx, not %s", async (_name, status, headers) => {
    fake.script({ status, headers, body: { error: { message: "no" } }, times: Infinity });
    const error = await failure(backend({ retryDelayMs: 1 }).complete(request()));
    expect(error.message).toMatch(new RegExp(` failed \\(HTTP ${status}: no\\)\\.$`));
    expect(fake.requests).toHaveLength(1);
  });
});

describe("the timeout", () => {
  it("ends the call: a timed-out attempt is not retried, even with attempts left", async () => {
    fake.script(openaiFault.slow(10_000), openaiReply.text("second"));
    const started = Date.now();
    const error = await failure(backend({ timeoutMs: 150, maxAttempts: 3 }).complete(request()));
    expect(error.message).toMatch(
      /^The OpenAI-compatible model m at http:.*\/v1\/chat\/completions did not answer/,
    );
    expect(fake.requests).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(3_000);
  });

  it("counts per attempt: a retry gets the whole timeout again", async () => {
    fake.script(
      openaiFault.slow(350, openaiFault.serverError(503)),
      openaiFault.slow(350, openaiReply.text("ok")),
    );
    const response = await backend({ timeoutMs: 600, retryDelayMs: 1 }).complete(request());
    expect(response.text).toBe("ok");
    expect(fake.requests).toHaveLength(2);
  });

  it("covers a body that stalls after the headers", async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write('{"choices": [');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const error = await failure(
        backend({ baseUrl: `http://127.0.0.1:${port}/v1`, timeoutMs: 200 }).complete(request()),
      );
      expect(error.message).toMatch(/did not answer within 0 s\.$/);
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });
});

describe("the forced tools", () => {
  it.each([VERDICT_TOOL, TAILOR_TOOL, ANSWER_TOOL])("forces $name through tool_choice", async (tool) => {
    fake.script(openaiReply.toolCall(tool.name, { any: "thing" }));
    const response = await backend().complete(request(tool));
    expect(response.toolCall).toEqual({ name: tool.name, input: { any: "thing" } });
    const body = fake.requests[0]!.body as Record<string, unknown>;
    expect(body.tools).toEqual([
      {
        type: "function",
        function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
      },
    ]);
    expect(body.tool_choice).toEqual({ type: "function", function: { name: tool.name } });
  });

  it("malformed arguments still fail the writer with its ServiceError (exit 3)", async () => {
    fake.script(
      openaiReply.toolCall("tailored_resume", '{"summary": "A', { prompt_tokens: 9, completion_tokens: 3 }),
    );
    const writer = modelWriter(backend());
    const error = await failure(
      writer.write({
        profile: { basics: { name: "Dana" }, work: [{ name: "Fernhill", highlights: ["Ran EKS."] }] },
        job: fromText("job.md", "## What you bring\n- Amazon EKS\n"),
        requirements: [],
        matches: [],
        chunks: [],
        catalog: testCatalog(),
        asOf: "2024-06-01",
      }),
    );
    expect(error.message).toMatch(/^The openai writer \(m\) returned no usable tailored resume \(/);
    expect((error as ServiceError).exitCode).toBe(3);
  });
});

describe("what the SDK is not allowed to change", () => {
  it("reads nothing from process.env when env is given, and logs nothing", async () => {
    vi.stubEnv("OPENAI_API_KEY", "sk-process");
    vi.stubEnv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1");
    vi.stubEnv("OPENAI_ORG_ID", "org-x");
    vi.stubEnv("OPENAI_PROJECT_ID", "proj-x");
    vi.stubEnv("OPENAI_LOG", "debug");
    const logged = (["log", "info", "warn", "error", "debug"] as const).map((level) =>
      vi.spyOn(console, level).mockImplementation(() => {}),
    );
    fake.script(openaiFault.serverError(502), openaiReply.text("ok"));
    expect((await backend({ retryDelayMs: 1 }).complete(request())).text).toBe("ok");
    expect(fake.requests).toHaveLength(2);
    for (const { headers } of fake.requests) {
      expect(headers.authorization).toBeUndefined();
      expect(headers["openai-organization"]).toBeUndefined();
      expect(headers["openai-project"]).toBeUndefined();
    }
    for (const spy of logged) expect(spy).not.toHaveBeenCalled();
  });

  it("keeps the text of error bodies that are not OpenAI-shaped", async () => {
    fake.script(
      { status: 404, body: { object: "error", message: "The model `m` does not exist.", code: 404 } },
      { status: 502, body: "<html>Bad gateway</html>", times: Infinity },
    );
    expect((await failure(backend().complete(request()))).message).toMatch(
      / failed \(HTTP 404: \{"object":"error","message":"The model `m` does not exist\.","code":404\}\)\.$/,
    );
    expect((await failure(backend({ retryDelayMs: 1 }).complete(request()))).message).toMatch(
      / failed after 3 attempts \(HTTP 502: <html>Bad gateway<\/html>\)\.$/,
    );
  });
});

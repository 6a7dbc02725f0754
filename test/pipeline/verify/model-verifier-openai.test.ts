// The model verifier over the OpenAI-compatible API, its usage accounting and its default logging.
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createBackend } from "../../../pipeline/backends/index.js";
import { createOpenAiBackend } from "../../../pipeline/backends/openai.js";
import { UsageLedger, type ModelBackend, type ModelResponse } from "../../../pipeline/backends/types.js";
import type { Chunk } from "../../../core/chunk.js";
import { modelVerifier } from "../../../pipeline/verify/model-verifier.js";
import { openaiFault, openaiReply, startFakeOpenAi, type FakeOpenAi } from "../../fakes/openai-server.js";
import { settingsOf } from "../../helpers/settings.js";

const ANSWER = "I built the ingest service in Go.";
const CHUNKS: Chunk[] = [
  { id: "c1", uri: "repo/README.md", kind: "production-doc", text: "The ingest service is written in Go." },
];

let openai: FakeOpenAi;
let logs: string[];
beforeEach(async () => {
  openai = await startFakeOpenAi();
  logs = [];
});
afterEach(async () => {
  await openai.close();
});

const verifier = () =>
  modelVerifier(createOpenAiBackend({ baseUrl: openai.baseUrl, model: "m", retryDelayMs: 1, env: {} }), {
    log: (line) => logs.push(line),
  });

describe("over the OpenAI-compatible API", () => {
  it("forces the same verdict tool and reads its verdict", async () => {
    openai.script(openaiReply.verdict("GROUNDED", "ok"));
    expect(await verifier().verify(ANSWER, CHUNKS)).toEqual({
      verdict: "GROUNDED",
      reason: "ok",
      ungroundedClaims: [],
    });
    const body = openai.requests[0]!.body as { tool_choice: unknown; temperature: number };
    expect(body.tool_choice).toEqual({ type: "function", function: { name: "grounding_verdict" } });
    expect(body.temperature).toBe(0);
  });

  it.each([
    ["unparsable arguments", openaiReply.toolCall("grounding_verdict", "{verdict: GROUNDED"), "malformed"],
    ["a wrong enum value", openaiReply.verdict("YES", "ok"), "malformed"],
    ["text instead of a tool call", openaiReply.text("Looks grounded to me!"), "malformed"],
    ["a service that keeps failing", openaiFault.rateLimited(0, Infinity), "service"],
    ["a slow server", openaiFault.slow(10_000, openaiReply.verdict("GROUNDED", "late")), "service"],
  ])("fails safe on %s", async (_name, reply, failure) => {
    openai.script(reply);
    const backend = createOpenAiBackend({
      baseUrl: openai.baseUrl,
      model: "m",
      retryDelayMs: 1,
      timeoutMs: 150,
      env: {},
    });
    const result = await modelVerifier(backend, { log: (line) => logs.push(line) }).verify(ANSWER, CHUNKS);
    expect(result).toMatchObject({ verdict: "NOT_GROUNDED", failure });
    expect(logs).toHaveLength(1);
  });
});

describe("wiring", () => {
  it("counts the verifier's tokens in the run's ledger", async () => {
    openai.script(openaiReply.verdict("GROUNDED", "ok"));
    const settings = settingsOf({ openaiBaseUrl: openai.baseUrl, openaiModel: "m" });
    const ledger = new UsageLedger();
    await modelVerifier(createBackend("openai", "verifier", settings, ledger)).verify(ANSWER, CHUNKS);
    expect(ledger.calls).toEqual([
      { backend: "openai", model: "m", purpose: "verifier", inputTokens: 150, outputTokens: 25 },
    ]);
  });

  it("logs to stderr by default, and never rejects even when the backend throws something odd", async () => {
    const write = vi.spyOn(process.stderr, "write").mockImplementation(() => true);
    try {
      const broken: ModelBackend = {
        name: "openai",
        model: "m",
        complete: (): Promise<ModelResponse> => Promise.reject(new TypeError("boom")),
      };
      const result = await modelVerifier(broken).verify(ANSWER, CHUNKS);
      expect(result).toMatchObject({ verdict: "NOT_GROUNDED", failure: "service" });
      expect(write).toHaveBeenCalledWith(
        expect.stringContaining("openai verifier (m): no verdict, the service failed: boom"),
      );
    } finally {
      write.mockRestore();
    }
  });
});

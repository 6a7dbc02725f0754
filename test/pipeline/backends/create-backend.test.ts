// createBackend: which model and endpoint each backend gets from the settings, and the usage ledger.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import {
  createBackend,
  DEFAULT_VERIFIER_MODEL,
  DEFAULT_WRITER_MODEL,
} from "../../../pipeline/backends/index.js";
import { UsageLedger, type ModelRequest } from "../../../pipeline/backends/types.js";
import { InputError } from "../../../core/errors.js";
import { VERDICT_TOOL } from "../../../pipeline/verify/verdict-tool.js";
import { bedrockFault, bedrockReply } from "../../fakes/bedrock-server.js";
import { openaiReply, startFakeOpenAi, type FakeOpenAi } from "../../fakes/openai-server.js";
import { useFakeBedrock } from "../../helpers/fake-bedrock.js";
import { settingsOf } from "../../helpers/settings.js";

const FAST = { retryDelayMs: 1, requestTimeoutMs: 2_000 };

const verdictRequest: ModelRequest = {
  purpose: "verifier",
  system: "Check grounding.",
  prompt: "<sources>[1] (a.md) Uses Go.</sources><answer>Uses Go.</answer>",
  tool: VERDICT_TOOL,
};

describe("createBackend: bedrock", () => {
  const fake = useFakeBedrock();

  it("uses Claude Haiku for the verifier and records every call's usage and attempts in the ledger", async () => {
    fake.script(
      "converse",
      bedrockFault.throttling(),
      bedrockReply.verdict("GROUNDED", "ok"),
      bedrockReply.verdict("GROUNDED", "ok"),
    );
    const ledger = new UsageLedger();
    const verifier = createBackend("bedrock", "verifier", settingsOf({}), ledger, { aws: FAST });
    expect(verifier.model).toBe(DEFAULT_VERIFIER_MODEL);
    await verifier.complete(verdictRequest);
    await verifier.complete(verdictRequest);
    expect(fake.requests.map((r) => r.modelId)).toEqual(Array(3).fill(DEFAULT_VERIFIER_MODEL));
    expect(ledger.calls).toEqual([
      {
        backend: "bedrock",
        model: DEFAULT_VERIFIER_MODEL,
        purpose: "verifier",
        inputTokens: 120,
        outputTokens: 30,
        attempts: 2,
      },
      {
        backend: "bedrock",
        model: DEFAULT_VERIFIER_MODEL,
        purpose: "verifier",
        inputTokens: 120,
        outputTokens: 30,
        attempts: 1,
      },
    ]);
    expect(ledger.totals()).toEqual({ calls: 2, inputTokens: 240, outputTokens: 60 });
  });

  it("takes the writer model and region from the settings", async () => {
    delete process.env.AWS_REGION;
    fake.script("converse", bedrockReply.text("draft"));
    const writer = createBackend("bedrock", "writer", settingsOf({ awsRegion: "eu-west-3" }), undefined, {
      aws: FAST,
    });
    expect(writer.model).toBe(DEFAULT_WRITER_MODEL);
    await writer.complete({ purpose: "writer", system: "s", prompt: "p" });
    expect(fake.requests[0]!.headers.authorization).toContain("/eu-west-3/bedrock/aws4_request");
    const custom = createBackend(
      "bedrock",
      "verifier",
      settingsOf({ verifierModel: "anthropic.claude-x", awsRegion: "us-east-2" }),
    );
    expect(custom.model).toBe("anthropic.claude-x");
  });
});

describe("createBackend: openai", () => {
  let openai: FakeOpenAi;
  beforeEach(async () => {
    openai = await startFakeOpenAi();
  });
  afterEach(async () => {
    await openai.close();
  });

  it("uses openaiBaseUrl and openaiModel and records usage in the ledger", async () => {
    openai.script(openaiReply.verdict("GROUNDED", "ok"));
    const ledger = new UsageLedger();
    const model = createBackend(
      "openai",
      "verifier",
      settingsOf({ openaiBaseUrl: openai.baseUrl, openaiModel: "llama3.1" }),
      ledger,
      { openai: { env: {} } },
    );
    await model.complete(verdictRequest);
    expect((openai.requests[0]!.body as { model: string }).model).toBe("llama3.1");
    expect(ledger.calls).toEqual([
      { backend: "openai", model: "llama3.1", purpose: "verifier", inputTokens: 150, outputTokens: 25 },
    ]);
  });

  it("needs a model name and a usable base URL", () => {
    expect(() => createBackend("openai", "verifier", settingsOf({}))).toThrow(InputError);
    expect(() => createBackend("openai", "verifier", settingsOf({}))).toThrow(/openaiModel/);
    expect(() =>
      createBackend("openai", "writer", settingsOf({ openaiModel: "m", openaiBaseUrl: "ftp://host/v1" })),
    ).toThrow(/not an http\(s\) URL/);
    expect(openai.requests).toHaveLength(0);
  });
});

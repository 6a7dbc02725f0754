// `writer: bedrock` in vouch serve: the model answers through the forced portfolio_answer tool, over the
// real SDK client against the fake Bedrock; its answer still passes record-provenance, number-provenance and
// the verifier.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBedrockBackend } from "../../pipeline/backends/bedrock.js";
import { verifyChain } from "../../guards/redaction-record.js";
import { buildApp } from "../../server/app.js";
import { FALLBACK } from "../../server/chat.js";
import { ANSWER_TOOL, modelAnswerer } from "../../server/model-answerer.js";
import { bedrockFault, bedrockReply } from "../fakes/bedrock-server.js";
import { useFakeBedrock } from "../helpers/fake-bedrock.js";
import { NOW, capturedLogger, loadPortfolio, sequentialIds } from "./fixture.js";

const fake = useFakeBedrock({ scope: "all" });
let app: Awaited<ReturnType<typeof buildApp>>;
const logged: string[] = [];

beforeAll(async () => {
  const backend = createBedrockBackend({ model: "writer-model", retryDelayMs: 1, maxAttempts: 2 });
  app = await buildApp({
    ...(await loadPortfolio()),
    answerer: modelAnswerer(backend, (line) => logged.push(line)),
    logger: capturedLogger().logger,
    now: () => NOW,
    newId: sequentialIds(),
    options: { rateLimit: 0 },
  });
});
afterAll(async () => {
  await app.close();
});

const ask = async (question: string, mode?: "block" | "warn") =>
  (
    await app.inject({ method: "POST", url: "/v1/chat", payload: { question, ...(mode ? { mode } : {}) } })
  ).json() as Record<string, unknown>;
const answer = (input: unknown) => bedrockReply.toolUse(input, ANSWER_TOOL.name);

describe("the model answerer", () => {
  it("forces portfolio_answer with the numbered sources and the question as data; cited sources come back", async () => {
    fake.script(
      "converse",
      answer({
        answerable: true,
        answer: "Dana built the orders service in Go with PostgreSQL on Amazon RDS and events on Amazon SQS.",
        sources: [1],
      }),
    );
    const response = await ask("Which database does the orders service use?");
    expect(response).toMatchObject({ verdict: "GROUNDED", blocked: false, records: [] });
    expect((response.sources as unknown[]).length).toBe(1);
    const request = fake.requests.at(-1)!;
    expect(request.body).toMatchObject({
      toolConfig: { toolChoice: { tool: { name: "portfolio_answer" } } },
      messages: [{ content: [{ text: expect.stringMatching(/^<sources>\n\[1\] \(/) }] }],
    });
    expect(JSON.stringify(request.body)).not.toMatch(/thinking/);
  });

  it("sees the facts that answer the question's intent first, and the intent beside the question", async () => {
    fake.script("converse", answer({ answerable: false, answer: "", sources: [] }));
    await ask("Does Dana have experience with OpenAI?");
    const text = JSON.stringify(fake.requests.at(-1)!.body);
    expect(text).toContain(
      "[1] (ledger-service/examples/summarize_with_openai.py:14) OpenAI appears only in example code (ledger-service/examples/summarize_with_openai.py:14, ledger-service/examples/requirements.txt:2), not in production code.",
    );
    expect(text).toContain(
      "Does Dana have experience with OpenAI?\\n(understood as: a technology question about openai; sources 1-1 are the facts that answer it)",
    );
  });

  it("gives way to the composed answer when the guards block its own", async () => {
    fake.script(
      "converse",
      answer({ answerable: true, answer: "Dana has run OpenAI in production for 6 years.", sources: [1] }),
    );
    const response = await ask("Does Dana have experience with OpenAI?");
    expect(response).toMatchObject({
      answer:
        "OpenAI appears only in example code (ledger-service/examples/summarize_with_openai.py:14, ledger-service/examples/requirements.txt:2), not in production code.",
      verdict: "GROUNDED",
      blocked: false,
      sources: [{ path: "ledger-service/examples/summarize_with_openai.py:14" }],
    });
    const records = response.records as { guard: string; action: string }[];
    expect(records.at(-1)).toMatchObject({ guard: "verifier", action: "fallback" });
  });

  it("cannot get an invented figure past the guards: it is redacted and the answer blocked", async () => {
    fake.script(
      "converse",
      answer({
        answerable: true,
        answer: "Dana worked with 400 engineers on the orders service.",
        sources: [1],
      }),
    );
    const response = await ask("How big was Dana's team?");
    expect(response).toMatchObject({ verdict: "NOT_GROUNDED", blocked: true });
    expect(response.answer).not.toMatch(/400/);
    expect(response.records).toContainEqual(
      expect.objectContaining({ guard: "number-provenance", original: "400" }),
    );
  });

  it.each([
    ["Dana was a Staff Engineer at Quillmark.", "title-not-held", 'the title "Staff Engineer" at Quillmark'],
    ["Dana worked at Google from 2018 to 2021.", "employer-not-held", 'the employer "Google"'],
  ])("cannot claim a record the profile does not hold: %j is taken out", async (text, rule, named) => {
    for (const mode of ["block", "warn"] as const) {
      fake.script("converse", answer({ answerable: true, answer: text, sources: [1] }));
      const response = await ask("What was Dana's title at Quillmark?", mode);
      // The guard empties an answer that has no candidate wording to fall back to: in warn mode too, there
      // is nothing left to keep with a note, so the fallback is given.
      expect(response).toMatchObject({
        answer: FALLBACK,
        verdict: "NOT_GROUNDED",
        blocked: true,
        sources: [],
        records: [
          {
            seq: 1,
            guard: "record-provenance",
            rule,
            action: "remove",
            field: "answer",
            original: text,
            replacement: "",
            reason: `answer: it names ${named}, which ${
              rule === "title-not-held"
                ? "no position, label, organisation or text of the profile holds"
                : "no employer, school or organisation of the profile is"
            }; the profile has no wording for this place, so it is removed.`,
          },
          {
            seq: 2,
            guard: "verifier",
            action: "fallback",
            replacement: FALLBACK,
            reason: `The guards removed the whole answer ("${text}"). The answer is replaced by a statement that the portfolio does not show it.`,
          },
        ],
      });
      expect((response.records as unknown[]).length).toBe(2);
      expect(verifyChain(response.records as Parameters<typeof verifyChain>[0])).toEqual({ ok: true });
    }
  });

  it("passes an answer naming only the title and employer the profile holds unchanged", async () => {
    const text = "Dana was a Software Engineer at Quillmark.";
    for (const mode of ["block", "warn"] as const) {
      fake.script("converse", answer({ answerable: true, answer: text, sources: [1] }));
      expect(await ask("What was Dana's title at Quillmark?", mode)).toMatchObject({
        answer: text,
        verdict: "GROUNDED",
        blocked: false,
        records: [],
      });
    }
  });

  it("an unanswerable question or an unusable reply gets the fallback, never an invented answer", async () => {
    fake.script("converse", answer({ answerable: false, answer: "", sources: [] }));
    expect(await ask("What is Dana's salary?")).toMatchObject({ verdict: "NOT_GROUNDED", sources: [] });
    fake.script("converse", bedrockReply.text("Sure! Dana is great."));
    expect(await ask("Is Dana great?")).toMatchObject({ verdict: "NOT_GROUNDED", sources: [] });
    expect(logged.at(-1)).toMatch(/gave no usable answer/);
  });

  it("a service failure after retries is a 503, not a fallback that looks like an answer", async () => {
    fake.script("converse", bedrockFault.internal(5));
    const response = await app.inject({
      method: "POST",
      url: "/v1/chat",
      payload: { question: "Which cloud?" },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      message: "The answering service is unavailable; try again shortly.",
    });
  });
});

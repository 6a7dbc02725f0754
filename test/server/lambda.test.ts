import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../server/app.js";
import { type HttpApiEvent, createLambdaHandler, handler } from "../../server/lambda.js";
import {
  CHAT_RESPONSE_KEYS,
  NOW,
  SAMPLE_PROFILE,
  capturedLogger,
  loadPortfolio,
  sequentialIds,
} from "./fixture.js";

const METRICS_TOKEN = "metrics-token-0123456789abcdef";
const FIXTURE = resolve(import.meta.dirname, "../fixtures/lambda/chat-event.json");

let event: HttpApiEvent;
const apps: { close(): Promise<unknown> }[] = [];
beforeAll(async () => {
  event = JSON.parse(await readFile(FIXTURE, "utf8")) as HttpApiEvent;
});
afterAll(async () => {
  await Promise.all(apps.map((app) => app.close()));
});

async function sampleHandler() {
  const portfolio = await loadPortfolio();
  let builds = 0;
  const lambda = createLambdaHandler(async () => {
    builds++;
    const app = await buildApp({
      ...portfolio,
      now: () => NOW,
      newId: sequentialIds("lambda"),
      logger: capturedLogger().logger,
      options: { corsOrigins: ["https://recruiters.example"], metricsToken: METRICS_TOKEN },
    });
    apps.push(app);
    return app;
  });
  return { lambda, builds: () => builds };
}

describe("the Lambda handler (API Gateway HTTP API, payload 2.0)", () => {
  it("answers a recorded chat event with the same JSON as the server", async () => {
    const { lambda, builds } = await sampleHandler();
    const result = await lambda(event);
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(false);
    expect(result.headers["content-type"]).toMatch(/^application\/json/);
    expect(result.headers["access-control-allow-origin"]).toBe("https://recruiters.example");
    const body = JSON.parse(result.body);
    expect(Object.keys(body).sort()).toEqual(CHAT_RESPONSE_KEYS);
    expect(body).toMatchObject({ requestId: "lambda-1", verdict: "GROUNDED", blocked: false });
    expect(body.answer).toContain("PostgreSQL");

    await lambda({
      ...event,
      rawPath: "/healthz",
      body: undefined,
      requestContext: { ...event.requestContext, http: { method: "GET" } },
    });
    expect(builds()).toBe(1);
  });

  it("strips a named stage from the path and passes query strings and errors through", async () => {
    const { lambda } = await sampleHandler();
    const staged = await lambda({
      ...event,
      rawPath: "/prod/v1/chat",
      requestContext: { ...event.requestContext, stage: "prod" },
      body: JSON.stringify({ question: "" }),
      isBase64Encoded: false,
    });
    expect(staged.statusCode).toBe(400);
    expect(JSON.parse(staged.body).message).toBe("Invalid request body: question must not be empty.");
    const scrape = (authorization?: string) =>
      lambda({
        ...event,
        rawPath: "/metrics",
        rawQueryString: "name=x",
        body: undefined,
        headers: authorization ? { authorization } : {},
        requestContext: { ...event.requestContext, http: { method: "GET" } },
      });
    expect((await scrape()).statusCode).toBe(401);
    const metrics = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(metrics.statusCode).toBe(200);
    expect(metrics.body).toContain("vouch_grounding_requests_total");
  });

  it.each([
    ["a null event", null, "The event is not an HTTP API request."],
    ["a string event", "GET /", "The event is not an HTTP API request."],
    [
      "an event without requestContext",
      { rawPath: "/healthz" },
      "The event has no requestContext.http.method: it is not an HTTP API (payload 2.0) request.",
    ],
    [
      "the method FOO BAR",
      { rawPath: "/healthz", requestContext: { http: { method: "FOO BAR" } } },
      'The event\'s method "FOO BAR" is not an HTTP method.',
    ],
    [
      "a path without its slash",
      { rawPath: "healthz", requestContext: { http: { method: "GET" } } },
      "The event's rawPath is not a path starting with /.",
    ],
    [
      "a body that is not a string",
      { rawPath: "/v1/chat", body: { question: "Hi" }, requestContext: { http: { method: "POST" } } },
      "The event's body is not a string.",
    ],
  ])("answers %s with 400 and a JSON body, never a throw", async (_name, bad, message) => {
    let builds = 0;
    const lambda = createLambdaHandler(async () => {
      builds++;
      throw new Error("not reached");
    });
    const result = await lambda(bad as HttpApiEvent);
    expect(result).toEqual({
      statusCode: 400,
      headers: { "content-type": "application/json; charset=utf-8" },
      body: JSON.stringify({ error: "Bad Request", message }),
      isBase64Encoded: false,
    });
    expect(builds).toBe(0);
  });

  it("answers 503 Service Unavailable while the app cannot start, without the cause, and retries", async () => {
    const logged: string[] = [];
    let builds = 0;
    const lambda = createLambdaHandler(
      async () => {
        builds++;
        throw new Error("VOUCH_ADMIN_TOKEN: expected at least 16 characters");
      },
      (line) => logged.push(line),
    );
    for (const _ of [1, 2]) {
      const result = await lambda(event);
      expect(result.statusCode).toBe(503);
      expect(JSON.parse(result.body)).toEqual({
        error: "Service Unavailable",
        message: "The chatbot could not start; the cause is in the function's log.",
      });
    }
    expect(builds).toBe(2);
    expect(logged).toEqual([
      "vouch: the app could not start: VOUCH_ADMIN_TOKEN: expected at least 16 characters",
      "vouch: the app could not start: VOUCH_ADMIN_TOKEN: expected at least 16 characters",
    ]);
  });

  it("builds the app from VOUCH_PROFILE on the first event (the exported handler)", async () => {
    const saved = { profile: process.env.VOUCH_PROFILE, level: process.env.AWS_LAMBDA_LOG_LEVEL };
    process.env.VOUCH_PROFILE = SAMPLE_PROFILE;
    process.env.AWS_LAMBDA_LOG_LEVEL = "ERROR";
    try {
      const result = await handler(event);
      expect(result.statusCode).toBe(200);
      expect(JSON.parse(result.body)).toMatchObject({ verdict: "GROUNDED", blocked: false });
    } finally {
      restore("VOUCH_PROFILE", saved.profile);
      restore("AWS_LAMBDA_LOG_LEVEL", saved.level);
    }
  });
});

function restore(name: string, value: string | undefined): void {
  if (value === undefined) delete process.env[name];
  else process.env[name] = value;
}

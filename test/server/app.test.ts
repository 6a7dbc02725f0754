import type { FastifyInstance } from "fastify";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Answerer } from "../../server/answerer.js";
import { type AppOptions, buildApp, statusName } from "../../server/app.js";
import { FALLBACK } from "../../server/chat.js";
import {
  CHAT_RESPONSE_KEYS,
  NOW,
  type PortfolioDeps,
  capturedLogger,
  loadPortfolio,
  sequentialIds,
} from "./fixture.js";

const TOKEN = "admin-token-0123456789abcdef";
const QUESTION = "Which database does the orders service use?";

let samples: PortfolioDeps;
const apps: FastifyInstance[] = [];
beforeAll(async () => {
  samples = await loadPortfolio();
});
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.close()));
});

interface Harness {
  app: FastifyInstance;
  lines: string[];
  emitted: string[];
  clock: { now: number };
}

async function harness(
  options: AppOptions = {},
  parts: Partial<PortfolioDeps> & { answerer?: Answerer } = {},
) {
  const { logger, lines } = capturedLogger();
  const emitted: string[] = [];
  const clock = { now: NOW };
  const app = await buildApp({
    ...samples,
    ...parts,
    now: () => clock.now,
    newId: sequentialIds(),
    logger,
    emit: (line) => emitted.push(line),
    options: { rateLimit: 0, ...options },
  });
  apps.push(app);
  return { app, lines, emitted, clock } satisfies Harness;
}

const chat = (app: FastifyInstance, payload: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method: "POST", url: "/v1/chat", payload: payload as object, headers });

describe("POST /v1/chat", () => {
  it("answers with the contract's shape: a grounded quote and its sources", async () => {
    const { app } = await harness();
    const response = await chat(app, { question: QUESTION });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    const body = response.json();
    expect(Object.keys(body).sort()).toEqual(CHAT_RESPONSE_KEYS);
    expect(body).toMatchObject({ requestId: "req-1", verdict: "GROUNDED", blocked: false, records: [] });
    expect(body.answer).toContain("PostgreSQL");
    expect(body.sources[0]).toMatchObject({ path: "profile.yaml#work[0]" });
    expect(body.answer).toContain(body.sources[0].snippet);
  });

  it.each([
    [{}, "Invalid request body: question is required."],
    [{ question: "" }, "Invalid request body: question must not be empty."],
    [{ question: "   " }, "Invalid request body: question must not be blank."],
    [{ question: "x".repeat(2001) }, "Invalid request body: question must be at most 2000 characters."],
    [{ question: 42 }, "Invalid request body: question must be a string."],
    [{ question: "Hi", mode: "loud" }, "Invalid request body: mode must be one of block, warn."],
    [
      { question: "Hi", sessionId: "a b" },
      "Invalid request body: sessionId may hold only letters, digits and . _ : -.",
    ],
    [{ question: "Hi", temperature: 2 }, "Invalid request body: temperature is not a field of this request."],
    [["Hi"], "Invalid request body: body must be an object."],
  ])("answers 400 naming the field for %j", async (payload, message) => {
    const { app } = await harness();
    const response = await chat(app, payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: "Bad Request", message, requestId: "req-1" });
  });

  it("answers 413 to a body over 16 KB, before reading it", async () => {
    const { app } = await harness();
    const response = await chat(app, { question: "x".repeat(17 * 1024) });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({ message: "The request body is larger than 16 KB." });
  });

  it("answers 429 to a client over its per-minute limit, per IP; health checks are never limited", async () => {
    const { app } = await harness({ rateLimit: 2 });
    const from = (ip: string) =>
      app.inject({ method: "POST", url: "/v1/chat", payload: { question: "Hi" }, remoteAddress: ip });
    expect((await from("10.0.0.1")).statusCode).toBe(200);
    expect((await from("10.0.0.1")).statusCode).toBe(200);
    const limited = await from("10.0.0.1");
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toMatch(/^Too many requests: at most 2 per minute; retry in /);
    expect((await from("10.0.0.2")).statusCode).toBe(200);
    const health = await app.inject({ method: "GET", url: "/healthz", remoteAddress: "10.0.0.1" });
    expect(health.statusCode).toBe(200);
  });

  it("behind a load balancer (trustProxy: 1) limits each forwarded client, not the balancer", async () => {
    for (const trustProxy of [1, 0]) {
      const { app } = await harness({ rateLimit: 1, trustProxy });
      const from = (client: string) =>
        app.inject({
          method: "POST",
          url: "/v1/chat",
          payload: { question: "Hi" },
          remoteAddress: "10.0.0.9",
          headers: { "x-forwarded-for": client },
        });
      expect((await from("203.0.113.1")).statusCode).toBe(200);
      expect((await from("203.0.113.2")).statusCode).toBe(trustProxy > 0 ? 200 : 429);
    }
  });

  it("sends CORS headers to allowed origins only", async () => {
    const { app } = await harness({ corsOrigins: ["https://recruiters.example"] });
    const allowed = await chat(app, { question: "Hi" }, { origin: "https://recruiters.example" });
    expect(allowed.headers["access-control-allow-origin"]).toBe("https://recruiters.example");
    const other = await chat(app, { question: "Hi" }, { origin: "https://evil.example" });
    expect(other.headers["access-control-allow-origin"]).toBeUndefined();
    const preflight = await app.inject({
      method: "OPTIONS",
      url: "/v1/chat",
      headers: { origin: "https://recruiters.example", "access-control-request-method": "POST" },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers["access-control-allow-methods"]).toContain("POST");
  });

  it("remembers a session's last turns for the answerer, and forgets an idle session", async () => {
    const seen: number[] = [];
    const answerer: Answerer = {
      name: "spy",
      answer: async ({ history }) => (seen.push(history.length), { text: "", quotes: [] }),
    };
    const { app, clock } = await harness({ sessions: { maxTurns: 2, idleMs: 60_000 } }, { answerer });
    for (let i = 0; i < 4; i++) await chat(app, { question: "What did Dana build?", sessionId: "s-1" });
    await chat(app, { question: "What did Dana build?" });
    clock.now += 60_000;
    const last = await chat(app, { question: "What did Dana build?", sessionId: "s-1" });
    expect(seen).toEqual([0, 1, 2, 2, 0, 0]);
    expect(last.json().answer).toBe(FALLBACK);
  });
});

describe("errors, logs and metrics", () => {
  it("never sends a stack trace, and logs the failure with the request id", async () => {
    const broken = {
      name: "broken",
      retrieve: async () => Promise.reject(new Error("boom at /srv/secret.ts:12")),
    };
    const { app, lines } = await harness({}, { kb: broken });
    const response = await chat(app, { question: QUESTION });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({
      error: "Internal Server Error",
      message: "Internal error; the request id is in the server's logs.",
      requestId: "req-1",
    });
    expect(response.body).not.toMatch(/boom|secret|\.ts/);
    expect(lines.some((l) => l.includes('"requestId":"req-1"') && l.includes("boom"))).toBe(true);
  });

  it("labels each status with its own reason phrase: a 503 is Service Unavailable", async () => {
    const unavailable = Object.assign(new Error("Bedrock throttled"), { statusCode: 503 });
    const kb = { name: "down", retrieve: async () => Promise.reject(unavailable) };
    const { app } = await harness({}, { kb });
    const response = await chat(app, { question: QUESTION });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      error: "Service Unavailable",
      message: "The answering service is unavailable; try again shortly.",
      requestId: "req-1",
    });
    expect([400, 401, 403, 404, 408, 409, 413, 415, 429, 500, 502, 503, 504].map(statusName)).toEqual([
      "Bad Request",
      "Unauthorized",
      "Forbidden",
      "Not Found",
      "Request Timeout",
      "Conflict",
      "Payload Too Large",
      "Unsupported Media Type",
      "Too Many Requests",
      "Internal Server Error",
      "Bad Gateway",
      "Service Unavailable",
      "Gateway Timeout",
    ]);
  });

  it("answers 404 as JSON for an unknown route", async () => {
    const { app } = await harness();
    const response = await app.inject({ method: "GET", url: "/v1/secrets?x=1" });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      error: "Not Found",
      message: "There is no GET /v1/secrets.",
      requestId: "req-1",
    });
  });

  it("serves health and Prometheus metrics with the grounding counters", async () => {
    const { app } = await harness();
    await chat(app, { question: QUESTION });
    expect((await app.inject({ method: "GET", url: "/healthz" })).json()).toEqual({
      status: "ok",
      kb: "local",
      verifier: "local",
    });
    const metrics = await app.inject({ method: "GET", url: "/metrics" });
    expect(metrics.headers["content-type"]).toMatch(/^text\/plain/);
    for (const name of [
      'vouch_grounding_requests_total{route="/v1/chat",method="POST",status="200"} 1',
      'vouch_grounding_verdicts_total{verdict="GROUNDED"} 1',
      "vouch_grounding_blocked_total 0",
      "# TYPE vouch_grounding_false_positives_total counter",
      'vouch_grounding_request_duration_seconds_count{route="/v1/chat",method="POST"} 1',
    ]) {
      expect(metrics.body).toContain(name);
    }
  });
});

describe("POST /v1/feedback/false-positive", () => {
  const report = (app: FastifyInstance, payload: object, authorization?: string) =>
    app.inject({
      method: "POST",
      url: "/v1/feedback/false-positive",
      payload,
      headers: authorization ? { authorization } : {},
    });
  const blockedAnswer: Answerer = {
    name: "scripted",
    answer: async () => ({ text: "Dana mentored the whole frontend guild.", quotes: [] }),
  };

  it("refuses without the admin token, or with a wrong one, before reading the body", async () => {
    const { app } = await harness({ adminToken: TOKEN });
    expect((await report(app, { requestId: "req-1", reason: "fine" })).statusCode).toBe(401);
    expect((await report(app, {}, `Bearer ${TOKEN}x`)).statusCode).toBe(401);
    expect((await report(app, {}, TOKEN)).statusCode).toBe(401);
    const open = await harness();
    expect((await report(open.app, { requestId: "req-1", reason: "fine" }, "Bearer ")).statusCode).toBe(401);
  });

  it("answers 404 for a request id it does not know", async () => {
    const { app } = await harness({ adminToken: TOKEN });
    const response = await report(app, { requestId: "req-404", reason: "fine" }, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("No recent answer has the request id req-404.");
  });

  it("answers 409 for an answer nothing flagged, and counts nothing", async () => {
    const { app, emitted } = await harness({ adminToken: TOKEN });
    const answer = (await chat(app, { question: QUESTION })).json();
    expect(answer).toMatchObject({ requestId: "req-1", verdict: "GROUNDED", blocked: false, records: [] });
    const response = await report(app, { requestId: "req-1", reason: "fine" }, `Bearer ${TOKEN}`);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({
      error: "Conflict",
      message: "The answer req-1 was not flagged (verdict GROUNDED): there is no false positive to report.",
      requestId: "req-2",
    });
    const metrics = (await app.inject({ method: "GET", url: "/metrics" })).body;
    expect(metrics).not.toContain("vouch_grounding_false_positives_total{");
    expect(emitted).toEqual([]);
  });

  it("counts a false positive once, by the guard that flagged it, and prints its EMF line", async () => {
    const { app, emitted, lines } = await harness({ adminToken: TOKEN }, { answerer: blockedAnswer });
    const answer = (await chat(app, { question: "Does Dana mentor?" })).json();
    expect(answer).toMatchObject({ requestId: "req-1", blocked: true });
    const first = await report(app, { requestId: "req-1", reason: "Dana did mentor." }, `Bearer ${TOKEN}`);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ requestId: "req-1", guard: "verifier", counted: true });
    const again = await report(app, { requestId: "req-1", reason: "Really." }, `bearer ${TOKEN}`);
    expect(again.json()).toMatchObject({ counted: false });

    const metrics = (await app.inject({ method: "GET", url: "/metrics" })).body;
    expect(metrics).toContain('vouch_grounding_false_positives_total{guard="verifier"} 1');
    expect(metrics).toContain("vouch_grounding_blocked_total 1");
    expect(emitted).toHaveLength(1);
    expect(JSON.parse(emitted[0]!)).toMatchObject({
      _aws: {
        Timestamp: NOW,
        CloudWatchMetrics: [{ Namespace: "Vouch", Metrics: [{ Name: "GroundingFalsePositive" }] }],
      },
      Guard: "verifier",
      GroundingFalsePositive: 1,
      requestId: "req-1",
      reason: "Dana did mentor.",
    });
    expect(lines.join("\n")).not.toContain(TOKEN);
    expect(
      lines.some((l) => l.includes('"requestId":"req-2"') && l.includes("false positive reported")),
    ).toBe(true);
  });
});

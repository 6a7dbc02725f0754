// GET /metrics: a bearer token compared in constant time, loopback only without one, its own rate limit;
// and a /metrics flood does not starve /v1/chat (the p50 figures are printed, not asserted).
import { spawn } from "node:child_process";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { METRICS_PER_MINUTE, isLoopback } from "../../../server/security/metrics-access.js";
import { sampleApps } from "../fixture.js";

const TOKEN = "metrics-token-0123456789abcdef";
/** Floods GET /metrics from 20 loops until SIGTERM, then prints the count of each status as JSON. */
const FLOODER = `
const [base, token] = process.argv.slice(1);
const counts = {};
let on = true;
process.on("SIGTERM", () => { on = false; });
const loop = async (authorization) => {
  while (on) {
    const response = await fetch(base + "/metrics", { headers: authorization ? { authorization } : {} });
    await response.arrayBuffer();
    counts[response.status] = (counts[response.status] ?? 0) + 1;
  }
};
await Promise.all([...Array(10)].flatMap(() => [loop(), loop("Bearer " + token)]));
process.stdout.write(JSON.stringify(counts));
`;

const appWith = sampleApps();

const scrape = (app: FastifyInstance, remoteAddress: string, headers: Record<string, string> = {}) =>
  app.inject({ method: "GET", url: "/metrics", remoteAddress, headers });

describe("GET /metrics with VOUCH_METRICS_TOKEN", () => {
  it.each([
    ["no header", 401, {}],
    ["another token", 401, { authorization: "Bearer metrics-token-0123456789abcdeX" }],
    ["the token without Bearer", 401, { authorization: TOKEN }],
    ["an empty bearer", 401, { authorization: "Bearer " }],
    ["the token", 200, { authorization: `Bearer ${TOKEN}` }],
    ["the token, scheme in lower case", 200, { authorization: `bearer ${TOKEN}` }],
  ])("answers %s with %i, from anywhere", async (_name, status, headers) => {
    const app = await appWith({ metricsToken: TOKEN });
    for (const address of ["127.0.0.1", "203.0.113.9"]) {
      const response = await scrape(app, address, headers);
      expect(response.statusCode).toBe(status);
      if (status === 401) {
        expect(response.json()).toMatchObject({
          error: "Unauthorized",
          message: "GET /metrics needs the metrics bearer token (VOUCH_METRICS_TOKEN).",
        });
        expect(response.body).not.toContain("vouch_grounding");
      }
    }
  });
});

describe("GET /metrics without a token", () => {
  it.each([
    ["127.0.0.1", {}, 0, 200],
    ["::1", {}, 0, 200],
    ["::ffff:127.0.0.1", {}, 0, 200],
    ["203.0.113.9", {}, 0, 403],
    ["10.0.0.1", {}, 0, 403],
    // A proxy on this machine relaying someone: not local, unless the proxy is trusted and names loopback.
    ["127.0.0.1", { "x-forwarded-for": "203.0.113.9" }, 0, 403],
    ["127.0.0.1", { "x-forwarded-for": "203.0.113.9" }, 1, 403],
    ["127.0.0.1", { "x-forwarded-for": "127.0.0.1" }, 1, 200],
    // A client cannot claim loopback through the header when the proxy count says it is not read.
    ["203.0.113.9", { "x-forwarded-for": "127.0.0.1" }, 0, 403],
  ])("from %s %j (trustProxy %i) answers %i", async (address, headers, trustProxy, status) => {
    const app = await appWith({ trustProxy });
    const response = await scrape(app, address, headers);
    expect(response.statusCode).toBe(status);
    if (status === 403) expect(response.json().error).toBe("Forbidden");
  });

  it("tells loopback addresses from others", () => {
    expect(["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"].map(isLoopback)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(["128.0.0.1", "::2", "::ffff:10.0.0.1", "1127.0.0.1", "", undefined].map(isLoopback)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});

describe("the /metrics rate limit", () => {
  it(`answers ${METRICS_PER_MINUTE} scrapes a minute per client, then 429, even with the chat limit off`, async () => {
    const app = await appWith({ metricsToken: TOKEN, rateLimit: 0 });
    const auth = { authorization: `Bearer ${TOKEN}` };
    const statuses: number[] = [];
    for (let i = 0; i <= METRICS_PER_MINUTE; i++)
      statuses.push((await scrape(app, "10.0.0.1", auth)).statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(METRICS_PER_MINUTE);
    expect(statuses.at(-1)).toBe(429);
    // Another scraper, and the chat, are not affected.
    expect((await scrape(app, "10.0.0.2", auth)).statusCode).toBe(200);
    const chat = await app.inject({
      method: "POST",
      url: "/v1/chat",
      payload: { question: "Hi" },
      remoteAddress: "10.0.0.1",
    });
    expect(chat.statusCode).toBe(200);
  });
});

describe("a /metrics flood", () => {
  it("is refused cheaply and leaves /v1/chat answering (p50 printed)", async () => {
    const app = await appWith({ metricsToken: TOKEN, processMetrics: true, rateLimit: 0 });
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    if (!address || typeof address === "string") throw new Error("no port");
    const base = `http://127.0.0.1:${address.port}`;
    const askChat = async () => {
      const started = performance.now();
      const response = await fetch(`${base}/v1/chat`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ question: "Which database does the orders service use?" }),
      });
      await response.text();
      expect(response.status).toBe(200);
      return performance.now() - started;
    };
    const p50 = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)]!;
    await askChat(); // warm
    const quiet: number[] = [];
    for (let i = 0; i < 30; i++) quiet.push(await askChat());

    // The flood runs in its own process, as an attacker's would: ten loops without the token, ten with it
    // (those reach the scrape limit).
    const flood = spawn(process.execPath, ["--input-type=module", "-e", FLOODER, base, TOKEN], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let report = "";
    flood.stdout.on("data", (data: Buffer) => (report += data.toString()));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const loud: number[] = [];
    for (let i = 0; i < 30; i++) loud.push(await askChat());
    flood.kill("SIGTERM");
    await new Promise((resolve) => flood.on("close", resolve));
    const floodStatuses = new Map(
      Object.entries(JSON.parse(report) as Record<string, number>).map(([k, v]) => [Number(k), v]),
    );

    const total = [...floodStatuses.values()].reduce((a, b) => a + b, 0);
    console.log(
      `/v1/chat p50: ${p50(quiet).toFixed(1)} ms quiet, ${p50(loud).toFixed(1)} ms during a /metrics flood of ` +
        `${total} requests (${JSON.stringify(Object.fromEntries(floodStatuses))})`,
    );
    expect([...floodStatuses.keys()].sort()).toEqual([200, 401, 429]);
    expect(floodStatuses.get(200)).toBe(METRICS_PER_MINUTE);
  });
});

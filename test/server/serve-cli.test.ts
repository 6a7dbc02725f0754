import { describe, expect, it } from "vitest";
import { runServe } from "../../server/command.js";
import { runCli } from "../helpers/cli.js";
import { SAMPLE_PROFILE, capturedLogger } from "./fixture.js";

describe("vouch serve", () => {
  it("needs --profile", async () => {
    const run = await runCli(["serve"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("--profile");
  });

  it("names a missing profile file and a bad port", async () => {
    const missing = await runCli(["serve", "--profile", "nope/profile.yaml"]);
    expect(missing).toMatchObject({ code: 2, stderr: "vouch: nope/profile.yaml: no such profile file.\n" });
    const port = await runCli(["serve", "--profile", SAMPLE_PROFILE, "--port", "70000"]);
    expect(port.code).toBe(2);
    expect(port.stderr).toContain("expected a port from 0 to 65535.");
  });

  it("refuses to serve unverified answers", async () => {
    const run = await runCli(["serve", "--profile", SAMPLE_PROFILE], { VOUCH_VERIFIER: "off" });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "vouch: vouch serve always verifies answers: set verifier to local, bedrock or openai.\n",
    );
  });

  it.each([
    [
      { VOUCH_TRUST_PROXY: "true" },
      "vouch: VOUCH_TRUST_PROXY=true: expected a hop count (0 = no proxy, 1 = one load balancer), not true or false.\n",
    ],
    [
      { VOUCH_TRUST_PROXY: "false" },
      "vouch: VOUCH_TRUST_PROXY=false: expected a hop count (0 = no proxy, 1 = one load balancer), not true or false.\n",
    ],
    [
      { VOUCH_REQUEST_TIMEOUT_MS: "50" },
      "vouch: VOUCH_REQUEST_TIMEOUT_MS=50: Too small: expected number to be >=1000.\n",
    ],
    [
      { VOUCH_MAX_CONNECTIONS: "0" },
      "vouch: VOUCH_MAX_CONNECTIONS=0: Too small: expected number to be >=1.\n",
    ],
    // Secrets are named, never echoed.
    [{ VOUCH_ADMIN_TOKEN: "hunter2-short" }, "vouch: VOUCH_ADMIN_TOKEN: expected at least 16 characters.\n"],
    [
      { VOUCH_METRICS_TOKEN: "hunter2-short" },
      "vouch: VOUCH_METRICS_TOKEN: expected at least 16 characters.\n",
    ],
  ])("exits 2 for %j, naming the setting", async (env, stderr) => {
    const run = await runCli(["serve", "--profile", SAMPLE_PROFILE], env);
    expect(run).toMatchObject({ code: 2, stdout: "", stderr });
  });

  it("never echoes an OpenAI base URL, which may hold a password", async () => {
    for (const [url, stderr] of [
      ["notaurl//admin:hunter2-secret@llm.internal", "vouch: VOUCH_OPENAI_BASE_URL: Invalid URL.\n"],
      [
        "http://admin:hunter2-secret@127.0.0.1:9/v1",
        "vouch: The OpenAI base URL (openaiBaseUrl, VOUCH_OPENAI_BASE_URL) holds a user or password, which HTTP clients refuse to send: put the key in OPENAI_API_KEY.\n",
      ],
    ]) {
      const run = await runCli(["serve", "--profile", SAMPLE_PROFILE], {
        VOUCH_VERIFIER: "openai",
        VOUCH_OPENAI_MODEL: "m",
        VOUCH_OPENAI_BASE_URL: url,
      });
      expect(run).toMatchObject({ code: 2, stderr });
    }
  });

  it("listens on a real port, logs its URL, answers, and closes on a stop signal", async () => {
    const { logger, lines } = capturedLogger();
    const stop = new AbortController();
    let url = "";
    let listening = () => {};
    const ready = new Promise<void>((resolve) => (listening = resolve));
    const exited = runServe(
      { profile: SAMPLE_PROFILE, port: 0, host: "127.0.0.1" },
      { signal: stop.signal, logger, onListening: (u) => ((url = u), listening()) },
    );
    await ready;
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(lines.some((l) => l.includes(`answering on ${url}`))).toBe(true);

    const health = await fetch(`${url}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.json()).toMatchObject({ status: "ok" });
    const chat = await fetch(`${url}/v1/chat`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ question: "Which database does the orders service use?" }),
    });
    expect(await chat.json()).toMatchObject({ verdict: "GROUNDED", blocked: false });

    stop.abort();
    expect(await exited).toBe(0);
    await expect(fetch(`${url}/healthz`)).rejects.toThrow();
  });
});

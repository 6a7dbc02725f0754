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

import { describe, expect, it } from "vitest";
import { isLoopback, refuseInsecureSecret } from "../../core/secret-destination.js";

const check =
  (url: string, env: NodeJS.ProcessEnv = {}, allowHttpLoopback?: boolean) =>
  () =>
    refuseInsecureSecret({
      secret: "GITHUB_TOKEN",
      url,
      setting: "githubApiUrl",
      env,
      ...(allowHttpLoopback !== undefined ? { allowHttpLoopback } : {}),
    });

describe("where a credential may go", () => {
  it.each([
    ["http://127.0.0.1:8080", true],
    ["http://127.8.9.1", true],
    ["http://localhost:3000", true],
    ["http://api.localhost", true],
    ["http://[::1]:9000", true],
    ["http://128.0.0.1", false],
    ["http://localhost.evil.example", false],
    ["http://10.0.0.1", false],
    ["http://[::2]", false],
  ])("%s is loopback: %s", (url, loopback) => {
    expect(isLoopback(new URL(url))).toBe(loopback);
  });

  it("goes over https anywhere", () => {
    expect(check("https://ghe.example.com/api/v3")).not.toThrow();
  });

  it("goes over http only to loopback, and only when allowed by the environment or the caller", () => {
    expect(check("http://127.0.0.1:9")).toThrow(
      "GITHUB_TOKEN is sent only over https, and githubApiUrl is http://127.0.0.1:9: set VOUCH_ALLOW_HTTP_LOOPBACK=1 to send it to this machine over http (a local test server), or unset GITHUB_TOKEN.",
    );
    expect(check("http://127.0.0.1:9", { VOUCH_ALLOW_HTTP_LOOPBACK: "1" })).not.toThrow();
    expect(check("http://127.0.0.1:9", { VOUCH_ALLOW_HTTP_LOOPBACK: "true" })).not.toThrow();
    expect(check("http://127.0.0.1:9", { VOUCH_ALLOW_HTTP_LOOPBACK: "0" })).toThrow();
    expect(check("http://127.0.0.1:9", { VOUCH_ALLOW_HTTP_LOOPBACK: "1" }, false)).toThrow();
    expect(check("http://127.0.0.1:9", {}, true)).not.toThrow();
    expect(check("http://example.com", { VOUCH_ALLOW_HTTP_LOOPBACK: "1" })).toThrow(
      "GITHUB_TOKEN is sent only over https, and githubApiUrl is http://example.com: use an https URL, or unset GITHUB_TOKEN.",
    );
  });

  it("never shows a path, a query or a password of the URL", () => {
    expect(check("http://user:hunter2@example.com/x?key=abc")).toThrow(/is http:\/\/example\.com:/);
  });
});

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../core/errors.js";
import { loadServerDeps } from "../../server/start.js";
import { startFakeGithub } from "../fakes/github-server.js";
import { settingsOf } from "../helpers/settings.js";
import { repoFiles } from "../pipeline/kb/samples.js";
import { SAMPLE_PROFILE } from "./fixture.js";

describe("loadServerDeps", () => {
  it("builds the KB from the profile's portfolio and takes the serve settings", async () => {
    const serve = {
      rateLimit: 5,
      corsOrigins: ["https://recruiters.example"],
      adminToken: "admin-token-0123456789",
      mode: "warn" as const,
      topK: 4,
      trustProxy: 1,
      requestTimeoutMs: 5000,
      maxConnections: 100,
      metricsToken: "metrics-token-0123456789",
    };
    const deps = await loadServerDeps({
      profile: SAMPLE_PROFILE,
      settings: settingsOf(serve),
      history: false,
    });
    expect(deps.options).toMatchObject(serve);
    expect(deps.profilePath).toBe("profile.yaml");
    expect(deps.truth?.repos.map((r) => r.name).sort()).toEqual([
      "ledger-service",
      "payments-api",
      "platform-infra",
      "portfolio-site",
      "stream-analytics",
    ]);
    const [top] = await deps.kb.retrieve(["EKS migration"]);
    expect(top?.uri).toBe("docs/fernhill-eks-migration.md");
    expect(deps.verifier.name).toBe("local");
  });

  it("grounds answers in the docs of a GitHub repository, from the tarball extract downloaded", async () => {
    const files = await repoFiles("platform-infra");
    // Dana wrote it (the commits API says so): its docs are hers to be grounded by.
    const commits = [
      {
        sha: "d".repeat(40),
        login: "dana",
        email: "dana@example.test",
        date: "2022-01-01T00:00:00Z",
        files: Object.keys(files),
      },
    ];
    const github = await startFakeGithub({
      repos: [{ owner: "dana", name: "platform-infra", files, commits }],
    });
    const dir = await mkdtemp(join(tmpdir(), "vouch-serve-github-"));
    try {
      const profile = join(dir, "profile.json");
      const portfolio = { repos: ["github:dana/platform-infra"] };
      await writeFile(
        profile,
        JSON.stringify({ basics: { name: "Dana Reyes", email: "dana@example.test" }, portfolio }),
      );
      const settings = settingsOf({ githubApiUrl: github.url });
      const deps = await loadServerDeps({ profile, settings, history: false });
      expect(deps.truth?.repos.map((r) => r.name)).toEqual(["dana/platform-infra"]);
      const chunks = await deps.kb.retrieve(["message order-events-dlq"], { topK: 20 });
      expect(chunks.map((c) => c.uri)).toContain("dana/platform-infra/docs/architecture.md");
      expect(github.requests.filter((r) => r.path.includes("tarball"))).toHaveLength(1);
    } finally {
      await github.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses the verifier being off", async () => {
    const settings = settingsOf({ verifier: "off" });
    await expect(loadServerDeps({ profile: SAMPLE_PROFILE, settings })).rejects.toBeInstanceOf(InputError);
  });
});

describe("the writer setting picks the answerer", () => {
  it("refuses a scripted writer, which only generate understands", async () => {
    const settings = settingsOf({ writer: "scripted:draft.json" });
    await expect(loadServerDeps({ profile: SAMPLE_PROFILE, settings, history: false })).rejects.toThrow(
      "vouch serve answers with the writer template, bedrock or openai, not scripted:draft.json.",
    );
  });

  it("uses the embedded extractive answerer by default and a model's for openai", async () => {
    expect(
      (await loadServerDeps({ profile: SAMPLE_PROFILE, settings: settingsOf(), history: false })).answerer,
    ).toBe(undefined);
    const settings = settingsOf({
      writer: "openai",
      openaiBaseUrl: "http://127.0.0.1:9/v1",
      openaiModel: "m",
    });
    const deps = await loadServerDeps({ profile: SAMPLE_PROFILE, settings, history: false });
    expect(deps.answerer?.name).toBe("openai");
  });
});

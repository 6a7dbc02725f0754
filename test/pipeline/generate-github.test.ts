// `vouch generate` for a candidate whose portfolio is on GitHub: the repository is downloaded once (by
// extract) and its README and docs ground the run through the KB, with the README's stale claim still
// unable to back a fabrication.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { RedactionRecord } from "../../guards/redaction-record.js";
import { openLocalKb } from "../../pipeline/kb/index.js";
import type { RunReport } from "../../pipeline/outputs/report.js";
import { type FakeGithub, fakeSha, startFakeGithub } from "../fakes/github-server.js";
import { runCli } from "../helpers/cli.js";
import { repoFiles } from "./kb/samples.js";

const samples = resolve(import.meta.dirname, "../../samples");
const REPO = { owner: "dana", name: "platform-infra" };

let github: FakeGithub;
let dir: string;
let code: number;
let stderr: string;

beforeAll(async () => {
  const files = await repoFiles("platform-infra");
  // Dana's one commit wrote every file: the commits API tells extract so (the tarball has no history).
  const commits = [
    {
      sha: "d".repeat(40),
      login: "dana-reyes",
      email: "dana.reyes@example.com",
      date: "2022-02-08T10:00:00Z",
      files: Object.keys(files),
    },
  ];
  github = await startFakeGithub({
    repos: [
      { ...REPO, files, commits },
      {
        owner: "someone",
        name: "platform-infra",
        files,
        commits: [{ ...commits[0]!, login: "someone", email: "someone@example.com" }],
      },
    ],
  });
  dir = mkdtempSync(join(tmpdir(), "vouch-generate-github-"));
  const profile = parse(readFileSync(join(samples, "profile.yaml"), "utf8")) as Record<string, unknown>;
  profile.portfolio = { repos: ["github:dana/platform-infra"] };
  writeFileSync(join(dir, "profile.json"), JSON.stringify(profile));
  const run = await runCli(
    [
      "generate",
      "--profile",
      join(dir, "profile.json"),
      "--job",
      join(samples, "jobs/platform-engineer.md"),
      "--out",
      join(dir, "out"),
      "--writer",
      `scripted:${join(samples, "drafts/fabricated.json")}`,
      "--kb-dir",
      join(dir, "kb"),
      "--no-history",
    ],
    { GITHUB_API_URL: github.url, GITHUB_TOKEN: undefined },
  );
  ({ code, stderr } = run);
});
afterAll(() => github.close());

describe("a portfolio repository on GitHub", () => {
  it("is downloaded once, and its docs are ingested beside the profile and the truth", () => {
    expect(stderr).toBe("");
    expect(code).toBe(0);
    expect(github.requests.filter((r) => r.path.includes("tarball"))).toHaveLength(1);
    const report = JSON.parse(readFileSync(join(dir, "out", "report.json"), "utf8")) as RunReport;
    const counts = (stage: string) => report.stages.find((s) => s.stage === stage)?.counts;
    expect(counts("extract")).toMatchObject({ repos: 1 });
    expect(report.truth?.authorship).toEqual({
      authors: ["dana.reyes@example.com", "github:dana-reyes"],
      mode: "verify",
      repos: [
        {
          name: "dana/platform-infra",
          verified: true,
          commits: 1,
          candidateCommits: 1,
          languages: expect.any(Object),
        },
      ],
    });
    expect(report.matches.find((m) => m.technology === "amazon-eks")?.status).toBe("production-backed");
    // README.md and docs/architecture.md, the profile, the truth.
    expect(counts("ingest")).toMatchObject({ files: 4, chunked: 4, reused: 0 });

    const manifest = JSON.parse(readFileSync(join(dir, "kb", "manifest.json"), "utf8")) as {
      sources: { key: string }[];
    };
    const sha = fakeSha(REPO);
    expect(manifest.sources.map((s) => s.key)).toEqual(
      expect.arrayContaining([
        `dana/platform-infra@${sha}/README.md`,
        `dana/platform-infra@${sha}/docs/architecture.md`,
      ]),
    );
  });

  it("grounds retrieval with its README, whose kubeadm line is a stale claim", async () => {
    const kb = await openLocalKb(join(dir, "kb"));
    const readme = (await kb.retrieve(["kubeadm upgrade"], { topK: 20 })).find(
      (c) => c.uri === "dana/platform-infra/README.md",
    );
    expect(readme).toMatchObject({ repo: "dana/platform-infra", path: "README.md", kind: "stale-claim" });
  });

  it("still removes a drafted claim that repeats the stale README line", () => {
    const resume = readFileSync(join(dir, "out", "resume.json"), "utf8");
    expect(resume).not.toContain("kubeadm");
    expect(resume).not.toContain("self-hosted Kubernetes");
    const records = readFileSync(join(dir, "out", "redaction-log.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as RedactionRecord);
    expect(records.some((r) => r.guard === "code-truth" && r.original.includes("kubeadm"))).toBe(true);
  });
});

describe("the same repository, committed by someone else", () => {
  it("backs none of its stack, and says why on stderr", async () => {
    const profile = parse(readFileSync(join(samples, "profile.yaml"), "utf8")) as Record<string, unknown>;
    profile.portfolio = { repos: ["github:someone/platform-infra"] };
    writeFileSync(join(dir, "someone.json"), JSON.stringify(profile));
    const run = await runCli(
      [
        "generate",
        "--profile",
        join(dir, "someone.json"),
        "--job",
        join(samples, "jobs/platform-engineer.md"),
        "--out",
        join(dir, "out-someone"),
        "--no-history",
      ],
      { GITHUB_API_URL: github.url, GITHUB_TOKEN: undefined },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      "vouch: warning: someone/platform-infra: none of its 1 commits is by dana.reyes@example.com, github:dana-reyes",
    );
    const report = JSON.parse(readFileSync(join(dir, "out-someone", "report.json"), "utf8")) as RunReport;
    // What her profile states stays hers; nothing is backed by the code someone else wrote.
    expect(report.matches.filter((m) => m.status === "production-backed")).toEqual([]);
    const iam = report.matches.find((m) => m.technology === "aws-iam");
    expect(iam?.status).toBe("others-only");
    expect(iam?.note).toMatch(
      /^someone\/platform-infra uses AWS IAM \(someone\/platform-infra\/terraform\/eks\.tf:1, .*\); none of its AWS IAM files are Dana Reyes's\.$/,
    );
  });
});

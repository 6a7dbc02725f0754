import { execFileSync } from "node:child_process";
import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExtractResult } from "../../core/truth.js";
import { type FakeGithub, fakeSha, fault, startFakeGithub } from "../fakes/github-server.js";
import { runCli } from "../helpers/cli.js";

const samples = resolve(import.meta.dirname, "../../samples/repos");
const repo = (name: string) => join(samples, name);
let result: ExtractResult;
let scratch: string;

beforeAll(async () => {
  scratch = await mkdtemp(join(tmpdir(), "vouch-extract-cli-"));
  const names = ["ledger-service", "payments-api", "platform-infra", "portfolio-site", "stream-analytics"];
  const run = await runCli(["extract", ...names.map(repo), "--json", "--no-history"]);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  result = JSON.parse(run.stdout) as ExtractResult;
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

const tech = (id: string) => result.technologies.find((t) => t.id === id);
const paths = (id: string) => [...new Set(tech(id)?.evidence.map((e) => `${e.repo}/${e.path}`))];

describe("vouch extract --json: the contract", () => {
  it("has exactly the documented keys", () => {
    expect(Object.keys(result).sort()).toEqual(["docClaims", "repos", "technologies", "warnings"]);
    for (const r of result.repos) {
      // The samples have a history (samples/history.yaml): each names its commit.
      expect(Object.keys(r).sort()).toEqual([
        "commit",
        "filesScanned",
        "languages",
        "name",
        "productionLanguages",
        "source",
      ]);
    }
    for (const t of result.technologies) {
      expect(
        Object.keys(t)
          .filter((k) => k !== "vendor")
          .sort(),
      ).toEqual(["category", "evidence", "id", "name", "status"]);
      for (const e of t.evidence) {
        expect(["detail", "kind", "line", "path", "repo", "via"]).toEqual(
          expect.arrayContaining(Object.keys(e)),
        );
        expect(["production", "example", "test", "docs", "tooling"]).toContain(e.kind);
        expect(["manifest", "import", "iac", "config", "ci", "container"]).toContain(e.via);
      }
    }
    for (const c of result.docClaims) {
      const keys = Object.keys(c).filter((k) => k !== "contradictedBy" && k !== "history");
      expect(keys.sort()).toEqual(["line", "path", "repo", "stale", "technology", "text"]);
    }
  });

  it("with --author: the candidate, the mode, each repository's authorship, evidence authors, commit spans", async () => {
    const run = await runCli([
      "extract",
      repo("payments-api"),
      "--json",
      "--no-history",
      "--author",
      "Dana Reyes <dana.reyes@example.com>",
      "--author",
      "github:dana-reyes",
    ]);
    expect(run.code).toBe(0);
    const truth = JSON.parse(run.stdout) as ExtractResult;
    expect(Object.keys(truth).sort()).toEqual([
      "authors",
      "authorship",
      "docClaims",
      "repos",
      "technologies",
      "warnings",
    ]);
    expect(truth.authors).toEqual(["Dana Reyes <dana.reyes@example.com>", "github:dana-reyes"]);
    expect(truth.authorship).toBe("verify");
    expect(truth.repos[0]?.authorship).toEqual({
      verified: true,
      commits: 2,
      candidateCommits: 2,
      languages: { TypeScript: 11770, Dockerfile: 566, JavaScript: 268 },
    });
    for (const t of truth.technologies) {
      expect([
        "production",
        "example-only",
        "test-only",
        "docs-only",
        "tooling-only",
        "others-only",
      ]).toContain(t.status);
      for (const e of t.evidence) expect(["candidate", "others", "unknown"]).toContain(e.author);
    }
    expect(truth.technologies.find((t) => t.id === "express")?.authored).toEqual({
      commits: 1,
      total: 1,
      first: "2022-06-06",
      last: "2022-06-06",
    });
  });

  it("summarises every repository", () => {
    expect(result.repos.map((r) => [r.name, r.filesScanned])).toEqual([
      ["ledger-service", 20],
      ["payments-api", 21],
      ["platform-infra", 35],
      ["portfolio-site", 24],
      ["stream-analytics", 27],
    ]);
    expect(Object.keys(result.repos[2]!.languages).slice(0, 2)).toEqual(["Go", "HCL"]);
    expect(result.warnings).toEqual([]);
  });
});

describe("vouch extract on the sample repositories", () => {
  it.each([
    [
      "openai",
      "example-only",
      ["ledger-service/examples/requirements.txt", "ledger-service/examples/summarize_with_openai.py"],
    ],
    ["pandas", "example-only", ["ledger-service/notebooks/exploration.ipynb"]],
    // The bootstrap script that converges production points kubectl at the cluster.
    [
      "amazon-eks",
      "production",
      [
        "platform-infra/scripts/bootstrap.sh",
        "platform-infra/terraform/eks.tf",
        // IRSA: the service account's annotation names its IAM role for EKS; a setting is listed last.
        "platform-infra/deploy/kustomize/base/serviceaccount.yaml",
        "platform-infra/deploy/kustomize/overlays/production/serviceaccount-patch.yaml",
      ],
    ],
    ["amazon-rds", "production", ["platform-infra/terraform/rds.tf"]],
    ["pytest", "test-only", ["ledger-service/pyproject.toml", "ledger-service/tests/test_ledger.py"]],
    ["vitest", "test-only", ["payments-api/package.json", "payments-api/test/payments.test.ts"]],
    ["supertest", "test-only", ["payments-api/package.json", "payments-api/test/payments.test.ts"]],
    [
      "playwright",
      "test-only",
      [
        "portfolio-site/e2e/home.spec.ts",
        "portfolio-site/package.json",
        "portfolio-site/playwright.config.ts",
      ],
    ],
    ["ruff", "tooling-only", ["ledger-service/pyproject.toml"]],
    ["mypy", "tooling-only", ["ledger-service/pyproject.toml"]],
    ["aws-lambda", "production", ["stream-analytics/infra/template.yaml"]],
    [
      "kustomize",
      "production",
      [
        "platform-infra/deploy/kustomize/base/kustomization.yaml",
        "platform-infra/deploy/kustomize/overlays/production/kustomization.yaml",
      ],
    ],
  ])("%s is %s, seen in exactly these files", (id, status, files) => {
    expect(tech(id)?.status).toBe(status);
    expect(paths(id)).toEqual(files);
  });

  it.each([
    ["postgresql", ["ledger-service", "payments-api", "platform-infra", "stream-analytics"]],
    ["redis", ["payments-api", "platform-infra"]],
    ["kafka", ["stream-analytics"]],
    ["express", ["payments-api"]],
    ["nextjs", ["portfolio-site"]],
    ["fastapi", ["ledger-service"]],
    ["spring-boot", ["stream-analytics"]],
    [
      "github-actions",
      ["ledger-service", "payments-api", "platform-infra", "portfolio-site", "stream-analytics"],
    ],
  ])("%s is production in %j", (id, repos) => {
    expect(tech(id)?.status).toBe("production");
    const production = tech(id)!
      .evidence.filter((e) => e.kind === "production")
      .map((e) => e.repo);
    expect([...new Set(production)].sort()).toEqual(repos);
  });

  it("never reports a technology only mentioned in a comment or a display string", () => {
    // portfolio-site lists "Kafka" and "EKS" as display strings in lib/projects.ts.
    expect(paths("kafka").some((p) => p.startsWith("portfolio-site/"))).toBe(false);
    expect(paths("amazon-eks").some((p) => p.startsWith("portfolio-site/"))).toBe(false);
  });

  it("marks exactly the stale README and architecture claims, contradicted by Terraform", () => {
    const stale = result.docClaims
      .filter((c) => c.stale)
      .map((c) => `${c.repo}/${c.path}:${c.line} ${c.technology}`);
    expect(stale).toEqual([
      "platform-infra/docs/architecture.md:4 mysql",
      "platform-infra/docs/architecture.md:12 self-hosted-kubernetes",
      "platform-infra/docs/architecture.md:13 self-hosted-kubernetes",
      "platform-infra/docs/architecture.md:15 self-hosted-kubernetes",
      "platform-infra/docs/architecture.md:19 mysql",
      "platform-infra/README.md:7 self-hosted-kubernetes",
      "platform-infra/README.md:9 self-hosted-kubernetes",
      "platform-infra/README.md:11 mysql",
    ]);
    const mysql = result.docClaims.find((c) => c.path === "README.md" && c.technology === "mysql")!;
    expect(mysql.text).toMatch(/MySQL/);
    expect(mysql.contradictedBy?.[0]).toMatchObject({
      repo: "platform-infra",
      path: "terraform/rds.tf",
      via: "iac",
    });
    const kubeadm = result.docClaims.find(
      (c) => c.path === "README.md" && c.line === 7 && c.technology === "self-hosted-kubernetes",
    )!;
    expect(kubeadm.contradictedBy?.[0]).toMatchObject({ path: "terraform/eks.tf", kind: "production" });
  });

  it("keeps claims that agree with the code", () => {
    const postgres = result.docClaims.filter(
      (c) => c.repo === "ledger-service" && c.technology === "postgresql",
    );
    expect(postgres.length).toBeGreaterThan(0);
    expect(postgres.every((c) => !c.stale)).toBe(true);
  });
});

describe("doc-claim history in a git checkout", () => {
  it("says when the stale line last changed and when the contradicting code appeared", async () => {
    const dir = join(scratch, "platform-infra");
    // Without the sample's own history: this test writes one of its own.
    await cp(repo("platform-infra"), dir, { recursive: true, filter: (src) => !src.endsWith("/.git") });
    const git = (args: string[], date: string) =>
      execFileSync("git", ["-C", dir, ...args], {
        env: {
          ...process.env,
          GIT_AUTHOR_DATE: date,
          GIT_COMMITTER_DATE: date,
          GIT_AUTHOR_NAME: "Dana Reyes",
          GIT_AUTHOR_EMAIL: "dana@example.test",
          GIT_COMMITTER_NAME: "Dana Reyes",
          GIT_COMMITTER_EMAIL: "dana@example.test",
        },
      });
    git(["init", "-q"], "2021-03-01T10:00:00Z");
    git(["add", "README.md", "docs"], "2021-03-01T10:00:00Z");
    git(["commit", "-qm", "docs"], "2021-03-01T10:00:00Z");
    git(["add", "."], "2023-06-15T10:00:00Z");
    git(["commit", "-qm", "move to EKS"], "2023-06-15T10:00:00Z");

    const run = await runCli(["extract", dir, "--json"]);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as ExtractResult;
    expect(out.repos[0]?.commit).toMatch(/^[0-9a-f]{40}$/);
    const claim = out.docClaims.find((c) => c.path === "README.md" && c.technology === "mysql");
    expect(claim?.history).toEqual({
      docLineChanged: "2021-03-01T10:00:00.000Z",
      contradictionAppeared: "2023-06-15T10:00:00.000Z",
    });
  });
});

describe("vouch extract: output and bad input", () => {
  it("writes --out atomically and prints a readable summary without --json", async () => {
    const out = join(scratch, "truth.json");
    const run = await runCli(["extract", repo("ledger-service"), "--out", out, "--no-history"]);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ledger-service {2}20 files {2}Python/);
    expect(run.stdout).toMatch(/example-only \(3\)\n {2}Jupyter [^\n]*\n {2}OpenAI/);
    expect(run.stdout).toMatch(/wrote .*truth\.json/);
    const written = JSON.parse(await readFile(out, "utf8")) as ExtractResult;
    expect(written.repos[0]?.name).toBe("ledger-service");
  });

  it.each([
    [
      "a path that does not exist",
      ["extract", "/nonexistent/repo"],
      2,
      /^vouch: \/nonexistent\/repo: no such folder\.\n$/,
    ],
    [
      "a file instead of a folder",
      ["extract", join(samples, "../README.md")],
      2,
      /README\.md: is a file, not a repository folder\.\n$/,
    ],
    ["no source at all", ["extract"], 2, /missing required argument/],
    ["an unknown option", ["extract", ".", "--frobnicate"], 2, /unknown option '--frobnicate'/],
    ["a bad --max-repos", ["extract", ".", "--max-repos", "zero"], 2, /expected a positive whole number/],
    ["a malformed github source", ["extract", "github:just-owner"], 2, /github:just-owner/],
  ])("rejects %s with one clear line and exit 2", async (_name, args, code, message) => {
    const run = await runCli(args);
    expect(run.code).toBe(code);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stdout).toBe("");
  });

  it("turns one bad file into a warning and still analyses the rest", async () => {
    const dir = join(scratch, "mixed");
    await cp(repo("payments-api"), dir, { recursive: true, filter: (src) => !src.endsWith("/.git") });
    await writeFile(join(dir, "package.json"), '{ "dependencies": { "pg": "^8" }, }');
    await writeFile(join(dir, "src", "logo.ts"), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0, 1, 2, 3]));
    await writeFile(join(dir, "src", "bundle.js"), `require("openai");${"x".repeat(2_000_000)}`);
    const run = await runCli(["extract", dir, "--json", "--no-history"]);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as ExtractResult;
    expect(out.warnings).toEqual([
      { repo: "mixed", path: "package.json", message: expect.stringMatching(/^Invalid JSON on line 1: /) },
      { repo: "mixed", path: "src/bundle.js", message: "larger than 1048576 bytes; not analysed" },
      { repo: "mixed", path: "src/logo.ts", message: "binary content; skipped" },
    ]);
    // The broken manifest is skipped, the imports still count.
    expect(out.technologies.find((t) => t.id === "express")?.status).toBe("production");
    expect(out.technologies.find((t) => t.id === "openai")).toBeUndefined();
  });
});

describe("vouch extract github:… through the real Octokit client", () => {
  let github: FakeGithub;
  beforeAll(async () => {
    github = await startFakeGithub({
      repos: [
        {
          owner: "dana",
          name: "ledger",
          files: {
            "pyproject.toml": '[project]\nname = "ledger"\ndependencies = ["fastapi>=0.110", "boto3"]\n',
            "src/ledger/api.py": "from fastapi import FastAPI\nimport boto3\n",
            "examples/demo.py": "import openai\n",
          },
        },
      ],
      users: ["ghost"],
      faults: [
        fault.notFound("/repos/dana/missing"),
        fault.rateLimited("/repos/dana/limited", 4_102_444_800),
      ],
    });
  });
  afterAll(() => github.close());

  it("extracts a repository from its tarball", async () => {
    const run = await runCli(["extract", "github:dana/ledger", "--json"], {
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN: undefined,
    });
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as ExtractResult;
    expect(out.repos).toEqual([
      {
        name: "dana/ledger",
        source: "github:dana/ledger",
        commit: fakeSha({ owner: "dana", name: "ledger" }),
        filesScanned: 3,
        languages: { Python: 55 },
        // The example script (14 bytes of Python under examples/) is not the product.
        productionLanguages: { Python: 41 },
      },
    ]);
    expect(out.technologies.find((t) => t.id === "fastapi")?.status).toBe("production");
    expect(out.technologies.find((t) => t.id === "openai")?.status).toBe("example-only");
    expect(github.requests.filter((r) => r.path.includes("tarball"))).toHaveLength(1);
  });

  it("a vouch.config.yaml in the working folder cannot send GITHUB_TOKEN over plain http", async () => {
    const folder = await mkdtemp(join(tmpdir(), "vouch-config-token-"));
    await writeFile(join(folder, "vouch.config.yaml"), `githubApiUrl: ${github.url}\n`);
    const seen = github.requests.length;
    const cwd = process.cwd();
    process.chdir(folder);
    try {
      const run = await runCli(["extract", "github:dana/ledger", "--json"], {
        GITHUB_API_URL: undefined,
        GITHUB_TOKEN: "ghp_0123456789abcdefghijklmnopqrstuvwxyz",
        VOUCH_ALLOW_HTTP_LOOPBACK: undefined,
      });
      expect(run.code).toBe(2);
      const origin = new URL(github.url).origin;
      expect(run.stderr).toBe(
        `vouch: warning: ${join(folder, "vouch.config.yaml")} sets githubApiUrl: GITHUB_TOKEN is sent to ${origin}, not https://api.github.com.\n` +
          `vouch: GITHUB_TOKEN is sent only over https, and the GitHub API URL (githubApiUrl, VOUCH_GITHUB_API_URL or GITHUB_API_URL) is ${origin}: set VOUCH_ALLOW_HTTP_LOOPBACK=1 to send it to this machine over http (a local test server), or unset GITHUB_TOKEN.\n`,
      );
      expect(github.requests.length).toBe(seen);
    } finally {
      process.chdir(cwd);
    }
  });

  it.each([
    ["a missing repository", "github:dana/missing", 2, /github:dana\/missing: repository not found/],
    ["a rate limit", "github:dana/limited", 3, /github:dana\/limited: .*rate limit/i],
  ])("maps %s to its exit code with one line", async (_name, source, code, message) => {
    const run = await runCli(["extract", source, "--json"], {
      GITHUB_API_URL: github.url,
      GITHUB_TOKEN: undefined,
    });
    expect(run.code).toBe(code);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stdout).toBe("");
  });
});

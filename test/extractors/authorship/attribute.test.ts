// Truth about the candidate, not about the repository: the same checkout, three people.
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { extract } from "../../../extractors/extract.js";
import type { ExtractResult, Technology } from "../../../core/truth.js";
import { buildRepo, git } from "../../helpers/git-repo.js";
import { buildPodcast } from "../../helpers/three-candidates.js";

const scratch = mkdtempSync(join(tmpdir(), "vouch-authorship-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));
const podcast = buildPodcast(join(scratch, "podcast"));
const STACK = ["cobra", "go", "grpc", "helm", "prometheus", "redis"];

const truthFor = (authors: string[] | undefined, sources = [podcast], requireAuthorship = false) =>
  extract(sources, { authors, history: false, requireAuthorship });
const tech = (truth: ExtractResult, id: string): Technology => {
  const found = truth.technologies.find((t) => t.id === id);
  if (!found) throw new Error(`${id} not in truth`);
  return found;
};
const statuses = (truth: ExtractResult, ids: string[]) =>
  Object.fromEntries(ids.map((id) => [id, tech(truth, id).status]));

describe("three candidates, one checkout", () => {
  it("the main author gets what they wrote, with commit years; a dependency Bo added stays Bo's", async () => {
    const truth = await truthFor(["alex@example.test"]);
    expect(statuses(truth, STACK)).toEqual({
      cobra: "production",
      go: "production",
      grpc: "production",
      helm: "production",
      prometheus: "others-only",
      redis: "production",
    });
    expect(tech(truth, "prometheus")).toMatchObject({ repositoryStatus: "production" });
    expect(tech(truth, "prometheus").authored).toBeUndefined();
    // Bo's move of cmd/main.go changed no line of Go: it is not one of the commits on Go's files.
    expect(tech(truth, "go").authored).toEqual({
      commits: 4,
      total: 5,
      first: "2019-03-01",
      last: "2024-03-01",
    });
    // Redis came in one co-authored squash merge: its span starts there, not at go.mod's first commit.
    expect(tech(truth, "redis").authored).toEqual({
      commits: 1,
      total: 1,
      first: "2021-02-01",
      last: "2021-02-01",
    });
    expect(truth.repos[0]?.authorship).toEqual({
      verified: true,
      commits: 10,
      candidateCommits: 5,
      languages: { Go: expect.any(Number), Dockerfile: expect.any(Number) },
      // Bo's README is left out of her knowledge base; her own docs/operations.md is not.
      othersDocs: ["README.md"],
    });
    expect(truth.authors).toEqual(["alex@example.test"]);
    expect(truth.authorship).toBe("verify");
  });

  it("the contributor whose commits touch only release CI gets none of the stack, only the CI they wrote", async () => {
    const truth = await truthFor(["github:casey-ci"]);
    expect(Object.values(statuses(truth, STACK))).toEqual(Array(STACK.length).fill("others-only"));
    expect(tech(truth, "goreleaser")).toMatchObject({ status: "tooling-only", authored: { commits: 1 } });
    // The Go in the release workflow (setup-go) is the repository's Go, not Casey's.
    expect(tech(truth, "go").evidence.every((e) => e.author === "others")).toBe(true);
  });

  it("someone with no commit at all gets nothing, and the repository's truth stays beside each status", async () => {
    const truth = await truthFor(["stranger@example.test", "github:stranger"]);
    expect(truth.technologies.every((t) => t.status === "others-only")).toBe(true);
    expect(tech(truth, "helm")).toMatchObject({ status: "others-only", repositoryStatus: "production" });
    expect(truth.repos[0]?.authorship).toMatchObject({ verified: true, candidateCommits: 0, languages: {} });
  });

  it("an old address that the .mailmap maps counts, as does the noreply address of a login", async () => {
    const old = await truthFor(["alex@old.test"]);
    expect(tech(old, "cobra").status).toBe("production");
    const viaNoreply = await truthFor(["41898282+casey-ci@users.noreply.github.com"]);
    expect(tech(viaNoreply, "goreleaser").status).toBe("tooling-only");
  });

  it("without a candidate, truth is the repository's: no author labels, statuses as before", async () => {
    const truth = await truthFor(undefined);
    expect(Object.values(statuses(truth, STACK))).toEqual(Array(STACK.length).fill("production"));
    expect(truth.technologies.flatMap((t) => t.evidence).some((e) => "author" in e)).toBe(false);
    expect(truth).not.toHaveProperty("authors");
    expect(truth.repos[0]).not.toHaveProperty("authorship");
  });
});

describe("moving code is not writing it", () => {
  it("a stranger who moves the whole tree (git mv) gets none of it; an edit made with the move counts", async () => {
    const dir = join(scratch, "moved");
    cpSync(podcast, dir, { recursive: true });
    git(dir, ["mv", "pkg", "lib"], "Sam Stranger <sam@example.test>", "2025-01-01T00:00:00Z");
    git(dir, ["commit", "-qm", "move pkg to lib"], "Sam Stranger <sam@example.test>", "2025-01-01T00:00:00Z");
    const truth = await truthFor(["sam@example.test"], [dir]);
    expect(statuses(truth, ["grpc", "redis", "prometheus"])).toEqual({
      grpc: "others-only",
      redis: "others-only",
      prometheus: "others-only",
    });
    writeFileSync(
      join(dir, "lib/cache/redis.go"),
      'package cache\n\nimport (\n\t"github.com/redis/go-redis/v9"\n)\n\n// Get reads through.\nfunc Get() {}\n',
    );
    git(
      dir,
      ["commit", "-qam", "document the cache"],
      "Sam Stranger <sam@example.test>",
      "2025-02-01T00:00:00Z",
    );
    expect(tech(await truthFor(["sam@example.test"], [dir]), "redis").status).toBe("production");
  });
});

describe("a file touched by both, a line only one of them changed", () => {
  it("a shared manifest is the candidate's only on the lines they last changed", async () => {
    const dir = buildRepo(join(scratch, "shared"), [
      {
        author: "Ann <ann@example.test>",
        date: "2022-01-01T00:00:00Z",
        files: {
          "package.json":
            '{\n  "name": "shop",\n  "private": true,\n  "dependencies": {\n    "express": "^4.19.0"\n  }\n}\n',
          "src/app.js": "import express from 'express';\n",
        },
      },
      {
        author: "Ben <ben@example.test>",
        date: "2023-01-01T00:00:00Z",
        files: {
          "package.json":
            '{\n  "name": "shop",\n  "private": true,\n  "dependencies": {\n    "express": "^4.19.0",\n    "pg": "^8.11.0"\n  }\n}\n',
          "src/db.js": "import pg from 'pg';\n",
          "src/app.js": "import express from 'express';\nimport './db.js';\n",
        },
      },
    ]);
    const ann = await truthFor(["ann@example.test"], [dir]);
    expect(statuses(ann, ["express", "postgresql"])).toEqual({
      express: "production",
      postgresql: "others-only",
    });
    const ben = await truthFor(["ben@example.test"], [dir]);
    // Ben touched app.js, which imports Express: a file both wrote is both's.
    expect(statuses(ben, ["express", "postgresql"])).toEqual({
      express: "production",
      postgresql: "production",
    });
  });

  it("an uncommitted dependency line is nobody's: unknown, and others' when authorship is required", async () => {
    const dir = buildRepo(join(scratch, "dirty"), [
      {
        author: "Ann <ann@example.test>",
        date: "2022-01-01T00:00:00Z",
        files: { "requirements.txt": "flask==3.0.0\n", "app.py": "import flask\n" },
      },
    ]);
    writeFileSync(join(dir, "requirements.txt"), "flask==3.0.0\nredis==5.0.0\n");
    const truth = await truthFor(["ann@example.test"], [dir]);
    expect(tech(truth, "redis").evidence.map((e) => e.author)).toEqual(["unknown"]);
    expect(tech(truth, "redis").status).toBe("production");
    const strict = await truthFor(["ann@example.test"], [dir], true);
    expect(tech(strict, "redis").status).toBe("others-only");
    expect(tech(strict, "flask").status).toBe("production");
  });
});

describe("a folder without history of its own", () => {
  it("an exported tree is unverified: unknown evidence backs by default and is said to be unverified", async () => {
    const dir = join(scratch, "export");
    cpSync(podcast, dir, {
      recursive: true,
      filter: (src) => !src.includes(".git") || src.endsWith(".github") || src.includes(".github/"),
    });
    const truth = await truthFor(["stranger@example.test"], [dir]);
    expect(tech(truth, "helm").status).toBe("production");
    expect(tech(truth, "helm").evidence.every((e) => e.author === "unknown")).toBe(true);
    expect(truth.repos[0]?.authorship).toEqual({
      verified: false,
      note: "no history: not a git repository (an export or a copied tree)",
    });
    expect(truth.warnings[0]).toEqual({
      repo: "export",
      message: "authorship not verified: no history: not a git repository (an export or a copied tree)",
    });
    const strict = await truthFor(["stranger@example.test"], [dir], true);
    expect(tech(strict, "helm").status).toBe("others-only");
    expect(strict.warnings[0]?.message).toMatch(/counted as others' \(authorship required\)$/);
  });

  it("a subfolder of another repository is not verified by the enclosing history", async () => {
    const truth = await truthFor(["alex@example.test"], [join(podcast, "charts")]);
    expect(truth.repos[0]?.authorship?.verified).toBe(false);
    expect(truth.repos[0]?.authorship?.note).toMatch(
      /^no history: the folder is inside the repository .*podcast/,
    );
  });

  it("a git folder git refuses to read says why", async () => {
    const dir = buildRepo(join(scratch, "refused"), [
      {
        author: "Ann <ann@example.test>",
        date: "2022-01-01T00:00:00Z",
        files: { "go.mod": "module x\n\ngo 1.22\n" },
      },
    ]);
    git(dir, ["config", "core.repositoryformatversion", "99"]);
    const truth = await truthFor(["ann@example.test"], [dir]);
    expect(truth.repos[0]?.authorship).toMatchObject({ verified: false });
    expect(truth.repos[0]?.authorship?.note).toMatch(/^history not readable: /);
  });
});

// A repository's config must never make vouch run a command. Each planted command writes a marker file;
// plain git is shown to run them (so the plant is real), SafeGit and `vouch extract` never do.
import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, writeFileSync } from "node:fs";
import { appendFile, mkdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LocalHistory } from "../../../extractors/git/repository.js";
import { GitUnavailable, SafeGit } from "../../../extractors/git/run.js";
import { buildRepo, git } from "../../helpers/git-repo.js";
import { runCli } from "../../helpers/cli.js";

const scratch = mkdtempSync(join(tmpdir(), "vouch-git-plant-"));
const markers = join(scratch, "markers");
const dana = "Dana Reyes <dana@example.test>";

/** A shell script that records that it ran, then behaves like `cat` so git carries on. */
function planted(name: string): string {
  const script = join(scratch, `plant-${name}.sh`);
  writeFileSync(script, `#!/bin/sh\ntouch '${markers}/${name}'\ncat\n`);
  chmodSync(script, 0o755);
  return script;
}

const ran = () => (existsSync(markers) ? readdirSync(markers).sort() : []);

async function plantedRepo(dir: string): Promise<string> {
  buildRepo(dir, [
    {
      author: dana,
      date: "2024-01-10T10:00:00Z",
      files: {
        "package.json": '{\n  "name": "shop",\n  "dependencies": { "express": "^4.19.0" }\n}\n',
        "src/app.js": "import express from 'express';\n",
      },
    },
  ]);
  // Signed-looking commit, so log.showSignature would call gpg.program.
  const tree = git(dir, ["rev-parse", "HEAD^{tree}"]).trim();
  const parent = git(dir, ["rev-parse", "HEAD"]).trim();
  const body = `tree ${tree}\nparent ${parent}\nauthor ${dana} 1705000000 +0000\ncommitter ${dana} 1705000000 +0000\ngpgsig -----BEGIN PGP SIGNATURE-----\n \n iQEzBAABCAAdFiEE\n -----END PGP SIGNATURE-----\n\nsigned\n`;
  writeFileSync(join(scratch, "commit.txt"), body);
  const signed = git(dir, ["hash-object", "-t", "commit", "-w", join(scratch, "commit.txt")]).trim();
  git(dir, ["update-ref", "refs/heads/main", signed]);
  writeFileSync(join(dir, ".gitattributes"), "* filter=evil diff=evil merge=evil\n");
  await mkdir(join(dir, ".git", "evil-hooks"), { recursive: true });
  for (const hook of ["post-checkout", "reference-transaction", "post-index-change"]) {
    const path = join(dir, ".git", "evil-hooks", hook);
    writeFileSync(path, `#!/bin/sh\ntouch '${markers}/hook-${hook}'\n`);
    chmodSync(path, 0o755);
  }
  // Half the settings sit in an included file: include.path is followed like the repository's own config.
  writeFileSync(
    join(dir, ".git", "more.conf"),
    `[diff "evil"]\n\ttextconv = ${planted("textconv")}\n\tcommand = ${planted("diff-command")}\n`,
  );
  await appendFile(
    join(dir, ".git", "config"),
    [
      "[core]",
      `\tfsmonitor = ${planted("fsmonitor")}`,
      `\tpager = ${planted("pager")}`,
      `\thooksPath = ${join(dir, ".git", "evil-hooks")}`,
      `\tsshCommand = ${planted("ssh")}`,
      `[filter "evil"]`,
      `\tclean = ${planted("clean")}`,
      `\tsmudge = ${planted("smudge")}`,
      "[diff]",
      `\texternal = ${planted("external")}`,
      `[merge "evil"]`,
      `\tdriver = ${planted("merge")}`,
      "[log]",
      "\tshowSignature = true",
      "[gpg]",
      `\tprogram = ${planted("gpg")}`,
      "[pager]",
      `\tlog = ${planted("pager-log")}`,
      `\tblame = ${planted("pager-blame")}`,
      "[include]",
      "\tpath = more.conf",
      "",
    ].join("\n"),
  );
  return dir;
}

let repo: string;

beforeAll(async () => {
  repo = await plantedRepo(join(scratch, "shop"));
  await rm(markers, { recursive: true, force: true });
  await mkdir(markers);
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe("a repository's config never runs a command", () => {
  it("the plant is real: plain git runs the filter, textconv, fsmonitor and gpg commands", () => {
    const plain = (args: string[]) => {
      try {
        execFileSync("git", ["-C", repo, ...args], {
          stdio: "pipe",
          env: { PATH: process.env.PATH, HOME: scratch },
        });
      } catch {
        // some fail after running the command (gpg's output is not a signature): the marker is what counts
      }
    };
    plain(["blame", "--porcelain", "--", "package.json"]);
    plain(["log", "-p", "--format=%H"]);
    plain(["status"]);
    expect(ran()).toEqual(expect.arrayContaining(["clean", "fsmonitor", "gpg", "smudge", "textconv"]));
  });

  it("SafeGit's reads run none of them", async () => {
    await rm(markers, { recursive: true, force: true });
    await mkdir(markers);
    const history = await LocalHistory.open(repo);
    const log = await history.history();
    expect(log.commits).toHaveLength(2);
    expect((await history.blame("package.json"))?.[2]?.text).toContain("express");
    await history.git.call(["log", "-p", "--format=%H", "--no-textconv", "--no-ext-diff"]);
    expect(ran()).toEqual([]);
  });

  it("vouch extract with history and authorship runs none of them", async () => {
    await rm(markers, { recursive: true, force: true });
    await mkdir(markers);
    const run = await runCli(["extract", repo, "--json", "--author", "dana@example.test"]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    const truth = JSON.parse(run.stdout);
    expect(truth.technologies.find((t: { id: string }) => t.id === "express")?.status).toBe("production");
    expect(ran()).toEqual([]);
  });

  it("a partial clone's lazy fetch cannot reach a transport (core.sshCommand never runs)", async () => {
    const dir = join(scratch, "partial");
    buildRepo(dir, [
      { author: dana, date: "2024-01-10T10:00:00Z", files: { "go.mod": "module x\n\ngo 1.22\n" } },
    ]);
    const blob = git(dir, ["rev-parse", "HEAD:go.mod"]).trim();
    await rm(join(dir, ".git", "objects", blob.slice(0, 2), blob.slice(2)));
    for (const [key, value] of [
      ["core.repositoryformatversion", "1"],
      ["extensions.partialClone", "origin"],
      ["remote.origin.url", "ssh://example.invalid/x.git"],
      ["remote.origin.promisor", "true"],
      ["core.sshCommand", planted("lazy-ssh")],
    ]) {
      git(dir, ["config", key!, value!]);
    }
    await rm(markers, { recursive: true, force: true });
    await mkdir(markers);
    const history = await LocalHistory.open(dir);
    expect(await history.blame("go.mod")).toBeUndefined();
    expect(ran()).toEqual([]);
  });

  it("scrubs GIT_* from the environment, so GIT_DIR cannot point git elsewhere", async () => {
    const saved = process.env.GIT_DIR;
    process.env.GIT_DIR = join(scratch, "nowhere");
    try {
      const git = await SafeGit.open(repo);
      expect((await git.call(["rev-parse", "--absolute-git-dir"])).trim()).toBe(join(repo, ".git"));
    } finally {
      if (saved === undefined) delete process.env.GIT_DIR;
      else process.env.GIT_DIR = saved;
    }
  });
});

describe("a repository whose config breaks a read", () => {
  it("a blame.ignoreRevsFile that is not there costs blame only: the log is still read", async () => {
    const dir = join(scratch, "broken-blame");
    buildRepo(dir, [
      { author: dana, date: "2024-01-10T10:00:00Z", files: { "go.mod": "module x\n\ngo 1.22\n" } },
    ]);
    git(dir, ["config", "blame.ignoreRevsFile", ".no-such-file"]);
    const history = await LocalHistory.open(dir);
    expect(await history.blame("go.mod")).toBeUndefined();
    expect((await history.history()).byPath.get("go.mod")).toEqual([0]);
  });
});

describe("whose history it is", () => {
  it("refuses a folder inside another repository: the enclosing history is not the folder's", async () => {
    const inner = join(repo, "src");
    await expect(SafeGit.open(inner)).rejects.toBeInstanceOf(GitUnavailable);
  });

  it("refuses a git folder whose core.worktree names another folder", async () => {
    const dir = join(scratch, "elsewhere");
    buildRepo(dir, [{ author: dana, date: "2024-01-10T10:00:00Z", files: { a: "a\n" } }]);
    git(dir, ["config", "core.worktree", scratch]);
    await expect(SafeGit.open(dir)).rejects.toThrow(/belongs to the work tree/);
  });
});

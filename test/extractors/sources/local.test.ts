import { mkdir, mkdtemp, rm, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { snapshotLocalRepo } from "../../../extractors/sources/local.js";
import { InputError } from "../../../core/errors.js";

let root: string;

async function files(tree: Record<string, string>): Promise<void> {
  for (const [path, text] of Object.entries(tree)) {
    await mkdir(join(root, path, ".."), { recursive: true });
    await writeFile(join(root, path), text);
  }
}

beforeEach(async () => {
  root = await mkdtemp(join(tmpdir(), "vouch-local-"));
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("snapshotLocalRepo", () => {
  it("lists files with sizes, sorted, with POSIX relative paths", async () => {
    await files({ "b.ts": "bb", "a/c.py": "c", "README.md": "# x" });
    const snap = await snapshotLocalRepo(root);
    expect(snap.files).toEqual([
      { path: "README.md", size: 3 },
      { path: "a/c.py", size: 1 },
      { path: "b.ts", size: 2 },
    ]);
    expect(snap.source).toBe(root);
    expect(snap.commit).toBeUndefined();
    expect(snap.gitWorkTree).toBeUndefined();
    expect((await snap.read("a/c.py")).toString()).toBe("c");
  });

  it("leaves out every folder holding vouch's report.json, with a warning naming it", async () => {
    const report = '{\n  "format": 1,\n  "runId": "5d9f",\n  "inputs": {}\n}\n';
    await files({
      "README.md": "# x",
      "docs/tailored/report.json": report,
      "docs/tailored/resume.md": "# Dana\n\nLed a team of 40.",
      "docs/tailored/redaction-log.jsonl": "",
      "old-run/report.json": report,
      "old-run/resume.json": "{}",
      "metrics/report.json": '{ "total": 81 }',
      "reports/report.json": "not JSON at all",
    });
    const snap = await snapshotLocalRepo(root);
    expect(snap.files.map((f) => f.path)).toEqual([
      "README.md",
      "metrics/report.json",
      "reports/report.json",
    ]);
    const message = "vouch's own output (it holds vouch's report.json); never read as evidence";
    expect(snap.warnings).toEqual([
      { repo: basename(root), path: "docs/tailored", message },
      { repo: basename(root), path: "old-run", message },
    ]);
  });

  it("lists nothing of a folder that is itself one of vouch's output folders", async () => {
    await files({ "report.json": '{"format":1,"runId":"x"}', "resume.md": "# Dana" });
    const snap = await snapshotLocalRepo(root);
    expect(snap.files).toEqual([]);
    expect(snap.warnings.map((w) => w.path)).toEqual(["."]);
  });

  it("says where a .git file sends git: the history read is that git folder's", async () => {
    await files({ "README.md": "# x", ".git": "gitdir: ../someone-else/.git\n" });
    const snap = await snapshotLocalRepo(root);
    expect(snap.warnings).toContainEqual({
      repo: basename(root),
      path: ".git",
      message: `.git is a file pointing at ${join(root, "..", "someone-else", ".git")}: the commit and history are read from that git folder (a worktree or submodule does this; check it is this repository's)`,
    });
    expect(snap.files.map((f) => f.path)).toEqual(["README.md"]);
  });

  it("honours .gitignore files at every level, and .git/info/exclude", async () => {
    await files({
      ".gitignore": "*.log\n/build-output/\n.env\n",
      "app.log": "x",
      ".env": "SECRET=1",
      "build-output/x.js": "x",
      "src/.gitignore": "generated-*.ts\n!generated-keep.ts\n",
      "src/generated-a.ts": "x",
      "src/generated-keep.ts": "x",
      "src/main.ts": "x",
      "src/deep/app.log": "x",
      ".git/info/exclude": "local-notes.txt\n",
      "local-notes.txt": "x",
    });
    const snap = await snapshotLocalRepo(root);
    expect(snap.files.map((f) => f.path)).toEqual([
      ".gitignore",
      "src/.gitignore",
      "src/generated-keep.ts",
      "src/main.ts",
    ]);
  });

  it("skips .git, node_modules, vendored and build output folders", async () => {
    await files({
      ".git/HEAD": "ref: refs/heads/main",
      "node_modules/pg/index.js": "x",
      "vendor/lib.go": "x",
      "dist/index.js": "x",
      "src/index.ts": "x",
    });
    const snap = await snapshotLocalRepo(root);
    expect(snap.files.map((f) => f.path)).toEqual(["src/index.ts"]);
  });

  it("never follows symlinks, and warns about loops and links out of the repository", async () => {
    await files({ "src/a.ts": "x" });
    const outside = await mkdtemp(join(tmpdir(), "vouch-outside-"));
    await writeFile(join(outside, "secret.txt"), "x");
    await symlink(outside, join(root, "escape"));
    await symlink(join(root, "src"), join(root, "inner-link"));
    await symlink(join(root, "loop-b"), join(root, "loop-a"));
    await symlink(join(root, "loop-a"), join(root, "loop-b"));
    const snap = await snapshotLocalRepo(root);
    expect(snap.files.map((f) => f.path)).toEqual(["src/a.ts"]);
    expect(snap.warnings.map((w) => `${w.path}: ${w.message}`).sort()).toEqual([
      "escape: symlink points outside the repository; not followed",
      "loop-a: symlink loop; skipped",
      "loop-b: symlink loop; skipped",
    ]);
    await rm(outside, { recursive: true, force: true });
  });

  it("lists files over the size bound but refuses to read them", async () => {
    await files({ "big.js": "x".repeat(100), "small.js": "x" });
    const snap = await snapshotLocalRepo(root, { maxFileBytes: 10 });
    expect(snap.files).toContainEqual({ path: "big.js", size: 100 });
    await expect(snap.read("big.js")).rejects.toThrow(/larger than 10 bytes/);
    await expect(snap.read("../etc/passwd")).rejects.toThrow(/not in the snapshot/);
  });

  it.each([
    ["a path that does not exist", (r: string) => join(r, "missing"), /missing: no such folder\./],
    [
      "a file instead of a folder",
      (r: string) => join(r, "file.txt"),
      /file\.txt: is a file, not a repository folder\./,
    ],
  ])("rejects %s with one clear sentence", async (_name, pathOf, message) => {
    await files({ "file.txt": "x" });
    const error = await snapshotLocalRepo(pathOf(root)).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(message);
  });

  it("rejects a root that is a symlink loop", async () => {
    await symlink(join(root, "b"), join(root, "a"));
    await symlink(join(root, "a"), join(root, "b"));
    await expect(snapshotLocalRepo(join(root, "a"))).rejects.toThrow(/a: symlink loop\./);
  });
});

import { mkdtempSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseLog } from "../../../extractors/git/log.js";
import { LocalHistory } from "../../../extractors/git/repository.js";
import { buildRepo, commit, git } from "../../helpers/git-repo.js";

const scratch = mkdtempSync(join(tmpdir(), "vouch-git-log-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));
const A = "Ann <ann@example.test>";
const B = "Ben <ben@example.test>";

describe("readHistory: one pass over the log", () => {
  it("follows renames back, keeps co-authors, applies the .mailmap, and names files by their path at HEAD", async () => {
    const dir = buildRepo(join(scratch, "one"), [
      {
        author: "Ann <ann@old.test>",
        date: "2020-01-01T00:00:00Z",
        files: { "a.txt": "a\n", "weird name\twith tab.txt": "x\n" },
      },
      {
        author: B,
        date: "2021-01-01T00:00:00Z",
        renames: { "a.txt": "src/a.txt" },
        coAuthors: [A, "Cy <cy@example.test>"],
      },
      {
        author: A,
        date: "2022-01-01T00:00:00Z",
        files: { ".mailmap": "Ann <ann@example.test> <ann@old.test>\n", "b.txt": "b\n" },
      },
    ]);
    // The mailmap is given as a file (authorship/mailmap.ts decides which lines to trust).
    const history = await (await LocalHistory.open(dir)).history(join(dir, ".mailmap"));
    expect(history.commits.map((c) => [c.author, c.email, c.coAuthors])).toEqual([
      ["Ann <ann@example.test>", "ann@example.test", []],
      ["Ben <ben@example.test>", "ben@example.test", [A, "Cy <cy@example.test>"]],
      ["Ann <ann@example.test>", "ann@example.test", []],
    ]);
    // Ben only moved it: the file is still Ann's alone.
    expect(history.byPath.get("src/a.txt")).toEqual([2]);
    expect(history.byPath.has("a.txt")).toBe(false);
    expect(history.byPath.get("weird name\twith tab.txt")).toEqual([2]);
    expect(history.shallow).toBe(false);
  });

  it("a merge commit touches nothing itself: its branch's commits carry the changes", async () => {
    const dir = buildRepo(join(scratch, "merge"), [
      { author: A, date: "2020-01-01T00:00:00Z", files: { "a.txt": "a\n" } },
    ]);
    git(dir, ["checkout", "-q", "-b", "feature"]);
    commit(dir, { author: B, date: "2020-02-01T00:00:00Z", files: { "b.txt": "b\n" } });
    git(dir, ["checkout", "-q", "main"]);
    commit(dir, { author: A, date: "2020-03-01T00:00:00Z", files: { "c.txt": "c\n" } });
    git(dir, ["merge", "-q", "--no-ff", "-m", "merge", "feature"], A, "2020-04-01T00:00:00Z");
    const history = await (await LocalHistory.open(dir)).history();
    const ben = history.commits.findIndex((c) => c.email === "ben@example.test");
    expect(history.byPath.get("b.txt")).toEqual([ben]);
    expect(history.commits).toHaveLength(4);
  });

  it("a shallow clone's cut says nothing of who wrote the files it holds", async () => {
    const origin = buildRepo(join(scratch, "origin"), [
      { author: B, date: "2020-01-01T00:00:00Z", files: { "old.txt": "old\n" } },
      { author: B, date: "2020-02-01T00:00:00Z", files: { "mid.txt": "mid\n" } },
      { author: A, date: "2020-03-01T00:00:00Z", files: { "new.txt": "new\n" } },
    ]);
    const clone = join(scratch, "shallow");
    git(scratch, ["clone", "-q", "--depth", "2", `file://${origin}`, clone]);
    const history = await (await LocalHistory.open(clone)).history();
    expect(history.shallow).toBe(true);
    expect(history.byPath.get("new.txt")).toEqual([0]);
    expect(history.byPath.has("old.txt")).toBe(false);
  });

  it("a repository with no commit has no history", async () => {
    const dir = join(scratch, "empty");
    buildRepo(dir, []);
    await expect((await LocalHistory.open(dir)).history()).rejects.toThrow("no commits yet");
  });
});

describe("parseLog", () => {
  it("reads records of header, NUL, then status and paths", () => {
    const record = (sha: string, who: string, body: string) =>
      `\x1e${sha}\x1f${who} <${who}@x>\x1f${who}@x\x1f1700000000\x1f\0\n${body}`;
    const output =
      record("b".repeat(40), "bo", "R087\0old.txt\0new.txt\0M\0other.txt\0") +
      record("a".repeat(40), "al", "A\0old.txt\0");
    const history = parseLog(output);
    expect([...history.byPath]).toEqual([
      ["new.txt", [0, 1]],
      ["other.txt", [0]],
    ]);
  });
});

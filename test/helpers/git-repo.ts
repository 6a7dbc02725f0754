// Real git repositories for tests: commits by named authors at given dates, renames, co-authors, merges.
import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";

export interface CommitSpec {
  /** "Name <email>". */
  author: string;
  /** ISO date. */
  date: string;
  message?: string;
  /** Files written (a string) or deleted (null). */
  files?: Record<string, string | null>;
  /** `git mv` from → to, before the files are written. */
  renames?: Record<string, string>;
  /** `Co-authored-by:` trailers. */
  coAuthors?: string[];
}

function person(contact: string): { name: string; email: string } {
  const match = /^(.*?)\s*<(.+)>$/.exec(contact);
  if (!match) throw new Error(`not "Name <email>": ${contact}`);
  return { name: match[1]!, email: match[2]! };
}

/** Runs git in `dir` as `author` at `date` (author and committer alike), with no user config read. */
export function git(
  dir: string,
  args: readonly string[],
  author = "Test <test@example.test>",
  date?: string,
) {
  const { name, email } = person(author);
  return execFileSync("git", ["-C", dir, ...args], {
    encoding: "utf8",
    env: {
      PATH: process.env.PATH,
      HOME: dir,
      GIT_CONFIG_NOSYSTEM: "1",
      GIT_AUTHOR_NAME: name,
      GIT_AUTHOR_EMAIL: email,
      GIT_COMMITTER_NAME: name,
      GIT_COMMITTER_EMAIL: email,
      ...(date ? { GIT_AUTHOR_DATE: date, GIT_COMMITTER_DATE: date } : {}),
    },
  });
}

/** Writes one commit's changes and commits them. */
export function commit(dir: string, spec: CommitSpec): string {
  for (const [from, to] of Object.entries(spec.renames ?? {})) {
    mkdirSync(dirname(join(dir, to)), { recursive: true });
    git(dir, ["mv", from, to], spec.author, spec.date);
  }
  for (const [path, contents] of Object.entries(spec.files ?? {})) {
    const file = join(dir, path);
    if (contents === null) {
      rmSync(file);
    } else {
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, contents);
    }
  }
  git(dir, ["add", "-A"], spec.author, spec.date);
  const trailers = (spec.coAuthors ?? []).map((c) => `Co-authored-by: ${c}`).join("\n");
  const message = `${spec.message ?? "change"}${trailers ? `\n\n${trailers}` : ""}`;
  git(dir, ["commit", "-q", "--allow-empty", "-m", message], spec.author, spec.date);
  return git(dir, ["rev-parse", "HEAD"]).trim();
}

/** A new repository in `dir` (created) with these commits on `main`. */
export function buildRepo(dir: string, commits: readonly CommitSpec[]): string {
  mkdirSync(dir, { recursive: true });
  git(dir, ["init", "-q", "-b", "main"]);
  for (const spec of commits) commit(dir, spec);
  return dir;
}

// Which commit last changed each line of a file as HEAD has it (`git blame --porcelain HEAD`). HEAD, not
// the work tree: reading the work tree would run the repository's clean filter, and an uncommitted line
// belongs to no commit anyway.
import { GitUnavailable, type SafeGit, gitReason } from "./run.js";

export interface BlamedLine {
  sha: string;
  /** Seconds since the epoch. */
  committerTime: number;
  /** The line as HEAD has it. */
  text: string;
}

/** The lines of `path` at HEAD, index 0 for line 1. Throws GitUnavailable when git cannot say. */
export async function blameFile(git: SafeGit, path: string): Promise<BlamedLine[]> {
  let output: string;
  try {
    output = await git.call(["blame", "--porcelain", "--no-textconv", "--no-ext-diff", "HEAD", "--", path], {
      timeoutMs: 20_000,
    });
  } catch (error) {
    throw new GitUnavailable(gitReason(error));
  }
  return parseBlame(output);
}

/** Parses porcelain output: a header line per line of the file, headers once per commit, then `\t` + text. */
export function parseBlame(output: string): BlamedLine[] {
  const lines: BlamedLine[] = [];
  const times = new Map<string, number>();
  let sha = "";
  let final = 0;
  for (const row of output.split("\n")) {
    if (row.startsWith("\t")) {
      lines[final - 1] = { sha, committerTime: times.get(sha) ?? 0, text: row.slice(1) };
      continue;
    }
    const head = /^([0-9a-f]{40,64}) \d+ (\d+)/.exec(row);
    if (head) {
      sha = head[1]!;
      final = Number(head[2]);
    } else if (row.startsWith("committer-time ")) {
      times.set(sha, Number(row.slice("committer-time ".length)));
    }
  }
  return lines;
}

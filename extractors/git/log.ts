// A repository's history in one `git log` pass: every commit's author (after .mailmap), date, co-authors
// and the files it touched, with renames followed so a file's story survives `git mv`.
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { GitUnavailable, type SafeGit, gitReason } from "./run.js";

export interface Commit {
  sha: string;
  /** "Name <email>" after the repository's .mailmap. */
  author: string;
  email: string;
  /** Seconds since the epoch (author date). */
  time: number;
  /** `Co-authored-by:` trailers, "Name <email>" as written. */
  coAuthors: string[];
}

export interface RepoHistory {
  commits: Commit[];
  /**
   * Commits (indexes into `commits`, newest first) that changed each file, by its path at HEAD; a commit
   * that only moved or copied it whole is not one of them.
   */
  byPath: Map<string, number[]>;
  /** History stops at a shallow clone's boundary: older authors are not known. */
  shallow: boolean;
}

const RECORD = "\x1e";
const FIELD = "\x1f";
const CO_AUTHORS = "\x1d";
const FORMAT = [
  `${RECORD}%H`,
  "%aN <%aE>",
  "%aE",
  "%at",
  `%(trailers:key=Co-authored-by,valueonly,unfold,separator=%x1d)`,
].join(FIELD);

/** Reads the whole history of HEAD; throws GitUnavailable with git's reason when it cannot. */
export async function readHistory(git: SafeGit, options: { timeoutMs?: number } = {}): Promise<RepoHistory> {
  let output: string;
  try {
    output = await git.call(
      [
        "log",
        "-z",
        `--format=${FORMAT}`,
        "--name-status",
        "-M",
        "--no-textconv",
        "--no-ext-diff",
        "--use-mailmap",
        "--no-show-signature",
        "HEAD",
        "--",
      ],
      { timeoutMs: options.timeoutMs ?? 120_000 },
    );
  } catch (error) {
    const reason = gitReason(error);
    // An unborn HEAD: "ambiguous argument 'HEAD'", "does not have any commits yet".
    throw new GitUnavailable(
      /ambiguous argument 'HEAD'|any commits yet|bad (default )?revision 'HEAD'/.test(reason)
        ? "no commits yet"
        : reason,
    );
  }
  const boundary = git.shallow ? await shallowBoundary(git) : new Set<string>();
  return parseLog(output, boundary, git.shallow);
}

/** The commits a shallow clone was cut at: their diffs are the whole tree, not anyone's change. */
async function shallowBoundary(git: SafeGit): Promise<Set<string>> {
  const file = (await git.call(["rev-parse", "--git-path", "shallow"])).trim();
  const text = await readFile(resolve(git.workTree, file), "utf8").catch(() => "");
  return new Set(text.split("\n").filter(Boolean));
}

/** Parses `git log -z --name-status -M` output written newest first. */
export function parseLog(
  output: string,
  boundary: ReadonlySet<string> = new Set(),
  shallow = false,
): RepoHistory {
  const commits: Commit[] = [];
  const byPath = new Map<string, number[]>();
  // Walking back in time, a rename maps the old name to the file it became at HEAD.
  const atHead = new Map<string, string>();
  const headPath = (path: string) => atHead.get(path) ?? path;
  for (const record of output.split(RECORD)) {
    if (!record) continue;
    const headerEnd = record.indexOf("\0");
    const header = headerEnd === -1 ? record : record.slice(0, headerEnd);
    const [sha, author, email, time, trailers] = header.split(FIELD);
    if (!sha || author === undefined || email === undefined) continue;
    const index = commits.length;
    commits.push({
      sha,
      author,
      email: email.toLowerCase(),
      time: Number(time) || 0,
      coAuthors: (trailers ?? "")
        .split(CO_AUTHORS)
        .map((t) => t.trim())
        .filter(Boolean),
    });
    if (headerEnd === -1 || boundary.has(sha)) continue;
    const tokens = record
      .slice(headerEnd + 1)
      .replace(/^\n/, "")
      .split("\0");
    for (let i = 0; i < tokens.length;) {
      const status = tokens[i++];
      if (!status) continue;
      const paths = status[0] === "R" || status[0] === "C" ? [tokens[i++], tokens[i++]] : [tokens[i++]];
      const last = paths.at(-1);
      if (!last) continue;
      const current = headPath(last);
      if (status[0] === "R" && paths[0]) atHead.set(paths[0], current);
      // A file moved or copied whole changes no line of it: `git mv src lib` writes none of its code.
      if ((status[0] === "R" || status[0] === "C") && status.slice(1) === "100") continue;
      const list = byPath.get(current) ?? [];
      if (list.at(-1) !== index) list.push(index);
      byPath.set(current, list);
    }
  }
  return { commits, byPath, shallow };
}

// What authorship knows of one repository, whatever its source (a local history, GitHub's commits API).

/** Who wrote a piece of evidence: the candidate, someone else, or nobody can say (no history). */
export type Author = "candidate" | "others" | "unknown";

/** Commits on a set of files: the candidate's, everyone's, and the dates of the candidate's. */
export interface CommitSpan {
  commits: number;
  total: number;
  /** Seconds since the epoch. */
  first?: number;
  last?: number;
}

export interface RepoAuthors {
  /** History of the repository's own was read, so every answer is from it. */
  verified: boolean;
  /** Why authorship is not verified, or what limits it (a shallow clone). */
  note?: string;
  /** Commits read, and how many of them are the candidate's (authored or co-authored). */
  commits: number;
  candidateCommits: number;
  /** Files (paths at HEAD) a commit of the candidate's touched. */
  candidateFiles: ReadonlySet<string>;
  /** Learn what `file`, `line` and `span` need of these paths (GitHub asks its API; local has it all). */
  prepare(paths: readonly string[]): Promise<void>;
  fileAuthor(path: string): Author;
  /**
   * Who last changed this line, and in which commit, when that is cheap to know; else undefined. `unknown`
   * when the line is not committed as the work tree has it.
   */
  lineAuthor(path: string, line: number, text: string): Promise<LineAuthor | undefined>;
  /**
   * The candidate's commits on `mine` (their files, plus the commits `lines` name) against everyone's on
   * `all`, with the dates of the candidate's.
   */
  span(mine: Iterable<string>, all: Iterable<string>, lines?: Iterable<string>): CommitSpan;
}

export interface LineAuthor {
  author: Author;
  /** The commit that last changed the line. */
  sha?: string;
}

/** Authorship of a folder with no history of its own: nobody can say who wrote anything. */
export function unverifiedAuthors(note: string): RepoAuthors {
  return {
    verified: false,
    note,
    commits: 0,
    candidateCommits: 0,
    candidateFiles: new Set(),
    prepare: async () => {},
    fileAuthor: () => "unknown",
    lineAuthor: async () => undefined,
    span: () => ({ commits: 0, total: 0 }),
  };
}

// Authorship of a `github:` source from GitHub's commits API, since its tarball has no history: the
// candidate's commits by the API's author filter, the files of the newest of them, and for the evidence
// past those, one question per path. REST has no blame, so a manifest line is attributed by its file.
import type { GithubClient } from "../sources/github-client.js";
import { errorContext } from "../sources/github-client.js";
import { toGithubError } from "../sources/github-errors.js";
import type { CandidateIdentity } from "./identity.js";
import type { CommitSpan, RepoAuthors } from "./types.js";

export interface GithubAuthorsOptions {
  /** How many of the candidate's commits, newest first, have their files read (default 100). */
  maxCommitDetails?: number;
  /** How many evidence paths are asked about one by one when the details miss commits (default 150). */
  maxPathQueries?: number;
}

// A prolific author's history is bounded: ten pages of the list per login or email.
const MAX_COMMITS_PER_IDENTITY = 1_000;
// Per client, whatever the number of repositories: GitHub's secondary limits punish bursts.
const CONCURRENT_REQUESTS = 4;
// A commit's answer lists at most this many files; one that lists this many may have touched more.
const FILES_PER_ANSWER = 300;

/** One of the candidate's commits: author date in seconds since the epoch. */
interface ListedCommit {
  sha: string;
  time: number;
}

interface DetailedCommit extends ListedCommit {
  /** Paths after the commit and, for renames, before it. */
  files: string[];
  /** GitHub cut the file list off: the commit may have touched files it does not name. */
  cut: boolean;
}

type Limit = <T>(task: () => Promise<T>) => Promise<T>;

// Answers live as long as their client: a second `authorsFor` of the same repository asks nothing again.
const answers = new WeakMap<GithubClient, Map<string, Promise<RepoAuthors>>>();
const limits = new WeakMap<GithubClient, Limit>();

export async function githubAuthors(
  client: GithubClient,
  spec: string,
  owner: string,
  repo: string,
  commit: string,
  identity: CandidateIdentity,
  options: GithubAuthorsOptions = {},
): Promise<RepoAuthors> {
  const maxCommitDetails = Math.max(0, options.maxCommitDetails ?? 100);
  const maxPathQueries = Math.max(0, options.maxPathQueries ?? 150);
  const key = JSON.stringify([
    `${owner}/${repo}`.toLowerCase(),
    commit,
    [...identity.logins].sort(),
    [...identity.emails].sort(),
    maxCommitDetails,
    maxPathQueries,
  ]);
  const cached = answers.get(client) ?? new Map<string, Promise<RepoAuthors>>();
  answers.set(client, cached);
  let answer = cached.get(key);
  if (!answer) {
    const api = commitsApi(client, spec, owner, repo, commit);
    answer = readAuthors(api, [...identity.logins, ...identity.emails], maxCommitDetails, maxPathQueries);
    cached.set(key, answer);
    // A failure is not an answer: the next call asks again.
    answer.catch(() => cached.delete(key));
  }
  return answer;
}

async function readAuthors(
  api: CommitsApi,
  authorFilters: readonly string[],
  maxCommitDetails: number,
  maxPathQueries: number,
): Promise<RepoAuthors> {
  const [commits, ...lists] = await Promise.all([
    api.count(),
    ...authorFilters.map((author) => api.listBy(author)),
  ]);
  const candidate = newestFirst(lists.flat());
  if (candidate.length === 0) {
    return {
      verified: true,
      commits,
      candidateCommits: 0,
      candidateFiles: new Set(),
      prepare: async () => {},
      fileAuthor: () => "others",
      lineAuthor: async () => undefined,
      span: () => ({ commits: 0, total: 0 }),
    };
  }

  // Read before the analysis, not in `prepare`: it ranks the candidate's imports first by these files.
  const detailed = await Promise.all(candidate.slice(0, maxCommitDetails).map((c) => api.details(c)));
  const candidateFiles = new Set(detailed.flatMap((c) => c.files));
  // Every commit of the candidate's was read in full: no file outside their lists can be theirs.
  const complete = detailed.length === candidate.length && !detailed.some((c) => c.cut);
  const questions = new Map<string, Promise<void>>();
  const unchecked = new Set<string>();

  const authors: RepoAuthors = {
    verified: true,
    commits,
    candidateCommits: candidate.length,
    candidateFiles,
    async prepare(paths) {
      if (complete) return;
      const asked: Promise<void>[] = [];
      for (const path of paths) {
        if (candidateFiles.has(path) || unchecked.has(path)) continue;
        let question = questions.get(path);
        if (!question) {
          if (questions.size >= maxPathQueries) {
            unchecked.add(path);
            continue;
          }
          question = api.touchedBy(path, authorFilters).then(
            (touched) => {
              if (touched) candidateFiles.add(path);
            },
            (error: unknown) => {
              questions.delete(path);
              throw error;
            },
          );
          questions.set(path, question);
        }
        asked.push(question);
      }
      await Promise.all(asked);
      if (unchecked.size > 0) authors.note = uncheckedNote(unchecked.size, maxPathQueries);
    },
    // GitHub's history is the repository's own: a file no commit of the candidate's touched is others'.
    fileAuthor: (path) => (candidateFiles.has(path) ? "candidate" : "others"),
    // REST has no blame: attribution falls back to the file.
    lineAuthor: async () => undefined,
    span(mine) {
      const paths = new Set(mine);
      const span: CommitSpan = { commits: 0, total: 0 };
      for (const c of detailed) {
        if (!c.files.some((f) => paths.has(f))) continue;
        span.commits++;
        span.first = Math.min(span.first ?? c.time, c.time);
        span.last = Math.max(span.last ?? c.time, c.time);
      }
      // Everyone's commits on these files would cost a question per file: GitHub's span counts only the
      // candidate's, so `total` says nothing beyond `commits` here.
      span.total = span.commits;
      return span;
    },
  };
  return authors;
}

function uncheckedNote(count: number, bound: number): string {
  const files = count === 1 ? "evidence file" : "evidence files";
  return `GitHub's commits API: ${count} ${files} past the bound of ${bound} ${count === 1 ? "was" : "were"} not checked`;
}

/** The union of the lists by sha, newest first (the lists come newest first already; stable for ties). */
function newestFirst(listed: readonly ListedCommit[]): ListedCommit[] {
  const bySha = new Map(listed.map((c) => [c.sha, c]));
  return [...bySha.values()].sort((a, b) => b.time - a.time);
}

interface CommitsApi {
  /** Every commit of the repository at the commit. */
  count(): Promise<number>;
  /** The commits whose author is this login or email, at most MAX_COMMITS_PER_IDENTITY. */
  listBy(author: string): Promise<ListedCommit[]>;
  details(commit: ListedCommit): Promise<DetailedCommit>;
  /** Whether a commit of any of these authors touched the path. */
  touchedBy(path: string, authors: readonly string[]): Promise<boolean>;
}

/** The commits endpoints for one repository at one commit; failures become one sentence naming the source. */
function commitsApi(
  client: GithubClient,
  spec: string,
  owner: string,
  repo: string,
  sha: string,
): CommitsApi {
  const repos = client.octokit.rest.repos;
  const limit = limitOf(client);
  const context = errorContext(client, "repository not found (or private without a token).");
  // `limit` wraps each request, never a whole step: a step holding a turn while waiting for another would
  // deadlock once every turn is taken.
  const mapped = async <T>(step: () => Promise<T>, empty: T): Promise<T> => {
    try {
      return await step();
    } catch (error) {
      // GitHub answers 409 for a repository with no commits at all.
      if ((error as { status?: number }).status === 409) return empty;
      throw toGithubError(spec, error, context);
    }
  };

  return {
    count: () =>
      mapped(async () => {
        const { data, headers } = await limit(() => repos.listCommits({ owner, repo, sha, per_page: 1 }));
        return lastPage(headers.link) ?? data.length;
      }, 0),

    listBy: (author) =>
      mapped(async () => {
        const list = { owner, repo, sha, author, per_page: 100 };
        const pages = client.octokit.paginate.iterator(repos.listCommits, list)[Symbol.asyncIterator]();
        const listed: ListedCommit[] = [];
        while (listed.length < MAX_COMMITS_PER_IDENTITY) {
          // One page is one request: each waits for its own turn.
          const page = await limit(() => pages.next());
          if (page.done) break;
          for (const c of page.value.data) listed.push({ sha: c.sha, time: seconds(c.commit.author?.date) });
        }
        return listed.slice(0, MAX_COMMITS_PER_IDENTITY);
      }, []),

    details: (commit) =>
      mapped(
        async () => {
          const { data } = await limit(() => repos.getCommit({ owner, repo, ref: commit.sha }));
          const listed = data.files ?? [];
          const files = listed.flatMap((f) => [
            f.filename,
            ...(f.previous_filename ? [f.previous_filename] : []),
          ]);
          return { ...commit, files, cut: listed.length >= FILES_PER_ANSWER };
        },
        { ...commit, files: [], cut: false },
      ),

    async touchedBy(path, authors) {
      for (const author of authors) {
        const touched = await mapped(async () => {
          const { data } = await limit(() =>
            repos.listCommits({ owner, repo, sha, path, author, per_page: 1 }),
          );
          return data.length > 0;
        }, false);
        if (touched) return true;
      }
      return false;
    },
  };
}

/** The page number of the Link header's `rel="last"`; undefined when the list fits on one page. */
function lastPage(link: string | undefined): number | undefined {
  const last = link?.split(",").find((part) => /;\s*rel="last"/.test(part));
  const url = last && /<([^>]+)>/.exec(last)?.[1];
  const page = url ? Number(new URL(url).searchParams.get("page")) : NaN;
  return Number.isInteger(page) && page > 0 ? page : undefined;
}

function seconds(iso: string | undefined): number {
  const ms = iso ? Date.parse(iso) : NaN;
  return Number.isFinite(ms) ? Math.floor(ms / 1000) : 0;
}

/** At most CONCURRENT_REQUESTS of the client's authorship requests at once; the rest wait their turn. */
function limitOf(client: GithubClient): Limit {
  let limit = limits.get(client);
  if (!limit) {
    limit = concurrencyLimit(CONCURRENT_REQUESTS);
    limits.set(client, limit);
  }
  return limit;
}

function concurrencyLimit(max: number): Limit {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async (task) => {
    if (running < max) running++;
    else await new Promise<void>((resolve) => waiting.push(resolve));
    try {
      return await task();
    } finally {
      // Hand the slot straight to the next in line, or give it back.
      const next = waiting.shift();
      if (next) next();
      else running--;
    }
  };
}

import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import { InputError, ServiceError } from "../../pipeline/errors.js";
import { isSkippedFolder } from "../classify.js";
import type { ExtractWarning } from "../types.js";
import { toGithubError, type GithubErrorContext } from "./github-errors.js";
import { readTarball, TarballError, type TarballFile } from "./tarball.js";
import { DEFAULT_MAX_FILE_BYTES, type RepoSnapshot, type SourceOptions } from "./types.js";

export type GithubSource =
  | { kind: "repo"; spec: string; owner: string; repo: string; ref?: string }
  | { kind: "user"; spec: string; login: string };

const OWNER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const REPO = /^[A-Za-z0-9._-]{1,100}$/;
// Git's own ref rules, minus the rare corners: no spaces, control characters, `..`, `~^:?*[\`, `@{`, `//`.
const BAD_REF = /[\s\p{Cc}~^:?*[\\]|\.\.|@\{|\/\/|^\/|\/$|\.lock$|^-/u;

const REPO_FORM = "github:owner/repo or github:owner/repo@ref";

/** Parses `github:owner/repo`, `github:owner/repo@ref` (the ref may contain slashes) and `github-user:login`. */
export function parseGithubSource(spec: string): GithubSource {
  if (spec.startsWith("github-user:")) {
    const login = spec.slice("github-user:".length);
    if (!OWNER.test(login)) {
      throw new InputError(
        `${spec}: expected github-user:login with a GitHub login (letters, digits, hyphens).`,
      );
    }
    return { kind: "user", spec, login };
  }
  if (!spec.startsWith("github:")) {
    throw new InputError(`${spec}: expected ${REPO_FORM}, or github-user:login.`);
  }
  const body = spec.slice("github:".length);
  const at = body.indexOf("@");
  const path = at === -1 ? body : body.slice(0, at);
  const ref = at === -1 ? undefined : body.slice(at + 1);
  const [owner = "", repo = "", ...rest] = path.split("/");
  if (rest.length > 0 || !OWNER.test(owner) || !REPO.test(repo) || repo === "." || repo === "..") {
    throw new InputError(
      `${spec}: expected ${REPO_FORM} (the ref, after @, may be a branch, tag or commit).`,
    );
  }
  if (ref !== undefined && (ref === "" || BAD_REF.test(ref))) {
    throw new InputError(`${spec}: "${ref}" is not a valid git ref; expected ${REPO_FORM}.`);
  }
  return ref === undefined ? { kind: "repo", spec, owner, repo } : { kind: "repo", spec, owner, repo, ref };
}

export interface GithubClientOptions {
  /** Defaults to `GITHUB_TOKEN`; without one, GitHub allows 60 requests an hour. */
  token?: string;
  /** Defaults to `GITHUB_API_URL`, then https://api.github.com (Enterprise: `https://host/api/v3`). */
  baseUrl?: string;
  /** Retries of a 5xx or a network failure (default 3). */
  retries?: number;
  /** The plugins count waits in seconds; this is how long one of those seconds lasts (tests shrink it). */
  retryUnitMs?: number;
  /** A rate limit that resets within this many seconds is waited for once; a later one fails (default 60). */
  maxRateLimitWaitSeconds?: number;
  /** Bound on one API request (default 30 s). */
  timeoutMs?: number;
  /** Bound on one archive download, which can be large (default 5 min). */
  archiveTimeoutMs?: number;
}

// Typed as the plain client: the plugins add options, not methods callers use.
const VouchOctokit: typeof Octokit = Octokit.plugin(throttling, retry);

export interface GithubClient {
  octokit: Octokit;
  baseUrl: string;
  authenticated: boolean;
  timeoutMs: number;
  archiveTimeoutMs: number;
}

const silent = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };

/** An Octokit client with throttling, retries and per-request timeouts; errors are mapped by the callers. */
export function createGithubClient(options: GithubClientOptions = {}): GithubClient {
  const token = options.token || process.env.GITHUB_TOKEN || undefined;
  const baseUrl = (options.baseUrl ?? (process.env.GITHUB_API_URL || "https://api.github.com")).replace(
    /\/+$/,
    "",
  );
  const timeoutMs = options.timeoutMs ?? 30_000;
  const archiveTimeoutMs = options.archiveTimeoutMs ?? 300_000;
  const maxWait = options.maxRateLimitWaitSeconds ?? 60;
  // Retry a limit once, and only when it clears soon enough that waiting beats failing.
  const retryOnce = (retryAfterSeconds: number, _options: unknown, _octokit: unknown, retryCount: number) =>
    retryCount === 0 && retryAfterSeconds <= maxWait;
  const octokit = new VouchOctokit({
    auth: token,
    baseUrl,
    userAgent: "vouch",
    // Octokit's request log would print every 404 we turn into a clean message ourselves.
    log: silent,
    request: { fetch: fetchWithTimeout(timeoutMs, archiveTimeoutMs) },
    retry: {
      retries: options.retries ?? 3,
      retryAfterBaseValue: options.retryUnitMs ?? 1000,
      // 429 is the throttling plugin's to handle; retrying it here too would multiply the waits.
      doNotRetry: [400, 401, 403, 404, 409, 410, 422, 429, 451],
    },
    throttle: {
      retryAfterBaseValue: options.retryUnitMs ?? 1000,
      onRateLimit: retryOnce,
      onSecondaryRateLimit: retryOnce,
    },
  });
  return { octokit, baseUrl, authenticated: token !== undefined, timeoutMs, archiveTimeoutMs };
}

/** Every attempt gets its own deadline, so a server that never answers becomes an error, not a hang. */
function fetchWithTimeout(timeoutMs: number, archiveTimeoutMs: number): typeof fetch {
  return (input, init) => {
    const url = input instanceof Request ? input.url : String(input);
    const bound = /\/(tarball|zipball)\//.test(url) ? archiveTimeoutMs : timeoutMs;
    const signals = [AbortSignal.timeout(bound), ...(init?.signal ? [init.signal] : [])];
    return fetch(input, { ...init, signal: AbortSignal.any(signals) });
  };
}

function errorContext(
  client: GithubClient,
  notFound: string,
  timeoutMs = client.timeoutMs,
): GithubErrorContext {
  return { baseUrl: client.baseUrl, authenticated: client.authenticated, timeoutMs, notFound };
}

export interface GithubSourceOptions extends SourceOptions {
  /** GitHub Enterprise API root; defaults to GITHUB_API_URL, then api.github.com. */
  githubApiUrl?: string;
  /** Defaults to GITHUB_TOKEN. */
  githubToken?: string;
}

/** One `github:` spec becomes one snapshot; a `github-user:` spec becomes one per listed repository. */
export async function snapshotGithubSource(
  spec: string,
  options: GithubSourceOptions = {},
): Promise<RepoSnapshot[]> {
  const source = parseGithubSource(spec);
  const client = createGithubClient({ token: options.githubToken, baseUrl: options.githubApiUrl });
  if (source.kind === "repo") return [await snapshotGithubRepo(client, spec, options)];
  const snapshots: RepoSnapshot[] = [];
  // One at a time: each holds a whole repository in memory, and GitHub frowns on bursts.
  for (const repoSpec of await listUserRepos(client, source.login, options)) {
    snapshots.push(await snapshotGithubRepo(client, repoSpec, options));
  }
  return snapshots;
}

interface RepoListing {
  full_name: string;
  fork?: boolean;
  archived?: boolean;
}

/** The user's own public repositories as `github:owner/repo` specs, most recently pushed first. */
export async function listUserRepos(
  client: GithubClient,
  login: string,
  options: SourceOptions = {},
): Promise<string[]> {
  const source = `github-user:${login}`;
  const maxRepos = Math.max(0, options.maxRepos ?? 20);
  const specs: string[] = [];
  if (maxRepos === 0) return specs;
  const pages = client.octokit.paginate.iterator(client.octokit.rest.repos.listForUser, {
    username: login,
    type: "owner",
    sort: "pushed",
    direction: "desc",
    per_page: 100,
  });
  try {
    for await (const page of pages) {
      for (const repo of page.data as RepoListing[]) {
        if (repo.fork && !options.includeForks) continue;
        if (repo.archived && !options.includeArchived) continue;
        specs.push(`github:${repo.full_name}`);
        if (specs.length >= maxRepos) return specs;
      }
    }
  } catch (error) {
    throw toGithubError(source, error, errorContext(client, "user not found."));
  }
  return specs;
}

/** Lists one repository at one commit from a single tarball download, kept in memory. */
export async function snapshotGithubRepo(
  client: GithubClient,
  spec: string,
  options: SourceOptions = {},
): Promise<RepoSnapshot> {
  const parsed = parseGithubSource(spec);
  if (parsed.kind !== "repo") throw new InputError(`${spec}: expected ${REPO_FORM} here, not a user.`);
  const { owner, repo } = parsed;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const context = errorContext(client, "repository not found (or private without a token).");
  const api = client.octokit.rest.repos;

  const { name, defaultBranch } = await call(spec, context, async () => {
    const { data } = await api.get({ owner, repo });
    if (typeof data?.full_name !== "string" || typeof data.default_branch !== "string") {
      throw new UnexpectedAnswer("GitHub answered the repository request without its name or default branch");
    }
    return { name: data.full_name, defaultBranch: data.default_branch };
  });
  const ref = parsed.ref ?? defaultBranch;
  const commit = await call(spec, context, () => resolveCommit(client, owner, repo, ref), {
    422: `ref "${ref}" was not found in the repository.`,
    409: "the repository is empty.",
  });
  // Download by sha, not by ref, so the files match the commit even if the branch moves meanwhile.
  const archiveContext = errorContext(
    client,
    `no archive found for commit ${commit}.`,
    client.archiveTimeoutMs,
  );
  const listing = await call(spec, archiveContext, async () => {
    const { data } = await api.downloadTarballArchive({
      owner,
      repo,
      ref: commit,
      request: { parseSuccessResponseBody: false },
    });
    return readTarball(toChunks(data), { maxFileBytes, skip: isInSkippedFolder });
  });

  const files = new Map(listing.files.map((file) => [file.path, file]));
  const warnings: ExtractWarning[] = listing.skipped.map(({ path, reason }) => ({
    repo: name,
    path,
    message: reason,
  }));
  return {
    name,
    source: spec,
    commit,
    files: listing.files.map(({ path, size }) => ({ path, size })),
    read: async (path) => keptBytes(name, files.get(path), path, maxFileBytes),
    warnings,
  };
}

/** Like the local walker, leave out vendored and generated folders (and their bytes) entirely. */
function isInSkippedFolder(path: string): boolean {
  return path.split("/").slice(0, -1).some(isSkippedFolder);
}

/** The commit sha a ref points to, asked for in the bare-sha media type to skip the commit's diff. */
async function resolveCommit(
  client: GithubClient,
  owner: string,
  repo: string,
  ref: string,
): Promise<string> {
  const { data } = await client.octokit.rest.repos.getCommit({
    owner,
    repo,
    ref,
    mediaType: { format: "sha" },
  });
  const text = typeof data === "string" ? data : (data as { sha?: unknown }).sha;
  const sha = typeof text === "string" ? text.trim() : "";
  if (!/^(?:[0-9a-f]{40}|[0-9a-f]{64})$/.test(sha)) {
    throw new UnexpectedAnswer(`GitHub answered an unexpected commit id for "${ref}"`);
  }
  return sha;
}

/** GitHub answered, but not in the shape its API promises (a cut-off body, a proxy's error page). */
class UnexpectedAnswer extends Error {}

/** Runs one GitHub step and maps any failure, with an optional sentence per HTTP status for this step. */
async function call<T>(
  spec: string,
  context: GithubErrorContext,
  step: () => Promise<T>,
  byStatus: Record<number, string> = {},
): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof TarballError || error instanceof UnexpectedAnswer) {
      throw new ServiceError(`${spec}: ${error.message}.`);
    }
    const sentence = byStatus[(error as { status?: number }).status ?? -1];
    if (sentence !== undefined && (error as { response?: unknown }).response) {
      throw new InputError(`${spec}: ${sentence}`);
    }
    throw toGithubError(spec, error, context);
  }
}

/** The archive body: a web stream when Octokit is told not to parse it, bytes otherwise. */
function toChunks(data: unknown): AsyncIterable<Uint8Array> {
  if (data instanceof ReadableStream) return Readable.fromWeb(data as WebReadableStream<Uint8Array>);
  if (data instanceof ArrayBuffer) return Readable.from([new Uint8Array(data)]);
  throw new UnexpectedAnswer("GitHub answered the archive request without a body");
}

function keptBytes(name: string, file: TarballFile | undefined, path: string, maxFileBytes: number): Buffer {
  if (!file) throw new Error(`${name}: ${path} is not in the snapshot.`);
  if (!file.bytes) {
    throw new Error(
      `${name}: ${path} is ${file.size} bytes, over the ${maxFileBytes}-byte limit, so its contents were not kept.`,
    );
  }
  return file.bytes;
}

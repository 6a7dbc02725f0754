// The GitHub API client: Octokit with throttling, retries and timeouts, and what its errors are told about it.
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Octokit } from "@octokit/rest";
import type { GithubErrorContext } from "./github-errors.js";
import { refuseInsecureSecret } from "../../core/secret-destination.js";

export interface GithubClientOptions {
  /** Defaults to `GITHUB_TOKEN`; without one, GitHub allows 60 requests an hour. */
  token?: string;
  /** Defaults to `GITHUB_API_URL`, then https://api.github.com (Enterprise: `https://host/api/v3`). */
  baseUrl?: string;
  /** Send the token over http to a loopback address (default: VOUCH_ALLOW_HTTP_LOOPBACK). */
  allowHttpLoopback?: boolean;
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
  if (token)
    refuseInsecureSecret({
      secret: "GITHUB_TOKEN",
      url: baseUrl,
      setting: "the GitHub API URL (githubApiUrl, VOUCH_GITHUB_API_URL or GITHUB_API_URL)",
      ...(options.allowHttpLoopback !== undefined ? { allowHttpLoopback: options.allowHttpLoopback } : {}),
    });
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

export function errorContext(
  client: GithubClient,
  notFound: string,
  timeoutMs = client.timeoutMs,
): GithubErrorContext {
  return { baseUrl: client.baseUrl, authenticated: client.authenticated, timeoutMs, notFound };
}

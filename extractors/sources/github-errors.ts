import { InputError, ServiceError, VouchError } from "../../core/errors.js";

/** What the error messages need to know about the client that made the request. */
export interface GithubErrorContext {
  baseUrl: string;
  authenticated: boolean;
  timeoutMs: number;
  /** The sentence for a 404, which depends on what was asked for (a repository, a user). */
  notFound: string;
}

/** The parts of an Octokit `RequestError` we read; duck-typed so no transitive package is imported. */
interface HttpFailure {
  status: number;
  message: string;
  response?: { headers: Record<string, string | undefined>; data?: unknown };
  cause?: unknown;
}

/** Turns whatever Octokit threw into one clear sentence naming the source; never a stack trace. */
export function toGithubError(source: string, error: unknown, context: GithubErrorContext): VouchError {
  if (error instanceof VouchError) return error;
  if (isTimeout(error)) {
    return new ServiceError(`${source}: GitHub did not answer within ${seconds(context.timeoutMs)}.`);
  }
  if (!isHttpFailure(error)) {
    return new ServiceError(`${source}: the GitHub request failed (${messageOf(error)}).`);
  }
  const response = error.response;
  if (!response) {
    return new ServiceError(`${source}: could not reach GitHub at ${context.baseUrl} (${error.message}).`);
  }
  const status = error.status;
  const headers = response.headers;
  const detail = githubMessage(response.data) ?? error.message;
  if ((status === 403 || status === 429) && headers["x-ratelimit-remaining"] === "0") {
    return new ServiceError(
      `${source}: ${rateLimitSentence(headers["x-ratelimit-reset"], context.authenticated)}`,
    );
  }
  if ((status === 403 || status === 429) && (headers["retry-after"] || /secondary rate/i.test(detail))) {
    return new ServiceError(
      `${source}: GitHub's secondary rate limit was hit and did not clear; wait a few minutes and try again.`,
    );
  }
  if (status === 401) {
    return new InputError(
      `${source}: GitHub rejected the token as invalid (401 ${detail}); check GITHUB_TOKEN.`,
    );
  }
  if (status === 404) return new InputError(`${source}: ${context.notFound}`);
  if (status >= 500) {
    return new ServiceError(`${source}: GitHub answered HTTP ${status} even after retries; try again later.`);
  }
  if (status === 403) return new InputError(`${source}: GitHub refused access (403 ${detail}).`);
  return new InputError(`${source}: GitHub refused the request (HTTP ${status}: ${detail}).`);
}

function rateLimitSentence(resetHeader: string | undefined, authenticated: boolean): string {
  const reset = Number(resetHeader);
  const when = Number.isFinite(reset) && reset > 0 ? new Date(reset * 1000).toISOString() : "an unknown time";
  return authenticated
    ? `the GitHub API rate limit for this token is used up until ${when}; try again after that.`
    : `the GitHub API rate limit for unauthenticated requests is used up until ${when}; set GITHUB_TOKEN to a personal access token for a much higher limit.`;
}

function isHttpFailure(error: unknown): error is HttpFailure {
  return error instanceof Error && typeof (error as Partial<HttpFailure>).status === "number";
}

/** A per-request timeout surfaces as a TimeoutError, sometimes wrapped in a RequestError's `cause`. */
function isTimeout(error: unknown): boolean {
  const names = [nameOf(error), nameOf((error as { cause?: unknown } | undefined)?.cause)];
  return names.includes("TimeoutError");
}

function nameOf(value: unknown): string | undefined {
  return value instanceof Error || value instanceof DOMException ? value.name : undefined;
}

/** GitHub's own short explanation, without the documentation link it appends. */
function githubMessage(data: unknown): string | undefined {
  if (
    typeof data === "object" &&
    data !== null &&
    typeof (data as { message?: unknown }).message === "string"
  ) {
    return (data as { message: string }).message;
  }
  return undefined;
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function seconds(ms: number): string {
  return `${ms / 1000} s`;
}

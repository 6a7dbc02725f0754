// One repository at one commit: its sha resolved, its tarball downloaded and listed in memory.
import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { InputError, ServiceError } from "../../core/errors.js";
import { REPORT_HEAD_BYTES } from "../../core/vouch-output.js";
import { isSkippedFolder } from "../classify.js";
import type { ExtractWarning } from "../../core/truth.js";
import type { GithubClient } from "./github-client.js";
import { errorContext } from "./github-client.js";
import { toGithubError, type GithubErrorContext } from "./github-errors.js";
import { parseGithubSource, REPO_FORM } from "./github-spec.js";
import { withoutOwnOutputs } from "./own-outputs.js";
import { readTarball, TarballError, type TarballFile } from "./tarball.js";
import { DEFAULT_MAX_FILE_BYTES, type RepoSnapshot, type SourceOptions } from "./types.js";

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
  const own = withoutOwnOutputs(name, listing.files, (path) =>
    files.get(path)?.bytes?.toString("utf8", 0, REPORT_HEAD_BYTES),
  );
  const warnings: ExtractWarning[] = [
    ...listing.skipped.map(({ path, reason }) => ({ repo: name, path, message: reason })),
    ...own.warnings,
  ];
  return {
    name,
    source: spec,
    commit,
    files: own.files.map(({ path, size }) => ({ path, size })),
    read: async (path) => keptBytes(name, files.get(path), path, maxFileBytes),
    // The tarball has no history: authorship asks the commits API, at the commit the files are from. Loaded
    // only when asked for, as most extracts name no candidate.
    authorsFor: async (identity) => {
      const { githubAuthors } = await import("../authorship/github.js");
      return githubAuthors(client, spec, owner, repo, commit, identity);
    },
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

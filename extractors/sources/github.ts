// GitHub sources: `github:owner/repo[@ref]` (github-repo.ts) and `github-user:login`, listed here.
import type { GithubClient } from "./github-client.js";
import { createGithubClient, errorContext } from "./github-client.js";
import { toGithubError } from "./github-errors.js";
import { snapshotGithubRepo } from "./github-repo.js";
import { parseGithubSource } from "./github-spec.js";
import type { RepoSnapshot, SourceOptions } from "./types.js";

export type { GithubClient, GithubClientOptions } from "./github-client.js";
export { createGithubClient } from "./github-client.js";
export { snapshotGithubRepo } from "./github-repo.js";
export type { GithubSource } from "./github-spec.js";
export { parseGithubSource } from "./github-spec.js";

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

import { snapshotLocalRepo } from "./local.js";
import type { RepoSnapshot, SourceOptions } from "./types.js";

export interface SourceResolveOptions extends SourceOptions {
  /** GitHub Enterprise API root; defaults to GITHUB_API_URL, then api.github.com. */
  githubApiUrl?: string;
  /** Defaults to GITHUB_TOKEN. */
  githubToken?: string;
}

export function isGithubSource(spec: string): boolean {
  return spec.startsWith("github:") || spec.startsWith("github-user:");
}

/** Turn source specs into snapshots, in the order given; a `github-user:` spec expands to many. */
export async function resolveSources(
  specs: readonly string[],
  options: SourceResolveOptions = {},
): Promise<RepoSnapshot[]> {
  const snapshots: RepoSnapshot[] = [];
  for (const spec of specs) {
    if (isGithubSource(spec)) {
      // Loaded only when needed: Octokit is the slowest module to import.
      const { snapshotGithubSource } = await import("./github.js");
      snapshots.push(...(await snapshotGithubSource(spec, options)));
    } else {
      snapshots.push(await snapshotLocalRepo(spec, options));
    }
  }
  return snapshots;
}

// Shared inputs for the knowledge-base tests: the sample repositories, profile and docs, and the truth
// `vouch extract` derives from platform-infra.
import { cp, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { extract } from "../../../extractors/extract.js";
import { snapshotLocalRepo } from "../../../extractors/sources/local.js";
import type { RepoSnapshot } from "../../../extractors/sources/types.js";
import type { ExtractResult } from "../../../core/truth.js";

export const SAMPLES = resolve(import.meta.dirname, "../../../samples");
export const sample = (...parts: string[]) => join(SAMPLES, ...parts);

/** Code-derived truth for platform-infra: EKS and PostgreSQL in production, its README's claims stale. */
export function platformTruth(): Promise<ExtractResult> {
  return extract([sample("repos", "platform-infra")], { history: false });
}

/**
 * A scratch copy of the sample repositories and docs, safe to edit; without their git histories, so the
 * copies are plain folders inside one (the KB names such a folder's repository by the truth or the path).
 */
export async function copySamples(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "vouch-kb-"));
  const noGit = (src: string) => !src.endsWith("/.git");
  await cp(sample("repos"), join(dir, "repos"), { recursive: true, filter: noGit });
  await cp(sample("docs"), join(dir, "docs"), { recursive: true });
  return dir;
}

/** A sample repository's files (as its walker lists them), path → contents: to script a GitHub repo. */
export async function repoFiles(repo: string): Promise<Record<string, Buffer>> {
  const local = await snapshotLocalRepo(sample("repos", repo));
  const files: Record<string, Buffer> = {};
  for (const { path } of local.files) files[path] = await local.read(path);
  return files;
}

/**
 * A snapshot held in memory, as a GitHub tarball is. A `null` file is listed but was not kept (over the
 * source's size bound, under the KB's): `read` throws for it.
 */
export function memorySnapshot(
  name: string,
  files: Record<string, string | Buffer | null>,
  commit?: string,
): RepoSnapshot {
  return {
    name,
    source: `github:${name}`,
    ...(commit ? { commit } : {}),
    files: Object.entries(files).map(([path, body]) => ({
      path,
      size: body === null ? 600_000 : Buffer.byteLength(body),
    })),
    read: async (path) => {
      const body = files[path];
      if (body === undefined || body === null) throw new Error(`${name}: ${path} was not kept.`);
      return Buffer.from(body);
    },
    warnings: [],
  };
}

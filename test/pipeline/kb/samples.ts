// Shared inputs for the knowledge-base tests: the sample repositories, profile and docs, and the truth
// `vouch extract` derives from platform-infra.
import { cp, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { extract } from "../../../extractors/extract.js";
import type { ExtractResult } from "../../../extractors/types.js";

export const SAMPLES = resolve(import.meta.dirname, "../../../samples");
export const sample = (...parts: string[]) => join(SAMPLES, ...parts);

/** Code-derived truth for platform-infra: EKS and PostgreSQL in production, its README's claims stale. */
export function platformTruth(): Promise<ExtractResult> {
  return extract([sample("repos", "platform-infra")], { history: false });
}

/** A scratch copy of the sample repositories and docs, safe to edit. */
export async function copySamples(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "vouch-kb-"));
  await cp(sample("repos"), join(dir, "repos"), { recursive: true });
  await cp(sample("docs"), join(dir, "docs"), { recursive: true });
  return dir;
}

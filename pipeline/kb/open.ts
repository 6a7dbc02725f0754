// The knowledge base a run asked for: the local index built from the portfolio, or a Bedrock KB by id.
import { basename } from "node:path";
import { isGithubSource } from "../../extractors/sources/index.js";
import type { ExtractResult } from "../../core/truth.js";
import type { RepoSnapshot } from "../../extractors/sources/types.js";
import type { Settings } from "../inputs/config.js";
import type { LoadedProfile } from "../inputs/profile.js";
import { type BuildKbOptions, buildLocalKb } from "./index.js";
import type { SecretFinding } from "./secrets.js";
import type { KnowledgeBase } from "./types.js";

export interface OpenedKb {
  kb: KnowledgeBase;
  counts: Record<string, number>;
  /** Lines the local build left out because they hold a secret (file, line, kind; never the value). */
  secrets: SecretFinding[];
}

/**
 * A Bedrock KB is created (and its region and credentials checked) before anything else runs; the local
 * one is built from the portfolio, reusing a persisted index in `dir` when given.
 */
export async function remoteKnowledgeBase(
  kind: string,
  settings: Settings,
): Promise<KnowledgeBase | undefined> {
  if (!kind.startsWith("bedrock:")) return undefined;
  const { createBedrockKnowledgeBase } = await import("./bedrock.js");
  const region = settings.get("awsRegion");
  const topK = settings.get("topK");
  return createBedrockKnowledgeBase({
    knowledgeBaseId: kind.slice("bedrock:".length),
    ...(region ? { region } : {}),
    ...(topK ? { topK } : {}),
  });
}

export async function openKnowledgeBase(
  remote: KnowledgeBase | undefined,
  local: BuildKbOptions,
): Promise<OpenedKb> {
  if (remote) return { kb: remote, counts: {}, secrets: [] };
  const { kb, stats, secrets } = await buildLocalKb(local);
  return {
    kb,
    secrets,
    counts: {
      files: stats.files,
      reused: stats.reused,
      chunked: stats.chunked,
      chunks: stats.parents + stats.children,
    },
  };
}

/**
 * The local KB's inputs for a candidate: the portfolio's docs and local repositories from disk (the walker
 * honours .gitignore), its GitHub repositories through the snapshots extract already downloaded, the
 * profile (named by its file) and the truth.
 */
export function portfolioKbOptions(
  loaded: Pick<LoadedProfile, "path" | "profile" | "portfolio">,
  extracted: { truth: ExtractResult; snapshots: readonly RepoSnapshot[] } | undefined,
  dir?: string,
): BuildKbOptions {
  const { portfolio } = loaded;
  return {
    paths: [...portfolio.docs, ...portfolio.repos.filter((r) => !isGithubSource(r))],
    snapshots: (extracted?.snapshots ?? []).filter((s) => isGithubSource(s.source)),
    profile: loaded.profile,
    profilePath: basename(loaded.path),
    ...(extracted ? { truth: extracted.truth } : {}),
    ...(dir ? { dir } : {}),
  };
}

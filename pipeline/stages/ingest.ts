// The ingest stage: the knowledge base of a run: the remote one when configured, else the local KB built from
// the portfolio's docs and repositories, the profile and the truth (reusing what extract downloaded).
import type { RepoSnapshot } from "../../extractors/sources/types.js";
import type { ExtractResult } from "../../core/truth.js";
import type { KnowledgeBase } from "../kb/types.js";
import { type OpenedKb, openKnowledgeBase, portfolioKbOptions } from "../kb/open.js";
import type { LoadedProfile } from "../inputs/profile.js";

export interface IngestInput {
  /** A Bedrock KB (`--kb bedrock:<id>`); absent for the local one. */
  remote: KnowledgeBase | undefined;
  loaded: Pick<LoadedProfile, "path" | "profile" | "portfolio">;
  extracted: { truth: ExtractResult; snapshots: readonly RepoSnapshot[] } | undefined;
  /** Persist the local KB here and reuse it on the next run. */
  kbDir?: string;
}

export function ingest(input: IngestInput): Promise<OpenedKb> {
  return openKnowledgeBase(input.remote, portfolioKbOptions(input.loaded, input.extracted, input.kbDir));
}

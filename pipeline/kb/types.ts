import type { Chunk } from "../../core/chunk.js";

export const DEFAULT_TOP_K = 8;

export interface RetrieveOptions {
  /** Results per query before merging; DEFAULT_TOP_K when absent. */
  topK?: number;
}

/**
 * A knowledge base: one query per job requirement (or the recruiter's question), results merged,
 * deduplicated by chunk id (best score wins) and ordered best first.
 */
export interface KnowledgeBase {
  readonly name: string;
  retrieve(queries: readonly string[], options?: RetrieveOptions): Promise<Chunk[]>;
}

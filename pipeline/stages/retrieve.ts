// The retrieve stage: one query per job requirement, TOP_K chunks each (the KB's default when not given).
import type { Chunk } from "../../core/chunk.js";
import type { KnowledgeBase } from "../kb/types.js";
import type { Requirement } from "../requirements.js";

/** The chunks retrieved for each requirement, by requirement id. */
export async function retrieve(
  kb: KnowledgeBase,
  requirements: readonly Requirement[],
  topK?: number,
): Promise<Map<string, Chunk[]>> {
  const found = await Promise.all(requirements.map((r) => kb.retrieve([r.text], topK ? { topK } : {})));
  // In the requirements' order, whichever query answered first.
  return new Map(requirements.map((r, i) => [r.id, found[i]!]));
}

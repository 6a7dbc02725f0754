// The one chunk type every knowledge base returns, local or Bedrock, the grounding fact the guards read,
// and how chunks become facts.
/** A grounding fact: a KB chunk or a sentence of extracted truth. */
export interface Fact {
  id: string;
  text: string;
  /** Chunks about examples or stale doc claims never back a technology. */
  kind?: "production" | "example" | "stale-claim" | "docs";
}

/** What a chunk is about: only production docs, the profile and truth back a technology. */
export type ChunkKind = "production-doc" | "example" | "stale-claim" | "profile" | "truth";

export interface Chunk {
  /** Stable within a KB: the same text from the same place keeps its id across runs. */
  id: string;
  text: string;
  /** Where it came from: `repo/path`, the profile file, or the s3:// URI Bedrock reports. */
  uri: string;
  kind: ChunkKind;
  title?: string;
  repo?: string;
  path?: string;
  /** First and last line (1-based, inclusive) of the chunk in its source file. */
  lines?: [number, number];
  /** Retrieval score; higher is better; only comparable within one retrieval. */
  score?: number;
  metadata?: Record<string, string | number | boolean | string[]>;
}

const FACT_KIND: Record<ChunkKind, Fact["kind"]> = {
  "production-doc": "docs",
  example: "example",
  "stale-claim": "stale-claim",
  profile: "production",
  truth: "production",
};

/** Chunks as the guards' grounding facts: numbers and names in them are allowed, by kind. */
export function chunkFacts(chunks: readonly Chunk[]): Fact[] {
  return chunks.map((c) => ({ id: c.id, text: c.text, kind: FACT_KIND[c.kind] }));
}

/**
 * Chunks retrieved by several queries, each once with its best score, best first (unscored last; ties
 * keep the order first seen).
 */
export function mergeChunks(chunks: readonly Chunk[]): Chunk[] {
  const best = new Map<string, Chunk>();
  for (const chunk of chunks) {
    const seen = best.get(chunk.id);
    // Setting an existing key keeps its position: the first-seen order survives for ties.
    if (!seen || (chunk.score ?? -Infinity) > (seen.score ?? -Infinity)) best.set(chunk.id, chunk);
  }
  const rank = (c: Chunk) => c.score ?? Number.MIN_SAFE_INTEGER;
  return [...best.values()].sort((a, b) => rank(b) - rank(a));
}

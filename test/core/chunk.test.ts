// Chunks as the guards' grounding facts: the kind decides what a chunk may back.
import { expect, it } from "vitest";
import { type Chunk, chunkFacts } from "../../core/chunk.js";

it.each<[Chunk["kind"], string]>([
  ["production-doc", "docs"],
  ["example", "example"],
  ["stale-claim", "stale-claim"],
  ["profile", "production"],
  ["truth", "production"],
])("a %s chunk is a %s fact with its id and text", (kind, factKind) => {
  const chunk: Chunk = { id: `id-${kind}`, text: "Runs on Amazon EKS.", uri: "x", kind, score: 3 };
  expect(chunkFacts([chunk])).toEqual([{ id: `id-${kind}`, text: "Runs on Amazon EKS.", kind: factKind }]);
});

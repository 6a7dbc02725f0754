// The embedded verifier: deterministic, offline. Every claim of the answer must be supported by a single
// chunk; a claim two chunks support only together is not supported (the same rule the model verifier gets).
import type { Catalog } from "../../extractors/catalog.js";
import type { Chunk } from "../../core/chunk.js";
import { splitClaims } from "./claims.js";
import { claimNeeds, missingFrom } from "./support.js";
import type { Verifier, VerifierResult } from "./types.js";

export interface ClaimCheck {
  claim: string;
  supported: boolean;
  /** The supporting chunk's id, or what the closest chunk lacks. */
  chunkId?: string;
  missing?: string[];
}

/** Per-claim results: the chunk that supports each claim, or what the closest chunk lacks. */
export function checkClaims(answer: string, chunks: readonly Chunk[], catalog: Catalog): ClaimCheck[] {
  // A stale doc claim is contradicted by code: it supports nothing.
  const usable = chunks.filter((c) => c.kind !== "stale-claim");
  return splitClaims(answer).map(({ text }) => {
    const needs = claimNeeds(text, catalog);
    let closest: string[] | undefined;
    for (const chunk of usable) {
      const missing = missingFrom(needs, chunk, catalog);
      if (missing.length === 0) return { claim: text, supported: true, chunkId: chunk.id };
      if (!closest || missing.length < closest.length) closest = missing;
    }
    return { claim: text, supported: false, missing: closest ?? ["a source"] };
  });
}

export function localVerdict(answer: string, chunks: readonly Chunk[], catalog: Catalog): VerifierResult {
  if (answer.trim() === "") return notGrounded("The answer is empty.", []);
  if (chunks.length === 0) return notGrounded("There are no source chunks to check the answer against.", []);
  const checks = checkClaims(answer, chunks, catalog);
  const unsupported = checks.filter((c) => !c.supported);
  if (unsupported.length === 0) {
    return {
      verdict: "GROUNDED",
      reason: `Each of the ${checks.length} claims is supported by a single source chunk.`,
      ungroundedClaims: [],
    };
  }
  const first = unsupported[0]!;
  return notGrounded(
    `${unsupported.length} of ${checks.length} claims are not supported by any single source chunk; ` +
      `the closest chunk for "${first.claim}" lacks ${first.missing!.join(", ")}.`,
    unsupported.map((c) => c.claim),
  );
}

function notGrounded(reason: string, ungroundedClaims: string[]): VerifierResult {
  return { verdict: "NOT_GROUNDED", reason, ungroundedClaims };
}

export function localVerifier(catalog: Catalog): Verifier {
  return {
    name: "local",
    verify: (answer, chunks) => Promise.resolve(localVerdict(answer, chunks, catalog)),
  };
}

// The embedded verifier: deterministic, offline. Every claim of the answer must be supported by a single
// chunk; a claim two chunks support only together is not supported (the same rule the model verifier gets).
// A claim that names a list of technologies is a claim per member ("deployed on ECS and Elastic Beanstalk":
// on ECS, and on Elastic Beanstalk), each of which one chunk must support.
import type { Catalog } from "../../extractors/catalog.js";
import type { Chunk } from "../../core/chunk.js";
import { splitClaims, splitClauses } from "./claims.js";
import { SAYS_OPPOSITE } from "./meaning/index.js";
import {
  type ClaimNeeds,
  type Elsewhere,
  claimNeeds,
  elsewhereIn,
  memberClaims,
  missingFrom,
  sharedWords,
  supportedAcross,
} from "./support.js";
import {
  type ClaimVerdict,
  type VerifyOptions,
  type Verifier,
  type VerifierResult,
  chunkEvidence,
  citeChunk,
} from "./types.js";

export interface ClaimCheck {
  claim: string;
  supported: boolean;
  /** The supporting chunk's id, or what the closest chunk lacks. */
  chunkId?: string;
  missing?: string[];
  /** The supporting chunk, or the closest one (absent when no chunk is usable). */
  chunk?: Chunk;
}

const elsewhere = new WeakMap<readonly Chunk[], Elsewhere>();

/** Per-claim results: the chunk that supports each claim, or the closest chunk and what it lacks. */
export function checkClaims(
  answer: string,
  chunks: readonly Chunk[],
  catalog: Catalog,
  options: Pick<VerifyOptions, "joins"> = {},
): ClaimCheck[] {
  // A stale doc claim is contradicted by code: it supports nothing.
  const usable = chunks.filter((c) => c.kind !== "stale-claim");
  // What the candidate's evidence says beyond any one chunk: names in full, technologies in code. A
  // generate asks once per section with the same chunks: read them once.
  let known = elsewhere.get(chunks);
  if (!known) elsewhere.set(chunks, (known = elsewhereIn(usable, catalog)));
  return splitClaims(answer).map(({ text }) => {
    const needs = claimNeeds(text, catalog);
    let closest: { chunk: Chunk; missing: string[]; shared: number } | undefined;
    for (const chunk of usable) {
      const missing = missingFrom(needs, chunk, catalog, known);
      if (missing.length === 0) return { claim: text, supported: true, chunkId: chunk.id, chunk };
      if (closest && missing.length > closest.missing.length) continue;
      // Of two chunks lacking as much, the closer shares more of the claim's words: the one it came from.
      const shared = sharedWords(needs, chunk, catalog);
      if (!closest || missing.length < closest.missing.length || shared > closest.shared)
        closest = { chunk, missing, shared };
    }
    const member = supportedByMembers(needs, usable, catalog, known);
    if (member) return { claim: text, supported: true, chunkId: member.id, chunk: member };
    const clauses = options.joins ? supportedByClauses(text, usable, catalog, known) : undefined;
    if (clauses) return { claim: text, supported: true, chunkId: clauses.id, chunk: clauses };
    return closest
      ? { claim: text, supported: false, missing: closest.missing, chunk: closest.chunk }
      : { claim: text, supported: false, missing: ["a source"] };
  });
}

/** The chunk supporting the list's first member, when every member of it is supported by a chunk. */
function supportedByMembers(
  needs: ClaimNeeds,
  usable: readonly Chunk[],
  catalog: Catalog,
  known: Elsewhere,
): Chunk | undefined {
  const members = memberClaims(needs);
  if (!members) return undefined;
  const chunks = members.map((m) =>
    usable.find((chunk) => missingFrom(m, chunk, catalog, known).length === 0),
  );
  return chunks.every((c) => c !== undefined) ? chunks[0] : undefined;
}

/**
 * The chunk supporting a summary sentence's first clause, when each of its clauses is supported by a
 * chunk (or by its members, per list of technologies) of its own, or across chunks (supportedAcross).
 */
function supportedByClauses(
  claim: string,
  usable: readonly Chunk[],
  catalog: Catalog,
  known: Elsewhere,
): Chunk | undefined {
  const clauses = splitClauses(claim);
  const chunks = clauses.map((clause) => {
    const needs = claimNeeds(clause, catalog);
    return (
      usable.find((chunk) => missingFrom(needs, chunk, catalog, known).length === 0) ??
      supportedByMembers(needs, usable, catalog, known) ??
      supportedAcross(needs, usable, catalog, known)?.[0]
    );
  });
  return chunks.every((c) => c !== undefined) ? chunks[0] : undefined;
}

/** What a chunk lacks for a claim, and where it says the opposite: "lacks "Kafka" and says the opposite (…)". */
function shortfall(missing: readonly string[]): string {
  const lacks = missing.filter((m) => !m.startsWith(SAYS_OPPOSITE));
  const opposite = missing
    .filter((m) => m.startsWith(SAYS_OPPOSITE))
    .map((m) => `says the opposite${m.slice(SAYS_OPPOSITE.length)}`);
  return [...(lacks.length > 0 ? [`lacks ${lacks.join(", ")}`] : []), ...opposite].join(" and ");
}

/** A check as a claim's verdict: its reason cites the supporting or closest chunk by path and lines. */
export function claimVerdict(check: ClaimCheck): ClaimVerdict {
  const { claim, supported, chunk } = check;
  if (!chunk) return { claim, supported, reason: "no usable source chunk states it" };
  const evidence = [chunkEvidence(chunk)];
  if (supported) return { claim, supported, reason: `${citeChunk(chunk)} supports it`, evidence };
  return {
    claim,
    supported,
    reason: `the closest source, ${citeChunk(chunk)}, ${shortfall(check.missing!)}`,
    evidence,
  };
}

export function localVerdict(
  answer: string,
  chunks: readonly Chunk[],
  catalog: Catalog,
  options: VerifyOptions = {},
): VerifierResult {
  if (answer.trim() === "") return notGrounded("The answer is empty.", []);
  if (chunks.length === 0) return notGrounded("There are no source chunks to check the answer against.", []);
  const checks = checkClaims(answer, chunks, catalog, options);
  const claims = options.claims ? { claims: checks.map(claimVerdict) } : {};
  const unsupported = checks.filter((c) => !c.supported);
  if (unsupported.length === 0) {
    return {
      verdict: "GROUNDED",
      reason: `Each of the ${checks.length} claims is supported by a single source chunk.`,
      ungroundedClaims: [],
      ...claims,
    };
  }
  const first = unsupported[0]!;
  const why = first.chunk
    ? `the closest source for "${first.claim}", ${citeChunk(first.chunk)}, ${shortfall(first.missing!)}`
    : `no usable source chunk states "${first.claim}"`;
  return {
    ...notGrounded(
      `${unsupported.length} of ${checks.length} claims are not supported by any single source chunk; ${why}.`,
      unsupported.map((c) => c.claim),
    ),
    ...claims,
  };
}

function notGrounded(reason: string, ungroundedClaims: string[]): VerifierResult {
  return { verdict: "NOT_GROUNDED", reason, ungroundedClaims };
}

export function localVerifier(catalog: Catalog): Verifier {
  return {
    name: "local",
    verify: (answer, chunks, options) => Promise.resolve(localVerdict(answer, chunks, catalog, options)),
  };
}

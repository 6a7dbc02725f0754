import type { Chunk } from "../../core/chunk.js";
import type { RecordEvidence } from "../../core/evidence.js";

export type VerdictValue = "GROUNDED" | "NOT_GROUNDED";
export const VERDICTS: readonly VerdictValue[] = ["GROUNDED", "NOT_GROUNDED"];

/** The verifier's contract (`vouch verify --json` prints exactly this). */
export interface Verdict {
  verdict: VerdictValue;
  reason: string;
  ungroundedClaims: string[];
}

/** One claim of an answer as the verifier judged it, with its own reason. */
export interface ClaimVerdict {
  /** The claim as quoted from the answer. */
  claim: string;
  supported: boolean;
  /**
   * Why, as a clause a record's reason can carry after the claim (`the closest source, docs/ops.md:4-9,
   * lacks the figure "40%"`). A chunk is cited by its path and lines, never by its id.
   */
  reason: string;
  /** The chunk that supports the claim, or the closest one: cited by path and lines (`chunkEvidence`). */
  evidence?: RecordEvidence[];
}

/** A verdict plus, when the verifier itself failed, why: never part of the printed contract. */
export interface VerifierResult extends Verdict {
  /** service: the model service failed after retries; malformed: it answered without a usable verdict. */
  failure?: "service" | "malformed";
  /**
   * Per-claim verdicts, when the caller asked for them (`{ claims: true }`) and the verifier could give
   * them: every claim for the local verifier, the ungrounded ones a model gave a reason for. Never part
   * of the printed contract.
   */
  claims?: ClaimVerdict[];
}

export interface VerifyOptions {
  /** Also give each claim's own verdict and reason (`VerifierResult.claims`). */
  claims?: boolean;
  /**
   * The answer is a summary of the whole profile: a sentence may join what two entries say ("Builds
   * services on SQL Server and Azure, most recently rebuilding the search API for Monster.com"), each
   * clause backed by a source of its own.
   */
  joins?: boolean;
}

/** block: an ungrounded answer is replaced by a fallback; warn: it is kept and annotated. */
export type VerifyMode = "block" | "warn";

export interface Verifier {
  readonly name: "local" | "bedrock" | "openai";
  /** Never rejects: a failure of the verifier itself is NOT_GROUNDED with the reason. */
  verify(answer: string, chunks: readonly Chunk[], options?: VerifyOptions): Promise<VerifierResult>;
}

/** Where a chunk comes from, as a person finds it: `repo/docs/ops.md:4-9`, `profile.yaml#work[0]`. */
export function citeChunk(chunk: Chunk): string {
  if (!chunk.lines) return chunk.uri;
  const [first, last] = chunk.lines;
  return `${chunk.uri}:${first === last ? first : `${first}-${last}`}`;
}

/** A chunk as a record's evidence: cited by path and lines, with the start of its text. */
export function chunkEvidence(chunk: Chunk): RecordEvidence {
  return { source: "chunk", ref: citeChunk(chunk), text: excerpt(chunk.text) };
}

const EXCERPT = 160;

function excerpt(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= EXCERPT ? flat : `${flat.slice(0, EXCERPT - 1)}…`;
}

const claimText = (claim: string) => claim.replace(/^\s*-\s*/, "").trim();
const clause = (reason: string) => reason.replace(/[.\s]+$/, "");

/**
 * The sentence a record gives for ungrounded claims, each named with its own reason:
 * `The local verifier found "X" not grounded: the closest source, docs/a.md:3-9, lacks "Kafka".`
 * Undefined when there are none (the caller gives the verdict's reason instead).
 */
export function claimsReason(
  verifier: string,
  claims: readonly ClaimVerdict[],
  of: string,
): string | undefined {
  const seen = new Map(
    claims.filter((c) => !c.supported).map((c) => [`${claimText(c.claim)}\u0000${c.reason}`, c]),
  );
  const own = [...seen.values()];
  if (own.length === 0) return undefined;
  if (own.length === 1)
    return `The ${verifier} verifier found "${claimText(own[0]!.claim)}" not grounded: ${clause(own[0]!.reason)}.`;
  const each = own.map((c) => `"${claimText(c.claim)}": ${clause(c.reason)}`).join("; ");
  return `The ${verifier} verifier found ${own.length} claims of ${of} not grounded: ${each}.`;
}

/** The chunks these claims cite, each once: those of the ungrounded claims, else those of the supported. */
export function claimsEvidence(claims: readonly ClaimVerdict[]): RecordEvidence[] {
  const cited = (supported: boolean) =>
    claims.filter((c) => c.supported === supported).flatMap((c) => c.evidence ?? []);
  const ungrounded = cited(false);
  const chosen = ungrounded.length > 0 ? ungrounded : cited(true);
  return [...new Map(chosen.map((e) => [`${e.source}:${e.ref}`, e])).values()];
}

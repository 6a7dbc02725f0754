import type { Chunk } from "../../core/chunk.js";

export type VerdictValue = "GROUNDED" | "NOT_GROUNDED";
export const VERDICTS: readonly VerdictValue[] = ["GROUNDED", "NOT_GROUNDED"];

/** The verifier's contract (`vouch verify --json` prints exactly this). */
export interface Verdict {
  verdict: VerdictValue;
  reason: string;
  ungroundedClaims: string[];
}

/** A verdict plus, when the verifier itself failed, why: never part of the printed contract. */
export interface VerifierResult extends Verdict {
  /** service: the model service failed after retries; malformed: it answered without a usable verdict. */
  failure?: "service" | "malformed";
}

/** block: an ungrounded answer is replaced by a fallback; warn: it is kept and annotated. */
export type VerifyMode = "block" | "warn";

export interface Verifier {
  readonly name: "local" | "bedrock" | "openai";
  /** Never rejects: a failure of the verifier itself is NOT_GROUNDED with the reason. */
  verify(answer: string, chunks: readonly Chunk[]): Promise<VerifierResult>;
}

import type { VerifierResult, VerifyMode } from "./types.js";

export interface Decision {
  text: string;
  /** The answer was replaced by the fallback. */
  blocked: boolean;
  /** The answer was kept with a note that it is not verified. */
  annotated: boolean;
}

/**
 * What leaves after the verdict: a grounded answer as is; an ungrounded one replaced by the fallback
 * (block) or kept with a visible note (warn).
 */
export function decide(answer: string, result: VerifierResult, mode: VerifyMode, fallback: string): Decision {
  if (result.verdict === "GROUNDED") return { text: answer, blocked: false, annotated: false };
  if (mode === "block") return { text: fallback, blocked: true, annotated: false };
  return {
    text: `${answer}\n\n[not verified against the portfolio: ${result.reason}]`,
    blocked: false,
    annotated: true,
  };
}

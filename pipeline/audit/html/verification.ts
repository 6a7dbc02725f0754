// The header's verification result, from what pipeline/audit/verify-run.ts found when the page was
// written (the page never checks anything itself): the chain, the log against report.json, the outputs'
// SHA-256 and the signature.
import type { RunVerification } from "../verify-run.js";
import type { Verification } from "./types.js";

const SIGNATURE: Record<RunVerification["signature"], string> = {
  valid: "signature valid",
  invalid: "signature INVALID",
  unchecked: "signed, signature not checked (no public key given)",
  unsigned: "unsigned",
};

/** `chain intact: N records; unsigned`, or the chain's first break; every other problem listed. */
export function verificationOf(run: Pick<RunVerification, "chain" | "problems" | "signature">): Verification {
  const signature = SIGNATURE[run.signature];
  if (run.chain.ok) {
    return {
      status: "intact",
      headline: `chain intact: ${run.chain.records} records; ${signature}`,
      problems: [...run.problems],
    };
  }
  const [first, ...rest] = run.problems;
  return {
    status: "broken",
    headline: `chain BROKEN: ${first ?? "the hash chain does not verify"}`,
    problems: rest,
  };
}

/** A log that could not be read at all (missing, or a line that is not a record). */
export function unreadable(message: string): Verification {
  return { status: "unreadable", headline: `the log cannot be verified: ${message}`, problems: [] };
}

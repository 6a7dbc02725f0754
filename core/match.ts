// A job requirement matched to evidence: what the strategist makes, the pre-writer guards judge and the
// report shows. Its status is one of a closed set.
import type { RecordEvidence } from "./evidence.js";
import type { Evidence } from "./truth.js";

/**
 * production-backed: production code the candidate wrote shows it; profile-stated: the candidate states it;
 * example-only, test-only, tooling-only, docs-only: code shows it only there; others-only: the portfolio's
 * code shows it, but none of that code is the candidate's; stale: only a doc claim the code contradicts;
 * kb-stated: a production doc names it; unsupported: nothing does.
 */
export const MATCH_STATUSES = [
  "production-backed",
  "profile-stated",
  "example-only",
  "test-only",
  "tooling-only",
  "docs-only",
  "others-only",
  "stale",
  "kb-stated",
  "unsupported",
] as const;
export type MatchStatus = (typeof MATCH_STATUSES)[number];

/** A job requirement matched to evidence by the strategist (or given in a guard case). */
export interface Match {
  requirement: string;
  technology?: string;
  status: MatchStatus;
  evidence: (Evidence | RecordEvidence)[];
  /** Set by guards: why the status changed. */
  note?: string;
}

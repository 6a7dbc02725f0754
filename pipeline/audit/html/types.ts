// What the evidence view is built from: plain values, so the page is a pure function of them.
import type { RedactionRecord } from "../../../guards/index.js";
import type { Coverage } from "../../stages/strategize/coverage.js";
import type { JsonResume } from "../../../core/resume.js";
import type { BlockOptions } from "../../render/blocks.js";

/** A place that backs a line: a profile field, a repository file and line, a KB chunk, a source figure. */
export interface EvidencePlace {
  /** `profile.yaml#work[0].highlights[1]`, `platform-infra/terraform/eks.tf:21`, `docs/a.md lines 3–9`. */
  label: string;
  /** A GitHub link at the run's commit, when the repository came from `github:`. */
  href?: string;
  /** What is written there. */
  quote?: string;
}

/** One reason a kept line can be believed. */
export interface EvidenceItem {
  kind: "profile" | "technology" | "figure" | "derived" | "chunk";
  /** What is backed: a technology's name, a figure as written, or the line itself. */
  subject: string;
  /** One sentence: what backs it. */
  summary: string;
  places: EvidencePlace[];
}

/** Field path (`work[0].highlights[2]`, `skills[1].keywords[0]`) → its evidence. */
export type LineEvidence = Map<string, EvidenceItem[]>;

/** The verification result, computed by pipeline/audit/verify-chain.ts when the page is written. */
export interface Verification {
  status: "intact" | "broken" | "unreadable";
  /** `chain intact: 19 records`, or what is wrong, one sentence. */
  headline: string;
  /** Further findings (the log does not match report.json, the signature, …). */
  problems: string[];
}

/** The run's facts from report.json that the header shows; all optional, a bare log has none. */
export interface RunFacts {
  runId?: string;
  startedAt?: string;
  job?: string;
  profile?: string;
  writer?: string;
  verifier?: string;
  mode?: string;
  /** Whose work the truth is, and how each repository's authorship was judged. */
  authorship?: string;
  /** The job's requirements with their status and evidence, and the coverage line (report.json). */
  fit?: JobFacts;
  /** The page budget and what it left out of the draft (report.json's pdf.budget). */
  budget?: { limit: number; pages: number; leftOut: { field: string; text: string; reason: string }[] };
}

export interface AuditPageInput {
  /** The log as the user named it (shown, never opened by the page). */
  logPath: string;
  records: readonly RedactionRecord[];
  verification: Verification;
  run: RunFacts;
  /** The guarded resume; absent when the folder has no resume.json. */
  resume?: JsonResume;
  blockOptions?: BlockOptions;
  evidence: LineEvidence;
  /** Where the evidence comes from, or why there is none, in one sentence. */
  evidenceNote: string;
}

export interface JobFacts {
  coverage: Coverage;
  matches: {
    requirement: string;
    label?: string;
    status: string;
    note?: string;
    authored?: { commits: number; total: number; first: string; last: string };
    evidence: { source: string; ref: string; text?: string }[];
  }[];
}

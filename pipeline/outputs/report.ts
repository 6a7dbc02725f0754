// report.json: what ran, how long each stage took, what the guards and the verifier did, what it cost.
import { existsSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { AuthoredSpan, ExtractResult, RepoAuthorship } from "../../core/truth.js";
import type { RedactionRecord } from "../../guards/index.js";
import type { Match } from "../../core/match.js";
import type { RecordEvidence } from "../../core/evidence.js";
import type { UsageLedger } from "../backends/types.js";
import { packageRoot } from "../../core/paths.js";
import type { Requirement } from "../requirements.js";
import type { StageTiming } from "../clock.js";
import type { AtsReport } from "../render/ats/check.js";
import type { PageBudgetReport } from "../render/budget/report.js";
import type { SectionVerdict } from "../stages/verify.js";
import { type Coverage, coverage } from "../stages/strategize/coverage.js";

export const REPORT_FORMAT = 1;

/** Beside report.json when the run was signed (`--sign-key`): an Ed25519 signature of its exact bytes. */
export const SIGNATURE_FILE = "report.json.sig";

export interface RunReport {
  format: number;
  runId: string;
  startedAt: string;
  asOf: string;
  inputs: Record<string, unknown>;
  stages: StageTiming[];
  totalMs: number;
  requirements: {
    id: string;
    kind: string;
    text: string;
    technology?: string;
    years?: number;
    name?: string;
    optional: boolean;
  }[];
  /** Each requirement's match with the evidence behind its status (profile field, repo path:line, chunk). */
  matches: {
    requirementId?: string;
    requirement: string;
    label?: string;
    technology?: string;
    status: string;
    note?: string;
    /** The candidate's commits on the technology's evidence (first and last date), when history named some. */
    authored?: AuthoredSpan;
    evidence: RecordEvidence[];
  }[];
  /** How many requirements the evidence backs, by what, and which it does not. */
  coverage: Coverage;
  guards: { records: number; byGuard: Record<string, Record<string, number>> };
  /** The log's length and last hash: `vouch audit` can tell a log cut short from a whole one. */
  chain: { records: number; lastHash: string | null };
  verdicts: Omit<SectionVerdict, "failure">[];
  usage: ReturnType<UsageLedger["totals"]> & { byCall: UsageLedger["calls"] };
  truth?: {
    repos: number;
    technologies: number;
    production: number;
    staleClaims: number;
    /** Technologies the portfolio's code shows but the candidate did not write (authorship). */
    othersOnly?: number;
    /** Whose work the truth is about, and how each repository's authorship was judged. */
    authorship?: {
      authors: string[];
      mode: "verify" | "required";
      repos: ({ name: string } & RepoAuthorship)[];
    };
  };
  versions: Record<string, string>;
  /** resume.pdf as Typst laid it out: its pages (and the page budget, when one was set) and fonts. */
  pdf?: { pages: number; fonts: string[]; budget?: PageBudgetReport };
  /** What an ATS reads back from resume.pdf and resume.docx, compared with resume.json. */
  ats?: AtsReport;
  outputs?: { file: string; bytes: number; sha256: string }[];
  /** Set when the run was signed: the signature file beside report.json and the key it names. */
  signature?: { file: string; algorithm: "ed25519"; publicKeySha256: string };
}

export interface ReportInput {
  runId: string;
  now: Date;
  asOf: string;
  inputs: Record<string, unknown>;
  stages: StageTiming[];
  requirements: readonly Requirement[];
  matches: readonly (Match & { requirementId?: string; label?: string })[];
  records: readonly RedactionRecord[];
  verdicts: readonly SectionVerdict[];
  usage: UsageLedger;
  truth?: ExtractResult;
}

export function buildReport(input: ReportInput): RunReport {
  const byGuard: Record<string, Record<string, number>> = {};
  for (const r of input.records) {
    const actions = (byGuard[r.guard] ??= {});
    actions[r.action] = (actions[r.action] ?? 0) + 1;
  }
  return {
    format: REPORT_FORMAT,
    runId: input.runId,
    startedAt: input.now.toISOString(),
    asOf: input.asOf,
    inputs: input.inputs,
    stages: input.stages,
    totalMs: Math.round(input.stages.reduce((t, s) => t + s.ms, 0) * 10) / 10,
    requirements: input.requirements.map((r) => ({
      id: r.id,
      kind: r.kind,
      text: r.text,
      optional: r.optional,
      ...(r.technology ? { technology: r.technology } : {}),
      ...(r.years !== undefined ? { years: r.years } : {}),
      ...(r.name ? { name: r.name } : {}),
    })),
    matches: input.matches.map((m) => ({
      ...(m.requirementId ? { requirementId: m.requirementId } : {}),
      requirement: m.requirement,
      ...(m.label ? { label: m.label } : {}),
      status: m.status,
      ...(m.technology ? { technology: m.technology } : {}),
      ...(m.note ? { note: m.note } : {}),
      ...authoredOf(input.truth, m.technology),
      evidence: m.evidence.map(asRecordEvidence),
    })),
    coverage: coverage(input.matches),
    guards: { records: input.records.length, byGuard },
    chain: { records: input.records.length, lastHash: input.records.at(-1)?.hash ?? null },
    verdicts: input.verdicts.map(({ failure: _failure, ...v }) => v),
    usage: { ...input.usage.totals(), byCall: input.usage.calls },
    ...(input.truth
      ? {
          truth: {
            repos: input.truth.repos.length,
            technologies: input.truth.technologies.length,
            production: input.truth.technologies.filter((t) => t.status === "production").length,
            staleClaims: input.truth.docClaims.filter((c) => c.stale).length,
            ...authorshipSummary(input.truth),
          },
        }
      : {}),
    versions: versions(),
  };
}

function authoredOf(truth: ExtractResult | undefined, technology: string | undefined) {
  const authored = technology ? truth?.technologies.find((t) => t.id === technology)?.authored : undefined;
  return authored ? { authored } : {};
}

function authorshipSummary(
  truth: ExtractResult,
): Pick<NonNullable<RunReport["truth"]>, "othersOnly" | "authorship"> {
  if (!truth.authors) return {};
  return {
    othersOnly: truth.technologies.filter((t) => t.status === "others-only").length,
    authorship: {
      authors: truth.authors,
      mode: truth.authorship ?? "verify",
      repos: truth.repos.flatMap((r) => (r.authorship ? [{ name: r.name, ...r.authorship }] : [])),
    },
  };
}

/** A match given in a guard case may cite truth's evidence as is: shown as a record's evidence. */
function asRecordEvidence(e: Match["evidence"][number]): RecordEvidence {
  if ("source" in e) return { source: e.source, ref: e.ref, ...(e.text ? { text: e.text } : {}) };
  return {
    source: "truth",
    ref: `${e.repo}/${e.path}${e.line !== undefined ? `:${e.line}` : ""}`,
    text: e.detail,
  };
}

function versions(): Record<string, string> {
  const require = createRequire(import.meta.url);
  // A package whose `exports` leave out package.json (docx) is found from its entry point instead.
  const versionOf = (name: string) => {
    try {
      return (require(`${name}/package.json`) as { version: string }).version;
    } catch {
      try {
        for (let dir = dirname(require.resolve(name)); dir !== dirname(dir); dir = dirname(dir)) {
          const path = join(dir, "package.json");
          if (!existsSync(path)) continue;
          const pkg = JSON.parse(readFileSync(path, "utf8")) as { name?: string; version?: string };
          if (pkg.name === name && pkg.version) return pkg.version;
        }
      } catch {
        // not installed
      }
      return "unknown";
    }
  };
  return {
    vouch: (JSON.parse(readFileSync(join(packageRoot(), "package.json"), "utf8")) as { version: string })
      .version,
    node: process.versions.node,
    docx: versionOf("docx"),
    "@aws-sdk/client-bedrock-runtime": versionOf("@aws-sdk/client-bedrock-runtime"),
  };
}

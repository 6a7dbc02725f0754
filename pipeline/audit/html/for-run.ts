// The page for a run still in memory (what `vouch generate` holds after its guards): the one call that
// writes audit.html beside the other outputs, with the evidence exactly as the run computed it. Pure.
import type { Chunk } from "../../../core/chunk.js";
import type { JsonResume } from "../../../core/resume.js";
import type { GuardContext, RedactionRecord } from "../../../guards/index.js";
import type { BlockOptions } from "../../render/blocks.js";
import type { RunReport } from "../../outputs/report.js";
import { checkChain } from "../verify-chain.js";
import { lineEvidence } from "./line-evidence.js";
import { buildAuditPage } from "./page.js";
import type { RunFacts } from "./types.js";
import { verificationOf } from "./verification.js";

/** What report.json says about the run, as the header shows it. */
export function runFacts(
  report:
    | (Pick<RunReport, "runId" | "startedAt" | "inputs"> &
        Partial<Pick<RunReport, "truth" | "pdf" | "matches" | "coverage">>)
    | undefined,
): RunFacts {
  if (!report) return {};
  const input = (key: string) =>
    typeof report.inputs[key] === "string" ? (report.inputs[key] as string) : undefined;
  const facts: RunFacts = {
    runId: report.runId,
    startedAt: report.startedAt,
    job: input("job"),
    profile: input("profile"),
    writer: input("writer"),
    verifier: input("verifier"),
    mode: input("mode"),
    authorship: authorshipFact(report.truth?.authorship),
  };
  const kept = Object.fromEntries(Object.entries(facts).filter(([, v]) => typeof v === "string")) as RunFacts;
  if (Array.isArray(report.matches) && report.coverage)
    kept.fit = { coverage: report.coverage, matches: report.matches };
  const budget = report.pdf?.budget;
  if (budget && Array.isArray(budget.leftOut))
    kept.budget = { limit: budget.limit, pages: report.pdf!.pages, leftOut: budget.leftOut };
  return kept;
}

/** "podcast: 5 of 8 commits by the candidate; ledger: authorship not verified (no history)". */
function authorshipFact(authorship: NonNullable<RunReport["truth"]>["authorship"]): string | undefined {
  if (!authorship) return undefined;
  const repos = authorship.repos.map((r) =>
    r.verified
      ? `${r.name}: ${r.candidateCommits} of ${r.commits} commits by the candidate`
      : `${r.name}: authorship not verified (${r.note?.replace(/:.*$/, "") ?? "no history"}${authorship.mode === "required" ? ", counted as others'" : ""})`,
  );
  return `${authorship.authors.join(", ") || "no identity given"}. ${repos.join("; ")}`;
}

export interface RunPageInput {
  /** Where the log is written (shown in the header). */
  logPath: string;
  records: readonly RedactionRecord[];
  resume: JsonResume;
  layout: BlockOptions;
  report: Pick<RunReport, "runId" | "startedAt" | "inputs"> &
    Partial<Pick<RunReport, "truth" | "pdf" | "matches" | "coverage">>;
  /** The run's guard context and grounding chunks: the same values its guards and verifier read. */
  context: GuardContext;
  chunks: readonly Chunk[];
  profileName: string;
  /** Set when the run is signed: the page is part of what the signature covers, so it cannot check it. */
  signed?: boolean;
}

/** audit.html for a run in memory; its chain is checked on the records about to be written. */
export function runAuditPage(input: RunPageInput): string {
  const chain = checkChain({ records: [...input.records], lines: input.records.map((_, i) => i + 1) });
  const problems = chain.ok ? [] : [`the run's own records do not chain (seq ${chain.firstBad.seq})`];
  return buildAuditPage({
    logPath: input.logPath,
    records: input.records,
    verification: verificationOf({ chain, problems, signature: input.signed ? "unchecked" : "unsigned" }),
    run: runFacts(input.report),
    resume: input.resume,
    blockOptions: input.layout,
    evidence: lineEvidence(
      input.resume,
      { context: input.context, chunks: input.chunks, profileName: input.profileName },
      input.layout,
    ),
    evidenceNote: "Line evidence as the run computed it, from the inputs its guards read.",
  });
}

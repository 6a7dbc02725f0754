// The job beside the resume: a recruiter's first question is fit. The coverage as a bar whose parts are
// also said in words, then each requirement with its status (a word and an icon, not a colour alone), the
// candidate's commits on it and its evidence (file:line, profile field, document); what nothing backs is
// said plainly. From report.json's matches: the page computes nothing new.
import { basename } from "node:path";
import { escapeHtml } from "./escape.js";
import type { JobFacts } from "./types.js";

/** Each status as the reader should read it, and whether it backs the requirement. */
const STATUS: Record<string, { word: string; backed: boolean }> = {
  "production-backed": { word: "Production code", backed: true },
  "profile-stated": { word: "Stated in the profile", backed: true },
  "kb-stated": { word: "In the candidate's documents", backed: true },
  "example-only": { word: "Only in examples", backed: false },
  "test-only": { word: "Only in tests", backed: false },
  "tooling-only": { word: "Only in build tooling", backed: false },
  "docs-only": { word: "Only in docs", backed: false },
  "others-only": { word: "Only in others' code", backed: false },
  stale: { word: "A doc claim the code contradicts", backed: false },
  unsupported: { word: "Nothing backs it", backed: false },
};
const MAX_EVIDENCE = 4;

function bar(coverage: JobFacts["coverage"]): string {
  const total = Math.max(1, coverage.requirements);
  const part = (n: number, kind: string, label: string) =>
    n > 0
      ? `<span class="bar-part ${kind}" style="width:${((100 * n) / total).toFixed(2)}%" title="${n} ${label}"></span>`
      : "";
  const unbacked = coverage.requirements - coverage.backed;
  return `<div class="bar" role="img" aria-label="${escapeHtml(coverage.line)}">${part(coverage.byProduction, "by-production", "by production code")}${part(coverage.byProfile, "by-profile", "by the profile")}${part(coverage.byDocs, "by-docs", "by documents")}${part(unbacked, "unbacked", "not backed")}</div>`;
}

function evidenceList(match: JobFacts["matches"][number]): string {
  const shown = match.evidence.slice(0, MAX_EVIDENCE).map((e) => {
    const text = e.text
      ? ` <q>${escapeHtml(e.text.length > 90 ? `${e.text.slice(0, 89)}…` : e.text)}</q>`
      : "";
    return `<li><span class="kind">${escapeHtml(e.source)}</span> <code>${escapeHtml(e.ref)}</code>${text}</li>`;
  });
  const more = match.evidence.length - MAX_EVIDENCE;
  if (more > 0) shown.push(`<li class="none">and ${more} more in report.json</li>`);
  return shown.length > 0 ? `<ul class="job-evidence">${shown.join("")}</ul>` : "";
}

function requirementHtml(match: JobFacts["matches"][number]): string {
  const status = STATUS[match.status] ?? { word: match.status, backed: false };
  const icon = status.backed ? "✔" : "✖";
  const commits = match.authored
    ? `<p class="commits">${match.authored.commits} of ${match.authored.total} commit${match.authored.total === 1 ? "" : "s"} by the candidate, ${escapeHtml(match.authored.first)} to ${escapeHtml(match.authored.last)}</p>`
    : "";
  const note = match.note ? `<p class="note">${escapeHtml(match.note)}</p>` : "";
  return `<li class="requirement ${status.backed ? "backed" : "unbacked"}"><h3><span class="icon" aria-hidden="true">${icon}</span> ${escapeHtml(match.label ?? match.requirement)} <span class="status">${escapeHtml(status.word)}</span></h3>
<p class="requirement-text">${escapeHtml(match.requirement)}</p>${commits}${note}${evidenceList(match)}</li>`;
}

export function jobHtml(fit: JobFacts | undefined, jobName: string | undefined): string {
  if (!fit) return "";
  const { coverage } = fit;
  const unsupported =
    coverage.unsupported.length > 0
      ? `<p class="unsupported"><strong>Not backed:</strong> ${escapeHtml(coverage.unsupported.join(", "))}. The resume does not claim ${coverage.unsupported.length === 1 ? "it" : "them"}.</p>`
      : `<p class="ok-line">Every requirement of the job is backed.</p>`;
  return `<section class="job" id="job" aria-labelledby="job-h">
<h2 id="job-h">The job${jobName ? `: ${escapeHtml(basename(jobName))}` : ""}</h2>
<p class="coverage-line">${escapeHtml(coverage.line)}</p>
${bar(coverage)}
<p class="legend"><span class="swatch by-production"></span> production code <span class="swatch by-profile"></span> profile <span class="swatch by-docs"></span> documents <span class="swatch unbacked"></span> not backed</p>
${unsupported}
<ol class="requirements">${fit.matches.map(requirementHtml).join("\n")}</ol>
</section>`;
}

// The page's header: the verification result first (in red, with an icon and words, when it failed), then
// who and what the run was, then the records counted by guard and by action.
import type { RedactionRecord } from "../../../guards/index.js";
import { escapeHtml } from "./escape.js";
import type { AuditPageInput, RunFacts, Verification } from "./types.js";

export function verificationHtml(v: Verification): string {
  const ok = v.status === "intact" && v.problems.length === 0;
  const icon = ok ? "✔" : "✖";
  const word = ok ? "Verified" : "Verification failed";
  const problems = v.problems.length
    ? `<ul>${v.problems.map((p) => `<li>${escapeHtml(p)}</li>`).join("")}</ul>`
    : "";
  return `<div class="verification ${ok ? "ok" : "failed"}" role="${ok ? "status" : "alert"}" id="verification"><p><span class="icon" aria-hidden="true">${icon}</span> <strong>${word}:</strong> ${escapeHtml(v.headline)}</p>${problems}</div>`;
}

export function countBy(records: readonly RedactionRecord[], key: (r: RedactionRecord) => string) {
  const counts = new Map<string, number>();
  for (const r of records) counts.set(key(r), (counts.get(key(r)) ?? 0) + 1);
  return [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

function countTable(caption: string, rows: readonly [string, number][], anchor: string): string {
  if (rows.length === 0) return "";
  const body = rows
    .map(
      ([k, n]) =>
        `<tr><th scope="row"><a href="#${anchor}-${escapeHtml(k)}">${escapeHtml(k)}</a></th><td>${n}</td></tr>`,
    )
    .join("");
  return `<table class="counts"><caption>${escapeHtml(caption)}</caption><thead><tr><th scope="col">${caption.replace(/^By /, "")}</th><th scope="col">Records</th></tr></thead><tbody>${body}</tbody></table>`;
}

export function headerHtml(input: AuditPageInput): string {
  const { run } = input;
  const name = typeof input.resume?.basics?.name === "string" ? input.resume.basics.name : undefined;
  const facts: [string, string | undefined][] = [
    ["Candidate", name],
    ["Job", run.job],
    ["Run id", run.runId],
    ["Date", run.startedAt],
    ["Writer", run.writer],
    ["Verifier", run.verifier],
    ["Mode", run.mode],
    ...(run.authorship ? ([["Authorship", run.authorship]] as [string, string][]) : []),
    ["Log", input.logPath],
  ];
  const dl = facts
    .map(
      ([k, v]) =>
        `<dt>${k}</dt><dd>${v === undefined ? `<span class="none">not recorded</span>` : escapeHtml(v)}</dd>`,
    )
    .join("");
  return `<header class="page-header">
${verificationHtml(input.verification)}
<h1>Evidence view${name ? `: ${escapeHtml(name)}` : ""}</h1>
<dl class="facts">${dl}</dl>
<div class="count-tables">${countTable(
    "By guard",
    countBy(input.records, (r) => r.guard),
    "guard",
  )}${countTable(
    "By action",
    countBy(input.records, (r) => r.action),
    "action",
  )}</div>
<p class="total">${input.records.length} record${input.records.length === 1 ? "" : "s"} in the log.</p>
</header>`;
}

/** What the page budget left out of the draft: not a guard's doing, and not hidden either. */
export function leftOutHtml(budget: RunFacts["budget"]): string {
  if (!budget || budget.leftOut.length === 0) return "";
  const items = budget.leftOut
    .map(
      (l) =>
        `<li><code>${escapeHtml(l.field)}</code> ${escapeHtml(l.text)} <span class="note">(${escapeHtml(l.reason)})</span></li>`,
    )
    .join("");
  return `<section id="left-out" aria-labelledby="left-out-h">
<h2 id="left-out-h">Left out to fit ${budget.limit} page${budget.limit === 1 ? "" : "s"} (the PDF has ${budget.pages})</h2>
<ul>${items}</ul>
</section>`;
}

// The evidence view: one self-contained HTML page from a run's log, resume and evidence. Pure: data in,
// string out. Inline style and script only; the Content-Security-Policy forbids every fetch, and allows the
// one script by its hash, so a string that escaped escaping still could not run.
import { createHash } from "node:crypto";
import { escapeHtml } from "./escape.js";
import { EvidenceNotes } from "./evidence-view.js";
import { filtersHtml } from "./filters.js";
import { headerHtml, leftOutHtml } from "./header.js";
import { jobHtml } from "./job-view.js";
import { recordsHtml } from "./records-view.js";
import { resumeHtml } from "./resume-view.js";
import { SCRIPT } from "./script.js";
import { STYLES } from "./styles.js";
import type { AuditPageInput } from "./types.js";

export type { AuditPageInput, EvidenceItem, LineEvidence, RunFacts, Verification } from "./types.js";

const SCRIPT_HASH = createHash("sha256").update(SCRIPT).digest("base64");
const CSP = `default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-${SCRIPT_HASH}'; img-src 'none'; base-uri 'none'; form-action 'none'`;

export function buildAuditPage(input: AuditPageInput): string {
  const notes = new EvidenceNotes();
  const filters = filtersHtml(input.records);
  const resume = input.resume
    ? resumeHtml(input.resume, input.records, input.evidence, notes, input.blockOptions)
    : { html: `<p class="none">No resume.json beside the log: only the records are shown.</p>`, unplaced: 0 };
  const name = typeof input.resume?.basics?.name === "string" ? ` — ${input.resume.basics.name}` : "";
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta http-equiv="Content-Security-Policy" content="${CSP}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="no-referrer">
<title>Evidence view${escapeHtml(name)}</title>
<style>${STYLES}</style>
</head>
<body>
<a class="skip" href="#main">Skip to the resume</a>
${headerHtml(input)}
${filters.nav}
<main id="main">
<div class="${input.run.fit ? "columns" : "single"}">
<section class="resume" id="resume" aria-labelledby="resume-h">
<h2 id="resume-h">The resume as rendered</h2>
<p class="note">${escapeHtml(input.evidenceNote)} Hover or focus a dotted line for its evidence; the numbered notes below say the same and print.</p>
${resume.html}
</section>
${jobHtml(input.run.fit, input.run.job)}
</div>
<section id="records" aria-labelledby="records-h">
<h2 id="records-h">Every change the guards and the verifier made</h2>
${recordsHtml(input.records)}
</section>
${leftOutHtml(input.run.budget)}
${filters.index}
<section id="evidence-notes" aria-labelledby="evidence-notes-h">
<h2 id="evidence-notes-h">Evidence notes</h2>
${notes.size ? notes.html() : `<p class="none">No line evidence on this page.</p>`}
</section>
</main>
<script>${SCRIPT}</script>
</body>
</html>
`;
}

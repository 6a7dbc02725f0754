// The render stage: the run's report and every output file, in memory (writing them is outputs/files.ts's).
import type { RedactionRecord } from "../../guards/index.js";
import { type RunPageInput, runAuditPage } from "../audit/html/for-run.js";
import type { JsonResume } from "../../core/resume.js";
import { EXIT, VouchError } from "../../core/errors.js";
import { atsLossMessage, atsReadBack } from "../render/ats/check.js";
import { renderDocx } from "../render/docx.js";
import { renderPdf } from "../render/pdf/pdf.js";
import type { PageBudgetReport } from "../render/budget/report.js";
import { type Layout, loadLayout } from "../render/layout.js";
import { renderMarkdown } from "../render/markdown.js";
import { type ReportInput, type RunReport, buildReport } from "../outputs/report.js";

export interface RenderInput {
  resume: JsonResume;
  records: readonly RedactionRecord[];
  report: RunReport;
  /** A layout (already loaded), or its name or file. */
  layout: Layout | string;
  now: Date;
  /** The page budget's account, for report.json's pdf.budget. */
  budget?: PageBudgetReport;
  /** What the evidence view needs beyond the resume and its records; without it no audit.html is written. */
  page?: AuditPageInput;
}

/** The run's guard context, grounding chunks and names, for audit.html. */
export type AuditPageInput = Omit<RunPageInput, "records" | "resume" | "layout" | "report">;

/**
 * Every output file, in memory. resume.pdf and resume.docx are read back the way an ATS reads them
 * (render/ats/) and the result goes into the report; a file that loses a text fails the run here, before
 * anything is written.
 */
export async function renderOutputs(input: RenderInput): Promise<Map<string, string | Uint8Array>> {
  const layout = typeof input.layout === "string" ? loadLayout(input.layout) : input.layout;
  const [docx, review, pdf] = await Promise.all([
    renderDocx(input.resume, layout, { date: input.now }),
    renderDocx(input.resume, layout, { date: input.now, review: { records: input.records } }),
    renderPdf(input.resume, layout, { date: input.now }),
  ]);
  const ats = await atsReadBack(input.resume, layout, { pdf: pdf.bytes, docx });
  input.report.pdf = {
    pages: pdf.pages,
    fonts: pdf.fonts,
    ...(input.budget ? { budget: input.budget } : {}),
  };
  input.report.ats = ats;
  const lost = atsLossMessage(ats, pdf.uncovered);
  if (lost) throw new VouchError(lost, EXIT.problem);
  return new Map<string, string | Uint8Array>([
    ["resume.pdf", pdf.bytes],
    ["resume.docx", docx],
    ["resume.review.docx", review],
    ["resume.json", `${JSON.stringify(input.resume, null, 2)}\n`],
    ["resume.md", renderMarkdown(input.resume, layout)],
    ["redaction-log.jsonl", input.records.map((r) => `${JSON.stringify(r)}\n`).join("")],
    ...(input.page ? [["audit.html", auditPage(input, layout, input.page)] as const] : []),
  ]);
}

function auditPage(input: RenderInput, layout: Layout, page: AuditPageInput): string {
  return runAuditPage({
    ...page,
    records: input.records,
    resume: input.resume,
    layout,
    report: input.report,
  });
}

/** The report of the run and the files it renders from the verified draft. */
export async function render(
  input: ReportInput & {
    resume: JsonResume;
    layout: Layout | string;
    page?: AuditPageInput;
    budget?: PageBudgetReport;
  },
): Promise<{ files: Map<string, string | Uint8Array>; report: RunReport }> {
  const { resume, layout, page, budget, ...facts } = input;
  const report = buildReport(facts);
  const files = await renderOutputs({
    resume,
    records: input.records,
    report,
    layout,
    now: input.now,
    ...(budget ? { budget } : {}),
    ...(page ? { page } : {}),
  });
  return { files, report };
}

// The ATS read-back of a run: resume.pdf and resume.docx read back and compared with resume.json. A loss
// is a rendering bug, never something to ship: the caller refuses the run with atsLossMessage's sentence.
import type { JsonResume } from "../../../core/resume.js";
import type { Layout } from "../layout-schema.js";
import { type AtsResult, compareReadBack, readBackComplete } from "./compare.js";
import { expectedTexts } from "./expected.js";
import { readDocxText, readPdfText } from "./read.js";

export type { AtsLoss, AtsResult } from "./compare.js";

/** report.json's `ats`: one result per file, the PDF's with the pages its reader counted. */
export interface AtsReport {
  "resume.pdf": AtsResult & { pages: number };
  "resume.docx": AtsResult;
}

export async function atsReadBack(
  resume: JsonResume,
  layout: Layout,
  files: { pdf: Uint8Array; docx: Uint8Array },
): Promise<AtsReport> {
  const expected = expectedTexts(resume, layout);
  const [pdf, docx] = await Promise.all([readPdfText(files.pdf), readDocxText(files.docx)]);
  const fromPdf = compareReadBack(expected, pdf.text);
  for (const ligature of pdf.ligatures)
    fromPdf.missing.push({ field: "text layer", text: `ligature ${ligature}` });
  return {
    "resume.pdf": { ...fromPdf, pages: pdf.pages },
    "resume.docx": compareReadBack(expected, docx),
  };
}

const quoted = (text: string) => `"${text.length > 60 ? `${text.slice(0, 57)}…` : text}"`;

/** One sentence naming what a file lost, or undefined when both read back whole. */
export function atsLossMessage(
  report: AtsReport,
  uncovered: readonly { name: string; packages: readonly string[] }[] = [],
): string | undefined {
  const parts = (Object.entries(report) as [string, AtsResult][]).flatMap(([file, result]) => {
    if (readBackComplete(result)) return [];
    const lost = [
      ...result.missing.map((l) => `${l.field} ${quoted(l.text)} missing`),
      ...result.outOfOrder.map((l) => `${l.field} ${quoted(l.text)} out of order`),
    ];
    const shown = lost.slice(0, 4).join(", ") + (lost.length > 4 ? ` and ${lost.length - 4} more` : "");
    return [`${file} reads back with ${shown}`];
  });
  if (parts.length === 0) return undefined;
  const pdfLost = !readBackComplete(report["resume.pdf"]);
  if (pdfLost && uncovered.length > 0) {
    // Not a bug: a font is missing. Say which writing, and what to install.
    const needs = uncovered.map((u) => `${u.name} (npm i ${u.packages[0]})`).join(", ");
    return `ATS read-back failed: ${parts.join("; ")}. No installed font draws ${needs}: install it beside vouch and run again; nothing was written.`;
  }
  return `ATS read-back failed: ${parts.join("; ")}. This is a rendering bug in vouch, not in the resume; nothing was written.`;
}

/** The line `vouch generate` prints. */
export function atsSummaryLine(report: AtsReport): string {
  const pdf = report["resume.pdf"];
  return `ATS read-back: PDF and DOCX complete (${pdf.checked} texts each; PDF ${pdf.pages} page${pdf.pages === 1 ? "" : "s"})`;
}

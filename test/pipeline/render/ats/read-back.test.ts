import { describe, expect, it } from "vitest";
import type { JsonResume } from "../../../../core/resume.js";
import { atsLossMessage, atsReadBack, atsSummaryLine } from "../../../../pipeline/render/ats/check.js";
import { renderDocx } from "../../../../pipeline/render/docx.js";
import { layoutNames, loadLayout } from "../../../../pipeline/render/layout.js";
import { renderPdf } from "../../../../pipeline/render/pdf/pdf.js";
import { sampleResume } from "../docx-reader.js";
import { extraSectionsResume } from "../extra-sections-sample.js";

/** Every section JSON Resume has, filled. */
function fullResume(): JsonResume {
  const { basics: _basics, ...extra } = extraSectionsResume();
  return {
    ...sampleResume(),
    ...extra,
    certificates: [
      {
        name: "AWS Certified Solutions Architect – Associate",
        issuer: "Amazon Web Services",
        date: "2022-05",
      },
    ],
  };
}

async function files(resume: JsonResume, layoutName: string, docxResume: JsonResume = resume) {
  const layout = loadLayout(layoutName);
  const [pdf, docx] = await Promise.all([renderPdf(resume, layout), renderDocx(docxResume, layout)]);
  return { layout, pdf: pdf.bytes, docx };
}

describe("the ATS read-back of resume.pdf and resume.docx", () => {
  it.each(layoutNames())(
    "%s: both files read back every text of resume.json, in the same order",
    async (name) => {
      const resume = fullResume();
      const { layout, pdf, docx } = await files(resume, name);
      const report = await atsReadBack(resume, layout, { pdf, docx });
      for (const file of ["resume.pdf", "resume.docx"] as const) {
        expect(report[file].missing, `${name} ${file}`).toEqual([]);
        expect(report[file].outOfOrder, `${name} ${file}`).toEqual([]);
        expect(report[file].checked).toBeGreaterThan(60);
      }
      expect(report["resume.pdf"].contact.missing).toEqual([]);
      expect(report["resume.pdf"].contact.found).toEqual(report["resume.docx"].contact.found);
      expect(atsLossMessage(report)).toBeUndefined();
      expect(atsSummaryLine(report)).toMatch(
        /^ATS read-back: PDF and DOCX complete \(\d+ texts each; PDF \d pages?\)$/,
      );
    },
  );

  it("names what a file lost: a renderer that drops a highlight is a rendering bug", async () => {
    const resume = sampleResume();
    const short = structuredClone(resume);
    short.work![0]!.highlights!.splice(1, 1);
    const dropped = resume.work![0]!.highlights![1]!;
    const { layout, pdf, docx } = await files(resume, "classic", short);
    const report = await atsReadBack(resume, layout, { pdf, docx });
    expect(report["resume.pdf"].missing).toEqual([]);
    expect(report["resume.docx"].missing).toEqual([{ field: "work[0].highlights[1]", text: dropped }]);
    expect(atsLossMessage(report)).toBe(
      `ATS read-back failed: resume.docx reads back with work[0].highlights[1] "${dropped.slice(0, 57)}…" missing. This is a rendering bug in vouch, not in the resume; nothing was written.`,
    );
  });

  it("reads a character no font draws (Linear B) as lost, not as a silent box", async () => {
    const resume: JsonResume = { basics: { name: "𐀀𐀁𐀂", email: "minjun@example.com" } };
    const { layout, pdf, docx } = await files(resume, "classic");
    const report = await atsReadBack(resume, layout, { pdf, docx });
    expect(report["resume.pdf"].missing).toEqual([{ field: "basics.name", text: "𐀀𐀁𐀂" }]);
    expect(report["resume.docx"].missing).toEqual([]);
  });
});

// The rendered DOCX opens in a real word processor: LibreOffice (headless) converts it to a PDF with pages.
// Skipped, with a note, where LibreOffice is not installed (Debian: libreoffice-writer-nogui).
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { renderDocx } from "../../../pipeline/render/docx.js";
import { layoutNames, loadLayout } from "../../../pipeline/render/layout.js";
import { sampleResume } from "./docx-reader.js";
import { guardedSample } from "./guarded-sample.js";

// SOFFICE names another LibreOffice binary (or a missing one, to see the skip).
const soffice = process.env.SOFFICE ?? "soffice";
const hasSoffice = spawnSync(soffice, ["--version"], { encoding: "utf8" }).status === 0;
const hasPdfinfo = spawnSync("pdfinfo", ["-v"], { encoding: "utf8" }).error === undefined;
if (!hasSoffice) {
  console.warn(
    `libreoffice.test.ts: skipped, ${soffice} is not installed ` +
      "(apt-get install --no-install-recommends libreoffice-writer-nogui poppler-utils)",
  );
}

const work = mkdtempSync(join(tmpdir(), "vouch-lo-"));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** Convert a DOCX to PDF with a private LibreOffice profile; the PDF's bytes. */
function toPdf(name: string, docx: Uint8Array): Buffer {
  const input = join(work, `${name}.docx`);
  writeFileSync(input, docx);
  const profile = `-env:UserInstallation=file://${join(work, "profile")}`;
  const run = spawnSync(soffice, [profile, "--headless", "--convert-to", "pdf", "--outdir", work, input], {
    encoding: "utf8",
    timeout: 120_000,
  });
  const pdf = join(work, `${name}.pdf`);
  if (!existsSync(pdf)) throw new Error(`soffice wrote no PDF: ${run.stderr || run.stdout}`);
  return readFileSync(pdf);
}

function pageCount(name: string, pdf: Buffer): number {
  if (hasPdfinfo) {
    const info = spawnSync("pdfinfo", [join(work, `${name}.pdf`)], { encoding: "utf8" }).stdout;
    return Number(/^Pages:\s+(\d+)/m.exec(info)?.[1] ?? 0);
  }
  return pdf.toString("latin1").match(/\/Type\s*\/Page(?!s)/g)?.length ?? 0;
}

describe("LibreOffice opens the DOCX", () => {
  it.skipIf(!hasSoffice).each(layoutNames())(
    "converts the sample in %s to a one-page PDF",
    { timeout: 180_000 },
    async (layout) => {
      const pdf = toPdf(layout, await renderDocx(sampleResume(), loadLayout(layout)));
      expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");
      expect(pageCount(layout, pdf)).toBe(1);
      if (hasPdfinfo) {
        const text = spawnSync("pdftotext", [join(work, `${layout}.pdf`), "-"], { encoding: "utf8" }).stdout;
        expect(text).toContain("Dana Reyes");
        expect(text).toContain("Moved the order platform from self-managed VMs to Amazon EKS");
      }
    },
  );

  it.skipIf(!hasSoffice)("converts the review variant with its comments", { timeout: 180_000 }, async () => {
    const sample = guardedSample();
    const docx = await renderDocx(sample.resume, loadLayout("classic"), {
      review: { records: sample.records },
    });
    const pdf = toPdf("review", docx);
    expect(pageCount("review", pdf)).toBeGreaterThanOrEqual(1);
  });
});

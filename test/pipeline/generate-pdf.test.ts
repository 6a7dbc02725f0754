// resume.pdf through `vouch generate`: listed and hashed in report.json, read back with the DOCX, and
// fitted to the page budget, with what was left out in report.json and the evidence view.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readPdfText } from "../../pipeline/render/ats/read.js";
import { runCli } from "../helpers/cli.js";
import { nineJobs } from "../helpers/long-profile.js";

const samples = resolve(import.meta.dirname, "../../samples");
const job = join(samples, "jobs/platform-engineer.md");
const temp = () => mkdtempSync(join(tmpdir(), "vouch-pdf-"));
const onSample = (out: string, ...args: string[]) =>
  runCli(["generate", "--profile", join(samples, "profile.yaml"), "--job", job, "--out", out, ...args]);

interface Report {
  outputs: { file: string; sha256: string }[];
  pdf: {
    pages: number;
    fonts: string[];
    budget: {
      limit: number;
      source: string;
      draftPages: number;
      fits: boolean;
      leftOut: { field: string; text: string }[];
    };
  };
  ats: Record<
    string,
    {
      checked: number;
      missing: unknown[];
      outOfOrder: unknown[];
      contact: { found: string[]; missing: string[] };
    }
  >;
}

describe("vouch generate writes resume.pdf", () => {
  it("lists it with its SHA-256, reads both files back whole, and says so", async () => {
    const out = join(temp(), "run");
    const run = await onSample(out, "--no-history", "--layout", "modern");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^ATS read-back: PDF and DOCX complete \(\d+ texts each; PDF 1 page\)$/m);
    const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as Report;
    const pdf = readFileSync(join(out, "resume.pdf"));
    expect(report.outputs).toContainEqual({
      file: "resume.pdf",
      bytes: pdf.length,
      sha256: createHash("sha256").update(pdf).digest("hex"),
    });
    expect(report.pdf).toMatchObject({
      pages: 1,
      fonts: ["Carlito"],
      budget: { limit: 2, source: "default", draftPages: 1, leftOut: [], fits: true },
    });
    for (const file of ["resume.pdf", "resume.docx"]) {
      expect(report.ats[file]).toMatchObject({ missing: [], outOfOrder: [], contact: { missing: [] } });
      expect(report.ats[file]!.checked).toBeGreaterThan(50);
    }
    expect((await readPdfText(pdf)).text).toContain("Dana Reyes");
  });

  it("fits a nine-job profile to --pages 2, leaving out the oldest, least relevant highlights, and shows them", async () => {
    const dir = temp();
    const work = nineJobs();
    const profile = join(dir, "profile.json");
    writeFileSync(
      profile,
      JSON.stringify({
        basics: { name: "Nine Jobs", email: "nine@example.com" },
        work,
        portfolio: { repos: [], docs: [] },
      }),
    );
    const out = join(dir, "run");
    const run = await runCli(["generate", "--profile", profile, "--job", job, "--out", out, "--pages", "2"]);
    expect(run.code, run.stderr).toBe(0);
    const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as Report;
    expect(report.pdf.pages).toBe(2);
    expect(report.pdf.budget).toMatchObject({ limit: 2, source: "option", fits: true });
    expect(report.pdf.budget.draftPages).toBeGreaterThan(2);
    const left = report.pdf.budget.leftOut;
    expect(left.length).toBeGreaterThan(0);
    expect(left[0]!.field).toMatch(/^work\[8\]\.highlights\[\d\]$/);
    expect(run.stdout).toContain(
      `pages: 2 of 2: ${left.length} items left out to fit (report.json pdf.budget.leftOut)`,
    );
    const resume = JSON.parse(readFileSync(join(out, "resume.json"), "utf8")) as {
      work: { name: string; startDate: string }[];
    };
    expect(resume.work.map((w) => w.name)).toEqual(work.map((w) => w.name));
    const page = readFileSync(join(out, "audit.html"), "utf8");
    expect(page).toContain("Left out to fit 2 pages (the PDF has 2)");
    expect(page).toContain(left[0]!.text);
  });

  it("refuses a page budget that is not a positive whole number, before any work", async () => {
    const run = await onSample(join(temp(), "x"), "--pages", "0");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--pages/);
  });
});

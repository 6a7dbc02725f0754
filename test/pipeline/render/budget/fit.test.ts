import { describe, expect, it } from "vitest";
import type { JsonResume } from "../../../../core/resume.js";
import { defaultPageLimit, fitPages } from "../../../../pipeline/render/budget/fit.js";
import { loadLayout } from "../../../../pipeline/render/layout.js";
import { measurePages } from "../../../../pipeline/render/pdf/pdf.js";
import { nineJobs } from "../../../helpers/long-profile.js";

/** A rank where a highlight naming Kubernetes is backed, and "latency" is a shared word. */
const rank = {
  backed: (text: string) => (/Kubernetes/.test(text) ? 1 : 0),
  score: (text: string) => (/Kubernetes/.test(text) ? 3 : 0) + (/latency/.test(text) ? 1 : 0),
};
/** Pages as one per five strings of highlights: a measure whose answer the test can work out. */
const byHighlights = async (resume: JsonResume) =>
  Math.max(1, Math.ceil(JSON.stringify(resume).split('"h:').length / 5));

const draft: JsonResume = {
  work: [
    {
      name: "New",
      position: "Lead",
      startDate: "2022-01",
      highlights: ["h: Ran Kubernetes.", "h: Cut latency.", "h: Wrote docs."],
    },
    {
      name: "Old",
      position: "Dev",
      startDate: "2015-01",
      endDate: "2018-01",
      highlights: ["h: Ran Kubernetes too.", "h: Fixed bugs.", "h: Led demos."],
    },
  ],
  projects: [{ name: "site", description: "h: A site." }],
};

describe("fitPages: the page budget", () => {
  it("leaves a draft that fits as it is, and says so", async () => {
    const fitted = await fitPages({
      draft,
      limit: 3,
      source: "option",
      rank,
      asOf: "2026-12-03",
      measure: byHighlights,
    });
    expect(fitted.draft).toBe(draft);
    expect(fitted.budget).toEqual({ limit: 3, source: "option", draftPages: 2, leftOut: [], fits: true });
  });

  it("leaves out the least relevant and oldest highlights first, never a title or a date", async () => {
    const fitted = await fitPages({
      draft,
      limit: 1,
      source: "default",
      rank,
      asOf: "2026-12-03",
      measure: byHighlights,
    });
    expect(fitted.budget.leftOut.map((l) => l.field)).toEqual([
      "work[1].highlights[2]",
      "work[1].highlights[1]",
      "work[0].highlights[2]",
    ]);
    expect(fitted.budget.leftOut[0]).toEqual({
      field: "work[1].highlights[2]",
      text: "h: Led demos.",
      reason: "evidences none of the job's backed requirements; relevance 0; highlight of 2018",
    });
    expect(fitted.draft.work!.map((w) => [w.name, w.position, w.startDate, w.highlights])).toEqual([
      ["New", "Lead", "2022-01", ["h: Ran Kubernetes.", "h: Cut latency."]],
      ["Old", "Dev", "2015-01", ["h: Ran Kubernetes too."]],
    ]);
    expect(fitted.budget.fits).toBe(true);
    expect(draft.work![1]!.highlights).toHaveLength(3); // the input is not changed
  });

  it("cuts no more than helps when even titles and dates run past the budget", async () => {
    const always3 = async () => 3;
    const fitted = await fitPages({
      draft,
      limit: 1,
      source: "option",
      rank,
      asOf: "2026-12-03",
      measure: always3,
    });
    expect(fitted.budget).toMatchObject({ draftPages: 3, leftOut: [], fits: false });
    expect(fitted.draft).toEqual(draft);
  });

  it("sets one page under five years of work and two from five", () => {
    expect([0, 4.9, 5, 22].map(defaultPageLimit)).toEqual([1, 1, 2, 2]);
  });
});

describe("fitPages with the real layout", () => {
  it("brings a nine-job profile from three pages to two, measured by Typst", async () => {
    const layout = loadLayout("classic");
    const jobs = nineJobs();
    const long: JsonResume = { basics: { name: "Nine Jobs", summary: "Engineer." }, work: jobs };
    expect(await measurePages(long, layout)).toBe(3);
    const fitted = await fitPages({
      draft: long,
      limit: 2,
      source: "default",
      rank,
      asOf: "2026-12-03",
      measure: (r) => measurePages(r, layout),
    });
    expect(fitted.budget.draftPages).toBe(3);
    expect(fitted.budget.fits).toBe(true);
    expect(await measurePages(fitted.draft, layout)).toBe(2);
    expect(fitted.draft.work).toHaveLength(9);
    expect(
      fitted.draft.work!.every((w, i) => w.name === `Company ${i + 1}` && w.startDate && w.endDate),
    ).toBe(true);
    // The oldest go first: what was left out is from the last jobs.
    expect(fitted.budget.leftOut[0]!.field).toMatch(/^work\[8\]/);
    expect(fitted.budget.leftOut.length).toBeGreaterThan(0);
    expect(fitted.budget.leftOut.length).toBeLessThan(63);
  });
});

import type { RunReport } from "../../outputs/report.js";

/** What `vouch generate` says about the page budget: nothing when the draft fit as written. */
export function budgetLines(report: RunReport): string[] {
  const budget = report.pdf?.budget;
  if (!budget) return [];
  const pages = report.pdf!.pages;
  const fit = `pages: ${pages} of ${budget.limit}`;
  if (budget.leftOut.length === 0 && budget.fits) return [];
  const left = `${budget.leftOut.length} item${budget.leftOut.length === 1 ? "" : "s"} left out to fit (report.json pdf.budget.leftOut)`;
  return budget.fits
    ? [`${fit}: ${left}`]
    : [`${fit}: over budget even with ${left}; titles and dates are never cut`];
}

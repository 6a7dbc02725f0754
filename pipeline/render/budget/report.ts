// report.json's account of the page budget: the limit, the pages the PDF came to, what was left out.
export interface LeftOut {
  /** The field in the written draft (`work[3].highlights[1]`, `projects[2]`). */
  field: string;
  text: string;
  /** Why it went first: its relevance to the job's backed requirements, then how recent it is. */
  reason: string;
}

export interface PageBudgetReport {
  limit: number;
  /** Where the limit came from: `--pages`, or the default for the profile's years of work. */
  source: "option" | "default";
  /** Pages of the draft before anything was left out. */
  draftPages: number;
  leftOut: LeftOut[];
  /** False when even the entries' titles and dates alone run past the limit. */
  fits: boolean;
}

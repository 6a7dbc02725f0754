// The page budget: a draft that runs past N pages loses its least relevant highlights first, then whole
// entries of the sections a reader can spare (projects, volunteering, awards, publications), until the
// PDF, laid out again each time, fits. Relevance is to the job's backed requirements, then the score of
// shared words, then recency: older goes first. Never an entry's title or dates, never work, education or
// the skills. The measure is the real layout (Typst's page count), searched by halving, so a fit costs
// a handful of layouts, not one per highlight.
import type { JsonResume } from "../../../core/resume.js";
import { months } from "../../years.js";
import type { LeftOut, PageBudgetReport } from "./report.js";

export interface Rank {
  /** How many of the job's backed requirements the text evidences. */
  backed(text: string): number;
  /** Shared technologies and words with the job, backed or not. */
  score(text: string): number;
}

export interface FitInput {
  draft: JsonResume;
  limit: number;
  source: PageBudgetReport["source"];
  rank: Rank;
  asOf: string;
  /** Pages the resume comes to, laid out. */
  measure: (resume: JsonResume) => Promise<number>;
}

interface Candidate {
  section: string;
  entry: number;
  /** A highlight's index, or undefined for the whole entry. */
  highlight?: number;
  text: string;
  backed: number;
  score: number;
  /** Months since year 0 of the entry's end (its start, or now when it runs on). */
  recency: number;
}

const SPARE_ENTRIES = ["projects", "volunteer", "awards", "publications"] as const;
const WITH_HIGHLIGHTS = ["work", "projects", "volunteer"] as const;

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === "string") : [];
const entries = (draft: JsonResume, section: string): Record<string, unknown>[] => {
  const list = (draft as Record<string, unknown>)[section];
  return Array.isArray(list) ? (list as Record<string, unknown>[]) : [];
};

function recencyOf(entry: Record<string, unknown>, asOf: string): number {
  const end = typeof entry.endDate === "string" && entry.endDate.trim() !== "" ? entry.endDate : undefined;
  const start = [entry.startDate, entry.date, entry.releaseDate].find((d) => typeof d === "string");
  return months(end ?? (entry.startDate ? asOf : (start as string | undefined))) ?? 0;
}

function candidates(draft: JsonResume, rank: Rank, asOf: string): Candidate[] {
  const rate = (c: Omit<Candidate, "backed" | "score">): Candidate => ({
    ...c,
    backed: rank.backed(c.text),
    score: rank.score(c.text),
  });
  const highlights = WITH_HIGHLIGHTS.flatMap((section) =>
    entries(draft, section).flatMap((entry, i) =>
      strings(entry.highlights).map((text, j) =>
        rate({ section, entry: i, highlight: j, text, recency: recencyOf(entry, asOf) }),
      ),
    ),
  );
  const whole = SPARE_ENTRIES.flatMap((section) =>
    entries(draft, section).map((entry, i) =>
      rate({
        section,
        entry: i,
        text: Object.values(entry)
          .flatMap((v) => (typeof v === "string" ? [v] : strings(v)))
          .join(". "),
        recency: recencyOf(entry, asOf),
      }),
    ),
  );
  // Least relevant first; among equals the oldest, then the last written (a candidate's own order).
  const order = (a: Candidate, b: Candidate) =>
    a.backed - b.backed ||
    a.score - b.score ||
    a.recency - b.recency ||
    b.entry - a.entry ||
    (b.highlight ?? 0) - (a.highlight ?? 0);
  return [...highlights.sort(order), ...whole.sort(order)];
}

/** The draft without the first `count` candidates. */
function without(draft: JsonResume, ranked: readonly Candidate[], count: number): JsonResume {
  const gone = new Set(ranked.slice(0, count).map((c) => `${c.section}:${c.entry}:${c.highlight ?? "*"}`));
  const out = structuredClone(draft) as Record<string, unknown>;
  for (const section of new Set(ranked.map((c) => c.section))) {
    // The copy's own entries: the draft given is never changed.
    out[section] = entries(out as JsonResume, section).flatMap((entry, i) => {
      if (gone.has(`${section}:${i}:*`)) return [];
      if (!Array.isArray(entry.highlights)) return [entry];
      const kept = (entry.highlights as unknown[]).filter((_, j) => !gone.has(`${section}:${i}:${j}`));
      return [{ ...entry, highlights: kept }];
    });
  }
  return out as JsonResume;
}

function reasonOf(c: Candidate): string {
  const backed =
    c.backed === 0
      ? "evidences none of the job's backed requirements"
      : `evidences ${c.backed} backed requirement${c.backed === 1 ? "" : "s"}`;
  const year = Math.floor(c.recency / 12);
  return `${backed}; relevance ${c.score}; ${c.highlight === undefined ? "entry" : "highlight"} of ${year || "undated"}`;
}

export interface Fitted {
  draft: JsonResume;
  budget: PageBudgetReport;
}

export async function fitPages(input: FitInput): Promise<Fitted> {
  const { draft, limit } = input;
  const draftPages = await input.measure(draft);
  const report = (leftOut: LeftOut[], fits: boolean): PageBudgetReport => ({
    limit,
    source: input.source,
    draftPages,
    leftOut,
    fits,
  });
  if (draftPages <= limit) return { draft, budget: report([], true) };
  const ranked = candidates(draft, input.rank, input.asOf);
  const floor = await input.measure(without(draft, ranked, ranked.length));
  // Past what leaving everything out reaches, cutting more would lose text and save no page.
  const target = Math.max(limit, floor);
  let [low, high] = [0, ranked.length];
  while (low < high) {
    const middle = Math.floor((low + high) / 2);
    if ((await input.measure(without(draft, ranked, middle))) <= target) high = middle;
    else low = middle + 1;
  }
  const leftOut = ranked.slice(0, low).map((c) => ({
    field: `${c.section}[${c.entry}]${c.highlight === undefined ? "" : `.highlights[${c.highlight}]`}`,
    text: c.text,
    reason: reasonOf(c),
  }));
  return { draft: without(draft, ranked, low), budget: report(leftOut, floor <= limit) };
}

/** The default budget: one page under five years of work, else two. */
export const defaultPageLimit = (yearsOfWork: number) => (yearsOfWork < 5 ? 1 : 2);

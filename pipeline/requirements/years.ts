// The years clauses of a job line and what each asks years of: "3+ years running Kubernetes" asks for
// Kubernetes; "5+ years building backend systems" for experience overall. Pure.
import type { NamedTechnology } from "./technologies.js";

export interface YearsClause {
  years: number;
  /** The technology the clause asks years of; none for experience overall. */
  technology?: string;
  start: number;
}

/** `5+ years`, `5 or more years`, `3-5 years` (a range asks for its lower end). */
const YEARS = /\b(\d{1,2})\s*(?:[-–]\s*\d{1,2}\s*)?\+?\s*(?:or more\s+)?years?\b/gi;
/** Where a clause ends: a sentence or a semicolon (a comma does not: "3+ years of Go, ideally on EKS"). */
const CLAUSE_END = /[.;!?](?:\s|$)/g;

/** Nothing after the figure but a lead-in to nested items: "4+ years with:". */
const ASKS_NESTED = /^[\s:]*(?:(?:of|with|in|using|across)\b[\s:]*)?$/i;

/**
 * Each years figure with its subject: the first technology after it in its clause, else the last before
 * it there ("Kubernetes: 3+ years"), else the first of the line's nested items ("4+ years with:" over "Go").
 */
export function yearsClauses(
  text: string,
  named: readonly NamedTechnology[],
  nested: readonly NamedTechnology[] = [],
): YearsClause[] {
  const figures = [...text.matchAll(YEARS)];
  const ends = [...text.matchAll(CLAUSE_END)].map((m) => m.index);
  return figures.map((m, i) => {
    const start = m.index;
    const after = start + m[0].length;
    const clauseEnd = Math.min(
      ends.find((e) => e >= after) ?? text.length,
      figures[i + 1]?.index ?? text.length,
    );
    const clauseStart = Math.max(0, ...ends.filter((e) => e < start).map((e) => e + 1));
    const subject =
      named.find((t) => t.start >= after && t.start < clauseEnd) ??
      named.filter((t) => t.end <= start && t.start >= clauseStart).at(-1) ??
      (ASKS_NESTED.test(text.slice(after)) ? nested[0] : undefined);
    return { years: Number(m[1]), start, ...(subject ? { technology: subject.id } : {}) };
  });
}

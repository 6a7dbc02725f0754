// What a job asks for, one requirement per technology, years figure or duty. Pure.
import type { Catalog } from "../extractors/catalog.js";
import type { Job } from "./job.js";
import { isContentWord, stemOf, wordsOf } from "./verify/words.js";

export type RequirementKind = "technology" | "years" | "domain";

export interface Requirement {
  /** `R1`, `R2`, … in the order of the job. */
  id: string;
  kind: RequirementKind;
  /** The job's own words (the line it came from). */
  text: string;
  line: number;
  /** Under a "nice to have" / "bonus" / "preferred" heading or phrase. */
  optional: boolean;
  technology?: string;
  years?: number;
  /** Content stems, for relevance and for matching duties to highlights. */
  stems: string[];
}

const OPTIONAL = /\b(nice[- ]to[- ]have|bonus|preferred|a plus|plus if)\b/i;
/** `5+ years`, `5 or more years`, `3-5 years` (a range asks for its lower end). */
const YEARS = /\b(\d{1,2})\s*(?:[-–]\s*\d{1,2}\s*)?\+?\s*(?:or more\s+)?years?\b/i;

export function jobRequirements(job: Job, catalog: Catalog): Requirement[] {
  const out: Requirement[] = [];
  const seen = new Map<string, Requirement>();
  const add = (r: Omit<Requirement, "id">) => {
    const key = r.technology ?? (r.years !== undefined ? `years:${r.years}` : `text:${r.text}`);
    const earlier = seen.get(key);
    // Asked for anywhere without "nice to have", it is required: the required line's words describe it.
    if (earlier?.optional && !r.optional) Object.assign(earlier, r);
    if (earlier) return;
    const requirement = { ...r, id: `R${out.length + 1}` };
    seen.set(key, requirement);
    out.push(requirement);
  };
  for (const line of job.lines) {
    if (line.heading) continue;
    const optional = OPTIONAL.test(line.text) || OPTIONAL.test(line.section);
    const stems = contentStems(line.text);
    const base = { text: line.text, line: line.line, optional, stems };
    const years = YEARS.exec(line.text)?.[1];
    if (years !== undefined) add({ ...base, kind: "years", years: Number(years) });
    const mentions = catalog.findMentions(line.text);
    for (const m of mentions) add({ ...base, kind: "technology", technology: m.id });
    if (mentions.length === 0 && years === undefined && stems.length >= 2) add({ ...base, kind: "domain" });
  }
  return out;
}

export function contentStems(text: string): string[] {
  return [
    ...new Set(
      wordsOf(text)
        .filter((w) => isContentWord(w.text))
        .map((w) => stemOf(w.text)),
    ),
  ];
}

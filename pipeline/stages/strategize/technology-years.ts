// How many years the profile's dates give a technology: the work entries that name it or one that implies it
// (position, summary, highlights), their date ranges merged so overlapping jobs count once. Pure.
import type { Catalog } from "../../../extractors/catalog.js";
import type { JsonResume } from "../../../core/resume.js";
import { months } from "../../years.js";

export interface TechnologySpan {
  years: number;
  /** The entries that name it, each with its dates: `work[1]` and `2019-03 to 2022-01`. */
  entries: { field: string; dates: string; text: string }[];
}

/** A span the code's history gives: the candidate's first and last commit on the technology's evidence. */
export interface CommitRange {
  first: string;
  last: string;
}

export function technologyYears(
  profile: JsonResume,
  technology: string,
  catalog: Catalog,
  asOf: string,
  commits?: CommitRange,
): TechnologySpan {
  const ranges: [number, number][] = [];
  const [from, to] = [months(commits?.first), months(commits?.last)];
  if (from !== undefined && to !== undefined && to >= from) ranges.push([from, to]);
  const entries: TechnologySpan["entries"] = [];
  const now = months(asOf);
  (profile.work ?? []).forEach((w, i) => {
    const texts = [w.position, w.summary, ...(w.highlights ?? [])].filter((t): t is string => !!t);
    // An entry naming Amazon EKS is Kubernetes experience too (the catalog's `implies`).
    const counts = (id: string) =>
      id === technology || catalog.get(id)?.implies?.includes(technology) === true;
    const naming = texts.find((t) => catalog.findMentionsAnyCase(t).some((m) => counts(m.id)));
    const start = months(w.startDate);
    const end = w.endDate ? months(w.endDate) : now;
    if (!naming || start === undefined || end === undefined || end < start) return;
    ranges.push([start, end]);
    entries.push({ field: `work[${i}]`, dates: `${w.startDate} to ${w.endDate ?? asOf}`, text: naming });
  });
  ranges.sort((a, b) => a[0] - b[0]);
  let total = 0;
  let open: [number, number] | undefined;
  for (const [s, e] of ranges) {
    if (open && s <= open[1]) open[1] = Math.max(open[1], e);
    else {
      if (open) total += open[1] - open[0];
      open = [s, e];
    }
  }
  if (open) total += open[1] - open[0];
  return { years: total / 12, entries };
}

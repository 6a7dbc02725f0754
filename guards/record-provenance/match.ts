// Which profile entry a draft entry is: the same name first (an exact role and dates among several entries
// at one employer, else the closest by dates), then, for a renamed entry, the same start date with the same
// role or end date. Each profile entry is matched once; a second draft entry with its name is a duplicate.
import type { ResumeEntry } from "../../core/resume.js";
import { asEntry, monthOf, nameKey, sameValue } from "./normalise.js";
import type { SectionSpec } from "./sections.js";

type Entry = ResumeEntry;

export type EntryMatch =
  /** By name, or (`renamed`) by dates and role; `exact` when role and dates agree too. */
  | { kind: "matched"; profileIndex: number; renamed: boolean; exact: boolean }
  | { kind: "duplicate"; profileIndex: number }
  | { kind: "invented" };

const OPEN_END = Number.MAX_SAFE_INTEGER;

function dateDistance(a: Entry, b: Entry): number {
  const gap = (x: unknown, y: unknown, open: number) => {
    const [m, n] = [monthOf(x) ?? open, monthOf(y) ?? open];
    return m === n ? 0 : m === open || n === open ? 1200 : Math.abs(m - n);
  };
  return gap(a.startDate, b.startDate, -1) + gap(a.endDate, b.endDate, OPEN_END);
}

function sameRole(a: Entry, b: Entry, spec: SectionSpec): boolean {
  return (spec.role ?? []).every((f) => nameKey(a[f]) === nameKey(b[f]));
}

function isExact(a: Entry, b: Entry, spec: SectionSpec): boolean {
  return sameRole(a, b, spec) && sameValue(a.startDate, b.startDate) && sameValue(a.endDate, b.endDate);
}

/** One match per draft entry, in the draft's order. */
export function matchEntries(
  draft: readonly unknown[],
  profile: readonly unknown[],
  spec: SectionSpec,
): EntryMatch[] {
  const drafts = draft.map(asEntry);
  const profiles = profile.map(asEntry);
  const used = new Set<number>();
  const result: (EntryMatch | undefined)[] = drafts.map(() => undefined);
  const profileKeys = profiles.map((p) => nameKey(p[spec.identity]));
  const named = drafts.map((d) => {
    const key = nameKey(d[spec.identity]);
    return key === "" ? [] : profileKeys.flatMap((k, i) => (k === key ? [i] : []));
  });
  const take = (i: number, p: number, renamed: boolean) => {
    used.add(p);
    result[i] = { kind: "matched", profileIndex: p, renamed, exact: isExact(drafts[i]!, profiles[p]!, spec) };
  };

  // Exact matches first, so a near one cannot take the entry an exact one needs.
  drafts.forEach((d, i) => {
    const exact = named[i]!.find((p) => !used.has(p) && isExact(d, profiles[p]!, spec));
    if (exact !== undefined) take(i, exact, false);
  });
  drafts.forEach((d, i) => {
    if (result[i] || named[i]!.length === 0) return;
    const free = named[i]!.filter((p) => !used.has(p));
    if (free.length === 0) {
      result[i] = { kind: "duplicate", profileIndex: named[i]![0]! };
      return;
    }
    const score = (p: number) =>
      dateDistance(d, profiles[p]!) * 2 + (sameRole(d, profiles[p]!, spec) ? 0 : 1);
    take(
      i,
      free.reduce((best, p) => (score(p) < score(best) ? p : best)),
      false,
    );
  });
  // A renamed entry: no profile entry has its name, but one starts the same month in the same role or
  // ends the same month (an employer swapped for a famous one keeps its dates).
  drafts.forEach((d, i) => {
    // Only entries with a role (a job, a degree) are told apart by dates: two projects may start together.
    if (result[i] || !spec.role || monthOf(d.startDate) === undefined) return;
    const same = profiles.findIndex(
      (p, j) =>
        !used.has(j) &&
        sameValue(p.startDate, d.startDate) &&
        (sameRole(d, p, spec) || (p.endDate !== undefined && sameValue(p.endDate, d.endDate))),
    );
    if (same !== -1) take(i, same, true);
  });
  return result.map((m) => m ?? { kind: "invented" });
}

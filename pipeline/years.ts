// How long the profile's dates say the candidate has worked: from the earliest work start to `asOf`.
import type { JsonResume } from "../core/resume.js";

export interface ExperienceSpan {
  years: number;
  /** The earliest start date and where it is. */
  from?: { field: string; value: string };
}

/** `2018-06` / `2018-06-15` / `2018` → months since year 0; undefined when not a date. */
export function months(date: string | undefined): number | undefined {
  const m = /^(\d{4})(?:-(\d{2}))?/.exec(date ?? "");
  return m ? Number(m[1]) * 12 + (m[2] ? Number(m[2]) - 1 : 0) : undefined;
}

export function experienceYears(profile: JsonResume, asOf: string): ExperienceSpan {
  let earliest: { field: string; value: string; months: number } | undefined;
  (profile.work ?? []).forEach((w, i) => {
    const start = months(w.startDate);
    if (start !== undefined && (!earliest || start < earliest.months)) {
      earliest = { field: `work[${i}].startDate`, value: w.startDate!, months: start };
    }
  });
  const end = months(asOf);
  if (!earliest || end === undefined) return { years: 0 };
  return {
    years: Math.max(0, (end - earliest.months) / 12),
    from: { field: earliest.field, value: earliest.value },
  };
}

import type { Layout } from "./layout-schema.js";

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];

/**
 * A JSON Resume date (`2021`, `2021-04`, `2021-04-15`) in a layout's format: `MMM YYYY` → `Apr 2021`.
 * A year-only date drops the month tokens; text that is not a date is shown as written.
 */
export function formatDate(date: string, format: string): string {
  const match = /^(\d{4})(?:-(\d{2}))?(?:-\d{2})?$/.exec(date.trim());
  if (!match) return date.trim();
  const year = match[1] as string;
  const month = match[2] ? Number(match[2]) : undefined;
  if (month === undefined || month < 1 || month > 12) return year;
  const name = MONTHS[month - 1] as string;
  // One pass, longest token first, so the `M` of a substituted "March" is never read as a token again.
  return format.replace(/YYYY|MMMM|MMM|MM/g, (token) =>
    token === "YYYY"
      ? year
      : token === "MMMM"
        ? name
        : token === "MMM"
          ? name.slice(0, 3)
          : String(month).padStart(2, "0"),
  );
}

/** `Apr 2021 – Present`, `2018 – 2021`, `2018`; empty when the entry has no dates. */
export function formatDateRange(
  start: string | undefined,
  end: string | undefined,
  dates: Layout["dates"],
): string {
  const from = start ? formatDate(start, dates.format) : "";
  const to = end ? formatDate(end, dates.format) : from ? dates.present : "";
  if (!from) return to === dates.present ? "" : to;
  return from === to ? from : `${from}${dates.separator}${to}`;
}

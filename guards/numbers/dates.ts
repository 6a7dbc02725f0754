// Figures that carry their own value: times of day (`8 pm`, `12.30 am`, `18:30`), dates (`2021-03`, `03/2021`), short year ranges (`2019-21`, `2007–11`,
// `2001 -- 07`) and phone numbers (`+1 555 0100`, `(555) 123-4567`). A four-digit year, a plain hyphen and two
// digits that can be a month (`2007-11`) is a date (November 2007); with any other dash, spaces around it, or
// two digits that cannot be a month (`1998-99`), it is a range of two years (2007 and 2011).
import { type Reading, newReading } from "./reading.js";
import type { UnitDef } from "./units.js";
import { isDigitCode, sticky } from "./text.js";

const ISO_DATE = /(\d{4})-(\d{2})(?:-(\d{2}))?(?![\d-])/y;
/** Four digits, a dash (`-`, `--`, `–`, `—`, spaced or not) and two digits, not a scaled or decimal figure. */
const SHORT_YEAR_RANGE =
  /(\d{4})[ \u00a0]*(?:--|[-–—])[ \u00a0]*(\d{2})(?![\d%]|[.,]\d|[ \u00a0]?(?:[kKmMbB]|bn|ms|s)(?![A-Za-z0-9]))/y;
/** The longest short year range read across a century (`1995–05`). */
const MAX_CENTURY_CROSSING = 20;
const SLASH_DATE = /(\d{1,2})\/(?:(\d{1,2})\/)?(\d{4})(?!\d)/y;
const PHONE_INTL = /\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,5}(?![\d%])/y;
const PHONE_US = /(?:\(\d{3}\) ?|\d{3}[.-])\d{3}[.-]\d{4}(?!\d)/y;
/** `8 pm`, `8pm`, `12.30 a.m.`, `6:30 AM`: an hour of the twelve-hour clock. */
const CLOCK_12 = /(\d{1,2})(?:[:.](\d{2}))?[ \u00a0]?([aApP])(?:\.[mM]\.|[mM])(?![A-Za-z0-9])/y;
/** `18:30`: an hour of the twenty-four-hour clock (not a timestamp's `18:30:05`). */
const CLOCK_24 = /(\d{1,2}):(\d{2})(?![\d:])/y;
/** A time of day is a measure of its own: minutes since midnight, so `8 pm`, `8pm` and `20:00` are one. */
const CLOCK: UnitDef = { unit: "clock", factor: 1, kind: "measure" };

/** A phone number whose digits start at `s` (its `+` or `(` may come before). */
export function readPhone(text: string, s: number): Reading | undefined {
  const before = text.charCodeAt(s - 1);
  const grouped = isDigitCode(text.charCodeAt(s + 2)) && (text[s + 3] === "-" || text[s + 3] === ".");
  const m =
    before === 43 // `+`, whatever precedes it: a redaction next to it must not change the reading
      ? sticky(PHONE_INTL, text, s - 1)
      : before === 40 // `(`
        ? sticky(PHONE_US, text, s - 1)
        : grouped
          ? sticky(PHONE_US, text, s)
          : null;
  if (!m) return undefined;
  const digits = m[0].replace(/\D/g, "");
  if (digits.length < 8 || digits.length > 15) return undefined;
  const d = newReading(m.index, m.index + m[0].length, 0, 0, 0);
  d.kind = "phone";
  d.fixedValue = Number(digits);
  d.fixedPrecision = 1;
  return d;
}

/** A time of day whose digits start at `s`: a figure of unit `clock`, in minutes since midnight. */
export function readClock(text: string, s: number, runEnd: number): Reading | undefined {
  // Most runs of digits are no time: only a `:` or an `a`/`p` after them (a space aside) can make one.
  if (runEnd - s > 5) return undefined;
  let next = text.charCodeAt(runEnd);
  if (next !== 58) {
    if (next === 32 || next === 0xa0) next = text.charCodeAt(runEnd + 1);
    if (next !== 97 && next !== 65 && next !== 112 && next !== 80) return undefined;
  }
  const twelve = sticky(CLOCK_12, text, s);
  const m = twelve ?? sticky(CLOCK_24, text, s);
  if (!m) return undefined;
  const hour = Number(m[1]);
  const minute = m[2] ? Number(m[2]) : 0;
  if (minute > 59 || (twelve ? hour < 1 || hour > 12 : hour > 23)) return undefined;
  const pm = twelve !== null && (m[3] === "p" || m[3] === "P");
  const d = newReading(s, s + m[0].length, 0, 0, 0);
  d.kind = "measure";
  d.unit = CLOCK;
  d.fixedValue = ((hour % (twelve ? 12 : 24)) + (pm ? 12 : 0)) * 60 + minute;
  d.fixedPrecision = 1;
  return d;
}

function validDate(year: number, month: number, day = 1): boolean {
  return year >= 1900 && year <= 2100 && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** `2021-03`, `2021-03-15`, `03/2021`, `12/31/2021`; and the short year range `2019-21`. */
export function readDate(text: string, s: number): Reading[] | undefined {
  const iso = sticky(ISO_DATE, text, s);
  if (iso) {
    const [year, month, day] = [Number(iso[1]), Number(iso[2]), iso[3] ? Number(iso[3]) : 0];
    if (validDate(year, month, day || 1)) return [dateDraft(s, iso[0].length, year, month, day)];
  }
  const slash = sticky(SLASH_DATE, text, s);
  if (slash) {
    let [month, day] = [Number(slash[1]), slash[2] ? Number(slash[2]) : 0];
    if (month > 12 && day > 0 && day <= 12) [month, day] = [day, month];
    const year = Number(slash[3]);
    if (validDate(year, month, day || 1)) return [dateDraft(s, slash[0].length, year, month, day)];
  }
  const short = sticky(SHORT_YEAR_RANGE, text, s);
  if (short) {
    const from = Number(short[1]);
    let to = Math.floor(from / 100) * 100 + Number(short[2]);
    // `1999–01` crosses a century; `2019-18` goes nowhere.
    if (to <= from && to + 100 - from <= MAX_CENTURY_CROSSING) to += 100;
    if (from >= 1900 && from <= 2100 && to > from && to - from < 100) {
      const end = s + short[0].length;
      const a = newReading(s, s + 4, from, 0, 0);
      const b = newReading(end - 2, end, to, 0, 0);
      a.kind = b.kind = "year";
      a.range = b.range = [s, end];
      return [a, b];
    }
  }
  return undefined;
}

function dateDraft(start: number, length: number, year: number, month: number, day: number): Reading {
  const d = newReading(start, start + length, 0, 0, 0);
  d.kind = "date";
  d.fixedValue = year * 10000 + month * 100 + day;
  d.fixedPrecision = day ? 1 : 100;
  return d;
}

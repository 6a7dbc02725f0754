// Figures that carry their own value: dates (`2021-03`, `03/2021`), short year ranges (`2019-21`) and phone
// numbers (`+1 555 0100`, `(555) 123-4567`).
import { type Reading, newReading } from "./reading.js";
import { isDigitCode, sticky } from "./text.js";

const ISO_DATE = /(\d{4})-(\d{2})(?:-(\d{2}))?(?![\d-])/y;
const SHORT_YEAR_RANGE = /(\d{4})[-–](\d{2})(?![\d%.,]|\s?(?:[kKmMbB]|ms|s\b))/y;
const SLASH_DATE = /(\d{1,2})\/(?:(\d{1,2})\/)?(\d{4})(?!\d)/y;
const PHONE_INTL = /\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,5}(?![\d%])/y;
const PHONE_US = /(?:\(\d{3}\) ?|\d{3}[.-])\d{3}[.-]\d{4}(?!\d)/y;

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
    const to = Math.floor(from / 100) * 100 + Number(short[2]);
    if (from >= 1900 && from <= 2100 && to > from && to - from < 100) {
      const a = newReading(s, s + 4, from, 0, 0);
      const b = newReading(s + 5, s + 7, to, 0, 0);
      a.kind = b.kind = "year";
      a.range = b.range = [s, s + 7];
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

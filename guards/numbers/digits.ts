// Reading one run of digits as a figure, or skipping it: a phone number or date, a version (`1.4.2`), an
// identifier glued to letters (`S3`, `p99`), a fraction or schedule (`24/7`), an idiom (`3-tier`), a name
// (`Route 53`), a numbered-list marker (`1. ` at a line start); else a number with its prefix and suffix.
// And the ranges that share a unit (`3-5 years`).
import type { Catalog } from "../../extractors/catalog.js";
import { currencyBefore } from "./currency.js";
import { readClock, readDate, readPhone } from "./dates.js";
import { type Reading, isBare, numberReading } from "./reading.js";
import { listMarkerEnd } from "./markers.js";
import { isName } from "./names.js";
import { readPrefix, readSuffix } from "./read.js";
import {
  identifierEnd,
  isDigitCode,
  isGlue,
  isLetterCode,
  isSpaceCode,
  isWordCode,
  skipSpacesBack,
  wordStartBefore,
  WordSet,
} from "./text.js";
import { IDIOM_AFTER } from "./words.js";

const THOUSANDS = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
/** Words glued before a hyphen that keep the number a figure: `mid-2021`, `sub-100ms`, `pre-2020`. */
const HYPHEN_PREFIXES = new WordSet([
  "mid",
  "pre",
  "post",
  "early",
  "late",
  "end",
  "sub",
  "over",
  "under",
  "top",
  "circa",
]);
const RANGE_BETWEEN = /^[ \u00a0]*(?:-|–|—|to|through)[ \u00a0]*$/i;

/** What reading a run of digits needs to know of the scan it is part of. */
export interface Scan {
  text: string;
  catalog: Catalog | undefined;
  masks: readonly [number, number][];
  maskAt: number;
  /** Identifiers skipped so far (`Q3/twenty-five`): number words inside them are not figures either. */
  skipped: [number, number][];
  /**
   * Where what was read last ends (a figure, identifier, mask or marker): a currency before the next figure
   * never reaches back before it.
   */
  floor: number;
}

/** No spans: shared, never written to (a scan gets its own list when it first skips something). */
export const NO_SPANS: [number, number][] = [];

/** Skip the identifier at `s`, and at least its run of digits; returns where to resume. */
function skip(scan: Scan, s: number, digits: string): number {
  const end = Math.max(identifierEnd(scan.text, s), s + digits.length);
  if (scan.skipped === NO_SPANS) scan.skipped = [];
  scan.skipped.push([s, end]);
  return end;
}

/** Whether the word glued before the hyphen that ends at `at` keeps the number a figure (`mid-2021`). */
function hyphenPrefix(text: string, at: number): boolean {
  const end = skipSpacesBack(text, at);
  const start = wordStartBefore(text, end);
  return start < end && HYPHEN_PREFIXES.has(text, start, end);
}

/** `-`, `–`, `—` at `at`, or after spaces there (`2007 – 11`). */
function mayStartYearDash(text: string, at: number): boolean {
  let c = text.charCodeAt(at);
  while (isSpaceCode(c)) c = text.charCodeAt(++at);
  return c === 45 || c === 0x2013 || c === 0x2014;
}

/** Read the figure whose digits start at `s` into `out`; returns where to resume scanning. */
export function readAt(scan: Scan, s: number, digits: string, out: Reading[]): number {
  const { text } = scan;
  while (scan.maskAt < scan.masks.length && scan.masks[scan.maskAt]![1] <= s) scan.maskAt++;
  const mask = scan.masks[scan.maskAt];
  if (mask && mask[0] <= s) return mask[1];

  const phone = readPhone(text, s);
  if (phone) {
    out.push(phone);
    return phone.end;
  }

  const clock = readClock(text, s, s + digits.length);
  if (clock) {
    out.push(clock);
    return clock.end;
  }

  // `1. `, `2) `, `(3) ` at a line start: orders a list, measures nothing.
  const marker = listMarkerEnd(text, s, s + digits.length);
  if (marker !== -1) return marker;

  const prev = text.charCodeAt(s - 1);
  const prev2 = text.charCodeAt(s - 2);
  // Glued to a word: a name or identifier (`S3`, `p99`, `IPv6`, `x86`, `OAuth2`).
  if (isGlue(prev)) return skip(scan, s, digits);
  // After `x/`, `x-`, `x.`: `HTTP/2`, `GPT-4`. A redaction marker counts as a word, so that what is left
  // next to one (`[NUM_REDACTED]/0`) reads the same on a second pass.
  // Not after a currency that ends with a dot (`Rs.500`).
  if ((prev === 46 || prev === 47 || prev === 45) && (isLetterCode(prev2) || prev2 === 93)) {
    const keep =
      prev === 45 ? hyphenPrefix(text, s - 1) : prev === 46 && !!currencyBefore(text, s, scan.floor);
    if (!keep) return skip(scan, s, digits);
  }

  let start = s;
  let core = digits;
  const end = s + digits.length;
  // `.5` after a space or an opening bracket; not after `]` (`[NUM_REDACTED].5` is what is left of `4.5`).
  if (
    prev === 46 &&
    (s < 2 || /[\s(~≈$€£]/.test(text[s - 2]!)) &&
    !digits.includes(".") &&
    !digits.includes(",")
  ) {
    start = s - 1; // `.5`
    core = `0.${digits}`;
  }
  // Versions and addresses: 1.4.2, 10.0.0.1; `3.x`
  const firstDot = core.indexOf(".");
  if (firstDot >= 0 && core.indexOf(".", firstDot + 1) >= 0) return skip(scan, s, digits);
  // A list like 1,2,3 (not thousands): one number per part, redacted as a whole if one part is unbacked;
  // a part redacted alone would change how the rest groups (`3,003,000,0` → `3,003,[NUM_REDACTED],…`).
  if (core.includes(",") && !THOUSANDS.test(core)) {
    // `Python 3.12,24/7`: a version first; the rest is read on from the comma.
    const first = core.slice(0, core.indexOf(","));
    const head = numberReading(start, start + first.length, first);
    if (isName(text, scan.catalog, head, s, head.end)) return head.end;
    if (text.charCodeAt(end) === 47 && isDigitCode(text.charCodeAt(end + 1))) return skip(scan, s, digits);
    const list: Reading[] = [];
    let at = start;
    for (const part of core.split(",")) {
      list.push(numberReading(at, at + part.length, part));
      at += part.length + 1;
    }
    const last = list.at(-1)!;
    const suffixEnd = readSuffix(text, last.end, last, true);
    if (suffixEnd === undefined) return skip(scan, s, digits);
    last.end = suffixEnd;
    for (const d of list) {
      d.range = [start, last.end];
      out.push(d);
    }
    return last.end;
  }
  const after = text.charCodeAt(end);
  if (after === 46 && /[xX*]/.test(text[end + 1] ?? "") && !isWordCode(text.charCodeAt(end + 2))) {
    return end + 2;
  }
  // A dash after four digits, `/` after one or two: perhaps a date or a short year range.
  if ((digits.length === 4 && mayStartYearDash(text, end)) || (digits.length <= 2 && after === 47)) {
    const dates = readDate(text, s);
    if (dates) {
      for (const d of dates) out.push(d);
      return dates.at(-1)!.end;
    }
  }
  // Fractions and schedules: 24/7, 50/50
  if (after === 47 && isDigitCode(text.charCodeAt(end + 1))) return skip(scan, s, digits);
  if (after === 45 && IDIOM_AFTER.test(text.slice(end, end + 14))) return end; // 3-tier, 2-factor

  const d = numberReading(start, end, core);
  const suffixEnd = readSuffix(text, end, d, true);
  if (suffixEnd === undefined) return skip(scan, s, digits);
  d.end = suffixEnd;
  readPrefix(text, d, scan.floor);
  if (isBare(d) && isName(text, scan.catalog, d, s, start + core.length)) return d.end;
  out.push(d);
  return d.end;
}

/** Whether `RANGE_BETWEEN` can match what lies between two figures (a dash or `to`/`through` first). */
function mayJoinRange(text: string, from: number, to: number): boolean {
  let j = from;
  while (j < to && isSpaceCode(text.charCodeAt(j))) j++;
  if (j >= to) return false;
  const c = text.charCodeAt(j);
  return c === 45 || c === 0x2013 || c === 0x2014 || c === 116 || c === 84;
}

/**
 * Give a range's first figure the unit or scale written once at its end: `3-5 years`, `$2-3M`, `820 to 140
 * ms`. Called on each pair of neighbours in text order.
 */
export function linkRange(text: string, a: Reading, b: Reading): void {
  if (a.fixedValue !== undefined || b.fixedValue !== undefined || a.range || b.range) return;
  if (b.start - a.end > 12 || !mayJoinRange(text, a.end, b.start)) return;
  if (!RANGE_BETWEEN.test(text.slice(a.end, b.start))) return;
  let shared = false;
  if (!a.unit && !a.rateUnit && (b.unit || b.rateUnit) && !a.currency && a.kind !== "ordinal") {
    a.unit = b.unit;
    a.rateUnit = b.rateUnit;
    if (b.per !== undefined) a.per = b.per;
    shared = true;
  }
  if (!a.hasScale && b.hasScale && a.core < b.core) {
    a.scale = b.scale;
    a.hasScale = true;
    shared = true;
  }
  if (a.currency && !b.currency && !b.unit) {
    b.currency = a.currency;
    shared = true;
  }
  if (shared) {
    if (a.kind === "year") a.kind = "count";
    a.range = b.range = [a.start, b.end];
  }
}

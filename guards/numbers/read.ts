// What a figure carries around its digits: scale, unit, rate and `+` after it (here); currency, sign or `#`
// before it (read-prefix.ts); and a bound word or symbol before it, `over`, `~`, `sub-`
// (read-bound.ts). Each reader looks at character codes first and runs a regular expression or
// builds a word only when the next characters can start what it reads.
import type { Reading } from "./reading.js";
import { isSpaceCode, isWordCode, sticky, stickyTest, unitLettersEnd } from "./text.js";
import { PERCENTAGE_POINTS, TIME_WORDS, singular, unitOf } from "./units.js";
import { meaningAt } from "./word-meaning.js";

export { readBound } from "./read-bound.js";
export { readPrefix } from "./read-prefix.js";

const DENOMINATOR =
  /(?:\/|[ \u00a0]per[ \u00a0])(s|sec|second|min|minute|h|hr|hour|d|day|wk|week|mo|month|yr|year)s?(?![A-Za-z0-9])/iy;
const PER_CENT = /per[ \u00a0]cent(?![A-Za-z0-9])/iy;
const POINTS = /percentage[ \u00a0]points?(?![A-Za-z0-9])/iy;
const PLUS_FOLLOWER = /[\s,.;:!?)\]}"'’”/]/;

/** `st`, `nd`, `rd`, `th` (as written: `1ST` is no ordinal). */
function isOrdinalSuffix(text: string, start: number, end: number): boolean {
  if (end - start !== 2) return false;
  const a = text.charCodeAt(start);
  const b = text.charCodeAt(start + 1);
  return (
    (a === 115 && b === 116) ||
    (a === 110 && b === 100) ||
    (a === 114 && b === 100) ||
    (a === 116 && b === 104)
  );
}

const isP = (code: number): boolean => code === 112 || code === 80;

/** `1,000+` is a lower bound when the `+` ends the figure; `1+1` and `1+[NUM_REDACTED]` are not bounds. */
function readPlus(text: string, pos: number, d: Reading): number {
  // Decided by the next character alone, never by digits further on that a redaction could replace.
  if (text.charCodeAt(pos) === 43 && PLUS_FOLLOWER.test(text[pos + 1] ?? " ")) {
    d.plus = true;
    return pos + 1;
  }
  return pos;
}

/** `/s`, ` per minute` after a unit or counted noun: a rate. */
function readDenominator(text: string, pos: number, d: Reading): number {
  // Only `/`, or a space before `per`, can start a denominator.
  const first = text.charCodeAt(pos);
  if (first !== 47 && !(isSpaceCode(first) && isP(text.charCodeAt(pos + 1)))) return pos;
  const m = sticky(DENOMINATOR, text, pos);
  if (!m) return pos;
  const seconds = TIME_WORDS[m[1]!.toLowerCase()];
  if (seconds === undefined) return pos;
  d.per = seconds;
  return pos + m[0].length;
}

/**
 * Scale, unit and `+` after the number, glued (`4.2M`, `250ms`, `10x`, `1st`) or after one space (`4.2
 * million`, `820 ms`, `2.5k req/s`, `40 percent`). Returns the end of the figure, or undefined when glued
 * letters make it an identifier (`2FA`, `5G`, `3f9a2b1`).
 */
export function readSuffix(text: string, pos: number, d: Reading, glued: boolean): number | undefined {
  if (glued) {
    if (text.charCodeAt(pos) === 37) {
      d.unit = unitOf("%", true);
      return readPlus(text, pos + 1, d);
    }
    const after = unitLettersEnd(text, pos);
    if (after > pos) {
      const boundary = !isWordCode(text.charCodeAt(after));
      if (!boundary) return undefined;
      if (isOrdinalSuffix(text, pos, after) && d.decimals === 0) {
        d.kind = "ordinal";
        return after;
      }
      // the 1990s
      if (after - pos === 1 && text.charCodeAt(pos) === 115 && d.kind === "year") return after;
      const meaning = meaningAt(text, pos, after);
      const unit = meaning.gluedUnit;
      if (unit) {
        d.unit = unit;
        return readPlus(text, readDenominator(text, after, d), d);
      }
      const scale = meaning.gluedScale;
      if (scale === undefined) return undefined;
      d.scale = scale;
      d.hasScale = true;
      pos = after;
    }
    pos = readPlus(text, pos, d);
  }
  return readSpaced(text, pos, d);
}

/** What follows after a space or hyphen: a scale word, a unit word, a rate (`requests per second`). */
export function readSpaced(text: string, pos: number, d: Reading): number {
  for (let round = 0; round < 2 && !d.unit; round++) {
    const sep = text.charCodeAt(pos);
    const hyphen = sep === 45;
    if (!isSpaceCode(sep) && !hyphen) break;
    const at = pos + 1;
    if (!hyphen && text.charCodeAt(at) === 37) {
      d.unit = unitOf("%", true);
      return readPlus(text, at + 1, d);
    }
    if (!hyphen && isP(text.charCodeAt(at)) && stickyTest(PER_CENT, text, at)) {
      d.unit = unitOf("percent", false);
      return readPlus(text, at + 8, d);
    }
    if (!hyphen && isP(text.charCodeAt(at))) {
      const points = sticky(POINTS, text, at);
      if (points) {
        d.unit = PERCENTAGE_POINTS;
        return readPlus(text, at + points[0].length, d);
      }
    }
    const after = unitLettersEnd(text, at);
    if (after === at) break;
    if (isWordCode(text.charCodeAt(after))) break;
    const meaning = meaningAt(text, at, after);
    const scale = meaning.scale;
    if (!hyphen && !d.hasScale && scale !== undefined) {
      d.scale = scale;
      d.hasScale = true;
      pos = readPlus(text, after, d);
      continue;
    }
    const unit = meaning.spacedUnit;
    if (unit && (!hyphen || unit.kind !== "money")) {
      d.unit = unit;
      return readPlus(text, readDenominator(text, after, d), d);
    }
    // A counted noun with a denominator is a rate: `req/s`, `requests per second`, `deploys/day`.
    if (!hyphen) {
      const end = readDenominator(text, after, d);
      if (end > after) {
        d.rateUnit = `${singular(text.slice(at, after))}/s`;
        return readPlus(text, end, d);
      }
    }
    break;
  }
  // `2,500 per second`
  if (
    !d.unit &&
    !d.rateUnit &&
    isSpaceCode(text.charCodeAt(pos)) &&
    isP(text.charCodeAt(pos + 1)) &&
    /^[ \u00a0]per[ \u00a0]/i.test(text.slice(pos, pos + 5))
  ) {
    const end = readDenominator(text, pos, d);
    if (end > pos) {
      d.rateUnit = "/s";
      return end;
    }
  }
  return pos;
}

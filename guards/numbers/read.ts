// What a figure carries around its digits: scale, unit, currency, rate and `+` after it (here); currency, sign
// or `#` before it (read-prefix.ts); and a bound word or symbol before it, `over`, `~`, `sub-`
// (read-bound.ts). Each reader looks at character codes first and runs a regular expression or
// builds a word only when the next characters can start what it reads. Currencies come from one table
// (currency.ts); a year unit followed by `old` is an age, not a unit (age.ts).
import { isAgeAfter, isAgeBefore } from "./age.js";
import { moneyUnit, readName, symbolAfter } from "./currency.js";
import type { Reading } from "./reading.js";
import { isSpaceCode, isWordCode, sticky, stickyTest, unitLettersEnd, WordSet } from "./text.js";
import { PERCENTAGE_POINTS, SECONDS_PER_YEAR, TIME_WORDS, singular, unitOf, type UnitDef } from "./units.js";
import { meaningAt } from "./word-meaning.js";

export { readBound } from "./read-bound.js";
export { readPrefix } from "./read-prefix.js";

/**
 * A rate's denominator: `/min`, ` per minute`, ` a minute`, ` an hour`, ` each day`, ` every second`. An
 * article before a time word that goes on as a time (`a year later`, `a day after launch`) is no rate.
 */
const DENOMINATOR =
  /(?:\/|[ \u00a0](?:per|an?|each|every)[ \u00a0])(s|sec|second|min|minute|h|hr|hour|d|day|wk|week|mo|month|quarter|yr|year)s?(?![A-Za-z0-9])(?![ \u00a0]+(?:after|later|before|earlier|ago|prior|since|into)(?![A-Za-z]))/iy;
/** Words after a number that count nothing, so no rate (`$2M in a year`, `5 of an hour`). */
const NOT_COUNTED = new WordSet(
  "in on at of for by to from with within over under than and or but nor per once twice more less about around after before during since until till every each a an the".split(
    " ",
  ),
);
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

/** `p`, `a`, `e` in either case: the first letter of `per`, `a`, `an`, `each`, `every`. */
function mayStartDenominatorWord(code: number): boolean {
  const lower = code | 32;
  return lower === 112 || lower === 97 || lower === 101;
}

/** A year unit that is an age here (`39-year-old`, `aged 39 years`): the figure is a plain count. */
function isAge(text: string, unit: UnitDef, unitEnd: number, d: Reading): boolean {
  return (
    unit.unit === "s" &&
    unit.factor === SECONDS_PER_YEAR &&
    (isAgeAfter(text, unitEnd) || isAgeBefore(text, d.start))
  );
}

/** `1,000+` is a lower bound when the `+` ends the figure; `1+1` and `1+[NUM_REDACTED]` are not bounds. */
function readPlus(text: string, pos: number, d: Reading): number {
  // Decided by the next character alone, never by digits further on that a redaction could replace.
  if (text.charCodeAt(pos) === 43 && PLUS_FOLLOWER.test(text[pos + 1] ?? " ")) {
    d.plus = true;
    return pos + 1;
  }
  return pos;
}

/** `/s`, ` per minute`, ` a minute` after a unit or counted noun: a rate. */
function readDenominator(text: string, pos: number, d: Reading): number {
  // Only `/`, or a space before `per`, `a`, `an`, `each` or `every`, can start a denominator.
  const first = text.charCodeAt(pos);
  if (first !== 47 && !(isSpaceCode(first) && mayStartDenominatorWord(text.charCodeAt(pos + 1)))) return pos;
  const m = sticky(DENOMINATOR, text, pos);
  if (!m) return pos;
  const seconds = TIME_WORDS[m[1]!.toLowerCase()];
  if (seconds === undefined) return pos;
  d.per = seconds;
  return pos + m[0].length;
}

/**
 * Scale, unit, currency and `+` after the number, glued (`4.2M`, `250ms`, `10x`, `1st`, `5USD`, `5€`) or
 * after one space (`4.2 million`, `820 ms`, `2.5k req/s`, `40 percent`, `2.74 €`, `5m USD`, `289 pounds`).
 * Returns the end of the figure, or undefined when glued letters make it an identifier (`2FA`, `5G`,
 * `3f9a2b1`).
 */
export function readSuffix(text: string, pos: number, d: Reading, glued: boolean): number | undefined {
  if (glued) {
    if (text.charCodeAt(pos) === 37) {
      d.unit = unitOf("%", true);
      return readPlus(text, pos + 1, d);
    }
    const symbol = symbolAfter(text, pos);
    if (symbol !== undefined) {
      d.unit = moneyUnit(symbol);
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
        if (isAge(text, unit, after, d)) return pos;
        d.unit = unit;
        return readPlus(text, readDenominator(text, after, d), d);
      }
      const code = meaning.gluedCurrency;
      if (code !== undefined) {
        d.unit = moneyUnit(code);
        return readPlus(text, after, d);
      }
      const scale = meaning.gluedScale;
      if (scale === undefined) return undefined;
      d.scale = scale;
      d.hasScale = true;
      pos = after;
      // `5M€`
      const symbolAfterScale = symbolAfter(text, pos);
      if (symbolAfterScale !== undefined) {
        d.unit = moneyUnit(symbolAfterScale);
        return readPlus(text, pos + 1, d);
      }
    }
    pos = readPlus(text, pos, d);
  }
  return readSpaced(text, pos, d);
}

/**
 * What follows after a space or hyphen: a scale word, a unit word, a currency (`€`, `USD`, `US dollars`), a
 * rate (`requests per second`, `orders a minute`).
 */
export function readSpaced(text: string, pos: number, d: Reading): number {
  for (let round = 0; round < 2 && !d.unit; round++) {
    const sep = text.charCodeAt(pos);
    const hyphen = sep === 45;
    if (!isSpaceCode(sep) && !hyphen) break;
    const at = pos + 1;
    if (!hyphen) {
      const first = text.charCodeAt(at);
      if (first === 37) {
        d.unit = unitOf("%", true);
        return readPlus(text, at + 1, d);
      }
      if (isP(first) && stickyTest(PER_CENT, text, at)) {
        d.unit = unitOf("percent", false);
        return readPlus(text, at + 8, d);
      }
      if (isP(first)) {
        const points = sticky(POINTS, text, at);
        if (points) {
          d.unit = PERCENTAGE_POINTS;
          return readPlus(text, at + points[0].length, d);
        }
      }
      // `2.74 €`
      const symbol = symbolAfter(text, at);
      if (symbol !== undefined) {
        d.unit = moneyUnit(symbol);
        return readPlus(text, at + 1, d);
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
    if (unit) {
      // `a 39-year-old`, `39 years old`, `aged 39 years`: a count, the years words left outside the figure.
      if (isAge(text, unit, after, d)) return pos;
      d.unit = unit;
      return readPlus(text, readDenominator(text, after, d), d);
    }
    // `USD`, `euros`, `US dollars`, `pounds sterling` (not after a hyphen: `a 5-dollar bill`).
    if (!hyphen && meaning.currency) {
      const money = readName(text, meaning.currency, after);
      if (money) {
        d.unit = moneyUnit(money.unit);
        return readPlus(text, readDenominator(text, money.end, d), d);
      }
    }
    // A counted noun with a denominator is a rate: `req/s`, `requests per second`, `orders a minute`; a
    // word that counts nothing is not (`$2M in a year`, `3 times a day` has its unit).
    if (!hyphen) {
      const end = readDenominator(text, after, d);
      if (end > after) {
        if (NOT_COUNTED.has(text, at, after)) {
          d.per = undefined;
          break;
        }
        d.rateUnit = `${singular(text.slice(at, after))}/s`;
        return readPlus(text, end, d);
      }
    }
    break;
  }
  // `2,500 per second`, `2,500 a second`, `$19k/month` (not a year: `in 2019 a year later`, `in 2019 each month`)
  if (
    !d.unit &&
    !d.rateUnit &&
    d.kind !== "year" &&
    ((isSpaceCode(text.charCodeAt(pos)) && mayStartDenominatorWord(text.charCodeAt(pos + 1))) ||
      text.charCodeAt(pos) === 47)
  ) {
    const end = readDenominator(text, pos, d);
    if (end > pos) {
      d.rateUnit = "/s";
      return end;
    }
  }
  return pos;
}

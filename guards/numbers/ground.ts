// Whether sources back a figure. Values are compared in the same base unit; a figure is grounded by a source
// that rounds to it at the precision it is written with and within 3 % (23.4% → 23%, not 38% → 40%), by a
// bound the source satisfies (`over 1,000` by 1,200), or, for a duration, by a span of the profile's dates.
import type { Grounding, NumberMention, SourceNumber } from "./types.js";

/** A rounded figure may differ from its source by at most this share of the source. */
const RELATIVE = 0.03;
/** `about 40%` within this share of a source (and within its coarse rounding) is reported, not redacted. */
const APPROX_RELATIVE = 0.1;
const NEAREST = 3;
/**
 * A bound understates its source by less than this factor: `over 1,000` is backed by 1,200 or 9,000, not by
 * 77,984 (which would be written `over 70,000`); `under 200 ms` by 140 ms, not by 5 ms. Years are exempt.
 */
const BOUND_REACH = 10;

/** Figures of the same kind are compared with each other; a year read from a date only grounds years. */
function keyOf(n: { unit: string | null; fromDate?: boolean }): string {
  return n.unit ?? (n.fromDate ? "@year" : "");
}

const YEAR_KEYS = ["", "@year"];

/** Source numbers grouped by unit and sorted by value, for lookups by binary search. */
export class NumberIndex {
  private readonly byKey = new Map<string, SourceNumber[]>();
  readonly size: number;

  constructor(sources: Iterable<SourceNumber>) {
    let size = 0;
    for (const s of sources) {
      const key = keyOf(s);
      const list = this.byKey.get(key);
      if (list) list.push(s);
      else this.byKey.set(key, [s]);
      size++;
    }
    for (const list of this.byKey.values()) list.sort((a, b) => a.value - b.value);
    this.size = size;
  }

  /** Sources with this unit key (`""` bare, `@year` years from dates, `%`, `s`, …), ascending by value. */
  list(key: string): readonly SourceNumber[] {
    return this.byKey.get(key) ?? NONE;
  }

  /** The lists a figure is compared with: its own unit, and for a year also the years of dates. */
  listsFor(m: NumberMention): readonly (readonly SourceNumber[])[] {
    if (m.kind === "year") return YEAR_KEYS.map((k) => this.list(k));
    return [this.list(keyOf(m))];
  }
}

const NONE: readonly SourceNumber[] = [];
const indexCache = new WeakMap<readonly SourceNumber[], NumberIndex>();

function indexOf(sources: NumberIndex | readonly SourceNumber[]): NumberIndex {
  if (sources instanceof NumberIndex) return sources;
  let index = indexCache.get(sources);
  if (!index) {
    index = new NumberIndex(sources);
    indexCache.set(sources, index);
  }
  return index;
}

/** First position in `list` whose value is ≥ `value`. */
function lowerBound(list: readonly SourceNumber[], value: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]!.value < value) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first source with a value in `[from, to]` that passes `test`. */
function findIn(
  lists: readonly (readonly SourceNumber[])[],
  from: number,
  to: number,
  test: (s: SourceNumber) => boolean,
): SourceNumber | undefined {
  for (const list of lists) {
    for (let i = lowerBound(list, from); i < list.length && list[i]!.value <= to; i++) {
      if (test(list[i]!)) return list[i];
    }
  }
  return undefined;
}

/**
 * Up to three sources closest in value (distinct as written), `first` first when given. Years are only
 * suggested for years: `2022` is no help next to `three regions`.
 */
function nearest(
  lists: readonly (readonly SourceNumber[])[],
  value: number,
  first?: SourceNumber,
  years = false,
): SourceNumber[] {
  const candidates: SourceNumber[] = [];
  for (const list of lists) {
    const at = lowerBound(list, value);
    for (let i = Math.max(0, at - NEAREST); i < Math.min(list.length, at + NEAREST); i++) {
      if (years || list[i]!.kind !== "year") candidates.push(list[i]!);
    }
  }
  candidates.sort((a, b) => Math.abs(a.value - value) - Math.abs(b.value - value));
  const out: SourceNumber[] = first ? [first] : [];
  for (const s of candidates) {
    if (out.length === NEAREST) break;
    if (!out.some((o) => o.raw === s.raw)) out.push(s);
  }
  return out;
}

function groundDate(m: NumberMention, lists: readonly (readonly SourceNumber[])[]): Grounding {
  const month = Math.floor(m.value / 100);
  const dayless = m.value % 100 === 0;
  const source = findIn(lists, month * 100, month * 100 + 99, (s) => s.value === m.value || dayless);
  return source
    ? { status: "grounded", source }
    : { status: "ungrounded", nearest: nearest(lists, m.value, undefined, true) };
}

/** Whether `sources` back the figure, and if not, the nearest ones. */
/**
 * `2007-08` is August 2007 or the 2007–08 season: a month that reads as a later two-digit year is a range
 * of two years too, grounded when both years are (`Rage Against the Machine (2007-11)` by "2007 -- 11").
 */
function groundYearPair(m: NumberMention, index: NumberIndex): SourceNumber | undefined {
  const year = Math.floor(m.value / 10000);
  const month = Math.floor(m.value / 100) % 100;
  if (m.value % 100 !== 0 || !/^\d{4}-\d{2}$/.test(m.raw) || month <= year % 100) return undefined;
  const lists = YEAR_KEYS.map((k) => index.list(k));
  const first = findIn(lists, year, year, () => true);
  const second = year - (year % 100) + month;
  return first && findIn(lists, second, second, () => true) ? first : undefined;
}

export function ground(m: NumberMention, sources: NumberIndex | readonly SourceNumber[]): Grounding {
  const index = indexOf(sources);
  const lists = index.listsFor(m);
  if (m.kind === "date") {
    const date = groundDate(m, lists);
    const pair = date.status === "grounded" ? undefined : groundYearPair(m, index);
    return pair ? { status: "grounded", source: pair } : date;
  }

  const v = m.value;
  const p = m.precision;
  const eps = 1e-9 * Math.max(1, Math.abs(v));
  /** `s` rounds to the figure at its written precision, and is within 3 % of it. */
  const rounds = (s: SourceNumber, step = p, share = RELATIVE) => {
    const diff = Math.abs(v - s.value);
    return diff <= eps || (diff <= step / 2 + eps && diff <= share * Math.abs(s.value) + eps);
  };
  /** A span of dates covers a duration written rounded down: 5.7 years of dates back `5 years`. */
  const covers = (s: SourceNumber) => s.kind === "span" && s.value + eps >= v && s.value - v < p - eps;
  const grounded = (source: SourceNumber | undefined): Grounding | undefined =>
    source ? { status: "grounded", source } : undefined;
  const years = m.kind === "year";
  const miss = (): Grounding => ({ status: "ungrounded", nearest: nearest(lists, v, undefined, years) });

  const reach = years || v <= 0 ? Infinity : BOUND_REACH;
  switch (m.bound) {
    case "min":
      // `over 1,000`: a source of at least 1,000 (and under 10,000) that is not itself only an upper bound.
      return grounded(findIn(lists, v - eps, v * reach - eps, (s) => s.bound !== "max")) ?? miss();
    case "max": {
      // `under 200 ms`: a source of at most 200 ms (and over 20 ms) that is not itself only a lower bound.
      const floor = reach === Infinity ? -Infinity : v / reach + eps;
      return (
        grounded(findIn(lists, floor, v + eps, (s) => s.bound !== "min" && s.bound !== "up-to")) ?? miss()
      );
    }
    case "up-to": {
      // `up to 10x` claims 10x was reached: a source near 10x grounds it; a smaller one only makes it unsure.
      const reached = findIn(lists, v - p / 2 - eps, v + p / 2 + eps, (s) => s.bound !== "min" && rounds(s));
      if (reached) return { status: "grounded", source: reached };
      const below = findIn(lists, -Infinity, v + eps, (s) => s.bound !== "min");
      return below ? { status: "approximate", nearest: nearest(lists, v, below, years) } : miss();
    }
    default: {
      const exact = findIn(
        lists,
        v - p / 2 - eps,
        v + p + eps,
        (s) => s.bound !== "max" && (rounds(s) || covers(s)),
      );
      if (exact) return { status: "grounded", source: exact };
      if (m.bound === "approx") {
        const c = m.coarsePrecision;
        const close = findIn(
          lists,
          v - c / 2 - eps,
          v + c / 2 + eps,
          (s) => s.bound !== "max" && rounds(s, c, APPROX_RELATIVE),
        );
        if (close) return { status: "approximate", nearest: nearest(lists, v, close, years) };
      }
      return miss();
    }
  }
}

/** Whether `sources` back the figure exactly enough to keep it. */
export function isGrounded(m: NumberMention, sources: NumberIndex | readonly SourceNumber[]): boolean {
  return ground(m, sources).status === "grounded";
}

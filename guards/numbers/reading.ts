// A figure while it is being read (a Reading), and what it becomes: a NumberMention with its value in base
// units, its precision and its kind.
import type { Bound, NumberKind, NumberMention } from "./types.js";
import type { UnitDef } from "./units.js";

/** A figure while it is being read. */
export interface Reading {
  start: number;
  end: number;
  /** As written: unsigned, before scale and unit. */
  core: number;
  decimals: number;
  trailingZeros: number;
  /** Step of the last digit before scale and unit (1 for digits; 1000 for `twelve thousand`). */
  step: number;
  scale: number;
  hasScale: boolean;
  unit?: UnitDef;
  /** Seconds in a rate's denominator (`/min` → 60), when there is one. */
  per?: number;
  rateUnit?: string;
  currency?: string;
  kind: NumberKind;
  bound: Bound;
  plus: boolean;
  /** Dates and phone numbers carry their own value. */
  fixedValue?: number;
  fixedPrecision?: number;
  range?: [number, number];
  /** Written as a word (`twelve`): not a candidate for a version. */
  word?: boolean;
}

export function newReading(
  start: number,
  end: number,
  core: number,
  decimals: number,
  trailingZeros: number,
): Reading {
  return {
    start,
    end,
    core,
    decimals,
    trailingZeros,
    step: 10 ** -decimals,
    scale: 1,
    hasScale: false,
    unit: undefined,
    per: undefined,
    rateUnit: undefined,
    currency: undefined,
    kind: "count",
    bound: "exact",
    plus: false,
    fixedValue: undefined,
    fixedPrecision: undefined,
    range: undefined,
    word: false,
  };
}

/** A bare number from its digits (`1,200`, `23.4`, `0.5`); a plain four-digit 1900–2100 is a year. */
export function numberReading(start: number, end: number, core: string): Reading {
  const grouped = core.includes(",");
  const plain = grouped ? core.replace(/,/g, "") : core;
  const dot = plain.indexOf(".");
  const decimals = dot < 0 ? 0 : plain.length - dot - 1;
  let trailing = 0;
  while (dot < 0 && trailing < plain.length - 1 && plain.charCodeAt(plain.length - 1 - trailing) === 48) {
    trailing++;
  }
  const d = newReading(start, end, Number(plain), decimals, trailing);
  if (!grouped && dot < 0 && plain.length === 4 && d.core >= 1900 && d.core <= 2100) d.kind = "year";
  return d;
}

/** No unit, currency, scale or special kind: a number that may name a thing (`Java 17`). */
export function isBare(d: Reading): boolean {
  return !d.unit && !d.rateUnit && !d.currency && !d.hasScale && (d.kind === "count" || d.kind === "year");
}

function kindOf(d: Reading): NumberKind {
  if (d.fixedValue !== undefined || d.kind === "ordinal" || d.kind === "rank") return d.kind;
  if (d.currency) return "money";
  if (d.unit) return d.unit.kind;
  if (d.rateUnit) return "measure";
  if (d.kind === "year" && !d.hasScale) return "year";
  return "count";
}

export function toMention(text: string, d: Reading): NumberMention {
  const kind = kindOf(d);
  const factor = d.scale * (d.unit?.factor ?? 1);
  const per = d.per ?? 1;
  // A rate keeps its numerator's unit: `$5 a month` is `$/s`, never `$`.
  const unit =
    d.currency !== undefined
      ? d.per !== undefined
        ? `${d.currency}/s`
        : d.currency
      : (d.rateUnit ?? (d.unit ? (d.per !== undefined ? `${d.unit.unit}/s` : d.unit.unit) : null));
  const precision = d.fixedPrecision ?? round(d.step * factor) / per;
  const mention: NumberMention = {
    span: [d.start, d.end],
    raw: text.slice(d.start, d.end),
    value: d.fixedValue ?? round(d.core * factor) / per,
    unit: kind === "date" ? "date" : kind === "phone" ? "phone" : unit,
    precision,
    coarsePrecision: precision * 10 ** d.trailingZeros,
    bound: kind === "year" || kind === "date" || kind === "phone" ? "exact" : d.bound,
    kind,
  };
  if (d.range) mention.range = d.range;
  return mention;
}

/** The figure a rate counts, without its denominator (`15,000 orders a minute` → `15,000`, `$2M a year` → `$2M`). */
export function withoutRate(d: Reading): Reading {
  return { ...d, per: undefined, rateUnit: undefined };
}

const rounded = new Map<number, number>();
/** Values remembered at most; the figures of one text repeat, and a string round trip costs. */
const MAX_ROUNDED = 4096;

/** Round away binary noise (`0.1 * 1e6`), keeping 12 significant digits. */
export function round(x: number): number {
  if (Number.isInteger(x) || !Number.isFinite(x)) return x;
  let r = rounded.get(x);
  if (r === undefined) {
    if (rounded.size >= MAX_ROUNDED) rounded.clear();
    r = Number(x.toPrecision(12));
    rounded.set(x, r);
  }
  return r;
}

// The shapes of the number model: a figure a text states, a figure a source backs, and a verdict.
import type { RecordEvidence } from "../../core/evidence.js";

/**
 * What a figure is. `count` is a bare number; `measure` has a physical unit (time, bytes, a rate); `span` is
 * a duration the profile's dates imply (sources only).
 */
export type NumberKind =
  | "count"
  | "percent"
  | "money"
  | "multiplier"
  | "measure"
  | "year"
  | "date"
  | "ordinal"
  | "rank"
  | "phone"
  | "span";

/**
 * How the text bounds the figure: `min` (`over 1,000`, `1,000+`), `max` (`under 200 ms`), `up-to` (`up to
 * 10x`: a maximum that is claimed to be reached), `approx` (`about 40%`, `~40%`), or `exact`.
 */
export type Bound = "exact" | "min" | "max" | "up-to" | "approx";

export interface NumberMention {
  /** `[start, end)` of the whole expression: currency, sign, number, scale, unit, `+`. Bound words stay outside. */
  span: [number, number];
  raw: string;
  /** In the base unit of `unit` (seconds, bytes, per second); percent as `40`; dates as yyyymmdd (dd 00 if absent). */
  value: number;
  /**
   * Base unit: `%`, `x`, a currency (`$`, `€`, `£`, `¥`, `₹`, else its ISO code: `CAD`), `s`, `B`, `bit/s`,
   * `request/s`, `$/s`, `date`, `phone`; null for a bare number (an age, a count).
   */
  unit: string | null;
  /** The step of the last written digit, in base units: `1.2k` → 100, `820 ms` → 0.001, `40%` → 1. */
  precision: number;
  /** The step if trailing zeros are read as rounding: `40` → 10, `1,000` → 1000. Used for `about 40`. */
  coarsePrecision: number;
  bound: Bound;
  kind: NumberKind;
  /** When this figure shares a unit, scale or currency with its neighbour (`3-5 years`, `$2-3M`): the whole range. */
  range?: [number, number];
}

/** Where a source number comes from (a RecordEvidence without its text). */
export interface SourceRef {
  source: RecordEvidence["source"];
  ref: string;
}

/** A figure a source backs. */
export interface SourceNumber extends SourceRef {
  value: number;
  unit: string | null;
  precision: number;
  bound: Bound;
  kind: NumberKind;
  raw: string;
  /** A short excerpt of the source around the figure, for evidence. */
  text: string;
  /** A year read from a date (`2019-03`): it grounds `since 2019`, never a count like `2,019 users`. */
  fromDate?: boolean;
}

export type Grounding =
  | { status: "grounded"; source: SourceNumber }
  /** Close, but only under a looser reading (`about 40%` for 41.5): report, do not redact. */
  | { status: "approximate"; nearest: SourceNumber[] }
  | { status: "ungrounded"; nearest: SourceNumber[] };

// Derived figures: a percentage, multiplier or percentage-point difference no source states, computed from
// two figures one source sentence states ("from 820 ms to 140 ms" → "cut latency by 83%", "5.9x faster";
// "from 40% to 45%" → "up 5 percentage points"). Never allowed silently:
// number-provenance keeps such a figure and records it as derived, with both sources, for the verifier or a
// person. Only two figures of one sentence pair up, and only when they measure the same thing: the same
// unit (`820 ms`, `140 ms`), or bare counts the sentence relates (`from 20 to 50 nodes`, `20 of the 50
// nodes`); `6 engineers across 3 time zones` derives nothing. Across a whole document, or across unrelated
// counts, some pair would give almost any percentage.
import type { Catalog } from "../../extractors/catalog.js";
import type { NumberMention, SourceNumber, SourceRef } from "./types.js";
import { sourceNumbers } from "./scan.js";

/** One source sentence's figures, and the pairs of bare counts it relates (indexes into `figures`). */
export interface SentenceFigures {
  figures: readonly SourceNumber[];
  related: readonly (readonly [number, number])[];
}

/**
 * How the figure follows from the pair (a the larger): `reduction` (a − b) / a, `increase` (a − b) / b,
 * `share` b / a, `ratio` a / b, `difference` a − b (percentage points between two percentages).
 */
export type DerivedHow = "reduction" | "increase" | "share" | "ratio" | "difference";

export interface Derivation {
  how: DerivedHow;
  /** The unrounded result, in the figure's unit (`82.93` for a percentage). */
  value: number;
  /** The larger source figure, then the smaller. */
  from: [SourceNumber, SourceNumber];
}

/** A derived figure may differ from the computed value by at most this share, as a rounded one may. */
const RELATIVE = 0.03;

/**
 * Figures a derivation in `unit` can use: percentages for percentage points; otherwise plain counts and
 * measures, not dates, years, spans, percentages or multipliers.
 */
function derivable(s: SourceNumber, unit: string): boolean {
  if (s.bound !== "exact") return false;
  if (unit === "pp") return s.unit === "%" && s.kind === "percent" && s.value >= 0;
  return (
    s.value > 0 &&
    s.unit !== "%" &&
    s.unit !== "x" &&
    s.unit !== "pp" &&
    (s.kind === "count" || s.kind === "money" || s.kind === "measure")
  );
}

/** Whether `computed` rounds to the figure at the precision it is written with, and within 3 %. */
function roundsTo(m: NumberMention, computed: number): boolean {
  const diff = Math.abs(m.value - computed);
  const eps = 1e-9 * Math.max(1, Math.abs(computed));
  return diff <= m.precision / 2 + eps && diff <= RELATIVE * computed + eps;
}

/** What a pair gives for a figure in this unit, in the order tried. */
function candidates(unit: string, hi: number, lo: number): [DerivedHow, number][] {
  if (unit === "x") return [["ratio", hi / lo]];
  if (unit === "pp") return [["difference", hi - lo]];
  return [
    ["reduction", ((hi - lo) / hi) * 100],
    ["increase", ((hi - lo) / lo) * 100],
    ["share", (lo / hi) * 100],
  ];
}

/** Words that relate two bare counts of a sentence: a change, or a part of a whole. */
const RELATING = String.raw`\s+(?:to|through|->|→|–|-|of(?:\s+the)?|out\s+of(?:\s+the)?)\s+`;

function escaped(raw: string): string {
  return raw.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** The figures of one sentence, with the pairs of bare counts it relates. */
export function sentenceFigures(
  sentence: string,
  ref: SourceRef,
  catalog: Catalog | undefined,
): SentenceFigures {
  const figures = sourceNumbers(sentence, ref, catalog);
  const related: [number, number][] = [];
  for (let i = 0; i < figures.length; i++) {
    const a = figures[i]!;
    if (a.unit !== null || !derivable(a, "%")) continue;
    for (let j = i + 1; j < figures.length; j++) {
      const b = figures[j]!;
      if (b.unit !== null || !derivable(b, "%")) continue;
      // `20 to 50`, `from 20 to 50`, `20 of the 50`, `20 out of 50`: next to each other, nothing between.
      const pair = `(?<![\\w.,])${escaped(a.raw)}${RELATING}${escaped(b.raw)}(?!\\w|[.,]\\d)`;
      if (new RegExp(pair, "i").test(sentence)) related.push([i, j]);
    }
  }
  return { figures, related };
}

/** Whether two figures measure the same thing: one unit, or bare counts the sentence relates. */
function comparable(sentence: SentenceFigures, i: number, j: number): boolean {
  const a = sentence.figures[i]!;
  const b = sentence.figures[j]!;
  if (a.unit !== b.unit) return false;
  return a.unit !== null || sentence.related.some(([x, y]) => x === i && y === j);
}

/** The units a figure can be derived in. */
const DERIVED_UNITS = new Set(["%", "x", "pp"]);

/**
 * The first derivation of a percentage, multiplier or percentage-point difference from two comparable
 * figures of one sentence. Only an exact or approximate figure is derived (`over 80%` is not).
 */
export function derive(m: NumberMention, sentences: Iterable<SentenceFigures>): Derivation | undefined {
  const unit = m.unit;
  if (!unit || !DERIVED_UNITS.has(unit) || (m.bound !== "exact" && m.bound !== "approx") || m.range)
    return undefined;
  for (const sentence of sentences) {
    const { figures } = sentence;
    for (let i = 0; i < figures.length; i++) {
      const a = figures[i]!;
      if (!derivable(a, unit)) continue;
      for (let j = i + 1; j < figures.length; j++) {
        const b = figures[j]!;
        if (!derivable(b, unit) || a.value === b.value || !comparable(sentence, i, j)) continue;
        const [hi, lo] = a.value > b.value ? [a, b] : [b, a];
        for (const [how, value] of candidates(unit, hi.value, lo.value)) {
          if (roundsTo(m, value)) return { how, value, from: [hi, lo] };
        }
      }
    }
  }
  return undefined;
}

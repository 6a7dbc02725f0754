// Derived figures: a percentage or multiplier no source states, computed from two figures one source
// sentence states ("from 820 ms to 140 ms" → "cut latency by 83%", "5.9x faster"). Never allowed silently:
// number-provenance keeps such a figure and records it as derived, with both sources, for the verifier or a
// person. Two figures of one sentence, of the same unit, are the only pairs tried: across a whole document
// some pair would give almost any percentage.
import type { NumberMention, SourceNumber } from "./numbers.js";

/** How the figure follows from the pair: `reduction` (a − b) / a, `increase` (a − b) / b, `share` b / a, `ratio` a / b. */
export type DerivedHow = "reduction" | "increase" | "share" | "ratio";

export interface Derivation {
  how: DerivedHow;
  /** The unrounded result, in the figure's unit (`82.93` for a percentage). */
  value: number;
  /** The larger source figure, then the smaller. */
  from: [SourceNumber, SourceNumber];
}

/** A derived figure may differ from the computed value by at most this share, as a rounded one may. */
const RELATIVE = 0.03;

/** Figures that can be part of a derivation: plain counts and measures, not dates, years, spans or ratios. */
function derivable(s: SourceNumber): boolean {
  return (
    s.bound === "exact" &&
    s.value > 0 &&
    s.unit !== "%" &&
    s.unit !== "x" &&
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
  return [
    ["reduction", ((hi - lo) / hi) * 100],
    ["increase", ((hi - lo) / lo) * 100],
    ["share", (lo / hi) * 100],
  ];
}

/**
 * The first derivation of a percentage or multiplier from two figures of one sentence, each group being
 * one sentence's figures. Only an exact or approximate figure is derived (`over 80%` is not).
 */
export function derive(
  m: NumberMention,
  sentences: Iterable<readonly SourceNumber[]>,
): Derivation | undefined {
  const unit = m.unit;
  if ((unit !== "%" && unit !== "x") || (m.bound !== "exact" && m.bound !== "approx") || m.range)
    return undefined;
  for (const figures of sentences) {
    if (figures.length < 2) continue;
    for (let i = 0; i < figures.length; i++) {
      const a = figures[i]!;
      if (!derivable(a)) continue;
      for (let j = i + 1; j < figures.length; j++) {
        const b = figures[j]!;
        if (!derivable(b) || a.unit !== b.unit || a.value === b.value) continue;
        const [hi, lo] = a.value > b.value ? [a, b] : [b, a];
        for (const [how, value] of candidates(unit, hi.value, lo.value)) {
          if (roundsTo(m, value)) return { how, value, from: [hi, lo] };
        }
      }
    }
  }
  return undefined;
}

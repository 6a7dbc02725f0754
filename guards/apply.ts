import type { TextFinding } from "./types.js";

export interface AppliedEdit {
  finding: TextFinding;
  /** Input coordinates. */
  range: [number, number];
  /** Output coordinates of the replacement. */
  outputRange: [number, number];
  original: string;
  replacement: string;
}

export interface ApplyResult {
  output: string;
  /** In ascending position order: reverting them last-first restores the input exactly. */
  applied: AppliedEdit[];
  /** Findings whose edit overlapped an earlier one: reported, never applied. */
  skipped: TextFinding[];
}

interface EditItem {
  finding: TextFinding;
  order: number;
  range: [number, number];
}

function compareItems(a: EditItem, b: EditItem): number {
  return a.range[0] - b.range[0] || a.range[1] - b.range[1] || a.order - b.order;
}

/**
 * The findings that propose an edit, in order of their ranges (a stable sort). Guards report in text order,
 * so the list is usually in order already: then it is taken as it is, without sorting or wrapping.
 */
function inRangeOrder(findings: readonly TextFinding[]): TextFinding[] {
  const withEdits: TextFinding[] = [];
  let sorted = true;
  let previous: [number, number] | undefined;
  for (let i = 0; i < findings.length; i++) {
    const finding = findings[i]!;
    if (!finding.edit) continue;
    const range = finding.edit.range;
    // Equal ranges keep their order, as the stable sort keeps them.
    if (previous && (range[0] - previous[0] || range[1] - previous[1]) < 0) sorted = false;
    withEdits.push(finding);
    previous = range;
  }
  if (sorted) return withEdits;
  return withEdits
    .map((finding, order) => ({ finding, order, range: finding.edit!.range }))
    .sort(compareItems)
    .map((item) => item.finding);
}

/** What one applied edit becomes: an AppliedEdit, or (for the chain) its record, built without a step between. */
export type MakeApplied<T> = (
  finding: TextFinding,
  range: [number, number],
  outputRange: [number, number],
  original: string,
  replacement: string,
) => T;

const appliedEdit: MakeApplied<AppliedEdit> = (finding, range, outputRange, original, replacement) => ({
  finding,
  range,
  outputRange,
  original,
  replacement,
});

/**
 * Apply the findings' edits to one string. Ranges are all in input coordinates, so applying them is the
 * same as applying them from the end backwards; the output coordinates of each are recorded for revert.
 * The first of two overlapping edits wins (like ESLint's fixer); the other is returned in `skipped`.
 */
export function applyEdits(text: string, findings: readonly TextFinding[]): ApplyResult;
export function applyEdits<T>(
  text: string,
  findings: readonly TextFinding[],
  make: MakeApplied<T>,
): { output: string; applied: T[]; skipped: TextFinding[] };
export function applyEdits<T>(
  text: string,
  findings: readonly TextFinding[],
  make: MakeApplied<T> = appliedEdit as unknown as MakeApplied<T>,
): { output: string; applied: T[]; skipped: TextFinding[] } {
  const ordered = inRangeOrder(findings);
  const chosen: TextFinding[] = [];
  const skipped: TextFinding[] = [];
  let end = -1;
  for (let i = 0; i < ordered.length; i++) {
    const finding = ordered[i]!;
    const [start, stop] = finding.edit!.range;
    if (start < 0 || stop > text.length || start > stop || start < end) {
      skipped.push(finding);
      continue;
    }
    chosen.push(finding);
    end = Math.max(end, stop, start + 1);
  }

  // One pass over the text (string slicing per edit would be quadratic on long texts with many edits).
  const pieces: string[] = [];
  let at = 0;
  for (let i = 0; i < chosen.length; i++) {
    const edit = chosen[i]!.edit!;
    pieces.push(text.slice(at, edit.range[0]), edit.text);
    at = edit.range[1];
  }
  pieces.push(text.slice(at));
  const output = pieces.join("");
  let delta = 0;
  const applied: T[] = [];
  for (let i = 0; i < chosen.length; i++) {
    const finding = chosen[i]!;
    const range = finding.edit!.range;
    const replacement = finding.edit!.text;
    const outputStart = range[0] + delta;
    delta += replacement.length - (range[1] - range[0]);
    applied.push(
      make(
        finding,
        range,
        [outputStart, outputStart + replacement.length],
        originalOf(text, finding),
        replacement,
      ),
    );
  }
  return { output, applied, skipped };
}

/** The text an edit replaces: the finding's `actual` when it is exactly that (most are), else a slice. */
function originalOf(text: string, finding: TextFinding): string {
  const [start, stop] = finding.edit!.range;
  const actual = finding.actual;
  return actual.length === stop - start && text.startsWith(actual, start) ? actual : text.slice(start, stop);
}

/** Undo string edits: replay each record's inverse, last first. `revert(apply(x)) === x`. */
export function revert(
  output: string,
  records: readonly { outputRange?: [number, number]; original: string }[],
): string {
  let text = output;
  for (const record of [...records].reverse()) {
    if (!record.outputRange) continue;
    const [start, end] = record.outputRange;
    text = text.slice(0, start) + record.original + text.slice(end);
  }
  return text;
}

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

/**
 * Apply the findings' edits to one string. Ranges are all in input coordinates, so applying them is the
 * same as applying them from the end backwards; the output coordinates of each are recorded for revert.
 * The first of two overlapping edits wins (like ESLint's fixer); the other is returned in `skipped`.
 */
export function applyEdits(text: string, findings: readonly TextFinding[]): ApplyResult {
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
  const applied: AppliedEdit[] = [];
  for (let i = 0; i < chosen.length; i++) {
    const finding = chosen[i]!;
    const range = finding.edit!.range;
    const replacement = finding.edit!.text;
    const outputStart = range[0] + delta;
    delta += replacement.length - (range[1] - range[0]);
    applied.push({
      finding,
      range,
      outputRange: [outputStart, outputStart + replacement.length],
      original: text.slice(range[0], range[1]),
      replacement,
    });
  }
  return { output, applied, skipped };
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

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

/**
 * Apply the findings' edits to one string. Ranges are all in input coordinates, so applying them is the
 * same as applying them from the end backwards; the output coordinates of each are recorded for revert.
 * The first of two overlapping edits wins (like ESLint's fixer); the other is returned in `skipped`.
 */
export function applyEdits(text: string, findings: readonly TextFinding[]): ApplyResult {
  const withEdits = findings
    .filter((f) => f.edit)
    .map((finding, order) => ({ finding, order, range: finding.edit!.range }))
    .sort((a, b) => a.range[0] - b.range[0] || a.range[1] - b.range[1] || a.order - b.order);

  const chosen: typeof withEdits = [];
  const skipped: TextFinding[] = [];
  let end = -1;
  for (const item of withEdits) {
    const [start, stop] = item.range;
    if (start < 0 || stop > text.length || start > stop || start < end) {
      skipped.push(item.finding);
      continue;
    }
    chosen.push(item);
    end = Math.max(end, stop, start + 1);
  }

  // One pass over the text (string slicing per edit would be quadratic on long texts with many edits).
  const pieces: string[] = [];
  let at = 0;
  for (const { range, finding } of chosen) {
    pieces.push(text.slice(at, range[0]), finding.edit!.text);
    at = range[1];
  }
  pieces.push(text.slice(at));
  const output = pieces.join("");
  let delta = 0;
  const applied = chosen.map(({ finding, range }) => {
    const replacement = finding.edit!.text;
    const outputStart = range[0] + delta;
    delta += replacement.length - (range[1] - range[0]);
    return {
      finding,
      range,
      outputRange: [outputStart, outputStart + replacement.length] as [number, number],
      original: text.slice(range[0], range[1]),
      replacement,
    };
  });
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

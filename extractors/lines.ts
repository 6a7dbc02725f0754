// Line positions and comment lines for the service detectors, which read text without a parser.
import { clip } from "./imports/common.js";

/** The offset each line starts at. */
export function lineStarts(text: string): number[] {
  const starts = [0];
  for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) starts.push(i + 1);
  return starts;
}

/** The 1-based line holding `offset`. */
export function lineAt(starts: readonly number[], offset: number): number {
  let low = 0;
  let high = starts.length - 1;
  while (low < high) {
    const mid = (low + high + 1) >> 1;
    if ((starts[mid] ?? 0) <= offset) low = mid;
    else high = mid - 1;
  }
  return low + 1;
}

/** Line `line`'s text, clipped for an evidence detail. */
export function lineText(text: string, starts: readonly number[], line: number): string {
  const start = starts[line - 1] ?? 0;
  const end = starts[line] ?? text.length;
  return clip(text.slice(start, end));
}

// What starts a comment line in the languages and configuration formats these detectors read.
const COMMENT_START = /^\s*(?:#|\/\/|\/\*|\*|--|;|<!--|REM\b)/;

/**
 * Whether `offset` is inside a comment: on a line that starts one, or after a `#` or `//` that opens one
 * earlier on the line (a `//` of `://` does not).
 */
export function isCommentAt(text: string, starts: readonly number[], offset: number): boolean {
  const start = starts[lineAt(starts, offset) - 1] ?? 0;
  const before = text.slice(start, offset);
  return COMMENT_START.test(before) || /(?:^|\s)(?:#|\/\/)\s/.test(before);
}

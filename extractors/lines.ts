// A line's text and whether an offset sits in a comment, for detectors that read text without a parser.
import { lineAt } from "../core/lines.js";
import { clip } from "./imports/common.js";

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

// Keys found in a file's text without a parser, turned into detections: in the order they stand, one per
// key, each with its line; none inside a comment or, in Python, a docstring (where `>>> boto3.client("sqs")`
// is an example, not a call). The service detectors and the template reader share it.
import { lineAt, lineStarts } from "../core/lines.js";
import type { EvidenceVia } from "../core/truth.js";
import { clip } from "./imports/common.js";
import type { Detection, DetectionKey } from "./types.js";

export interface TextHit {
  key: DetectionKey;
  /** The offset the hit starts at. */
  at: number;
}

// What starts a comment line in the languages and configuration formats read this way; `>>>` is a REPL.
const COMMENT_START = /^\s*(?:#|\/\/|\/\*|\*|--|;|<!--|REM\b|>>>)/;
// A `#` or `//` that opens a comment later on the line (the `//` of `://` does not).
const TRAILING_COMMENT = /(?:^|\s)(?:#|\/\/)\s/;
const TRIPLE_QUOTE = /"""|'''/g;

/**
 * The spans of a Python file's string statements (docstrings and bare strings): a triple-quoted string
 * that opens its line. One assigned to a name (`SQL = """…"""`) is a value, and stays.
 */
export function pythonDocstrings(text: string): [number, number][] {
  const spans: [number, number][] = [];
  TRIPLE_QUOTE.lastIndex = 0;
  for (let open = TRIPLE_QUOTE.exec(text); open; open = TRIPLE_QUOTE.exec(text)) {
    const close = text.indexOf(open[0], open.index + 3);
    const end = close === -1 ? text.length : close + 3;
    const lineStart = text.lastIndexOf("\n", open.index - 1) + 1;
    if (/^\s*[rRuUbBfF]{0,2}$/.test(text.slice(lineStart, open.index))) spans.push([open.index, end]);
    TRIPLE_QUOTE.lastIndex = end;
  }
  return spans;
}

/** `hits` as detections of `via`; `python` also skips docstrings. */
export function textDetections(
  text: string,
  hits: readonly TextHit[],
  via: EvidenceVia,
  options: { python?: boolean } = {},
): Detection[] {
  if (hits.length === 0) return [];
  const starts = lineStarts(text);
  const docstrings = options.python ? pythonDocstrings(text) : [];
  const inDocstring = (at: number) => docstrings.some(([start, end]) => start <= at && at < end);
  const seen = new Set<string>();
  const out: Detection[] = [];
  for (const { key, at } of [...hits].sort((a, b) => a.at - b.at)) {
    const id = `${key.space}\0${key.name}`;
    if (seen.has(id)) continue;
    const line = lineAt(starts, at);
    const lineStart = starts[line - 1] ?? 0;
    const before = text.slice(lineStart, at);
    if (COMMENT_START.test(before) || TRAILING_COMMENT.test(before) || inDocstring(at)) continue;
    seen.add(id);
    out.push({ key, line, via, detail: clip(text.slice(lineStart, starts[line] ?? text.length)) });
  }
  return out;
}

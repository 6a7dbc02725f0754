// A bound on how deeply a document nests, checked in one pass before any parser builds it: the YAML
// library needs ~10 s and 1 GB for a profile of a million nested `[`, and its own limits come only after.
// Brackets inside quoted strings and comments do not count (a quote opens a string only where a scalar
// starts, so the apostrophe of "Dana's" opens nothing); a YAML line of compact `- - -` items counts each
// dash.

/** No input vouch reads (a profile, a job, a config, a draft) nests anywhere near this deep. */
export const MAX_NESTING = 200;

const SCALAR_START = new Set(["\n", ":", ",", "[", "{", "-", "?"]);

/** The line where `text` first nests deeper than `max`, or undefined. */
export function tooDeepAt(text: string, max = MAX_NESTING): number | undefined {
  let depth = 0;
  let line = 1;
  let quote: '"' | "'" | undefined;
  let lineStart = true;
  let dashes = 0;
  // The last character that was not white space: a quote after one of these starts a string.
  let previous = "\n";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "\n") {
      line++;
      lineStart = true;
      dashes = 0;
      previous = "\n";
      continue;
    }
    if (quote) {
      if (c === "\\" && quote === '"') i++;
      else if (c === quote) quote = undefined;
      continue;
    }
    if (lineStart && c === "-" && (text[i + 1] === " " || text[i + 1] === "\n")) {
      if (++dashes + depth > max) return line;
      previous = "-";
      continue;
    }
    if (c === " " || c === "\t") continue;
    lineStart = false;
    const opensScalar = SCALAR_START.has(previous);
    previous = c;
    if ((c === '"' || c === "'") && opensScalar) quote = c;
    else if (c === "#" && (i === 0 || /\s/.test(text[i - 1]!))) {
      while (i + 1 < text.length && text[i + 1] !== "\n") i++;
    } else if (c === "[" || c === "{") {
      if (++depth > max) return line;
    } else if ((c === "]" || c === "}") && depth > 0) depth--;
  }
  return undefined;
}

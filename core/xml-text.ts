// Characters XML 1.0 cannot hold (its Char production): C0 controls other than tab, line feed and carriage
// return; U+FFFE and U+FFFF; a surrogate without its pair. A DOCX is XML, so one such character makes
// Word and LibreOffice refuse the whole file.
const UNWRITABLE =
  // eslint-disable-next-line no-control-regex -- the characters to find are control characters
  /(?:[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF])+/g;
const ANY_UNWRITABLE = new RegExp(UNWRITABLE.source);
/** Word's manual line break and page break, as text pasted from it carries them: they part words. */
// eslint-disable-next-line no-control-regex -- as above
const BREAKS = /[\u000B\u000C]/;

export interface UnwritableRun {
  start: number;
  end: number;
  /** `U+000B`, one per character. */
  codes: string[];
  /** A space where the run parted two words (a pasted line or page break), else nothing. */
  replacement: "" | " ";
}

export function hasUnwritable(text: string): boolean {
  return ANY_UNWRITABLE.test(text);
}

/** The runs of characters XML cannot hold, in order, each with what takes its place. */
export function unwritableRuns(text: string): UnwritableRun[] {
  if (!hasUnwritable(text)) return [];
  const runs: UnwritableRun[] = [];
  for (const m of text.matchAll(UNWRITABLE)) {
    const start = m.index;
    const end = start + m[0].length;
    const parts = BREAKS.test(m[0]) && /\S/.test(text[start - 1] ?? " ") && /\S/.test(text[end] ?? " ");
    runs.push({ start, end, codes: codesOf(m[0]), replacement: parts ? " " : "" });
  }
  return runs;
}

/** The text with every run replaced: what an XML document can hold. */
export function writableText(text: string): string {
  let out = "";
  let from = 0;
  for (const run of unwritableRuns(text)) {
    out += text.slice(from, run.start) + run.replacement;
    from = run.end;
  }
  return from === 0 ? text : out + text.slice(from);
}

function codesOf(run: string): string[] {
  const codes: string[] = [];
  for (let i = 0; i < run.length; i++)
    codes.push(`U+${run.charCodeAt(i).toString(16).toUpperCase().padStart(4, "0")}`);
  return codes;
}

const NAMES: Record<string, string> = {
  "U+0000": "a null character",
  "U+000B": "a vertical tab (Word's manual line break)",
  "U+000C": "a form feed (Word's page break)",
  "U+FFFE": "the noncharacter U+FFFE",
  "U+FFFF": "the noncharacter U+FFFF",
};

/** The characters of a run in words: "a vertical tab (Word's manual line break), U+0001". */
export function describeCodes(codes: readonly string[]): string {
  const unique = [...new Set(codes)];
  const named = (code: string) =>
    NAMES[code] ?? (/^U\+D[89A-F]/.test(code) ? `a lone surrogate ${code}` : `a control character ${code}`);
  return unique.map(named).join(", ");
}

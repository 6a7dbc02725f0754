// The places where a document may be cut, from its Markdown structure (or plain-text paragraphs):
// sections, blocks (paragraphs, list items, fenced code, tables), sentences, and as a last resort words.

/** How good a cut before a segment is: higher is a more natural boundary. */
export const CUT = { word: 0, sentence: 1, block: 2, minorHeading: 3, majorHeading: 4 } as const;
export type CutStrength = (typeof CUT)[keyof typeof CUT];

/** The smallest piece a chunk is built from: a slice of the source that no chunk boundary splits. */
export interface Segment {
  /** Offset of the segment's first non-blank character. */
  start: number;
  /** Offset just past its last non-blank character. */
  end: number;
  words: number;
  /** How natural a cut just before this segment is. */
  cut: CutStrength;
  /** The nearest heading at or above the segment. */
  title?: string;
}

interface Line {
  start: number;
  end: number; // without the line break
  text: string;
}

type BlockKind = "paragraph" | "heading" | "lines";

interface Block {
  kind: BlockKind;
  first: number; // line index
  last: number;
  cut: CutStrength;
  heading?: string;
}

const ATX = /^ {0,3}(#{1,6})(?:[ \t]+(.*?))?(?:[ \t]+#+)?[ \t]*$/;
// Setext (Markdown) and reStructuredText underlines below a one-line title.
const UNDERLINE = /^ {0,3}([=\-~^*+#"'`])\1{2,}\s*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^\s*(?:[-*+]|\d{1,9}[.)])\s+\S/;
const TABLE_ROW = /^\s*\|/;
// A sentence ends at . ! or ? (maybe closed by a quote, bracket or emphasis) before a space and a
// character that is not a lower-case letter, so "e.g. the" and "v1.2" stay whole.
const SENTENCE_END = /[.!?]+["')\]*_`]*\s+(?=[^\sa-z])/g;
const WORD = /\S+/g;

/** Count whitespace-separated words in `text[start, end)`. */
export function countWords(text: string, start = 0, end = text.length): number {
  let count = 0;
  let inWord = false;
  for (let i = start; i < end; i++) {
    const space = isSpace(text.charCodeAt(i));
    if (!space && !inWord) count++;
    inWord = !space;
  }
  return count;
}

/** Offsets where each word of `text[start, end)` begins. */
export function wordStarts(text: string, start: number, end: number): number[] {
  const starts: number[] = [];
  const re = new RegExp(WORD.source, "g");
  re.lastIndex = start;
  for (let m = re.exec(text); m && m.index < end; m = re.exec(text)) starts.push(m.index);
  return starts;
}

/**
 * Segments of a document, in order; none has more than `maxWords` words (a longer sentence is cut
 * between words). `fallbackTitle` titles the text before the first heading.
 */
export function segment(text: string, maxWords: number, fallbackTitle?: string): Segment[] {
  const lines = splitLines(text);
  const segments: Segment[] = [];
  let title = fallbackTitle;
  for (const block of blocks(lines)) {
    if (block.heading !== undefined) title = block.heading || title;
    const pieces =
      block.kind === "paragraph"
        ? sentences(text, lines, block)
        : block.kind === "heading"
          ? [wholeBlock(text, lines, block)]
          : blockLines(lines, block);
    pieces.forEach(([start, end], i) => {
      const cut = i === 0 ? block.cut : CUT.sentence;
      for (const piece of capWords(text, start, end, maxWords, cut)) segments.push({ ...piece, title });
    });
  }
  return segments;
}

function splitLines(text: string): Line[] {
  const lines: Line[] = [];
  let start = 0;
  while (start <= text.length) {
    const newline = text.indexOf("\n", start);
    const stop = newline < 0 ? text.length : newline;
    const end = stop > start && text[stop - 1] === "\r" ? stop - 1 : stop;
    lines.push({ start, end, text: text.slice(start, end) });
    if (newline < 0) break;
    start = newline + 1;
  }
  return lines;
}

function blocks(lines: readonly Line[]): Block[] {
  const out: Block[] = [];
  let current: Block | undefined;
  const close = () => {
    if (current) out.push(current);
    current = undefined;
  };
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i]?.text ?? "";
    const fenced = i === 0 && text.trim() === "---" ? frontMatterEnd(lines) : fenceEnd(lines, i);
    if (fenced !== undefined) {
      close();
      out.push({ kind: "lines", first: i, last: fenced, cut: CUT.block });
      i = fenced;
    } else if (text.trim() === "") {
      close();
    } else if (ATX.test(text)) {
      close();
      const [, hashes = "#", heading = ""] = ATX.exec(text) ?? [];
      out.push(headingBlock(i, i, heading, hashes.length));
    } else if (!current && UNDERLINE.test(lines[i + 1]?.text ?? "") && !LIST_ITEM.test(text)) {
      const level = (lines[i + 1]?.text.trim()[0] ?? "=") === "=" ? 1 : 2;
      out.push(headingBlock(i, i + 1, text.trim(), level));
      i++;
    } else if (TABLE_ROW.test(text)) {
      if (current?.kind !== "lines") close();
      current ??= { kind: "lines", first: i, last: i, cut: CUT.block };
      current.last = i;
    } else if (LIST_ITEM.test(text) || current?.kind === "lines") {
      close();
      current = { kind: "paragraph", first: i, last: i, cut: CUT.block };
    } else {
      current ??= { kind: "paragraph", first: i, last: i, cut: CUT.block };
      current.last = i;
    }
  }
  close();
  return out;
}

function headingBlock(first: number, last: number, heading: string, level: number): Block {
  const cut = level <= 2 ? CUT.majorHeading : CUT.minorHeading;
  return { kind: "heading", first, last, cut, heading: heading.replace(/[*_`]/g, "").trim() };
}

/** The closing line of a fence opened at line `i`, or the last line when it never closes. */
function fenceEnd(lines: readonly Line[], i: number): number | undefined {
  const open = FENCE.exec(lines[i]?.text ?? "")?.[1];
  if (!open) return undefined;
  const closing = new RegExp(`^ {0,3}${open[0] === "`" ? "`" : "~"}{${open.length},}\\s*$`);
  for (let j = i + 1; j < lines.length; j++) if (closing.test(lines[j]?.text ?? "")) return j;
  return lines.length - 1;
}

function frontMatterEnd(lines: readonly Line[]): number | undefined {
  for (let j = 1; j < lines.length; j++) if (/^(---|\.\.\.)\s*$/.test(lines[j]?.text ?? "")) return j;
  return undefined;
}

function wholeBlock(text: string, lines: readonly Line[], block: Block): [number, number] {
  return trimmed(text, lines[block.first]?.start ?? 0, lines[block.last]?.end ?? 0);
}

/** Code, tables and front matter cut only between lines. */
function blockLines(lines: readonly Line[], block: Block): [number, number][] {
  const out: [number, number][] = [];
  for (let i = block.first; i <= block.last; i++) {
    const line = lines[i];
    if (line && line.text.trim() !== "") out.push(trimmed(line.text, line.start, line.end));
  }
  return out;
}

function sentences(text: string, lines: readonly Line[], block: Block): [number, number][] {
  const start = lines[block.first]?.start ?? 0;
  const end = lines[block.last]?.end ?? start;
  const out: [number, number][] = [];
  const re = new RegExp(SENTENCE_END.source, "g");
  const body = text.slice(start, end);
  let from = 0;
  for (let m = re.exec(body); m; m = re.exec(body)) {
    out.push(trimmed(body, from, m.index + m[0].length).map((o) => o + start) as [number, number]);
    from = m.index + m[0].length;
  }
  if (from < body.length)
    out.push(trimmed(body, from, body.length).map((o) => o + start) as [number, number]);
  return out.filter(([s, e]) => e > s);
}

/** A piece longer than `maxWords` is cut between words; the later parts are cut as words. */
function capWords(
  text: string,
  start: number,
  end: number,
  maxWords: number,
  cut: CutStrength,
): Omit<Segment, "title">[] {
  const words = countWords(text, start, end);
  if (words <= maxWords) return [{ start, end, words, cut }];
  const starts = wordStarts(text, start, end);
  const out: Omit<Segment, "title">[] = [];
  for (let i = 0; i < starts.length; i += maxWords) {
    const from = starts[i] ?? start;
    const to = i + maxWords < starts.length ? (starts[i + maxWords] ?? end) : end;
    const [s, e] = trimmed(text, from, to);
    out.push({
      start: s,
      end: e,
      words: Math.min(maxWords, starts.length - i),
      cut: i === 0 ? cut : CUT.word,
    });
  }
  return out;
}

function trimmed(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  while (s < e && isSpace(text.charCodeAt(s))) s++;
  while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
  return [s, e];
}

function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 160 || code === 0xfeff;
}

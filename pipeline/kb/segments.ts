// The places where a document may be cut, from its Markdown structure (or plain-text paragraphs):
// sections, blocks (paragraphs, list items, fenced code, tables), sentences, and as a last resort words.
import {
  type Block,
  type BlockKind,
  type Line,
  isSpace,
  markdownBlocks,
  splitLines,
  trimSpan,
} from "../../core/markdown.js";
import { sentenceSpans } from "../../core/sentences.js";

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
  for (const block of markdownBlocks(text, lines)) {
    const start = lines[block.first]?.start ?? 0;
    const end = lines[block.last]?.end ?? start;
    const heading = block.kind === "heading";
    if (heading) title = (block.text ?? "").replace(/[*_`]/g, "").trim() || title;
    const pieces = heading
      ? [trimSpan(text, start, end)]
      : LINE_BY_LINE.has(block.kind)
        ? blockLines(lines, block)
        : sentenceSpans(text, start, end);
    const cut = !heading ? CUT.block : (block.level ?? 1) <= 2 ? CUT.majorHeading : CUT.minorHeading;
    pieces.forEach(([s, e], i) => {
      for (const piece of capWords(text, s, e, maxWords, i === 0 ? cut : CUT.sentence))
        segments.push({ ...piece, title });
    });
  }
  return segments;
}

/** Code, tables and front matter cut only between lines. */
const LINE_BY_LINE: ReadonlySet<BlockKind> = new Set(["code", "table", "front-matter"]);

function blockLines(lines: readonly Line[], block: Block): [number, number][] {
  const out: [number, number][] = [];
  for (let i = block.first; i <= block.last; i++) {
    const line = lines[i];
    // Trims against `line.text` with document offsets, so past the first line an indent is kept; left
    // as it was, since fixing it changes chunk texts and ids.
    if (line && line.text.trim() !== "") out.push(trimSpan(line.text, line.start, line.end));
  }
  return out;
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
    const [s, e] = trimSpan(text, from, to);
    out.push({
      start: s,
      end: e,
      words: Math.min(maxWords, starts.length - i),
      cut: i === 0 ? cut : CUT.word,
    });
  }
  return out;
}

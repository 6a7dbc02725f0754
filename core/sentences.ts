// The sentences of a text, read one of three ways, each for a kind of text: Markdown source (the KB's chunks
// are cut there), a text whose lines may be blocks (how far a use cue reaches), and plain prose (the
// platform's segmenter: an answer's claims, a source's figures, a chunk's quotable sentences).
import { trimSpan } from "./markdown.js";

// A sentence in Markdown source ends at . ! or ? (maybe closed by a quote, bracket, emphasis or code mark)
// before white space and a character that is not a lower-case letter, so "e.g. the", "v1.2", "?page=2" and
// "`!Ref`" stay whole. Intl.Segmenter reads source worse (it ends sentences inside `?x=1` and `!Ref`, gives
// a closing `**` to the next sentence, runs on past ". `code`"), and the KB's chunks were cut with this.
const SENTENCE_END = /[.!?]+["')\]*_`]*\s+(?=[^\sa-z])/g;

/** The sentences of Markdown source `text[start, end)` as offsets, without surrounding white space. */
export function sentenceSpans(text: string, start = 0, end = text.length): [number, number][] {
  const body = text.slice(start, end);
  const spans: [number, number][] = [];
  let from = 0;
  for (const m of body.matchAll(SENTENCE_END)) {
    spans.push(trimSpan(body, from, m.index + m[0].length));
    from = m.index + m[0].length;
  }
  spans.push(trimSpan(body, from, body.length));
  return spans.filter(([s, e]) => e > s).map(([s, e]) => [s + start, e + start]);
}

const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** The sentences of plain prose as the platform's segmenter cuts them, each with its offset (untrimmed). */
export function proseSegments(text: string): Iterable<{ segment: string; index: number }> {
  return segmenter.segment(text);
}

/** The sentences of plain prose (Markdown marks already removed), by the platform's segmenter. */
export function sentences(text: string): string[] {
  return Array.from(segmenter.segment(text), ({ segment }) => segment.trim()).filter(Boolean);
}

// A line that starts a list item, heading, quote or table row starts a sentence of its own.
const BLOCK_START = /^[ \t]*(?:[-*+•][ \t]|\d{1,3}[.)][ \t]|#{1,6}[ \t]|>|\|)/;

// Abbreviations that end no sentence, though a capital follows.
const ABBREVIATION = /(?<![\p{L}\p{N}])(?:vs|e\.g|i\.e|cf|incl|approx|esp|resp|viz)\.$/iu;

/** The sentences of a text (Markdown or plain: a list item, heading, quote or table row is one of its own), as offsets. */
export function sentencesOf(text: string): [number, number][] {
  const spans: [number, number][] = [];
  let blockStart = 0;
  let at = 0;
  const close = (end: number) => {
    if (end <= blockStart) return;
    for (const span of sentenceSpans(text, blockStart, end)) {
      const last = spans.at(-1);
      // "Snowflake vs. BigQuery" is one sentence.
      if (last && last[1] >= blockStart && ABBREVIATION.test(text.slice(last[0], last[1]))) last[1] = span[1];
      else spans.push(span);
    }
  };
  while (at <= text.length) {
    const newline = text.indexOf("\n", at);
    const lineEnd = newline < 0 ? text.length : newline;
    const line = text.slice(at, lineEnd);
    if (line.trim() === "" || (at > blockStart && BLOCK_START.test(line))) {
      close(at);
      blockStart = line.trim() === "" ? lineEnd + 1 : at;
    }
    if (newline < 0) break;
    at = newline + 1;
  }
  close(text.length);
  return spans;
}

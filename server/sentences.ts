// Prose of a chunk as clean sentences: Markdown paragraphs unwrapped (hard-wrapped READMEs), code blocks,
// tables and diagrams left out, emphasis and link syntax removed, then split with the platform's sentence
// segmenter. The answerer quotes these; the injection filter judges them.

export interface Sentence {
  text: string;
  /** A Markdown heading: it names a section, it does not state anything. */
  heading: boolean;
}

const FENCE = /^\s*(?:```|~~~)/;
/** A line that starts a block of its own: list item, heading, quote, table row. */
const BLOCK_START = /^\s*(?:[-*+•]\s+|\d{1,3}[.)]\s+|#{1,6}\s|>|\|)/;
const HEADING = /^#{1,6}\s+/;
const LIST_OR_QUOTE = /^(?:[-*+•]\s+|\d{1,3}[.)]\s+|>\s*)/;
/** Box drawing and arrows: an ASCII-art diagram, not prose. */
const DIAGRAM = /[\u2190-\u21FF\u2500-\u257F\u25A0-\u25FF]/;
const segmenter = new Intl.Segmenter("en", { granularity: "sentence" });

/** Paragraphs of Markdown or plain text, each on one line; fenced code is dropped. */
export function paragraphs(text: string): { text: string; heading: boolean }[] {
  const out: { text: string; heading: boolean }[] = [];
  let lines: string[] = [];
  let inFence = false;
  const flush = () => {
    if (lines.length === 0) return;
    const joined = lines.join(" ");
    lines = [];
    if (joined.startsWith("|") || DIAGRAM.test(joined)) return;
    const heading = HEADING.test(joined);
    const body = clean(joined.replace(HEADING, "").replace(LIST_OR_QUOTE, ""));
    if (/\p{L}/u.test(body)) out.push({ text: body, heading });
  };
  for (const raw of text.split("\n")) {
    if (FENCE.test(raw)) {
      flush();
      inFence = !inFence;
      continue;
    }
    if (inFence) continue;
    const line = raw.trim();
    if (!line) {
      flush();
      continue;
    }
    if (BLOCK_START.test(raw)) flush();
    lines.push(line);
    if (HEADING.test(line)) flush();
  }
  flush();
  return out;
}

/** Emphasis, code spans and links as the words a reader sees. */
function clean(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/(\*\*|__)(.+?)\1/g, "$2")
    .replace(/`([^`]*)`/g, "$1")
    .replace(/\s+/g, " ")
    .trim();
}

/** Every sentence of the text, in order. */
export function sentencesOf(text: string): Sentence[] {
  const out: Sentence[] = [];
  for (const paragraph of paragraphs(text)) {
    for (const { segment } of segmenter.segment(paragraph.text)) {
      const sentence = segment.trim();
      if (/\p{L}/u.test(sentence)) out.push({ text: sentence, heading: paragraph.heading });
    }
  }
  return out;
}

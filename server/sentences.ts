// Prose of a chunk as clean sentences: Markdown paragraphs unwrapped (hard-wrapped READMEs), code blocks,
// tables and diagrams left out, emphasis and link syntax removed, then split with the platform's sentence
// segmenter. The answerer quotes these; the injection filter judges them.
import { markdownBlocks } from "../core/markdown.js";
import { sentences } from "../core/sentences.js";

export interface Sentence {
  text: string;
  /** A Markdown heading: it names a section, it does not state anything. */
  heading: boolean;
}

/**
 * A line that starts a paragraph of its own in plain text where Markdown reads on: a • bullet, an item
 * numbered other than 1, a list item, heading, quote or table row indented four spaces or more.
 */
const PLAIN_BLOCK_START = /\n(?=\s*(?:[-*+•]\s+|\d{1,3}[.)]\s+|#{1,6}\s|>|\|))/;
const LIST_OR_QUOTE = /^(?:[-*+•]\s+|\d{1,3}[.)]\s+|>\s*)/;
/** Box drawing and arrows: an ASCII-art diagram, not prose. */
const DIAGRAM = /[\u2190-\u21FF\u2500-\u257F\u25A0-\u25FF]/;

/** Paragraphs of Markdown or plain text, each on one line; code, tables and front matter are dropped. */
export function paragraphs(text: string): { text: string; heading: boolean }[] {
  const out: { text: string; heading: boolean }[] = [];
  for (const block of markdownBlocks(text)) {
    if (block.kind !== "paragraph" && block.kind !== "heading") continue;
    for (const part of (block.text ?? "").split(PLAIN_BLOCK_START)) {
      // Lines joined as one, so emphasis wrapped across a line break is still removed.
      const joined = part
        .split("\n")
        .map((line) => line.trim())
        .join(" ");
      if (joined.startsWith("|") || DIAGRAM.test(joined)) continue;
      const body = clean(joined.replace(LIST_OR_QUOTE, ""));
      if (/\p{L}/u.test(body)) out.push({ text: body, heading: block.kind === "heading" });
    }
  }
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
    for (const sentence of sentences(paragraph.text)) {
      if (/\p{L}/u.test(sentence)) out.push({ text: sentence, heading: paragraph.heading });
    }
  }
  return out;
}

// The blocks of a Markdown or plain-text document, for the KB's chunker and the chatbot (their sentences: sentences.ts).
// markdown-it reads the blocks. Documents are also reStructuredText and plain text, and the KB's chunks
// must not move, so five readings are the KB's own: a leading `---` block is YAML front matter; a line over
// a row of = - ~ ^ * + # " ' or ` is a title; `|` lines are table rows; indented lines are text, not code;
// a paragraph over a Markdown underline stays a paragraph.
import { markdownIt } from "./markdown-it.js";
import type { MarkdownIt, StateBlock, Token } from "markdown-it";

/** One line of the source, without its line break. */
export interface Line {
  start: number;
  /** Offset of the line break (or of a `\r` before it). */
  end: number;
  text: string;
}

export type BlockKind = "heading" | "paragraph" | "rule" | "code" | "table" | "front-matter";

export interface Block {
  kind: BlockKind;
  /** First and last line, 0-based, inclusive. */
  first: number;
  last: number;
  /** A heading's level, 1 to 6 (2 for any title underline but `=`). */
  level?: number;
  /** A heading's or paragraph's text without its markup: list markers, quote marks, hashes, indentation. */
  text?: string;
}

/** The lines of `text`, split at `\n` (a `\r` before it is left out of the line). */
export function splitLines(text: string): Line[] {
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

/**
 * The blocks of a document in order: headings, paragraphs (in lists and quotes too), thematic breaks,
 * fenced code, tables and front matter. Lines markdown-it gives no block of these (link reference
 * definitions) are paragraphs, so every non-blank line outside a container is in a block.
 */
export function markdownBlocks(text: string, lines: readonly Line[] = splitLines(text)): Block[] {
  const blocks: Block[] = [];
  const front = frontMatterEnd(lines);
  if (front !== undefined) blocks.push({ kind: "front-matter", first: 0, last: front });
  // Front matter is blanked, not cut, so markdown-it's line numbers stay those of `lines`; so is a line of
  // only Unicode spaces (a no-break space is text to markdown-it). A lone `\r` would be a line break.
  const source = lines.map((l, i) =>
    (front !== undefined && i <= front) || !l.text.trim() ? "" : l.text.replace(/\r/g, " "),
  );
  // A byte order mark is not text: it would hide a first heading.
  const tokens = parser().parse(source.join("\n").replace(/^\uFEFF/, ""), {});
  const covered = new Uint8Array(lines.length);
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i] as Token;
    if (!token.map) continue;
    const [first, end] = token.map;
    if (token.type === "reference_definition") continue; // left uncovered: a paragraph of its own
    covered.fill(1, first, end);
    const block = leafBlock(token, tokens[i + 1], first, end - 1);
    if (!block) continue;
    blocks.push(block);
    if (token.type === "table_open") while (tokens[i]?.type !== "table_close") i++;
  }
  blocks.push(...uncovered(lines, covered, front));
  return blocks.sort((a, b) => a.first - b.first);
}

function leafBlock(token: Token, next: Token | undefined, first: number, last: number): Block | undefined {
  switch (token.type) {
    case "heading_open":
      // markdown-it's own setext headings are those `underlinedTitle` left: a longer paragraph over the
      // rule, or a rule shorter than three. Plain text rules off paragraphs so; they stay paragraphs.
      if (token.markup === "=" || token.markup === "-")
        return { kind: "paragraph", first, last, text: next?.content ?? "" };
      return { kind: "heading", first, last, level: Number(token.tag.slice(1)), text: next?.content ?? "" };
    case "paragraph_open":
      return { kind: "paragraph", first, last, text: next?.content ?? "" };
    case "hr":
      return { kind: "rule", first, last };
    case "fence":
      return { kind: "code", first, last };
    case "table_open":
      return { kind: "table", first, last };
    default:
      return undefined;
  }
}

/** Runs of non-blank lines that no token covers, as paragraphs. */
function uncovered(lines: readonly Line[], covered: Uint8Array, front: number | undefined): Block[] {
  const out: Block[] = [];
  for (let i = front === undefined ? 0 : front + 1; i < lines.length; i++) {
    if (covered[i] || !lines[i]?.text.trim()) continue;
    let last = i;
    while (last + 1 < lines.length && !covered[last + 1] && lines[last + 1]?.text.trim()) last++;
    const text = lines
      .slice(i, last + 1)
      .map((l) => l.text.trim())
      .join("\n");
    out.push({ kind: "paragraph", first: i, last, text });
    i = last;
  }
  return out;
}

/** YAML front matter: a first line `---` closed by `---` or `...`; the closing line, if any. */
function frontMatterEnd(lines: readonly Line[]): number | undefined {
  if (lines[0]?.text.trim() !== "---") return undefined;
  for (let j = 1; j < lines.length; j++) if (/^(---|\.\.\.)\s*$/.test(lines[j]?.text ?? "")) return j;
  return undefined;
}

const UNDERLINE = /^([=\-~^*+#"'`])\1{2,}\s*$/;

/**
 * A one-line title over an underline of three or more `= - ~ ^ * + # " ' \``, where a block starts: a
 * reStructuredText title or a setext heading.
 */
function underlinedTitle(state: StateBlock, startLine: number, endLine: number): boolean {
  const next = startLine + 1;
  const indent = (line: number) => (state.sCount[line] ?? 0) - state.blkIndent;
  if (next >= endLine || indent(startLine) >= 4 || indent(next) < 0 || indent(next) >= 4) return false;
  const lineText = (line: number) =>
    state.src.slice((state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0), state.eMarks[line]);
  const underline = lineText(next);
  const title = lineText(startLine).trim();
  if (!UNDERLINE.test(underline)) return false;
  // ``` shorter than the line above opens a fence ("Example:" over ```); an underline is as long.
  if (underline[0] === "`" && underline.trim().length < title.length) return false;
  const tag = underline[0] === "=" ? "h1" : "h2";
  state.line = next + 1;
  const open = state.push("heading_open", tag, 1);
  open.markup = underline;
  open.map = [startLine, state.line];
  const inline = state.push("inline", "", 0);
  inline.content = title;
  inline.map = [startLine, next];
  inline.children = [];
  state.push("heading_close", tag, -1).markup = underline;
  return true;
}

/**
 * Lines that start with `|` where markdown-it sees no table (no delimiter row: a reStructuredText grid
 * table, or a chunk that starts inside a table) are still rows of one; they end a paragraph.
 */
function pipeRows(state: StateBlock, startLine: number, endLine: number, silent: boolean): boolean {
  if (!isPipe(state, startLine)) return false;
  if (silent) return true;
  let next = startLine + 1;
  while (next < endLine && isPipe(state, next)) next++;
  state.push("table_open", "table", 1).map = [startLine, next];
  state.push("table_close", "table", -1);
  state.line = next;
  return true;
}

/** Whether a line starts with `|` (one indented less than its list item too: it ends the item). */
function isPipe(state: StateBlock, line: number): boolean {
  const first = (state.bMarks[line] ?? 0) + (state.tShift[line] ?? 0);
  return (state.sCount[line] ?? 0) - state.blkIndent < 4 && state.src.charCodeAt(first) === 0x7c;
}

let markdown: MarkdownIt | undefined;

/** markdown-it with GFM tables and no HTML blocks (HTML reads as paragraphs, as the KB always read it). */
function parser(): MarkdownIt {
  if (markdown) return markdown;
  const MarkdownIt = markdownIt();
  const md = new MarkdownIt("default", { html: false, maxNesting: 1_000 });
  md.core.ruler.enableOnly(["normalize", "block"]); // blocks only: inline content is left unparsed
  // Indented lines are text: reStructuredText and plain text indent prose (quotes, definitions, notes).
  md.block.ruler.disable("code");
  md.block.ruler.before("lheading", "underlined_title", underlinedTitle);
  md.block.ruler.after("underlined_title", "pipe_rows", pipeRows, { alt: ["paragraph"] });
  // "|ASN.1| type" over `----` is a title, not a table of one column.
  md.block.ruler.before(
    "table",
    "pipe_title",
    (state, start, end) => isPipe(state, start) && underlinedTitle(state, start, end),
  );
  return (markdown = md);
}

/** `[start, end)` narrowed to its first and last non-blank characters. */
export function trimSpan(text: string, start: number, end: number): [number, number] {
  let s = start;
  let e = end;
  while (s < e && isSpace(text.charCodeAt(s))) s++;
  while (e > s && isSpace(text.charCodeAt(e - 1))) e--;
  return [s, e];
}

/** White space as the KB counts words: ASCII, no-break space and the byte order mark. */
export function isSpace(code: number): boolean {
  return code === 32 || (code >= 9 && code <= 13) || code === 160 || code === 0xfeff;
}

// What templates/pdf/resume.typ draws, as one JSON value: the layout, the blocks (consecutive bullets as
// one list), the document's metadata and the font families. Pure: the same resume gives the same value.
import type { JsonResume } from "../../../core/resume.js";
import { writableText } from "../../../core/xml-text.js";
import { type Block, blockText } from "../blocks.js";
import type { Layout } from "../layout-schema.js";
import { type GivenProperties, resumeProperties } from "../properties.js";

export type TypstBlock = Block | { kind: "bullets"; items: Block[] };

export interface TypstInput {
  layout: Layout;
  blocks: TypstBlock[];
  meta: { title: string; author: string; keywords: string[] };
  fonts: string[];
  lang: string;
}

/** Consecutive bullet blocks as one list block, in reading order. */
export function groupBullets(blocks: readonly Block[]): TypstBlock[] {
  const grouped: TypstBlock[] = [];
  for (const block of blocks) {
    const last = grouped.at(-1);
    if (block.kind !== "bullet") grouped.push(block);
    else if (last?.kind === "bullets") last.items.push(block);
    else grouped.push({ kind: "bullets", items: [block] });
  }
  return grouped;
}

/** A control character (the guards remove them from the resume) would stop the compiler; a layout's own text is cleaned too. */
function cleanBlock(block: Block, separator: string): Block {
  // A contact item (not a separator) is drawn whole on one line.
  const whole = (text: string) => block.kind === "contact" && text !== separator;
  return {
    ...block,
    segments: block.segments.map((s) => {
      // A tab is a space to a reader; drawn, it is nothing, and glues its neighbours. A zero-width space,
      // word joiner or byte-order mark draws nothing and can swallow the glyph before it from the text
      // layer; a soft hyphen would break a word with a hyphen a reader keeps.
      const text = writableText(s.text)
        .replace(/\t/g, " ")
        .replace(/[\u00AD\u200B\u2060\uFEFF]/g, "");
      return { ...s, text, pieces: whole(text) ? [{ text, keep: true }] : pieces(text) };
    }),
    ...(block.dates ? { dates: writableText(block.dates) } : {}),
  };
}

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;
/** Longer than this, a word must be allowed to break, or it runs past the margin. */
const MAX_KEPT_WORD = 40;

/**
 * The text in pieces, with the words a line must not break inside kept whole: "github.com/ada", "CI/CD",
 * "right-sizing" (an ATS reads a break there as two words). Chinese and Japanese break anywhere, and a
 * word longer than a line must break somewhere: neither is kept.
 */
export function pieces(text: string): { text: string; keep?: true }[] {
  const out: { text: string; keep?: true }[] = [];
  for (const part of text.split(/(\s+)/)) {
    if (part === "") continue;
    const keep = /[/-]/.test(part) && part.length <= MAX_KEPT_WORD && !CJK.test(part);
    const last = out.at(-1);
    if (keep) out.push({ text: part, keep: true });
    else if (last && !last.keep) last.text += part;
    else out.push({ text: part });
  }
  return out;
}

/** The template's input from the resume's blocks (built once by the caller, who also chose the fonts by them). */
export function typstInput(
  resume: JsonResume,
  blocks: readonly Block[],
  layout: Layout,
  families: string[],
  given: GivenProperties = {},
): TypstInput {
  const properties = resumeProperties(resume, given);
  return {
    layout,
    blocks: groupBullets(blocks.map((b) => cleanBlock(b, layout.header.separator))),
    meta: { title: properties.title, author: properties.author, keywords: properties.keywords },
    fonts: families,
    lang: "en",
  };
}

/** All the text the PDF draws, for choosing fonts by script. */
export function drawnText(blocks: readonly Block[]): string {
  return blocks.map((b) => blockText(b) + (b.dates ?? "")).join("\n");
}

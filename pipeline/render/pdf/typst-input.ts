// What templates/pdf/resume.typ draws, as one JSON value: the layout, the blocks (consecutive bullets as
// one list), the document's metadata and the font families. Pure: the same resume gives the same value.
import type { JsonResume } from "../../../core/resume.js";
import { writableText } from "../../../core/xml-text.js";
import { type Block, resumeBlocks } from "../blocks.js";
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
    segments: block.segments.map((s) => ({
      ...s,
      text: writableText(s.text),
      ...(whole(s.text) ? { whole: true } : {}),
    })),
    ...(block.dates ? { dates: writableText(block.dates) } : {}),
  };
}

export function typstInput(
  resume: JsonResume,
  layout: Layout,
  families: string[],
  given: GivenProperties = {},
): TypstInput {
  const properties = resumeProperties(resume, given);
  return {
    layout,
    blocks: groupBullets(resumeBlocks(resume, layout).map((b) => cleanBlock(b, layout.header.separator))),
    meta: { title: properties.title, author: properties.author, keywords: properties.keywords },
    fonts: families,
    lang: "en",
  };
}

/** All the text the PDF draws, for choosing fonts by script. */
export function drawnText(blocks: readonly Block[]): string {
  return blocks.map((b) => b.segments.map((s) => s.text).join("") + (b.dates ?? "")).join("\n");
}

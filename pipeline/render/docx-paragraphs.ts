// One block (blocks.ts) as Word paragraphs: its text runs, the dates at a right tab stop or on a line below,
// and for the review variant the comment ranges around the anchored text.
import {
  CommentRangeEnd,
  CommentRangeStart,
  CommentReference,
  HeadingLevel,
  type IParagraphOptions,
  Paragraph,
  type ParagraphChild,
  Tab,
  TabStopType,
  TextRun,
} from "docx";
import type { Block } from "./blocks.js";
import { BULLETS, STYLE_IDS, textWidth } from "./docx-styles.js";
import type { Layout } from "./layout-schema.js";
import { writableText } from "../../core/xml-text.js";

/** A comment's place in this block's text, with the id of its comment in word/comments.xml. */
export interface PlacedComment {
  id: number;
  start: number;
  end: number;
}

const KIND_OPTIONS: Record<Block["kind"], IParagraphOptions> = {
  name: { heading: HeadingLevel.TITLE },
  label: { style: STYLE_IDS.label },
  contact: { style: STYLE_IDS.contact },
  heading: { heading: HeadingLevel.HEADING_1 },
  entry: { heading: HeadingLevel.HEADING_2 },
  text: {},
  bullet: { numbering: { reference: BULLETS, level: 0 } },
  skills: {},
};

function closeComment(id: number): ParagraphChild[] {
  return [new CommentRangeEnd(id), new TextRun({ children: [new CommentReference(id)] })];
}

/** Runs for the block's segments, cut wherever a comment starts or ends. */
function textChildren(block: Block, comments: readonly PlacedComment[]): ParagraphChild[] {
  const children: ParagraphChild[] = [];
  // At one position: comments that end close first, then empty ones, then those that start open.
  const marks = (at: number) => {
    for (const c of comments) if (c.end === at && c.start < at) children.push(...closeComment(c.id));
    for (const c of comments) {
      if (c.start === at && c.end === at) children.push(new CommentRangeStart(c.id), ...closeComment(c.id));
    }
    for (const c of comments) if (c.start === at && c.end > at) children.push(new CommentRangeStart(c.id));
  };
  let at = 0;
  for (const segment of block.segments) {
    const stop = at + segment.text.length;
    const cuts = new Set([at, stop]);
    for (const c of comments) for (const p of [c.start, c.end]) if (p > at && p < stop) cuts.add(p);
    const points = [...cuts].sort((a, b) => a - b);
    for (let i = 0; i < points.length - 1; i++) {
      const [from, to] = [points[i] as number, points[i + 1] as number];
      marks(from);
      const text = segment.text.slice(from - at, to - at);
      // The guards took such characters out of the resume; a layout's own text is cleaned here.
      children.push(new TextRun({ text: writableText(text), bold: segment.bold, italics: segment.italic }));
    }
    at = stop;
  }
  marks(at);
  return children;
}

export function blockParagraphs(
  block: Block,
  layout: Layout,
  comments: readonly PlacedComment[],
): Paragraph[] {
  const children = textChildren(block, comments);
  const datesRight = block.dates && layout.dates.position === "right";
  if (datesRight) children.push(new TextRun({ children: [new Tab(), writableText(block.dates as string)] }));
  const paragraph = new Paragraph({
    ...KIND_OPTIONS[block.kind],
    ...(datesRight ? { tabStops: [{ type: TabStopType.RIGHT, position: textWidth(layout) }] } : {}),
    children,
  });
  if (!block.dates || datesRight) return [paragraph];
  return [
    paragraph,
    new Paragraph({ style: STYLE_IDS.dates, children: [new TextRun(writableText(block.dates))] }),
  ];
}

// resume.docx and resume.review.docx, ATS-friendly: one column of paragraphs, no tables, text boxes, headers
// or footers; the name and contact line in the body; standard headings as Word heading styles; highlights
// as real Word bullet lists; document properties set. The same input and date give the same bytes.
import { Document, type ICommentOptions, Paragraph, TextRun } from "docx";
import type { JsonResume } from "../../core/resume.js";
import { writableText } from "../../core/xml-text.js";
import { resumeBlocks } from "./blocks.js";
import { type CoreProperties, packDocument } from "./docx-package.js";
import { type PlacedComment, blockParagraphs } from "./docx-paragraphs.js";
import { bulletNumbering, documentStyles, pageProperties } from "./docx-styles.js";
import type { Layout } from "./layout-schema.js";
import { type GivenProperties, resumeProperties } from "./properties.js";
import type { RecordFacts } from "./record-places.js";
import { type AnchorMap, REVIEW_AUTHOR, anchorRecords } from "./review.js";

export interface RenderDocxOptions {
  /** Render the review variant: a comment at every place these records changed. */
  review?: { records: readonly RecordFacts[] };
  properties?: GivenProperties;
  /**
   * The document's created and modified date, also used for comments and zip entries; a fixed default keeps
   * output reproducible (pass the run's timestamp to date it).
   */
  date?: Date | string;
}

/** The zip format's epoch, the usual choice for reproducible archives. */
export const DEFAULT_RENDER_DATE = "1980-01-01T00:00:00Z";

function documentProperties(resume: JsonResume, options: RenderDocxOptions): CoreProperties {
  const properties = resumeProperties(resume, options.properties);
  return {
    title: properties.title,
    creator: properties.author,
    description: properties.description,
    keywords: properties.keywords.join(", ") || undefined,
    lastModifiedBy: "vouch",
  };
}

/** Render a JSON Resume as DOCX bytes with a layout (see layout.ts). */
export async function renderDocx(
  resume: JsonResume,
  layout: Layout,
  options: RenderDocxOptions = {},
): Promise<Uint8Array> {
  const date = new Date(options.date ?? DEFAULT_RENDER_DATE);
  if (Number.isNaN(date.getTime())) throw new Error(`renderDocx: invalid date ${String(options.date)}`);
  const anchors: AnchorMap = options.review
    ? anchorRecords(resume, options.review.records, layout)
    : new Map();
  const comments: ICommentOptions[] = [];
  const children = resumeBlocks(resume, layout).flatMap((block) => {
    const placed: PlacedComment[] = (anchors.get(block.key) ?? []).map((anchor) => {
      const id = comments.length;
      comments.push({
        id,
        ...REVIEW_AUTHOR,
        date,
        children: anchor.comment
          .split("\n")
          .map((line) => new Paragraph({ children: [new TextRun(writableText(line))] })),
      });
      return { id, start: anchor.start, end: anchor.end };
    });
    return blockParagraphs(block, layout, placed);
  });
  const properties = documentProperties(resume, options);
  const doc = new Document({
    ...properties,
    styles: documentStyles(layout),
    numbering: bulletNumbering(layout),
    ...(comments.length > 0 ? { comments: { children: comments } } : {}),
    sections: [{ properties: pageProperties(layout), children }],
  });
  return packDocument(doc, properties, date);
}

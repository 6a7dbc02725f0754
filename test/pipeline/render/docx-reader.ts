// Reading rendered DOCX files in tests: the zip's parts as text, and word/document.xml as paragraphs.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { strFromU8, unzipSync } from "fflate";
import { parse } from "yaml";
import type { JsonResume } from "../../../core/resume.js";
import { checkDocxParts } from "../../helpers/xml.js";

export const SAMPLE_PROFILE = join(import.meta.dirname, "../../../samples/profile.yaml");

/** samples/profile.yaml without vouch's `portfolio` key: a plain JSON Resume. */
export function sampleResume(): JsonResume {
  const { portfolio: _portfolio, ...resume } = parse(readFileSync(SAMPLE_PROFILE, "utf8")) as JsonResume;
  return resume;
}

export function docxParts(bytes: Uint8Array): Record<string, string> {
  const files = unzipSync(bytes);
  const parts = Object.fromEntries(Object.entries(files).map(([path, data]) => [path, strFromU8(data)]));
  checkDocxParts(parts);
  return parts;
}

const unescapeXml = (text: string) =>
  text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, "&");

/** The visible text of an XML fragment: its w:t elements, and w:tab as a tab. */
export function textOf(xml: string): string {
  return unescapeXml(
    [...xml.matchAll(/<w:t(?:\s[^>]*)?>([^<]*)<\/w:t>|<w:tab\/>/g)].map((m) => m[1] ?? "\t").join(""),
  );
}

export interface DocParagraph {
  style?: string;
  numbered: boolean;
  text: string;
  xml: string;
}

/** The body's paragraphs in order, with their style id and whether they are list items. */
export function paragraphs(documentXml: string): DocParagraph[] {
  const body = documentXml.slice(documentXml.indexOf("<w:body>"));
  return [...body.matchAll(/<w:p(?:\s[^>]*)?>([\s\S]*?)<\/w:p>/g)].map(([xml, inner]) => {
    const style = /<w:pStyle w:val="([^"]+)"\/>/.exec(inner ?? "")?.[1];
    return { ...(style ? { style } : {}), numbered: xml.includes("<w:numPr>"), text: textOf(xml), xml };
  });
}

/** The text between a comment's range start and end in word/document.xml. */
export function commentedText(documentXml: string, id: number): string {
  const start = documentXml.indexOf(`<w:commentRangeStart w:id="${id}"/>`);
  const end = documentXml.indexOf(`<w:commentRangeEnd w:id="${id}"/>`);
  if (start < 0 || end < start) throw new Error(`comment ${id} has no range in the document`);
  return textOf(documentXml.slice(start, end));
}

export interface DocComment {
  id: number;
  author: string;
  initials: string;
  text: string;
}

export function comments(commentsXml: string | undefined): DocComment[] {
  if (!commentsXml) return [];
  return [...commentsXml.matchAll(/<w:comment ([^>]*)>([\s\S]*?)<\/w:comment>/g)].map(([, attrs, inner]) => {
    const attr = (name: string) => new RegExp(`w:${name}="([^"]*)"`).exec(attrs ?? "")?.[1] ?? "";
    const lines = [...(inner ?? "").matchAll(/<w:p(?:\s[^>]*)?>[\s\S]*?<\/w:p>/g)].map((p) => textOf(p[0]));
    return {
      id: Number(attr("id")),
      author: attr("author"),
      initials: attr("initials"),
      text: lines.join("\n"),
    };
  });
}

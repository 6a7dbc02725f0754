// Read the parts of a DOCX that tests assert on.
import { readFileSync } from "node:fs";
import { strFromU8, unzipSync } from "fflate";
import { checkDocxParts } from "./xml.js";

export interface DocxParts {
  document: string;
  comments?: string;
  parts: string[];
  /** The visible text of each paragraph of the body. */
  paragraphs: string[];
}

export function readDocx(path: string): DocxParts {
  const zip = unzipSync(readFileSync(path));
  checkDocxParts(Object.fromEntries(Object.entries(zip).map(([name, data]) => [name, strFromU8(data)])));
  const part = (name: string) => (zip[name] ? strFromU8(zip[name]) : undefined);
  const document = part("word/document.xml") ?? "";
  const paragraphs = [...document.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map((p) =>
    [...p[0].matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)].map((t) => t[1]).join(""),
  );
  const comments = part("word/comments.xml");
  return { document, parts: Object.keys(zip), paragraphs, ...(comments ? { comments } : {}) };
}

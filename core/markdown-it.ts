// markdown-it, loaded once for every reader of Markdown: its CommonJS build is one file, which Node 20 loads
// in half the time of the ESM build's dozen modules (~18 ms against ~35 ms). Each reader makes its own
// parser from it, because each reads a different kind of text: the KB's blocks (core/markdown.ts: blocks
// only, reStructuredText titles and pipe rows), a document's technology claims (extractors/docs.ts:
// CommonMark with inline positions) and a job post's units (pipeline/inputs/job-units.ts: inline text, no code
// blocks).
import { createRequire } from "node:module";
import type * as MarkdownItModule from "markdown-it";
import { lazy } from "./lazy.js";

export type MarkdownItClass = typeof MarkdownItModule.default;

export const markdownIt = lazy(
  (): MarkdownItClass => createRequire(import.meta.url)("markdown-it") as MarkdownItClass,
);

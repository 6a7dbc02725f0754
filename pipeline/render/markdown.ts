// resume.md: the same blocks as the DOCX, as Markdown (a `#` name, `##` sections, `###` entries, `- ` bullets).
import type { JsonResume } from "../../core/resume.js";
import { type Block, type Segment, resumeBlocks } from "./blocks.js";
import type { Layout } from "./layout-schema.js";

/** Escape what Markdown would read as markup; text like `[NUM_REDACTED]` must stay literal. */
export function escapeMarkdown(text: string): string {
  return (
    text
      .replace(/[\\`*[\]<]/g, (c) => `\\${c}`)
      // An underscore inside a word (NUM_REDACTED) is never emphasis in CommonMark: leave it readable.
      .replace(/(?<![\p{L}\p{N}])_|_(?![\p{L}\p{N}])/gu, "\\_")
      .replace(/^(\s*)([#>+-]|\d+[.)])(?=\s|$)/, (_whole, space: string, mark: string) => `${space}\\${mark}`)
  );
}

/** The segments as Markdown; `plain` drops their emphasis (a heading is already bold). */
function inline(segments: readonly Segment[], plain = false): string {
  return segments
    .map((s) => {
      const text = escapeMarkdown(s.text);
      // Emphasis markers must hug the text: keep any outer spaces outside them.
      const [, lead, core, trail] = /^(\s*)(.*?)(\s*)$/s.exec(text) as unknown as [
        string,
        string,
        string,
        string,
      ];
      if (!core || plain) return text;
      const marked = s.bold ? `**${core}**` : s.italic ? `_${core}_` : core;
      return `${lead}${marked}${trail}`;
    })
    .join("");
}

function blockLines(block: Block): string[] {
  const text = inline(block.segments, ["name", "heading", "entry"].includes(block.kind));
  switch (block.kind) {
    case "name":
      return [`# ${text}`, ""];
    case "label":
    case "contact":
      return [text, ""];
    case "heading":
      return [`## ${text}`, ""];
    case "entry":
      return [`### ${text}`, "", ...(block.dates ? [`_${escapeMarkdown(block.dates)}_`, ""] : [])];
    case "bullet":
      return [`- ${text}`];
    case "text":
    case "skills":
      return [text, ""];
  }
}

/** Render a JSON Resume as Markdown with a layout's section order and date format. */
export function renderMarkdown(resume: JsonResume, layout: Layout): string {
  const lines: string[] = [];
  const blocks = resumeBlocks(resume, layout);
  blocks.forEach((block, i) => {
    lines.push(...blockLines(block));
    // A list ends with a blank line before whatever follows it.
    if (block.kind === "bullet" && blocks[i + 1]?.kind !== "bullet") lines.push("");
  });
  return `${lines
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim()}\n`;
}

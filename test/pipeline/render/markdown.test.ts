import { describe, expect, it } from "vitest";
import { loadLayout } from "../../../pipeline/render/layout.js";
import { escapeMarkdown, renderMarkdown } from "../../../pipeline/render/markdown.js";
import { sampleResume } from "./docx-reader.js";

const resume = sampleResume();

describe("renderMarkdown", () => {
  const md = renderMarkdown(resume, loadLayout("classic"));
  const lines = md.split("\n");

  it("has the name, then the same sections as the DOCX as ## headings", () => {
    expect(lines[0]).toBe("# Dana Reyes");
    expect(lines.filter((l) => l.startsWith("## "))).toEqual([
      "## Summary",
      "## Experience",
      "## Projects",
      "## Skills",
      "## Education",
    ]);
    expect(md).toContain("dana.reyes@example.com");
  });

  it("writes entries as ### headings with their dates, and highlights as - bullets", () => {
    const at = lines.indexOf("### Senior Platform Engineer — Fernhill Supply");
    expect(lines.slice(at, at + 6)).toEqual([
      "### Senior Platform Engineer — Fernhill Supply",
      "",
      "_Apr 2021 – Present_",
      "",
      "_Platform team for an online supply store; owns the order pipeline and the AWS platform._",
      "",
    ]);
    expect(lines.filter((l) => l.startsWith("- "))).toHaveLength(8);
    expect(md).toContain("- Reduced the monthly AWS bill by 23.4% by right-sizing node groups.\n");
  });

  it("writes skills as Name: keywords lines", () => {
    expect(lines).toContain("**Languages**: TypeScript, Python, Go, Java");
  });

  it("follows the layout's section order and date format", () => {
    const compact = renderMarkdown(resume, loadLayout("compact"));
    expect(compact.indexOf("## Skills")).toBeLessThan(compact.indexOf("## Experience"));
    expect(compact).toContain("_2018 – 2021_");
  });

  it("keeps guard markers and model text literal", () => {
    expect(escapeMarkdown("Cut cost by [NUM_REDACTED] with *magic*")).toBe(
      "Cut cost by \\[NUM_REDACTED\\] with \\*magic\\*",
    );
    expect(escapeMarkdown("# not a heading")).toBe("\\# not a heading");
    expect(escapeMarkdown("_private_ <b>")).toBe("\\_private\\_ \\<b>");
  });
});

import { describe, expect, it } from "vitest";
import { loadLayout } from "../../../pipeline/render/layout.js";
import { escapeMarkdown, renderMarkdown } from "../../../pipeline/render/markdown.js";
import { sampleResume } from "./docx-reader.js";
import { emptySectionsResume, extraSectionsResume } from "./extra-sections-sample.js";

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

describe("renderMarkdown: awards, publications, volunteer, languages, interests", () => {
  it("writes each as a ## section: entries as ###, languages on one line, interests like skills", () => {
    expect(renderMarkdown(extraSectionsResume(), loadLayout("classic"))).toBe(
      [
        "# Sam Lee",
        "",
        "## Awards",
        "",
        "### Engineering Excellence Award — Fernhill Supply",
        "",
        "_Nov 2022_",
        "",
        "For the move of the order platform to Amazon EKS.",
        "",
        "## Publications",
        "",
        "### Idempotent checkouts — InfoQ — www.infoq.com/articles/idempotent-checkouts",
        "",
        "_Mar 2023_",
        "",
        "How idempotency keys in Redis ended double charges.",
        "",
        "## Volunteer Experience",
        "",
        "### Mentor — Code for Portland — codeforportland.org",
        "",
        "_Jan 2019 – Jun 2020_",
        "",
        "_Weekly hack nights for new contributors._",
        "",
        "- Mentored first-time contributors.",
        "- Set up CI for the group's projects.",
        "",
        "### Volunteer — Portland Food Bank",
        "",
        "_May 2021 – Present_",
        "",
        "- Rebuilt the shift sign-up sheet.",
        "",
        "## Languages",
        "",
        "English (Native), German (Professional), Japanese",
        "",
        "## Interests",
        "",
        "**Cycling**: Randonneuring, Bike repair",
        "",
        "**Open source**: OpenTelemetry",
        "",
      ].join("\n"),
    );
  });

  it("draws no heading for empty sections or a skills group without keywords", () => {
    expect(renderMarkdown(emptySectionsResume(), loadLayout("classic"))).toBe("# Sam Lee\n");
    const md = renderMarkdown({ ...resume, skills: [{ name: "AI", keywords: [] }] }, loadLayout("classic"));
    expect(md).not.toContain("## Skills");
    expect(md.split("\n")).not.toContain("**AI**");
  });
});

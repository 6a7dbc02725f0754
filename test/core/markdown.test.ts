// One reading of Markdown (and reStructuredText or plain text) blocks and sentences for the KB and chatbot.
import { describe, expect, it } from "vitest";
import { type Block, markdownBlocks, splitLines } from "../../core/markdown.js";
import { sentenceSpans, sentences } from "../../core/sentences.js";

/** Each block as its kind, its first line's text and, for headings, its level and title. */
function read(text: string): (string | number | undefined)[][] {
  const lines = splitLines(text);
  return markdownBlocks(text).map((b: Block) => {
    const shown = [b.kind, lines[b.first]?.text, b.last - b.first + 1];
    return b.kind === "heading" ? [...shown, b.level, b.text] : shown;
  });
}

describe("markdownBlocks", () => {
  it("reads headings, paragraphs in lists and quotes, rules, fences and tables with their lines", () => {
    const text = [
      "# Title",
      "Intro line\nwrapped.",
      "- one\n  continued\n- two",
      "> quoted\n> more",
      "***",
      "```sh\nrun a\n\nrun b\n```",
      "| a | b |\n| - | - |\n| 1 | 2 |",
    ].join("\n\n");
    expect(read(text)).toEqual([
      ["heading", "# Title", 1, 1, "Title"],
      ["paragraph", "Intro line", 2],
      ["paragraph", "- one", 2],
      ["paragraph", "- two", 1],
      ["paragraph", "> quoted", 2],
      ["rule", "***", 1],
      ["code", "```sh", 5],
      ["table", "| a | b |", 3],
    ]);
    expect(markdownBlocks(text)[2]?.text).toBe("one\ncontinued");
    expect(markdownBlocks(text)[4]?.text).toBe("quoted\nmore");
  });

  it("keeps front matter, one-line underlined titles and pipe rows as the KB always read them", () => {
    const text =
      "---\ntitle: x\n---\nTitle\n~~~~~\n\nSub\n---\n\nA paragraph\nover a rule\n===\n\n| grid | row |\n| more | rows |\ntext";
    expect(read(text)).toEqual([
      ["front-matter", "---", 3],
      ["heading", "Title", 2, 2, "Title"],
      ["heading", "Sub", 2, 2, "Sub"],
      ["paragraph", "A paragraph", 3],
      ["table", "| grid | row |", 2],
      ["paragraph", "text", 1],
    ]);
  });

  it("opens a fence under a line longer than its backticks, and reads indented lines as text", () => {
    expect(read("Example:\n```\ncode\n```\n\n    indented. Text")).toEqual([
      ["paragraph", "Example:", 1],
      ["code", "```", 3],
      ["paragraph", "    indented. Text", 1],
    ]);
  });

  it("gives every non-blank line outside a container a block, past a byte order mark and CRLF", () => {
    expect(read("\uFEFF# Title\r\n\r\n[a]: https://example.com\r\n\u00a0\r\nText [a].")).toEqual([
      ["heading", "\uFEFF# Title", 1, 1, "Title"],
      ["paragraph", "[a]: https://example.com", 1],
      ["paragraph", "Text [a].", 1],
    ]);
    expect(markdownBlocks("")).toEqual([]);
  });
});

describe("sentences", () => {
  it("splits Markdown source at sentence ends, keeping abbreviations, versions, URLs and code whole", () => {
    const text = "Use e.g. the v1.2 client. Open `/views?minutes=60` **now.** Then `!Ref` it.";
    expect(sentenceSpans(text).map(([s, e]) => text.slice(s, e))).toEqual([
      "Use e.g. the v1.2 client.",
      "Open `/views?minutes=60` **now.**",
      "Then `!Ref` it.",
    ]);
    expect(sentenceSpans("  One. Two.  ", 2, 11)).toEqual([
      [2, 6],
      [7, 11],
    ]);
  });

  it("splits plain prose with the platform's segmenter", () => {
    expect(sentences("It runs on EKS. Is it fast? Yes!  ")).toEqual([
      "It runs on EKS.",
      "Is it fast?",
      "Yes!",
    ]);
  });
});

// Characterisation of the two Markdown readers (the KB's segments and chunks, the chatbot's paragraphs and
// sentences) on every sample document and on hand-made edge cases. The fixture was recorded from the
// hand-written splitters before they moved onto core/markdown.ts; only edge cases where the old reading was
// a bug (the chatbot quoting setext underlines, front matter or code; the KB cutting fenced code in a quote
// or nested list as prose) were re-recorded with markdown-it's reading. The outputs must not drift.
// Re-record only on purpose: WRITE_MARKDOWN_FIXTURE=1 npx vitest run test/core/markdown-characterisation.test.ts
import { existsSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { basename, join, relative, resolve } from "node:path";
import { format, resolveConfig } from "prettier";
import { describe, expect, it } from "vitest";
import { type ChunkSizes, chunkDocument } from "../../pipeline/kb/chunker.js";
import { segment } from "../../pipeline/kb/segments.js";
import { paragraphs, sentencesOf } from "../../server/sentences.js";

const ROOT = resolve(import.meta.dirname, "../..");
const FIXTURE = join(ROOT, "test/fixtures/markdown/characterisation.json");
const TEXT_FILE = /\.(md|mdx|markdown|txt|rst|adoc)$|^readme$/i;
const SMALL: ChunkSizes = { parentWords: 120, childWords: 40, overlapWords: 10 };

/** Every Markdown or text file under samples/, sorted, as a path relative to the repository. */
function sampleFiles(dir = join(ROOT, "samples")): string[] {
  return readdirSync(dir, { withFileTypes: true })
    .flatMap((entry) => {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sampleFiles(path);
      return TEXT_FILE.test(entry.name) ? [relative(ROOT, path)] : [];
    })
    .sort();
}

const words = (n: number) => Array.from({ length: n }, (_, i) => `word${i}`).join(" ");

/** Inputs where a Markdown parser and a line scanner may disagree. */
const CASES: Record<string, string> = {
  "unclosed fence": "# Title\n\nIntro.\n\n```js\nconst a = 1. B = 2;\n\nmore code\n",
  "tilde fence": "Text before.\n~~~python\nprint('a. B')\n```\nstill code\n~~~\nAfter. Done.\n",
  "fence in list item":
    "- step one:\n  ```sh\n  npm install\n  ```\n- step two. Then three.\n\n1. nested\n   - inner\n\n     ```\n     four spaces in. Yes\n     ```\n",
  "four-backtick fence": "````md\n```js\ninner. Code\n```\n````\nAfter.\n",
  "fence indented four spaces": "Para.\n\n    ```\n    not a fence. No\n    ```\n\nAfter.\n",
  "inline triple backticks": "Use ```code``` inline. Next.\n",
  "fence in a quote": "> ```\n> code. More\n> ```\n\nAfter.\n",
  "chunk starting inside a fence": "run c\n```\nMore prose. Dropped?\n",
  "setext headings": "Title\n=====\n\nBody one.\n\nSub\n---\n\nBody two.\nTwo lines\n---\n\nAfter.\n",
  "rst headings":
    "Overline\n========\nTitle\n~~~~~\n\nBody. Text.\n\nSection\n^^^^^^^\n\nMore.\n\nLast\n''''\n",
  "setext after list item": "- item\n---\n\n- item two\n~~~~\n",
  table: "Intro line\n| a | b |\n| - | - |\n| 1 | 2 |\nAfter table.\n\na | b\n--- | ---\nx. y | z\n",
  "table without delimiter": "| just. A | pipe line |\n\nText.\n",
  "front matter": "---\ntitle: Doc. Yes\ntags: [a, b]\n---\n# Heading\n\nBody.\n",
  "front matter closed by dots": "---\na: 1\n...\nBody.\n",
  "unclosed front matter": "---\nnot closed. Really\n\nBody.\n",
  "thematic break first": "Para.\n\n---\n\nMore.\n",
  "html block":
    '<div align="center">\n  <img src="x.png"> Logo. Here\n</div>\n\n<!-- comment. Here -->\n\nText.\n',
  "crlf line endings":
    "# Title\r\n\r\nLine one. Line\r\ntwo.\r\n\r\n```\r\ncode\r\n```\r\n- item\r\n\r\nSub\r\n---\r\n",
  "2,000 words, no punctuation": words(2000),
  blockquote: "> Quoted line one\n> continues here. Second.\n>\n> New para.\n\nAfter.\n",
  "indented code": "Para.\n\n    code line one. Two\n    code line two\n\nAfter.\n\n\tTabbed. Code\n",
  "thematic breaks": "Para one.\n\n***\n\nPara two.\n\n- - -\n\n___\n",
  "loose list": "- one\n\n  continued para. More.\n- two\n  lazy\ncontinuation\n",
  headings:
    "#hashtag line\n# \n## Closing ##\n### *Emph* `code` ###\nText right after.\nPara line\n## Interrupting\n####### seven\n",
  sentences:
    'Use e.g. the v1.2 client. In 2022. 2023 was next. Really? yes. *Stop.* Then `x.` Next. Café. été commence. Dr. Smith said (see below). "Quoted." Next… end! ok?\n',
  "links and emphasis":
    "See [the docs](https://x.y/a.b). **Bold.** And ![img](p.png) here. __under__ `code. span`. _em._ Last.\n",
  diagram: "Flow: a ─▶ b\n\nPlain prose.\n",
  bullets:
    "• first bullet.\n• second bullet.\n+ plus item\n* star item\n10. ten\n3) three\n1234567890. big\n",
  "paragraph then blocks": "Paragraph\n| x |\n- item\nlazy\n| y |\ntext after table\n# Head\ntext\n",
  "reference definition": "Para [a].\n\n[a]: https://example.com\n\nAfter.\n",
  "byte order mark": "\uFEFF# Title\n\nBody.\n",
  "spaces and tabs": "A\u00a0b. C\tD.  E.\n",
  empty: "",
  "blank lines only": "  \n\n\t\n",
  "no trailing newline": "Just a line.",
};

interface Observed {
  segments: Record<string, unknown[]>;
  paragraphs: unknown[];
  sentences: unknown[];
  chunks?: Record<string, unknown>;
  chunkSentences?: unknown[];
}

function segments(text: string, maxWords: number, title?: string): unknown[] {
  return segment(text, maxWords, title).map((s) => [
    s.start,
    s.end,
    s.words,
    s.cut,
    s.title ?? null,
    text.slice(s.start, s.end),
  ]);
}

function record(text: string, title?: string): Observed {
  return {
    segments: { 60: segments(text, 60, title), 300: segments(text, 300, title) },
    paragraphs: paragraphs(text),
    sentences: sentencesOf(text),
  };
}

function observe(): Record<string, Observed> {
  const out: Record<string, Observed> = {};
  for (const path of sampleFiles()) {
    const text = readFileSync(join(ROOT, path), "utf8");
    const doc = { uri: path, text, kind: "production-doc" as const, title: basename(path) };
    const small = chunkDocument(doc, SMALL);
    out[path] = {
      ...record(text, basename(path)),
      chunks: { default: chunkDocument(doc), small },
      // The chatbot reads chunks, which may start or end inside a block.
      chunkSentences: small.children.map((c) => [paragraphs(c.text), sentencesOf(c.text)]),
    };
  }
  for (const [name, text] of Object.entries(CASES)) out[`case: ${name}`] = record(text, "case.md");
  return out;
}

const observed = observe();

if (process.env.WRITE_MARKDOWN_FIXTURE === "1") {
  const options = { ...(await resolveConfig(FIXTURE)), parser: "json" };
  writeFileSync(FIXTURE, await format(JSON.stringify(observed), options));
}

describe("Markdown readers keep their recorded output", () => {
  const expected = existsSync(FIXTURE)
    ? (JSON.parse(readFileSync(FIXTURE, "utf8")) as Record<string, Observed>)
    : {};

  it("covers every sample document and edge case", () => {
    expect(Object.keys(observed).filter((k) => !k.startsWith("case: ")).length).toBeGreaterThan(10);
    expect(Object.keys(observed).sort()).toEqual(Object.keys(expected).sort());
  });

  it.each(Object.keys(observed))("%s", (name) => {
    expect(JSON.parse(JSON.stringify(observed[name]))).toEqual(expected[name]);
  });
});

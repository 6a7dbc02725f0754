import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import {
  CHILD_WORDS,
  type ChunkedDoc,
  OVERLAP_WORDS,
  PARENT_WORDS,
  type SourceDoc,
  chunkDocument,
} from "../../../pipeline/kb/chunker.js";
import { CUT, countWords, segment } from "../../../pipeline/kb/segments.js";

const words = (text: string) => countWords(text);

/** A sentence of exactly `n` words, ending with a full stop; `tag` makes it unique. */
function sentence(tag: string, n = 20): string {
  return [`S${tag}`, ...Array.from({ length: n - 1 }, (_, i) => `w${i}`)].join(" ") + ".";
}

/** Six sections of about 600 words: a heading and six paragraphs of five 20-word sentences. */
function longDoc(): string {
  const sections: string[] = [];
  for (let s = 1; s <= 6; s++) {
    sections.push(`## Section ${s}`);
    for (let p = 1; p <= 6; p++) {
      const sentences = Array.from({ length: 5 }, (_, k) => sentence(`${s}.${p}.${k}`));
      // Two lines per paragraph, so sentences cross line breaks.
      sections.push(`${sentences.slice(0, 2).join(" ")}\n${sentences.slice(2).join(" ")}`);
    }
  }
  return `# Handbook\n\nIntro ${sentence("0")}\n\n${sections.join("\n\n")}\n`;
}

const doc = (text: string, extra: Partial<SourceDoc> = {}): SourceDoc => ({
  uri: "repo/docs/handbook.md",
  text,
  kind: "production-doc",
  repo: "repo",
  path: "docs/handbook.md",
  title: "handbook.md",
  ...extra,
});

/** The chunk's text must sit exactly on its line span. */
function expectLineSpan(text: string, chunk: { text: string; lines?: [number, number] }): void {
  const lines = text.split("\n");
  const [first, last] = chunk.lines ?? [0, 0];
  const span = lines.slice(first - 1, last).join("\n");
  expect(span).toContain(chunk.text);
  const chunkLines = chunk.text.split("\n");
  expect(lines[first - 1]).toContain(chunkLines[0]);
  expect(lines[last - 1]?.startsWith(chunkLines.at(-1) ?? "") ?? false).toBe(true);
}

describe("chunkDocument: sizes, overlap and structure", () => {
  const text = longDoc();
  const result: ChunkedDoc = chunkDocument(doc(text));

  it("keeps parents within about 1,500 words and children within about 300", () => {
    expect(words(text)).toBeGreaterThan((3 * PARENT_WORDS) / 2);
    expect(result.parents.length).toBeGreaterThan(1);
    for (const p of result.parents) expect(words(p.text)).toBeLessThanOrEqual(PARENT_WORDS);
    for (const c of result.children) expect(words(c.text)).toBeLessThanOrEqual(CHILD_WORDS);
    // Not degenerate: children are well filled.
    for (const c of result.children.slice(0, -1)) expect(words(c.text)).toBeGreaterThan(CHILD_WORDS / 2);
  });

  it("starts parents at headings rather than in the middle of a section", () => {
    for (const p of result.parents.slice(1)) expect(p.text).toMatch(/^## Section \d/);
    expect(result.parents.map((p) => p.title)).toEqual(["Handbook", "Section 3", "Section 5"]);
  });

  it("overlaps consecutive children of a parent by whole sentences of at most 60 words", () => {
    for (const parent of result.parents) {
      const kids = result.children.filter((c) => c.parentId === parent.id);
      expect(kids.length).toBeGreaterThan(1);
      for (let i = 1; i < kids.length; i++) {
        const prev = kids[i - 1]?.text ?? "";
        const next = kids[i]?.text ?? "";
        let shared = 0;
        for (let n = Math.min(prev.length, next.length); n > 0; n--) {
          if (prev.endsWith(next.slice(0, n))) {
            shared = n;
            break;
          }
        }
        const overlap = next.slice(0, shared);
        expect(words(overlap)).toBeGreaterThan(0);
        expect(words(overlap)).toBeLessThanOrEqual(OVERLAP_WORDS);
        expect(overlap).toMatch(/^S\d/); // starts at a sentence
      }
    }
  });

  it("never cuts a sentence: every child starts at a sentence or heading and ends at a full stop", () => {
    for (const c of result.children) {
      expect(c.text).toMatch(/^(S\d|#|Intro)/);
      expect(c.text).toMatch(/\.$/);
    }
  });

  it("maps every child to its parent, whose text contains it, and covers the parent", () => {
    const parents = new Map(result.parents.map((p) => [p.id, p]));
    for (const c of result.children) {
      const parent = parents.get(c.parentId);
      expect(parent?.text).toContain(c.text);
    }
    for (const p of result.parents) {
      const kids = result.children.filter((c) => c.parentId === p.id);
      expect(p.text.startsWith(kids[0]?.text ?? "?")).toBe(true);
      expect(p.text.endsWith(kids.at(-1)?.text ?? "?")).toBe(true);
    }
  });

  it("gives every chunk its source, kind, title and exact line span", () => {
    for (const c of [...result.parents, ...result.children]) {
      expect(c).toMatchObject({ uri: "repo/docs/handbook.md", repo: "repo", path: "docs/handbook.md" });
      expect(c.kind).toBe("production-doc");
      expect(c.title).toMatch(/^(Handbook|Section \d)$/);
      expectLineSpan(text, c);
    }
    expect(result.parents[0]?.lines?.[0]).toBe(1);
    expect(result.parents.at(-1)?.lines?.[1]).toBe(text.trimEnd().split("\n").length);
  });

  it("titles a child by the heading it falls under", () => {
    for (const c of result.children) {
      const section = /S(\d)\.\d\.\d/.exec(c.text.replace(/^[\s\S]*?## Section \d\n\n/, ""))?.[1];
      if (section && !c.text.startsWith("#")) expect(c.title).toBe(`Section ${section}`);
    }
  });

  it("makes the same ids from the same text and source, and different ones elsewhere", () => {
    const again = chunkDocument(doc(text));
    expect(again.children.map((c) => c.id)).toEqual(result.children.map((c) => c.id));
    expect(again.parents.map((p) => p.id)).toEqual(result.parents.map((p) => p.id));
    const moved = chunkDocument(doc(text, { uri: "other/docs/handbook.md" }));
    expect(moved.children[0]?.id).not.toBe(result.children[0]?.id);
    const ids = [...result.parents, ...result.children].map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

describe("chunkDocument: edge cases", () => {
  it("keeps a small document as one parent with one child of the same text", () => {
    const path = resolve(import.meta.dirname, "../../../samples/repos/platform-infra/README.md");
    const text = readFileSync(path, "utf8");
    const { parents, children } = chunkDocument(
      doc(text, { uri: "platform-infra/README.md", title: "README.md" }),
    );
    expect(parents).toHaveLength(1);
    expect(children).toHaveLength(1);
    expect(children[0]?.text).toBe(parents[0]?.text);
    expect(children[0]?.id).not.toBe(parents[0]?.id);
    expect(parents[0]?.lines).toEqual([1, 36]);
    expect(parents[0]?.title).toBe("platform-infra");
  });

  it("cuts a sentence longer than a child between words, without exceeding the sizes", () => {
    const text = `# Run-on\n\n${sentence("long", 700)}\n`;
    const { children } = chunkDocument(doc(text));
    expect(children.length).toBeGreaterThan(2);
    for (const c of children) expect(words(c.text)).toBeLessThanOrEqual(CHILD_WORDS);
    // The overlap of a run-on sentence is its last 60 words.
    const second = children[1]?.text.split(/\s+/) ?? [];
    const first = children[0]?.text.split(/\s+/) ?? [];
    expect(second.slice(0, OVERLAP_WORDS)).toEqual(first.slice(-OVERLAP_WORDS));
  });

  it("uses the given title before any heading, and no line spans for built text", () => {
    const { parents } = chunkDocument(doc("Just a line.", { title: "notes.txt", lines: false }));
    expect(parents[0]?.title).toBe("notes.txt");
    expect(parents[0]?.lines).toBeUndefined();
    const fixed = chunkDocument(doc("A fact.", { lines: [21, 21] }));
    expect(fixed.parents[0]?.lines).toEqual([21, 21]);
  });

  it("returns nothing for an empty document", () => {
    expect(chunkDocument(doc("  \n\n"))).toEqual({ parents: [], children: [] });
  });

  it("honours smaller sizes", () => {
    const { parents, children } = chunkDocument(doc(longDoc()), {
      parentWords: 400,
      childWords: 100,
      overlapWords: 20,
    });
    for (const p of parents) expect(words(p.text)).toBeLessThanOrEqual(400);
    for (const c of children) expect(words(c.text)).toBeLessThanOrEqual(100);
  });
});

describe("segment: Markdown and text structure", () => {
  it("recognises ATX, setext and reStructuredText headings as titles", () => {
    const text =
      "Intro text.\n\nTitle\n=====\n\nBody one.\n\nSub\n---\n\nBody two.\n\n### Deep ###\n\nBody three.";
    const titles = segment(text, 100, "file.rst").map((s) => [
      text.slice(s.start, s.end).split("\n")[0],
      s.title,
    ]);
    expect(titles).toEqual([
      ["Intro text.", "file.rst"],
      ["Title", "Title"],
      ["Body one.", "Title"],
      ["Sub", "Sub"],
      ["Body two.", "Sub"],
      ["### Deep ###", "Deep"],
      ["Body three.", "Deep"],
    ]);
  });

  it("cuts code blocks only between lines and list items at each item", () => {
    const text =
      "- one. Two.\n- three\n  continued.\n\n```sh\nrun a. Then b.\n\nrun c\n```\n| a | b |\n| - | - |";
    const segments = segment(text, 100).map((s) => [text.slice(s.start, s.end), s.cut]);
    expect(segments).toEqual([
      ["- one.", CUT.block],
      ["Two.", CUT.sentence],
      ["- three\n  continued.", CUT.block],
      ["```sh", CUT.block],
      ["run a. Then b.", CUT.sentence],
      ["run c", CUT.sentence],
      ["```", CUT.sentence],
      ["| a | b |", CUT.block],
      ["| - | - |", CUT.sentence],
    ]);
  });

  it("keeps abbreviations and versions inside a sentence", () => {
    const text = "Use e.g. the v1.2 client. Then stop.";
    expect(segment(text, 100).map((s) => text.slice(s.start, s.end))).toEqual([
      "Use e.g. the v1.2 client.",
      "Then stop.",
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { isNegation, wordsOf, foldedWords, lowerWords } from "../../core/words.js";

/** The words of a text in one pass of the segmenter, as wordsOf read them before it read in windows. */
function wholeText(text: string) {
  const segmenter = new Intl.Segmenter("en", { granularity: "word" });
  return [...segmenter.segment(text)]
    .filter((s) => s.isWordLike)
    .map((s) => ({ text: s.segment, start: s.index, end: s.index + s.segment.length }));
}

describe("wordsOf", () => {
  it("reads a long text in windows with the same words, in linear time", () => {
    const parts = [
      "Moved the platform from self-managed VMs to Amazon EKS without downtime.",
      "didn’t",
      "order.placed",
      "820ms → 140 ms",
      "  \r\n  ",
      "naïve café",
      "データベース移行",
      "a".repeat(3000),
      "e\u0301tude",
      "👩‍💻 x2",
    ];
    // A fixed walk through the parts: deterministic, and long enough to need many windows.
    const text = Array.from({ length: 600 }, (_, i) => parts[(i * 7) % parts.length]).join(" ");
    const started = performance.now();
    const windowed = wordsOf(text);
    const ms = performance.now() - started;
    expect(windowed).toEqual(wholeText(text));
    expect(ms).toBeLessThan(2000);
  });

  it("cuts a long text without spaces before punctuation that parts words, with the same words", () => {
    const text = "Go/Rust/C++/(Node.js)/[PostgreSQL]|".repeat(400);
    expect(wordsOf(text)).toEqual(wholeText(text));
  });

  it("reads a short text as before", () => {
    expect(wordsOf("Cut p95 latency, didn't it?").map((w) => w.text)).toEqual([
      "Cut",
      "p95",
      "latency",
      "didn't",
      "it",
    ]);
  });
});

describe("isNegation", () => {
  it.each([
    ["not", true],
    ["Never", true],
    ["without", true],
    ["didn't", true],
    ["doesn’t", true],
    ["no", true],
    ["now", false],
    ["note", false],
    ["longer", false],
  ])("%s", (word, expected) => {
    expect(isNegation(word)).toBe(expected);
  });
});

describe("word keys", () => {
  it("reads lower-case runs of letters and digits, whatever the script", () => {
    expect(lowerWords("Senior Backend/Platform Engineer (L5), Zürich")).toEqual([
      "senior",
      "backend",
      "platform",
      "engineer",
      "l5",
      "zürich",
    ]);
    expect(lowerWords("— … —")).toEqual([]);
  });

  it("folds accents and look-alike letters, so a name matches across spellings", () => {
    expect(foldedWords("Zürich Café")).toEqual(["zurich", "cafe"]);
    // Full-width letters and a Cyrillic "е" read as the letters they look like.
    expect(foldedWords("ＱＵＩＬＬＭＡＲＫ Inc.")).toEqual(["quillmark", "inc"]);
    expect(foldedWords("Quillmаrk")).toEqual(foldedWords("Quillmark"));
  });
});

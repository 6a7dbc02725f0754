import { describe, expect, it } from "vitest";
import {
  foldedNext,
  foldedPrevious,
  foldedSlice,
  foldedWordsPattern,
  foldText,
  isFoldable,
} from "../../../core/use-cues/folded.js";

const WORD_BEFORE = String.raw`(?<![\p{L}\p{N}_])`;
const WORD_AFTER = String.raw`(?![\p{L}\p{N}_])`;

/** Every match of `source` as a whole-word Unicode pattern on `text`, and on its folded copy. */
function bothWays(source: string, text: string): [number, number][][] {
  const unicode = new RegExp(`${WORD_BEFORE}(?:${source})${WORD_AFTER}`, "giu");
  const folded = foldedWordsPattern([source]);
  const spans = (pattern: RegExp, on: string) =>
    [...on.matchAll(pattern)].map((m): [number, number] => [m.index, m.index + m[0].length]);
  return [spans(unicode, text), spans(folded, foldText(text))];
}

describe("foldText", () => {
  it.each([
    ["ASCII in lower case", "We CONSIDERED Kafka_2", "we considered kafka_2"],
    ["letters of other scripts are word characters, marks too", "évalué Ωmega", "_valu_ _mega"],
    ["ſ and the Kelvin sign fold to s and k", "ſpike \u212Aafka", "spike kafka"],
    ["white space and ’ stay, other symbols do not", "don’t\u00a0use — it…", "don’t\u00a0use \x01 it\x01"],
    ["an astral letter is two word halves, an emoji two others", "𝐀b 😀", "__b \x01\x01"],
    ["a lone surrogate is no word character", "a\ud800b", "a\x01b"],
  ])("%s", (_name, text, folded) => {
    expect(foldText(text)).toBe(folded);
    expect(foldText(text)).toHaveLength(text.length);
  });
});

describe("folded patterns match where the Unicode ones do", () => {
  it.each([
    ["plain words", "consider(ed|ing)", "We considered Kafka, reconsidered it, CONSIDERING it."],
    ["a letter of another script glued on is a word character", "trial", "trialé étrial trial"],
    ["ſ and K match s and k", "spike|kafka", "ſpike \u212Aafka spike"],
    ["an astral letter glued on", "pilot", "𝐀pilot pilot𝐀 pilot"],
    ["apostrophes and no-break spaces", "(not|[a-z]+n['’]t)\\s+used", "isn’t\u00a0used, don't used"],
    ["digits and dots", "vs\\.?|[0-9]+", "Kafka vs. Pulsar vs Redis 42 a42"],
  ])("%s", (_name, source, text) => {
    const [unicode, folded] = bothWays(source, text);
    expect(folded).toEqual(unicode);
    expect(unicode!.length).toBeGreaterThan(0);
  });

  it("reads unless-next and unless-previous alike, on slices that cut a surrogate pair", () => {
    const text = "𝐀by 𝐀";
    const folded = foldText(text);
    const next = foldedNext(["by"]);
    const unicodeNext = new RegExp(`^\\s*(?:by)${WORD_AFTER}`, "iu");
    // The slice [1, 4) starts with the pair's low half, which is no word character.
    expect(foldedSlice(text, folded, 1, 4)).toBe("\x01by");
    expect(next.test(foldedSlice(text, folded, 2, 6))).toBe(unicodeNext.test(text.slice(2, 6)));
    const previous = foldedPrevious(["by"]);
    const unicodePrevious = new RegExp(`${WORD_BEFORE}(?:by)\\s*$`, "iu");
    for (const [from, to] of [
      [1, 4],
      [0, 4],
      [2, 5],
    ] as const) {
      expect(previous.test(foldedSlice(text, folded, from, to))).toBe(
        unicodePrevious.test(text.slice(from, to)),
      );
    }
    // A slice that ends inside a pair ends with a lone high half.
    expect(foldedSlice(text, folded, 4, 6)).toBe(" \x01");
  });
});

describe("isFoldable", () => {
  it.each([
    ["consider(ed|ing)", true],
    ["(is|are)\\s+(considered|shortlisted)", true],
    ["(vs\\.?|versus)", true],
    ["[0-9]+", true],
    ["(not|[a-z]+n['’]t)", true],
    ["[A-Z]{2,}", true],
    ["évalué", false],
    ["a.b", false],
    ["\\bfoo", false],
    ["\\S+", false],
    ["[^a]", false],
    ["[A-z]", false],
    ["snake_case", false],
    ["^start", false],
  ])("%s → %s", (source, expected) => {
    expect(isFoldable(source)).toBe(expected);
  });
});

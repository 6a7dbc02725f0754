import { describe, expect, it } from "vitest";
import { proseSegments, sentenceSpans, sentences, sentencesOf } from "../../core/sentences.js";
import { withoutLinkMarkup } from "../../core/use-cues/links.js";

const texts = (text: string, spans: readonly [number, number][]) => spans.map(([s, e]) => text.slice(s, e));

describe("the three readings of a text's sentences", () => {
  it("reads Markdown source by its stops, keeping e.g., versions and query strings whole", () => {
    const text = "Runs on v1.2 with ?page=2 paging, e.g. the feed. Ships `!Ref` tags! Done";
    expect(texts(text, sentenceSpans(text))).toEqual([
      "Runs on v1.2 with ?page=2 paging, e.g. the feed.",
      "Ships `!Ref` tags!",
      "Done",
    ]);
  });

  it("starts a sentence at a list item, heading or quote, and reads on past an abbreviation", () => {
    const text = "# Stack\n- Evaluated Snowflake vs. BigQuery for the warehouse\n- Ran Postgres\n> A quote";
    expect(texts(text, sentencesOf(text))).toEqual([
      "# Stack",
      "- Evaluated Snowflake vs. BigQuery for the warehouse",
      "- Ran Postgres",
      "> A quote",
    ]);
  });

  it("reads plain prose with the platform's segmenter, offsets into the text", () => {
    const text = "Cut costs by 40%. Then grew revenue.";
    const segments = [...proseSegments(text)].map(({ segment, index }) => [segment, index]);
    expect(segments).toEqual([
      ["Cut costs by 40%. ", 0],
      ["Then grew revenue.", 18],
    ]);
    expect(sentences(text)).toEqual(["Cut costs by 40%.", "Then grew revenue."]);
  });

  it("blanks link markup in place, so offsets stay and the link text is read", () => {
    const text = "Plan to adopt [OpenAI](https://openai.com) and K8s.";
    const blank = withoutLinkMarkup(text);
    expect(blank).toHaveLength(text.length);
    expect(blank.replace(/\s+/g, " ")).toBe("Plan to adopt OpenAI and K8s.");
  });
});

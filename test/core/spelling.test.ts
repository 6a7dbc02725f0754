import { describe, expect, it } from "vitest";
import { isDictionaryWord, isNearSpelling, isSpellingFix } from "../../core/spelling.js";

describe("isSpellingFix", () => {
  it.each([
    ["Mustache", "Mustach"],
    ["Kubernetes", "Kubernets"],
    ["Kubernetes", "Kubrenetes"],
    ["PostgreSQL", "PostgreSLQ"],
    ["Elasticsearch", "Elasticsaerch"],
    ["Handlebars", "handelbars"],
  ])("%j fixes the slip in %j", (written, source) => {
    expect(isSpellingFix(written, source)).toBe(true);
  });

  it.each([
    ["Flask", "flash", "the source is a real word of its own"],
    ["Munster", "Monster", "the source is a real word of its own"],
    ["Java", "Jave", "too short for a slip"],
    ["Mustachio", "Mustach", "two edits in a short word"],
    ["Bustach", "Mustach", "another first letter"],
    ["Kafka3", "Kafka2", "digits are figures, compared as written"],
    ["Node.js", "Nodejs", "punctuation is compared as written"],
    ["Mustach", "Mustach", "the same word is no fix"],
  ])("%j does not fix %j (%s)", (written, source) => {
    expect(isSpellingFix(written, source)).toBe(false);
  });

  it("ignores case", () => {
    expect(isNearSpelling("KUBERNETES", "kubernets")).toBe(true);
  });

  it("asks the dictionary in any case", () => {
    expect(isDictionaryWord("Mustache")).toBe(true);
    expect(isDictionaryWord("mustach")).toBe(false);
  });
});

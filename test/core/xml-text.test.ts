import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { describeCodes, hasUnwritable, unwritableRuns, writableText } from "../../core/xml-text.js";
import { checkXml } from "../helpers/xml.js";

describe("characters XML 1.0 cannot hold", () => {
  it.each([
    ["Kafka\uFFFE", "Kafka"],
    ["\uFFFFKafka", "Kafka"],
    ["Senior\vEngineer", "Senior Engineer"],
    ["Senior \vEngineer", "Senior Engineer"],
    ["Page one\fpage two", "Page one page two"],
    ["end of line\v", "end of line"],
    ["bell\u0007 and null\u0000", "bell and null"],
    ["a\u0001\u0002b", "ab"],
    ["lone \uD800 high", "lone  high"],
    ["lone \uDC00 low", "lone  low"],
  ])("%j → %j", (text, writable) => {
    expect(writableText(text)).toBe(writable);
    expect(hasUnwritable(writableText(text))).toBe(false);
  });

  it.each([
    ["tab\tand line\nand return\r\n"],
    ["an emoji 😀 is a surrogate pair"],
    ["U+FFFD � is allowed, as are C1 controls \u0085"],
    ["Zoë, 日本語, עברית"],
  ])("keeps %j as it is", (text) => {
    expect(unwritableRuns(text)).toEqual([]);
    expect(writableText(text)).toBe(text);
  });

  it("gives each run its place, its characters and what takes its place", () => {
    expect(unwritableRuns("a\u000B\u0001b \uFFFE")).toEqual([
      { start: 1, end: 3, codes: ["U+000B", "U+0001"], replacement: " " },
      { start: 5, end: 6, codes: ["U+FFFE"], replacement: "" },
    ]);
  });

  it("names the characters in words, once each", () => {
    expect(describeCodes(["U+000B", "U+000B", "U+FFFE", "U+0001", "U+D83D"])).toBe(
      "a vertical tab (Word's manual line break), the noncharacter U+FFFE, a control character U+0001, a lone surrogate U+D83D",
    );
  });

  it("leaves text that an XML parser reads whole, whatever the characters (property)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (text) => {
        const escaped = writableText(text).replace(/[<&>]/g, " ");
        expect(() => checkXml("t.xml", `<t>${escaped}</t>`)).not.toThrow();
      }),
      { numRuns: 500 },
    );
  });
});

import { describe, expect, it } from "vitest";
import { lineLocator } from "../../core/lines.js";

describe("lineLocator", () => {
  it("maps each offset to its 1-based line, newlines belonging to the line they end", () => {
    const lineOf = lineLocator("ab\ncd\n\nef");
    expect([0, 1, 2, 3, 5, 6, 7, 8, 9].map(lineOf)).toEqual([1, 1, 1, 2, 2, 3, 4, 4, 4]);
  });

  it("reads an empty text and a text without a newline as one line", () => {
    expect(lineLocator("")(0)).toBe(1);
    expect(lineLocator("one line")(7)).toBe(1);
  });
});

import { describe, expect, it } from "vitest";
import { diffWords } from "../../../../pipeline/audit/html/diff.js";

describe("diffWords", () => {
  it.each([
    [
      "Scaled it to 50,000 requests per second.",
      "Scaled it to [NUM_REDACTED].",
      [
        { op: "same", text: "Scaled it to " },
        { op: "removed", text: "50,000 requests per second" },
        { op: "added", text: "[NUM_REDACTED]" },
        { op: "same", text: "." },
      ],
    ],
    ["Snowflake", "", [{ op: "removed", text: "Snowflake" }]],
    ["", '"+1 555 0100"', [{ op: "added", text: '"+1 555 0100"' }]],
    ["same text", "same text", [{ op: "same", text: "same text" }]],
    [
      "Lead Software Engineer",
      "Software Engineer",
      [
        { op: "removed", text: "Lead " },
        { op: "same", text: "Software Engineer" },
      ],
    ],
  ])("%j → %j", (before, after, parts) => {
    expect(diffWords(before, after)).toEqual(parts);
  });

  it("joins back to both texts exactly, whitespace and punctuation included", () => {
    const before = "Won  the Quillmark\tEngineering Excellence Award, for leading the team.";
    const after = "Led the analytics team of 4 engineers;  shipped the\tpipeline.";
    const parts = diffWords(before, after);
    expect(
      parts
        .filter((p) => p.op !== "added")
        .map((p) => p.text)
        .join(""),
    ).toBe(before);
    expect(
      parts
        .filter((p) => p.op !== "removed")
        .map((p) => p.text)
        .join(""),
    ).toBe(after);
  });

  it("shows a text too long to compare word by word as replaced whole", () => {
    const before = "a ".repeat(600);
    const after = "b ".repeat(600);
    expect(diffWords(before, after)).toEqual([
      { op: "removed", text: before },
      { op: "added", text: after },
    ]);
  });
});

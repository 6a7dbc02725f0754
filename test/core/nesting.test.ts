import { describe, expect, it } from "vitest";
import { MAX_NESTING, tooDeepAt } from "../../core/nesting.js";
import { checkDocument } from "../../core/document.js";
import { z } from "zod";

const deep = (n: number) => `${"[".repeat(n)}${"]".repeat(n)}`;

describe("tooDeepAt", () => {
  it("lets a document nest to the bound, and names the line where it goes deeper", () => {
    expect(tooDeepAt(deep(MAX_NESTING))).toBeUndefined();
    expect(tooDeepAt(`a: 1\nb:\n  ${deep(MAX_NESTING + 1)}`)).toBe(3);
    expect(tooDeepAt(`{"a": ${"{".repeat(MAX_NESTING)}}`)).toBe(1);
  });

  it("counts compact YAML sequence dashes", () => {
    expect(tooDeepAt(`${"- ".repeat(MAX_NESTING)}x\n`)).toBeUndefined();
    expect(tooDeepAt(`${"- ".repeat(MAX_NESTING + 1)}x\n`)).toBe(1);
    expect(tooDeepAt("- a\n- b\n".repeat(10_000))).toBeUndefined();
  });

  it("does not count brackets in strings or comments, nor let an apostrophe hide them", () => {
    expect(
      tooDeepAt(`a: "${"[".repeat(500)}"\nb: '${"{".repeat(500)}'\n# ${"[".repeat(500)}`),
    ).toBeUndefined();
    expect(tooDeepAt(`{"s": "\\"${"[".repeat(500)}"}`)).toBeUndefined();
    expect(tooDeepAt(`summary: Dana's work\nx: ${"[".repeat(MAX_NESTING + 1)}`)).toBe(2);
  });
});

describe("checkDocument on a deeply nested document", () => {
  it("is bad input naming the file and line for a million levels (the scan stops at the bound; the parser took ~10 s)", () => {
    const text = `{"basics": ${"[".repeat(1_000_000)}${"]".repeat(1_000_000)}}`;
    expect(() => checkDocument(text, "profile.json", z.unknown(), { syntax: "yaml" })).toThrow(
      `profile.json: line 1: nested more than ${MAX_NESTING} levels deep.`,
    );
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { applyEdits, revert } from "../../guards/apply.js";
import type { TextFinding } from "../../guards/types.js";

const finding = (start: number, end: number, text: string, actual = ""): TextFinding => ({
  guard: "number-provenance",
  rule: "ungrounded-number",
  action: "redact",
  field: "text",
  reason: "test",
  actual,
  evidence: [],
  edit: { range: [start, end], text },
});

describe("applyEdits", () => {
  it("applies edits from the end and records both coordinates", () => {
    const text = "Cut p95 from 820ms to 140ms, saving $2M.";
    const result = applyEdits(text, [finding(13, 18, "[N]"), finding(36, 39, "[NUM_REDACTED]")]);
    expect(result.output).toBe("Cut p95 from [N] to 140ms, saving [NUM_REDACTED].");
    expect(result.applied.map((a) => [a.range, a.outputRange, a.original, a.replacement])).toEqual([
      [[13, 18], [13, 16], "820ms", "[N]"],
      [[36, 39], [34, 48], "$2M", "[NUM_REDACTED]"],
    ]);
    expect(revert(result.output, result.applied)).toBe(text);
  });

  it("keeps the first of two overlapping edits and reports the other", () => {
    const second = finding(2, 6, "B");
    const result = applyEdits("abcdefgh", [finding(0, 4, "A"), second]);
    expect(result.output).toBe("Aefgh");
    expect(result.skipped).toEqual([second]);
  });

  it.each([
    ["out of range", finding(5, 50, "x")],
    ["reversed", finding(4, 2, "x")],
    ["negative", finding(-1, 2, "x")],
  ])("skips an edit %s", (_name, bad) => {
    const result = applyEdits("abcdefgh", [bad]);
    expect(result.output).toBe("abcdefgh");
    expect(result.skipped).toEqual([bad]);
  });

  it("ignores findings without an edit", () => {
    const report = { ...finding(0, 1, "x"), edit: undefined };
    expect(applyEdits("abc", [report])).toEqual({ output: "abc", applied: [], skipped: [] });
  });

  it("reverts exactly for any set of edits (property)", () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 200, unit: "binary" }),
        fc.array(fc.tuple(fc.nat(200), fc.nat(20), fc.string({ maxLength: 15, unit: "binary" })), {
          maxLength: 12,
        }),
        (text, raw) => {
          const edits = raw.map(([start, length, replacement]) => {
            const s = Math.min(start, text.length);
            return finding(s, Math.min(s + length, text.length), replacement);
          });
          const result = applyEdits(text, edits);
          expect(revert(result.output, result.applied)).toBe(text);
          expect(result.applied.length + result.skipped.length).toBe(edits.length);
        },
      ),
    );
  });
});

describe("applyEdits: order", () => {
  it("applies edits given out of order as if sorted by range, keeping the order of equal ranges", () => {
    const a = finding(4, 6, "A");
    const b = finding(0, 2, "B");
    const c = finding(0, 2, "C");
    const result = applyEdits("abcdefgh", [a, b, c]);
    expect(result.output).toBe("BcdAgh");
    expect(result.applied.map((x) => x.finding)).toEqual([b, a]);
    expect(result.skipped).toEqual([c]);
  });

  it("gives the same result for findings in text order and shuffled (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.nat(60), fc.nat(8)), { maxLength: 30 }), fc.nat(), (spans, seed) => {
        const text = "x".repeat(70);
        const findings = spans.map(([start, length], i) => finding(start, start + length, `${i}`));
        const sorted = [...findings].sort((p, q) => p.edit!.range[0] - q.edit!.range[0]);
        const shuffled = [...sorted].sort(
          (p, q) => ((findings.indexOf(p) * 7919 + seed) % 31) - ((findings.indexOf(q) * 7919 + seed) % 31),
        );
        const stable = (list: TextFinding[]) =>
          [...list].sort(
            (p, q) => p.edit!.range[0] - q.edit!.range[0] || p.edit!.range[1] - q.edit!.range[1],
          );
        expect(applyEdits(text, stable(shuffled)).output).toBe(applyEdits(text, shuffled).output);
      }),
    );
  });
});

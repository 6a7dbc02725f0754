// WCAG AA: every text colour of the page against the background it is drawn on, at least 4.5:1.
import { describe, expect, it } from "vitest";
import { STYLES } from "../../../../pipeline/audit/html/styles.js";

function colour(name: string): string {
  const match = new RegExp(`--${name}: (#[0-9a-f]{6});`).exec(STYLES);
  if (!match) throw new Error(`no --${name} in the style sheet`);
  return match[1]!;
}

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

describe("the page's colours", () => {
  it.each([
    ["text", "#ffffff"],
    ["muted", "#ffffff"],
    ["link", "#ffffff"],
    ["ok", "#ffffff"],
    ["del", "#ffffff"],
    ["ins", "#ffffff"],
    ["text", "mark"],
    ["link", "mark"],
    ["#ffffff", "bad-bg"],
  ])("%s on %s passes AA (4.5:1)", (fg, bg) => {
    const hex = (c: string) => (c.startsWith("#") ? c : colour(c));
    expect(contrast(hex(fg), hex(bg))).toBeGreaterThanOrEqual(4.5);
  });

  it("computes contrast as WCAG does", () => {
    expect(contrast("#000000", "#ffffff")).toBe(21);
    expect(contrast("#777777", "#ffffff")).toBeLessThan(4.5);
  });
});

import { describe, expect, it } from "vitest";
import { escapeHtml, safeHref, slug } from "../../../../pipeline/audit/html/escape.js";

describe("escapeHtml", () => {
  it.each([
    ["<script>alert(1)</script>", "&lt;script&gt;alert(1)&lt;/script&gt;"],
    [`" onmouseover="x`, "&quot; onmouseover=&quot;x"],
    ["it's & done", "it&#39;s &amp; done"],
    ["&amp;", "&amp;amp;"],
    ["plain [NUM_REDACTED]", "plain [NUM_REDACTED]"],
  ])("%j → %j", (input, expected) => {
    expect(escapeHtml(input)).toBe(expected);
  });
});

describe("slug", () => {
  it.each([
    ["claim-net", "claim-net"],
    ["Mark Stale!", "mark-stale"],
    ['"><img src=x>', "img-src-x"],
    ["***", "x"],
  ])("%j → %j", (input, expected) => {
    expect(slug(input)).toBe(expected);
  });
});

describe("safeHref", () => {
  it.each([
    ["https://github.com/o/r/blob/abc1234/a.ts#L3", "https://github.com/o/r/blob/abc1234/a.ts#L3"],
    ["javascript:alert(1)", undefined],
    ["https://evil.example/github.com/", undefined],
    ['https://github.com/o/r"onclick="x', undefined],
    ["http://github.com/o/r", undefined],
  ])("%j → %j", (input, expected) => {
    expect(safeHref(input)).toBe(expected);
  });
});

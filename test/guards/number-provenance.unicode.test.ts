// number-provenance on text written in other scripts and forms, or with invisible characters: read as the
// view reads it (core/text-view.ts), edited and recorded where and as it is written.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type Catalog, defaultCatalog } from "../../extractors/catalog.js";
import { revert } from "../../guards/apply.js";
import { NUM_REDACTED, numberProvenance } from "../../guards/number-provenance.js";
import { guardString } from "../../guards/run-string.js";
import type { JsonResume } from "../../core/resume.js";
import { testTextGuard } from "./rule-tester.js";

const profile: JsonResume = {
  basics: { name: "Ada Example", summary: "Platform engineer." },
  work: [
    {
      name: "Acme",
      position: "Engineer",
      startDate: "2019-03",
      endDate: "2024-03",
      highlights: ["Cut AWS spend by 23.4%", "Grew the platform to 1,200 services", "Served 50,000 users"],
    },
  ],
};
const sources = { profile };

testTextGuard(numberProvenance, {
  valid: [
    { name: "full-width digits a source states", text: "Served ５０,０００ users.", context: sources },
    { name: "Arabic-Indic digits a source states", text: "Cut AWS spend by ٢٣٫٤%.", context: sources },
    { name: "mathematical digits a source states", text: "Served 𝟓𝟎,𝟎𝟎𝟎 users.", context: sources },
    { name: "Devanagari digits a source states", text: "Grew to १,२०० services.", context: sources },
    { name: "a full-width percent sign", text: "Cut AWS spend by 23.4％.", context: sources },
    { name: "a joiner inside a Persian word is not hidden text", text: "می\u200cخواهم", context: sources },
    {
      name: "look-alike letters in a figure a source states",
      text: "Grew to 1,2OO services.",
      context: sources,
    },
    { name: "thousands grouped by a thin space", text: "Served 50\u2009000 users.", context: sources },
    {
      name: "a name with a look-alike letter is no figure",
      text: "Worked with O2 on I2C drivers.",
      context: sources,
    },
  ],
  invalid: [
    {
      name: "full-width digits no source states",
      text: "Cut costs by ９０%.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "９０%", action: "redact" }],
      output: `Cut costs by ${NUM_REDACTED}.`,
    },
    {
      name: "Arabic-Indic digits no source states",
      text: "Cut costs by ٩٠%.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "٩٠%", action: "redact" }],
      output: `Cut costs by ${NUM_REDACTED}.`,
    },
    {
      name: "mathematical bold digits no source states",
      text: "Served 𝟓𝟎𝟎,𝟎𝟎𝟎 users.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "𝟓𝟎𝟎,𝟎𝟎𝟎", action: "redact" }],
      output: `Served ${NUM_REDACTED} users.`,
    },
    {
      name: "a figure disguised with a letter O",
      text: "Cut costs by 9O%.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "9O%", action: "redact" }],
      output: `Cut costs by ${NUM_REDACTED}.`,
    },
    {
      name: "a figure disguised with a letter l",
      text: "Led l00 engineers.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "l00", action: "redact" }],
      output: `Led ${NUM_REDACTED} engineers.`,
    },
    {
      name: "a combining grapheme joiner inside a figure",
      text: "Cut costs by 9\u034f0%.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "9\u034f0%", action: "redact" }],
      output: `Cut costs by ${NUM_REDACTED}.`,
    },
    {
      name: "a zero-width space between a figure and its unit",
      text: "Brings 23\u200b years of platform work.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "23\u200b years", action: "redact" }],
      output: `Brings ${NUM_REDACTED} of platform work.`,
    },
    {
      name: "a zero-width space inside a figure",
      text: "Served 9\u200b0,000 users.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "9\u200b0,000", action: "redact" }],
      output: `Served ${NUM_REDACTED} users.`,
    },
    {
      name: "a hidden character beside a grounded figure",
      text: "Grew the platform to 1,200\u200b services.",
      context: sources,
      findings: [{ rule: "invisible-character", actual: "\u200b", action: "remove" }],
      output: "Grew the platform to 1,200 services.",
    },
    {
      name: "soft hyphens and bidi controls",
      text: "Kuber\u00adnetes at \u202eAcme\u202c.",
      context: sources,
      findings: [
        { rule: "invisible-character", actual: "\u00ad", action: "remove" },
        { rule: "invisible-character", actual: "\u202e", action: "remove" },
        { rule: "invisible-character", actual: "\u202c", action: "remove" },
      ],
      output: "Kubernetes at Acme.",
    },
  ],
});

describe("number-provenance on any digits, any spacing, any hidden characters", () => {
  let catalog: Catalog;
  beforeAll(async () => {
    catalog = await defaultCatalog();
  });

  const DIGITS = [
    "0123456789",
    "０１２３４５６７８９",
    "٠١٢٣٤٥٦٧٨٩",
    "۰۱۲۳۴۵۶۷۸۹",
    "०१२३४५६७८९",
    "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗",
  ];
  const HIDDEN = ["", "", "\u200b", "\u00ad", "\u2060", "\ufeff"];
  const write = (n: number, script: string) => [...String(n)].map((d) => [...script][Number(d)]).join("");

  it("grounds a figure in any script and redacts a changed one, reverting exactly", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 11, max: 99_999 }),
        fc.constantFrom(...DIGITS),
        fc.constantFrom(...HIDDEN),
        fc.boolean(),
        (n, script, hidden, changed) => {
          const context = { catalog, facts: [{ id: "f", text: `Shipped ${n} releases.` }] };
          const claimed = changed ? n + 1 : n;
          const text = `Shipped ${write(claimed, script)}${hidden} releases.`;
          const result = guardString({ field: "text", text, role: "prose" }, [numberProvenance], context);
          expect(revert(result.text, result.records)).toBe(text);
          const redactions = result.records.filter((r) => r.rule === "ungrounded-number");
          expect(redactions).toHaveLength(changed ? 1 : 0);
          expect(result.text).not.toMatch(/[\u200b\u00ad\u2060\ufeff]/);
          if (changed) expect(result.text).toBe(`Shipped ${NUM_REDACTED} releases.`);
        },
      ),
    );
  });
});

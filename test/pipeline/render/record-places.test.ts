import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Catalog } from "../../../extractors/catalog.js";
import { buildContext, guardDraft } from "../../../guards/chain.js";
import { type RecordDraft, sealRecords } from "../../../guards/record.js";
import { getField } from "../../../guards/resume.js";
import {
  type RecordFacts,
  fieldAfterRemoval,
  mapThrough,
  placeRecords,
} from "../../../pipeline/render/record-places.js";
import { replacing } from "./guarded-sample.js";

const edit = (outputRange: [number, number], original: string, seq = 9): RecordFacts => ({
  seq,
  guard: "number-provenance",
  rule: "r",
  action: "redact",
  field: "f",
  outputRange,
  original,
  replacement: "x".repeat(outputRange[1] - outputRange[0]),
  reason: "",
});

describe("mapThrough", () => {
  it("shifts a range by a later edit before it", () => {
    // "ab 40% cd" → a later edit replaced "ab" (0..2) by "abcde": the range moves by 3.
    expect(mapThrough([3, 17], edit([0, 5], "ab"))).toEqual([6, 20]);
  });

  it("leaves a range alone when the later edit is after it, or touches its end", () => {
    expect(mapThrough([3, 17], edit([20, 22], "zz"))).toEqual([3, 17]);
    expect(mapThrough([3, 17], edit([17, 30], "q"))).toEqual([3, 17]);
  });

  it("moves a range past an insertion at its start", () => {
    expect(mapThrough([3, 17], edit([3, 6], ""))).toEqual([6, 20]);
  });

  it("gives up on an exact place when the later edit overlaps", () => {
    expect(mapThrough([3, 17], edit([10, 12], "NUM"))).toBeNull();
    expect(mapThrough([3, 17], edit([0, 40], "the whole string, before"))).toBeNull();
  });
});

describe("fieldAfterRemoval", () => {
  it("renumbers later items of the same list and reports the removed one", () => {
    expect(fieldAfterRemoval("skills[1].keywords[3]", "skills[1].keywords[2]")).toBe("skills[1].keywords[2]");
    expect(fieldAfterRemoval("skills[1].keywords[1]", "skills[1].keywords[2]")).toBe("skills[1].keywords[1]");
    expect(fieldAfterRemoval("skills[1].keywords[2]", "skills[1].keywords[2]")).toBeNull();
    expect(fieldAfterRemoval("skills[0].keywords[3]", "skills[1].keywords[2]")).toBe("skills[0].keywords[3]");
    expect(fieldAfterRemoval("work[2].highlights[0]", "work[1]")).toBe("work[1].highlights[0]");
  });
});

const context = buildContext({ catalog: new Catalog([]) });
const numbers = replacing("number-provenance", "ungrounded-number", /\d+%?/, "[NUM_REDACTED]");
const stale = replacing("code-truth", "stale-claim", /self-hosted Kubernetes/, "EKS");

/** Guard one highlight with the real chain; the final text and every record's final range in it. */
function placed(text: string, guards = [numbers, stale]) {
  const { draft, records } = guardDraft({ work: [{ highlights: [text] }] }, context, guards);
  const final = getField(draft, "work[0].highlights[0]") as string;
  const sealed = sealRecords(records, { runId: "t", ts: "t" });
  return {
    final,
    places: placeRecords(sealed).map((p) => ({ ...p, text: p.range && final.slice(...p.range) })),
  };
}

describe("placeRecords", () => {
  it("places two redactions of one highlight on their own replacements", () => {
    const { final, places } = placed("Cut latency by 40% and errors by 25% for 3 teams.");
    expect(final).toBe(
      "Cut latency by [NUM_REDACTED] and errors by [NUM_REDACTED] for [NUM_REDACTED] teams.",
    );
    expect(places.map((p) => p.text)).toEqual(["[NUM_REDACTED]", "[NUM_REDACTED]", "[NUM_REDACTED]"]);
    expect(places.map((p) => p.range?.[0])).toEqual([15, 44, 63]);
  });

  it("moves an earlier guard's redaction when a later guard shortens the text before it", () => {
    const { final, places } = placed("Ran self-hosted Kubernetes for 30 services.");
    expect(final).toBe("Ran EKS for [NUM_REDACTED] services.");
    expect(places.map((p) => [p.record.guard, p.text])).toEqual([
      ["number-provenance", "[NUM_REDACTED]"],
      ["code-truth", "EKS"],
    ]);
  });

  it("anchors on the whole string when a later edit rewrote the replacement", () => {
    const redactTheRedaction = replacing("code-truth", "stale-claim", /NUM_RED/, "N");
    const { places } = placed("Saved 40% of the bill.", [numbers, redactTheRedaction]);
    expect(places.map((p) => p.range)).toEqual([null, [7, 8]]);
  });

  it("renumbers records of list items removed after them, and marks the removed ones", () => {
    const drafts: RecordDraft[] = [
      { ...edit([6, 20], "7"), field: "skills[0].keywords[2]", replacement: "[NUM_REDACTED]", evidence: [] },
      {
        ...edit([0, 0], ""),
        field: "skills[0].keywords[1]",
        action: "remove",
        outputRange: undefined,
        evidence: [],
      },
    ];
    const places = placeRecords(sealRecords(drafts, { runId: "t", ts: "t" }));
    expect(places.map((p) => [p.field, p.removed, p.range])).toEqual([
      ["skills[0].keywords[1]", false, [6, 20]],
      ["skills[0].keywords[1]", true, null],
    ]);
  });

  it("always finds the replacement where the range says (property, real applier)", () => {
    const word = fc.constantFrom("Ran", "self-hosted Kubernetes", "for", "30", "services", "45%", "EKS", "7");
    fc.assert(
      fc.property(fc.array(word, { minLength: 1, maxLength: 12 }), (words) => {
        const { places } = placed(words.join(" "));
        for (const p of places) if (p.range) expect(p.text).toBe(p.record.replacement);
      }),
    );
  });
});

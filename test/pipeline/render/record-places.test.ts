import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Catalog } from "../../../extractors/catalog.js";
import { buildContext, guardDraft } from "../../../guards/chain.js";
import { type UnsealedRecord, sealRecords } from "../../../guards/redaction-record.js";
import { recordProvenance } from "../../../guards/record-provenance.js";
import { type JsonResume, getField } from "../../../core/resume.js";
import {
  type RecordFacts,
  fieldAfterInsertion,
  fieldAfterRemoval,
  isItemRestore,
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

  it("takes every field inside a removed key along, and nothing beside it", () => {
    expect(fieldAfterRemoval("work[0].highlights", "work[0].highlights")).toBeNull();
    expect(fieldAfterRemoval("work[0].highlights[2]", "work[0].highlights")).toBeNull();
    expect(fieldAfterRemoval("basics.location.city", "basics.location")).toBeNull();
    // The object holding the key, a sibling key, the same key of another entry: where they were.
    expect(fieldAfterRemoval("work[0]", "work[0].highlights")).toBe("work[0]");
    expect(fieldAfterRemoval("work[0].summary", "work[0].highlights")).toBe("work[0].summary");
    expect(fieldAfterRemoval("work[1].highlights[0]", "work[0].highlights")).toBe("work[1].highlights[0]");
    // A key whose name starts with the removed one's is another key.
    expect(fieldAfterRemoval("basics.locationNote", "basics.location")).toBe("basics.locationNote");
    // A removed key renumbers nothing: later items of the list it sat in stay.
    expect(fieldAfterRemoval("skills[2].keywords[0]", "skills[1].keywords")).toBe("skills[2].keywords[0]");
  });
});

describe("fieldAfterInsertion", () => {
  it("moves the item put in at that index, and the ones after it, up by one", () => {
    expect(fieldAfterInsertion("work[0].position", "work[0]")).toBe("work[1].position");
    expect(fieldAfterInsertion("work[1]", "work[1]")).toBe("work[2]");
    expect(fieldAfterInsertion("work[2].highlights[1]", "work[1]")).toBe("work[3].highlights[1]");
    expect(fieldAfterInsertion("work[0].highlights[2]", "work[0].highlights[1]")).toBe(
      "work[0].highlights[3]",
    );
  });

  it("leaves items before it, other lists and the list itself alone", () => {
    expect(fieldAfterInsertion("work[0].highlights[0]", "work[1]")).toBe("work[0].highlights[0]");
    expect(fieldAfterInsertion("work[0].highlights[1]", "work[0].highlights[2]")).toBe(
      "work[0].highlights[1]",
    );
    expect(fieldAfterInsertion("education[0].studyType", "work[0]")).toBe("education[0].studyType");
    expect(fieldAfterInsertion("work[1].highlights[0]", "work[0].highlights[0]")).toBe(
      "work[1].highlights[0]",
    );
    expect(fieldAfterInsertion("work", "work[0]")).toBe("work");
    expect(fieldAfterInsertion("basics.summary", "work[0]")).toBe("basics.summary");
  });
});

describe("isItemRestore", () => {
  const record = (action: RecordFacts["action"], field: string): RecordFacts => ({
    ...edit([0, 0], ""),
    guard: "record-provenance",
    action,
    field,
    outputRange: undefined,
  });

  it("is a list item put back, not a key, a section or any other action", () => {
    expect(isItemRestore(record("restore", "work[0]"))).toBe(true);
    expect(isItemRestore(record("restore", "education[1]"))).toBe(true);
    expect(isItemRestore(record("restore", "basics.phone"))).toBe(false);
    expect(isItemRestore(record("restore", "work[0].endDate"))).toBe(false);
    expect(isItemRestore(record("restore", "education"))).toBe(false);
    expect(isItemRestore(record("remove", "work[0]"))).toBe(false);
    expect(isItemRestore(record("fallback", "work[0]"))).toBe(false);
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
    const drafts: UnsealedRecord[] = [
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

  it("moves an earlier record's field past a job put back before it, and places a later redaction as it is", () => {
    // The draft left out the current job and inflated the title of the other one: record-provenance sets the
    // title back on work[0].position, then puts the dropped job back at work[0]; a figure in the kept job's
    // highlight is then redacted at its place in the final numbering, work[1].highlights[0].
    const profile: JsonResume = {
      work: [
        {
          name: "Quillmark",
          position: "Senior Backend Engineer",
          startDate: "2021-04",
          highlights: ["Built the ledger."],
        },
        { name: "Fernhill", position: "Software Engineer", startDate: "2018-06", endDate: "2021-03" },
      ],
    };
    const draft: JsonResume = {
      work: [
        {
          name: "Fernhill",
          position: "Staff Engineer",
          startDate: "2018-06",
          endDate: "2021-03",
          highlights: ["Cut billing costs by 40% in a year."],
        },
      ],
    };
    const guarded = guardDraft(draft, buildContext({ catalog: new Catalog([]), profile }), [
      recordProvenance,
      numbers,
    ]);
    const sealed = sealRecords(guarded.records, { runId: "t", ts: "t" });
    expect(sealed.map((r) => [r.seq, r.rule, r.action, r.field])).toEqual([
      [1, "changed-field", "fallback", "work[0].position"],
      [2, "dropped-entry", "restore", "work[0]"],
      [3, "ungrounded-number", "redact", "work[1].highlights[0]"],
    ]);
    const places = placeRecords(sealed);
    expect(places.map((p) => [p.record.seq, p.field, p.range, p.removed])).toEqual([
      [1, "work[1].position", [0, 17], false],
      [2, "work[0]", null, false],
      [3, "work[1].highlights[0]", [21, 35], false],
    ]);
    // Each range holds its record's replacement in the final document.
    const text = (p: (typeof places)[number]) =>
      (getField(guarded.draft, p.field) as string).slice(...p.range!);
    expect(text(places[0]!)).toBe("Software Engineer");
    expect(text(places[2]!)).toBe("[NUM_REDACTED]");
    expect((getField(guarded.draft, places[1]!.field) as { name: string }).name).toBe("Quillmark");
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

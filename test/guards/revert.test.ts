import { describe, expect, it } from "vitest";
import { type RecordKind, recordKind, revertRecords } from "../../guards/index.js";
import type { UnsealedRecord } from "../../guards/redaction-record.js";
import type { Match } from "../../core/match.js";

const base = { reason: "r", evidence: [] };
const record = (fields: Partial<UnsealedRecord>): UnsealedRecord => ({
  guard: "claim-net",
  rule: "x",
  action: "redact",
  field: "basics.summary",
  original: "",
  replacement: "",
  ...base,
  ...fields,
});

describe("recordKind: what a record is, from its fields", () => {
  it.each<[string, Partial<UnsealedRecord>, RecordKind]>([
    [
      "an auditor's override",
      { guard: "override", action: "override", field: "work[0].highlights[1]" },
      "override",
    ],
    ["a change of a match", { field: "matches[3]", action: "demote" }, "match"],
    [
      "record-provenance putting an entry back",
      { guard: "record-provenance", rule: "restore-entry", action: "restore", field: "work[1]" },
      "structure",
    ],
    ["a highlight taken out whole", { action: "remove", field: "work[0].highlights[2]" }, "item-removal"],
    ["a figure cut out of a string", { range: [4, 8], outputRange: [4, 4] }, "string-edit"],
    ["a plain-text case's edit", { field: "text", range: [0, 3], outputRange: [0, 0] }, "string-edit"],
    ["a record that changed nothing", { action: "annotate" }, "note"],
  ])("%s", (_, fields, kind) => {
    expect(recordKind(record(fields))).toBe(kind);
  });
});

describe("revertRecords: one undo for every kind, last first", () => {
  const match = (status: string): Match => ({
    requirement: "Go",
    technology: "go",
    status: status as Match["status"],
    evidence: [],
  });

  it("gives back the draft, the matches and the text the records were made on", () => {
    const draft = {
      basics: { summary: "Cut latency." },
      work: [{ name: "Acme", highlights: ["Built it.", "Ran it."] }],
    };
    const guarded = {
      basics: { summary: "Cut latency." },
      work: [{ name: "Acme", highlights: ["Built it."] }],
    };
    const records = [
      record({
        field: "matches[0]",
        action: "demote",
        original: JSON.stringify(match("production-backed")),
        replacement: JSON.stringify(match("example-only")),
      }),
      record({
        field: "matches[1]",
        action: "remove",
        original: JSON.stringify(match("stale")),
        replacement: "",
      }),
      record({
        field: "basics.summary",
        range: [0, 16],
        outputRange: [0, 12],
        original: "Cut latency 40%.",
        replacement: "Cut latency.",
      }),
      record({ action: "remove", field: "work[0].highlights[1]", original: "Ran it." }),
      record({ field: "text", range: [5, 9], outputRange: [5, 5], original: "$2M ", replacement: "" }),
      record({ guard: "override", action: "override", field: "work[0].highlights[0]" }),
    ];
    const back = revertRecords(
      { draft: guarded, matches: [match("example-only")], text: "Made savings." },
      records,
    );
    expect(back).toEqual({
      draft: { ...draft, basics: { summary: "Cut latency 40%." } },
      matches: [match("production-backed"), match("stale")],
      text: "Made $2M savings.",
    });
    expect(guarded.work[0]!.highlights).toEqual(["Built it."]); // the input is not changed
  });

  it("passes over records about what it was not given", () => {
    const records = [
      record({ field: "matches[0]", original: JSON.stringify(match("stale")), replacement: "" }),
    ];
    expect(revertRecords({ text: "x" }, records)).toEqual({ text: "x" });
  });
});

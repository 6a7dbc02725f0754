import { describe, expect, it } from "vitest";
import type { UnsealedRecord } from "../../../guards/redaction-record.js";
import { redactedStrings, redactionsByField, withRedactions } from "../../../pipeline/verify/redactions.js";
import type { VerifierResult } from "../../../pipeline/verify/types.js";

function redact(field: string, original: string): UnsealedRecord {
  return {
    guard: "number-provenance",
    rule: "ungrounded-number",
    action: "redact",
    field,
    original,
    replacement: "[NUM_REDACTED]",
    reason: "x",
    evidence: [],
    range: [0, original.length],
    outputRange: [0, 14],
  };
}

function removeItem(field: string): UnsealedRecord {
  return {
    guard: "claim-net",
    rule: "unbacked-technology",
    action: "remove",
    field,
    original: "gone",
    replacement: "",
    reason: "x",
    evidence: [],
  };
}

const fields = (records: UnsealedRecord[]) =>
  [...redactionsByField(records)].map(([field, made]) => [field, made.map((r) => r.original)]);

describe("redactionsByField", () => {
  it("groups the redactions by the field that holds them", () => {
    expect(
      fields([redact("basics.summary", "9"), redact("basics.summary", "40%"), redact("text", "$2M")]),
    ).toEqual([
      ["basics.summary", ["9", "40%"]],
      ["text", ["$2M"]],
    ]);
  });

  it("follows a string to its place after earlier items of its list are removed", () => {
    const records = [
      redact("work[0].highlights[3]", "40%"),
      redact("work[1].highlights[3]", "$2M"),
      removeItem("work[0].highlights[2]"),
      removeItem("work[0].highlights[0]"),
    ];
    expect(fields(records)).toEqual([
      ["work[0].highlights[1]", ["40%"]],
      ["work[1].highlights[3]", ["$2M"]],
    ]);
  });

  it("drops the redactions of a string that was removed, and ignores edits that are not redactions", () => {
    const fallback = {
      ...removeItem("basics.summary"),
      action: "fallback" as const,
      range: [0, 4] as [number, number],
    };
    const emptied = { ...removeItem("answer"), range: [0, 4] as [number, number] };
    const records = [
      redact("work[0].highlights[1]", "40%"),
      removeItem("work[0].highlights[1]"),
      fallback,
      emptied,
    ];
    expect(fields(records)).toEqual([]);
  });

  it("moves a whole entry's strings when an earlier entry goes", () => {
    expect(fields([redact("projects[2].description", "12"), removeItem("projects[0]")])).toEqual([
      ["projects[1].description", ["12"]],
    ]);
  });
});

describe("redactedStrings", () => {
  it("lists the strings the records redacted, and those holding the marker without a record", () => {
    const strings = [
      { field: "work[0].highlights[0]", text: "Ran EKS." },
      { field: "work[0].highlights[1]", text: "Cut costs by [NUM_REDACTED]." },
      { field: "work[0].highlights[2]", text: "Typed [NUM_REDACTED] itself." },
    ];
    const records = [redact("work[0].highlights[2]", "40%"), removeItem("work[0].highlights[0]")];
    // The redaction was written at highlights[2]; highlights[0] was removed after it.
    expect(redactedStrings(strings.slice(1), redactionsByField(records))).toEqual([
      { text: "Cut costs by [NUM_REDACTED].", redactions: [records[0]] },
      { text: "Typed [NUM_REDACTED] itself.", redactions: [] },
    ]);
    expect(redactedStrings([strings[0]!], new Map())).toEqual([]);
  });
});

describe("withRedactions", () => {
  const grounded: VerifierResult = {
    verdict: "GROUNDED",
    reason: "Every claim is supported.",
    ungroundedClaims: [],
  };
  const made = [redact("answer", "15"), redact("answer", "15")];

  it("leaves a verdict alone when nothing was redacted", () => {
    expect(withRedactions(grounded, [], "answer")).toBe(grounded);
  });

  it("makes a grounded verdict NOT_GROUNDED, naming each redacted figure once", () => {
    expect(
      withRedactions(grounded, [{ text: "Dana has [NUM_REDACTED] years.", redactions: made }], "answer"),
    ).toEqual({
      verdict: "NOT_GROUNDED",
      reason: 'The answer is otherwise supported, but the guards redacted "15", which no source backs.',
      ungroundedClaims: ["Dana has [NUM_REDACTED] years."],
      claims: [
        {
          claim: "Dana has [NUM_REDACTED] years.",
          supported: false,
          reason: 'the guards redacted "15", which no source backs',
        },
      ],
    });
  });

  it("says so when a string holds the marker that no guard wrote", () => {
    const typed = { text: "Saved [NUM_REDACTED] a year.", redactions: [] };
    expect(withRedactions(grounded, [typed], "section").reason).toBe(
      'The section is otherwise supported, but the text holds "[NUM_REDACTED]" where no guard redacted anything.',
    );
    const both = withRedactions(grounded, [typed, { text: "x", redactions: made }], "section");
    expect(both.reason).toBe(
      'The section is otherwise supported, but the guards redacted "15", which no source backs; the text holds "[NUM_REDACTED]" where no guard redacted anything.',
    );
  });

  it("adds to a verdict that is already NOT_GROUNDED, keeping its failure and claims", () => {
    const failed: VerifierResult = {
      verdict: "NOT_GROUNDED",
      reason: "The service failed.",
      ungroundedClaims: ["Led six teams."],
      failure: "service",
    };
    const text = "Cut costs by [NUM_REDACTED].";
    expect(withRedactions(failed, [{ text, redactions: [redact("x", "40%")] }], "section")).toEqual({
      verdict: "NOT_GROUNDED",
      reason: 'The service failed. Also, the guards redacted "40%", which no source backs.',
      ungroundedClaims: ["Led six teams.", text],
      failure: "service",
      claims: [{ claim: text, supported: false, reason: 'the guards redacted "40%", which no source backs' }],
    });
  });

  it("gives each redacted string its own reason after the verifier's per-claim verdicts", () => {
    const judged: VerifierResult = {
      ...grounded,
      claims: [{ claim: "Ran EKS.", supported: true, reason: "docs/ops.md:4 supports it" }],
    };
    const typed = { text: "Saved [NUM_REDACTED] a year.", redactions: [] };
    const cut = { text: "Cut costs by [NUM_REDACTED].", redactions: [redact("x", "40%")] };
    expect(withRedactions(judged, [typed, cut], "section").claims).toEqual([
      { claim: "Ran EKS.", supported: true, reason: "docs/ops.md:4 supports it" },
      {
        claim: "Saved [NUM_REDACTED] a year.",
        supported: false,
        reason: 'the text holds "[NUM_REDACTED]" where no guard redacted anything',
      },
      {
        claim: "Cut costs by [NUM_REDACTED].",
        supported: false,
        reason: 'the guards redacted "40%", which no source backs',
      },
    ]);
  });
});

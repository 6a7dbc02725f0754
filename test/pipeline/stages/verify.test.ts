// The verify stage: one verdict per section the writer changed. Block mode falls back to the candidate's
// wording (or removes an invented highlight), warn mode annotates; the records revert the draft exactly.
import { describe, expect, it } from "vitest";
import { revertDraft } from "../../../guards/chain.js";
import type { UnsealedRecord } from "../../../guards/record.js";
import type { JsonResume } from "../../../core/resume.js";
import type { Chunk } from "../../../core/chunk.js";
import { verifyDraft } from "../../../pipeline/stages/verify.js";
import type { Verifier, VerifierResult } from "../../../pipeline/verify/types.js";

const profile: JsonResume = {
  basics: { name: "Dana", summary: "Own summary." },
  work: [
    { name: "Fernhill", highlights: ["Ran EKS.", "Cut costs 23%."] },
    { name: "Quillmark", highlights: ["Built Kafka pipelines."] },
  ],
  projects: [{ name: "site", description: "A personal site." }],
  skills: [{ name: "Data", keywords: ["PostgreSQL"] }],
};
const draft: JsonResume = {
  basics: { name: "Dana", summary: "Tailored summary, 40% better." },
  work: [
    {
      name: "Fernhill",
      highlights: ["Ran EKS.", "Cut costs by 50%.", "Won an award.", "Invented a language."],
    },
    { name: "Quillmark", highlights: ["Built Kafka pipelines."] },
  ],
  projects: [{ name: "site", description: "A fast personal site." }],
  skills: [{ name: "Data", keywords: ["PostgreSQL", "Snowflake"] }],
};
const chunks: Chunk[] = [{ id: "c1", uri: "profile.yaml#work[0]", kind: "profile", text: "Ran EKS." }];
const grounded: VerifierResult = { verdict: "GROUNDED", reason: "ok", ungroundedClaims: [] };
const notGrounded = (reason: string, ...ungroundedClaims: string[]): VerifierResult => ({
  verdict: "NOT_GROUNDED",
  reason,
  ungroundedClaims,
});

/** A verifier answering from a table keyed by the answer it is sent; it records every call. */
function scripted(answers: Record<string, VerifierResult>) {
  const calls: { answer: string; chunks: readonly Chunk[] }[] = [];
  const verifier: Verifier = {
    name: "local",
    verify(answer, given) {
      calls.push({ answer, chunks: given });
      return Promise.resolve(answers[answer] ?? grounded);
    },
  };
  return { verifier, calls };
}
const SUMMARY = "- Tailored summary, 40% better.";
const WORK = "- Cut costs by 50%.\n- Won an award.\n- Invented a language.";
const PROJECT = "- A fast personal site.";

describe("what is verified", () => {
  it("one call per changed section with its AI-written strings as bullets; never skills or unchanged entries", async () => {
    const { verifier, calls } = scripted({});
    const result = await verifyDraft({ draft, records: [], profile, chunks, verifier, mode: "block" });
    expect(calls.map((c) => c.answer)).toEqual([SUMMARY, WORK, PROJECT]);
    expect(calls.every((c) => c.chunks === chunks)).toBe(true);
    expect(result.sections).toEqual([
      { section: "basics", fields: ["basics.summary"], ...grounded, action: "kept" },
      {
        section: "work[0]",
        fields: ["work[0].highlights[1]", "work[0].highlights[2]", "work[0].highlights[3]"],
        ...grounded,
        action: "kept",
      },
      { section: "projects[0]", fields: ["projects[0].description"], ...grounded, action: "kept" },
    ]);
    expect(result.records).toEqual([]);
    expect(result.draft).toEqual(draft);
  });
});

describe("block mode", () => {
  const answers = {
    [SUMMARY]: notGrounded("No source says 40%."),
    [WORK]: notGrounded("Two claims lack support.", "- Cut costs by 50%", "Won an award"),
  };

  it("falls back to the candidate's wording, removes an invented highlight, and reverts exactly", async () => {
    const { verifier } = scripted(answers);
    const result = await verifyDraft({ draft, records: [], profile, chunks, verifier, mode: "block" });
    expect(result.draft.basics?.summary).toBe("Own summary.");
    expect(result.draft.work?.[0]?.highlights).toEqual([
      "Ran EKS.",
      "Cut costs 23%.",
      "Invented a language.",
    ]);
    expect(result.records).toEqual([
      {
        guard: "verifier",
        rule: "ungrounded",
        action: "fallback",
        field: "basics.summary",
        range: [0, 29],
        outputRange: [0, 12],
        original: "Tailored summary, 40% better.",
        replacement: "Own summary.",
        reason:
          "The local verifier found this text not grounded: No source says 40%. The candidate's own wording is used instead.",
        evidence: [{ source: "profile", ref: "basics.summary", text: "Own summary." }],
      },
      {
        guard: "verifier",
        rule: "ungrounded",
        action: "fallback",
        field: "work[0].highlights[1]",
        range: [0, 17],
        outputRange: [0, 14],
        original: "Cut costs by 50%.",
        replacement: "Cut costs 23%.",
        reason:
          'The local verifier found "Cut costs by 50%" not grounded: Two claims lack support. The candidate\'s own wording is used instead.',
        evidence: [{ source: "profile", ref: "work[0].highlights[1]", text: "Cut costs 23%." }],
      },
      {
        guard: "verifier",
        rule: "ungrounded",
        action: "remove",
        field: "work[0].highlights[2]",
        original: "Won an award.",
        replacement: "",
        reason:
          'The local verifier found "Won an award" not grounded: Two claims lack support. The profile has no wording for it, so it is removed.',
        evidence: [],
      },
    ]);
    expect(result.sections.map((s) => [s.section, s.verdict, s.action])).toEqual([
      ["basics", "NOT_GROUNDED", "fallback"],
      ["work[0]", "NOT_GROUNDED", "fallback"],
      ["projects[0]", "GROUNDED", "kept"],
    ]);
    expect(revertDraft(result.draft, result.records)).toEqual(draft);
  });

  it("removes several invented highlights, highest index last in the draft first, and still reverts", async () => {
    const invented: JsonResume = {
      work: [{ name: "Fernhill", highlights: ["Ran EKS.", "A1 x.", "B2 y.", "C3 z."] }],
    };
    const { verifier } = scripted({ "- A1 x.\n- B2 y.\n- C3 z.": notGrounded("none") });
    const result = await verifyDraft({
      draft: invented,
      records: [],
      profile,
      chunks,
      verifier,
      mode: "block",
    });
    expect(result.draft.work?.[0]?.highlights).toEqual(["Ran EKS."]);
    expect(result.records.map((r) => [r.action, r.field])).toEqual([
      ["remove", "work[0].highlights[3]"],
      ["remove", "work[0].highlights[2]"],
      ["remove", "work[0].highlights[1]"],
    ]);
    expect(revertDraft(result.draft, result.records)).toEqual(invented);
  });

  it("empties a field the profile has no wording for", async () => {
    const { verifier } = scripted({ [PROJECT]: notGrounded("Nothing says fast.") });
    const bare = { ...profile, projects: [{ name: "site" }] };
    const result = await verifyDraft({ draft, records: [], profile: bare, chunks, verifier, mode: "block" });
    expect(result.draft.projects).toEqual([{ name: "site", description: "" }]);
    expect(result.records).toEqual([
      expect.objectContaining({
        action: "fallback",
        field: "projects[0].description",
        range: [0, 21],
        outputRange: [0, 0],
        original: "A fast personal site.",
        replacement: "",
        evidence: [],
      }),
    ]);
    expect(revertDraft(result.draft, result.records)).toEqual(draft);
  });
});

describe("warn mode", () => {
  it("keeps every string and annotates it; nothing to revert", async () => {
    const { verifier } = scripted({ [SUMMARY]: notGrounded("No source says 40%.") });
    const result = await verifyDraft({ draft, records: [], profile, chunks, verifier, mode: "warn" });
    expect(result.draft).toEqual(draft);
    expect(result.records).toEqual([
      {
        guard: "verifier",
        rule: "ungrounded",
        action: "annotate",
        field: "basics.summary",
        original: "Tailored summary, 40% better.",
        replacement: "Tailored summary, 40% better.",
        reason:
          "The local verifier found this text not grounded: No source says 40%. Kept because the mode is warn.",
        evidence: [],
      },
    ]);
    expect(result.sections[0]).toMatchObject({ section: "basics", action: "annotated" });
    expect(revertDraft(result.draft, result.records)).toEqual(draft);
  });
});

describe("a verifier that fails is not trusted", () => {
  it.each(["service", "malformed"] as const)(
    "failure %s: every string of the section, rule verifier-%s",
    async (failure) => {
      const { verifier } = scripted({
        [WORK]: { ...notGrounded(`The verifier ${failure} failed.`), failure },
      });
      const result = await verifyDraft({ draft, records: [], profile, chunks, verifier, mode: "block" });
      expect(result.records.map((r) => [r.rule, r.action, r.field])).toEqual([
        [`verifier-${failure}`, "fallback", "work[0].highlights[1]"],
        [`verifier-${failure}`, "remove", "work[0].highlights[3]"],
        [`verifier-${failure}`, "remove", "work[0].highlights[2]"],
      ]);
      expect(result.sections[1]).toMatchObject({ section: "work[0]", failure, action: "fallback" });
      expect(revertDraft(result.draft, result.records)).toEqual(draft);
    },
  );
});

describe("strings number-provenance redacted", () => {
  const redacted: JsonResume = {
    ...draft,
    work: [{ name: "Fernhill", highlights: ["Ran EKS.", "Cut costs by [NUM_REDACTED]."] }, draft.work![1]!],
  };
  // The guards' records, as guardDraft writes them: the redaction names the field it had before a later
  // removal of an earlier item of the same list.
  const records: UnsealedRecord[] = [
    {
      guard: "number-provenance",
      rule: "ungrounded-number",
      action: "redact",
      field: "work[0].highlights[2]",
      original: "40%",
      replacement: "[NUM_REDACTED]",
      reason: "x",
      evidence: [],
      range: [13, 16],
      outputRange: [13, 27],
    },
    {
      guard: "claim-net",
      rule: "unbacked-technology",
      action: "remove",
      field: "work[0].highlights[0]",
      original: "Ran Snowflake.",
      replacement: "",
      reason: "x",
      evidence: [],
    },
  ];

  it("are not grounded although the verifier passed the rest: block gives the candidate's wording back", async () => {
    const { verifier } = scripted({});
    const result = await verifyDraft({ draft: redacted, records, profile, chunks, verifier, mode: "block" });
    expect(result.draft.work?.[0]?.highlights).toEqual(["Ran EKS.", "Cut costs 23%."]);
    expect(result.sections.find((s) => s.section === "work[0]")).toMatchObject({
      verdict: "NOT_GROUNDED",
      reason: 'The section is otherwise supported, but the guards redacted "40%", which no source backs.',
      ungroundedClaims: ["Cut costs by [NUM_REDACTED]."],
      action: "fallback",
    });
    expect(result.records).toEqual([
      expect.objectContaining({
        guard: "verifier",
        action: "fallback",
        field: "work[0].highlights[1]",
        original: "Cut costs by [NUM_REDACTED].",
        replacement: "Cut costs 23%.",
      }),
    ]);
    expect(revertDraft(result.draft, result.records)).toEqual(redacted);
  });

  it("include a string holding the marker with no record: a writer cannot type it past the verifier", async () => {
    const { verifier } = scripted({});
    const result = await verifyDraft({
      draft: redacted,
      records: [],
      profile,
      chunks,
      verifier,
      mode: "block",
    });
    expect(result.draft.work?.[0]?.highlights).toEqual(["Ran EKS.", "Cut costs 23%."]);
    expect(result.sections.find((s) => s.section === "work[0]")?.reason).toBe(
      'The section is otherwise supported, but the text holds "[NUM_REDACTED]" where no guard redacted anything.',
    );
  });

  it("are kept and annotated in warn mode", async () => {
    const { verifier } = scripted({});
    const result = await verifyDraft({ draft: redacted, records, profile, chunks, verifier, mode: "warn" });
    expect(result.draft.work?.[0]?.highlights?.[1]).toBe("Cut costs by [NUM_REDACTED].");
    expect(result.records.map((r) => r.action)).toEqual(["annotate"]);
  });
});

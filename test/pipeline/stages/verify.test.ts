// The verify stage: one verdict per section the writer changed. Block mode falls back to the candidate's
// wording (or removes an invented highlight), warn mode annotates; the records revert the draft exactly.
import { describe, expect, it } from "vitest";
import { revertDraft } from "../../../guards/index.js";
import type { UnsealedRecord } from "../../../guards/redaction-record.js";
import type { JsonResume } from "../../../core/resume.js";
import type { Chunk } from "../../../core/chunk.js";
import { verifyDraft } from "../../../pipeline/stages/verify.js";
import type { Verifier, VerifierResult } from "../../../pipeline/verify/types.js";
import { localVerifier } from "../../../pipeline/verify/local.js";
import { defaultCatalog } from "../../../extractors/catalog.js";

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

describe("each record gives its own string's claim and reason", () => {
  const costs = { source: "chunk" as const, ref: "docs/costs.md:3-5", text: "Costs fell 23% in 2023." };
  const awards = { source: "chunk" as const, ref: "profile.yaml#awards", text: "No awards." };
  const lang = { source: "chunk" as const, ref: "docs/lang.md:1-2", text: "Dana invented a language." };
  const judged: VerifierResult = {
    ...notGrounded(
      '2 of 3 claims are not supported by any single source chunk; the closest source for "Cut costs by 50%.", docs/costs.md:3-5, lacks the figure "50%".',
      "Cut costs by 50%.",
      "Won an award.",
    ),
    claims: [
      {
        claim: "Cut costs by 50%.",
        supported: false,
        reason: 'the closest source, docs/costs.md:3-5, lacks the figure "50%"',
        evidence: [costs],
      },
      {
        claim: "Won an award.",
        supported: false,
        reason: 'the closest source, profile.yaml#awards, lacks "award"',
        evidence: [awards],
      },
      {
        claim: "Invented a language.",
        supported: true,
        reason: "docs/lang.md:1-2 supports it",
        evidence: [lang],
      },
    ],
  };

  it("block: names the string's claim with that claim's reason, and cites the closest chunk by path and lines", async () => {
    const { verifier, calls } = scripted({ [WORK]: judged });
    const result = await verifyDraft({ draft, records: [], profile, chunks, verifier, mode: "block" });
    expect(result.records).toEqual([
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
          'The local verifier found "Cut costs by 50%." not grounded: the closest source, docs/costs.md:3-5, lacks the figure "50%". The candidate\'s own wording is used instead.',
        evidence: [{ source: "profile", ref: "work[0].highlights[1]", text: "Cut costs 23%." }, costs],
      },
      {
        guard: "verifier",
        rule: "ungrounded",
        action: "remove",
        field: "work[0].highlights[2]",
        original: "Won an award.",
        replacement: "",
        reason:
          'The local verifier found "Won an award." not grounded: the closest source, profile.yaml#awards, lacks "award". The profile has no wording for it, so it is removed.',
        evidence: [awards],
      },
    ]);
    expect(revertDraft(result.draft, result.records)).toEqual(draft);
    // The stage asks for the per-claim reasons; report.json's sections keep their fields.
    expect(calls).toHaveLength(3);
    const section = result.sections.find((s) => s.section === "work[0]")!;
    expect(Object.keys(section).sort()).toEqual(
      ["section", "fields", "verdict", "reason", "ungroundedClaims", "action"].sort(),
    );
  });

  it("warn: the annotation carries the same reason and citation", async () => {
    const { verifier } = scripted({ [WORK]: judged });
    const result = await verifyDraft({ draft, records: [], profile, chunks, verifier, mode: "warn" });
    expect(result.records.map((r) => [r.field, r.action, r.reason, r.evidence])).toEqual([
      [
        "work[0].highlights[1]",
        "annotate",
        'The local verifier found "Cut costs by 50%." not grounded: the closest source, docs/costs.md:3-5, lacks the figure "50%". Kept because the mode is warn.',
        [costs],
      ],
      [
        "work[0].highlights[2]",
        "annotate",
        'The local verifier found "Won an award." not grounded: the closest source, profile.yaml#awards, lacks "award". Kept because the mode is warn.',
        [awards],
      ],
    ]);
  });

  it("lists each of a string's claims with its own reason", async () => {
    const two: JsonResume = {
      work: [{ name: "Quillmark", highlights: ["Built Kafka pipelines.", "Led 9 people. Won 3 awards."] }],
    };
    const result = await verifyDraft({
      draft: two,
      records: [],
      profile,
      chunks,
      verifier: scripted({
        "- Led 9 people. Won 3 awards.": {
          ...notGrounded("r", "Led 9 people.", "Won 3 awards."),
          claims: [
            {
              claim: "Led 9 people.",
              supported: false,
              reason: 'the closest source, a.md:1, lacks the figure "9"',
            },
            { claim: "Won 3 awards.", supported: false, reason: "no usable source chunk states it" },
          ],
        },
      }).verifier,
      mode: "block",
    });
    expect(result.records.map((r) => r.reason)).toEqual([
      'The local verifier found 2 claims of this text not grounded: "Led 9 people.": the closest source, a.md:1, lacks the figure "9"; "Won 3 awards.": no usable source chunk states it. The profile has no wording for it, so it is removed.',
    ]);
  });

  it("gives a redacted string its own reason, citing the chunk that supports the rest of it", async () => {
    const redacted: JsonResume = {
      work: [{ name: "Fernhill", highlights: ["Ran EKS.", "Cut costs by [NUM_REDACTED]."] }],
    };
    const result = await verifyDraft({
      draft: redacted,
      records: [],
      profile,
      chunks,
      verifier: scripted({
        "- Cut costs by [NUM_REDACTED].": {
          ...grounded,
          claims: [
            { claim: "Cut costs by [NUM_REDACTED].", supported: true, reason: "x", evidence: [costs] },
          ],
        },
      }).verifier,
      mode: "block",
    });
    expect(result.records).toEqual([
      expect.objectContaining({
        action: "fallback",
        reason:
          'The local verifier found "Cut costs by [NUM_REDACTED]." not grounded: the text holds "[NUM_REDACTED]" where no guard redacted anything. The candidate\'s own wording is used instead.',
        evidence: [{ source: "profile", ref: "work[0].highlights[1]", text: "Cut costs 23%." }, costs],
      }),
    ]);
  });

  it("cites the profile's field that holds the fallback wording", async () => {
    const moved: JsonResume = { work: [{ name: "Fernhill", highlights: ["Cut costs by 50%."] }] };
    const result = await verifyDraft({
      draft: moved,
      records: [],
      profile,
      chunks,
      verifier: scripted({ "- Cut costs by 50%.": notGrounded("No source says 50%.") }).verifier,
      mode: "block",
    });
    expect(result.records[0]!.evidence).toEqual([
      { source: "profile", ref: "work[0].highlights[1]", text: "Cut costs 23%." },
    ]);
    expect(result.records[0]!.field).toBe("work[0].highlights[0]");
  });
});

describe("the local verifier end to end", () => {
  it("cites the closest chunk of each string by path and lines", async () => {
    const catalog = await defaultCatalog();
    const sources: Chunk[] = [
      {
        id: "3f9a",
        uri: "fernhill/docs/deploys.md",
        lines: [4, 9],
        kind: "production-doc",
        text: "Deploys take 6 minutes and run from GitHub Actions.",
      },
    ];
    const deploys: JsonResume = {
      work: [
        { name: "Fernhill", highlights: ["Ran EKS.", "Deploys take 6 minutes.", "Deploys take 2 minutes."] },
      ],
    };
    const result = await verifyDraft({
      draft: deploys,
      records: [],
      profile,
      chunks: sources,
      verifier: localVerifier(catalog),
      mode: "block",
    });
    expect(result.draft.work?.[0]?.highlights).toEqual(["Ran EKS.", "Deploys take 6 minutes."]);
    expect(result.records).toEqual([
      {
        guard: "verifier",
        rule: "ungrounded",
        action: "remove",
        field: "work[0].highlights[2]",
        original: "Deploys take 2 minutes.",
        replacement: "",
        reason:
          'The local verifier found "Deploys take 2 minutes." not grounded: the closest source, fernhill/docs/deploys.md:4-9, lacks the figure "2 minutes". The profile has no wording for it, so it is removed.',
        evidence: [
          {
            source: "chunk",
            ref: "fernhill/docs/deploys.md:4-9",
            text: "Deploys take 6 minutes and run from GitHub Actions.",
          },
        ],
      },
    ]);
    expect(JSON.stringify(result.records)).not.toContain("3f9a");
    expect(revertDraft(result.draft, result.records)).toEqual(deploys);
  });
});

describe("a fallback never repeats a bullet of its entry", () => {
  it("removes the string when another highlight already says its wording, figures aside", async () => {
    const near: JsonResume = {
      work: [
        {
          name: "Fernhill",
          highlights: ["Ran EKS.", "Cut costs by about 23%.", "Cut costs by 50%."],
        },
      ],
    };
    const { verifier } = scripted({
      "- Cut costs by about 23%.\n- Cut costs by 50%.": notGrounded(
        "No source says 50%.",
        "Cut costs by 50%.",
      ),
    });
    const result = await verifyDraft({ draft: near, records: [], profile, chunks, verifier, mode: "block" });
    expect(result.draft.work?.[0]?.highlights).toEqual(["Ran EKS.", "Cut costs by about 23%."]);
    expect(result.records).toEqual([
      {
        guard: "verifier",
        rule: "ungrounded",
        action: "remove",
        field: "work[0].highlights[2]",
        original: "Cut costs by 50%.",
        replacement: "",
        reason:
          'The local verifier found "Cut costs by 50%." not grounded: No source says 50%. The candidate\'s own wording for it, "Cut costs 23%.", is already in this entry at work[0].highlights[1] as "Cut costs by about 23%.", so it is removed rather than repeated.',
        evidence: [],
      },
    ]);
    expect(revertDraft(result.draft, result.records)).toEqual(near);
  });

  it("falls back once when two strings would fall back to the same wording", async () => {
    const twice: JsonResume = {
      work: [
        {
          name: "Fernhill",
          highlights: ["Ran EKS.", "Cut costs by 50%.", "Cut EU costs 60%."],
        },
      ],
    };
    const { verifier } = scripted({
      "- Cut costs by 50%.\n- Cut EU costs 60%.": notGrounded("No source says it."),
    });
    const result = await verifyDraft({ draft: twice, records: [], profile, chunks, verifier, mode: "block" });
    expect(result.draft.work?.[0]?.highlights).toEqual(["Ran EKS.", "Cut costs 23%."]);
    expect(result.records.map((r) => [r.action, r.field])).toEqual([
      ["fallback", "work[0].highlights[1]"],
      ["remove", "work[0].highlights[2]"],
    ]);
    expect(result.records[1]!.reason).toBe(
      'The local verifier found this text not grounded: No source says it. The candidate\'s own wording for it, "Cut costs 23%.", is already in this entry at work[0].highlights[1], so it is removed rather than repeated.',
    );
    expect(revertDraft(result.draft, result.records)).toEqual(twice);
  });

  it("keeps a fallback whose wording shares words with another highlight but says more (a figure)", async () => {
    const more: JsonResume = {
      work: [{ name: "Fernhill", highlights: ["Ran EKS.", "Cut costs.", "Cut costs by 50%."] }],
    };
    const { verifier } = scripted({
      "- Cut costs.\n- Cut costs by 50%.": notGrounded("r", "Cut costs by 50%."),
    });
    const result = await verifyDraft({ draft: more, records: [], profile, chunks, verifier, mode: "block" });
    expect(result.draft.work?.[0]?.highlights).toEqual(["Ran EKS.", "Cut costs.", "Cut costs 23%."]);
    expect(revertDraft(result.draft, result.records)).toEqual(more);
  });
});

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { Catalog } from "../../extractors/catalog.js";
import {
  buildContext,
  guardDraft,
  guardMatches,
  revertDraft,
  revertMatches,
  runChain,
} from "../../guards/index.js";
import { formatField, type JsonResume, parseField } from "../../core/resume.js";
import { draftTargets } from "../../guards/targets.js";
import type { Guard, MatchFinding, Reported, TextFinding } from "../../guards/types.js";
import type { Match } from "../../core/match.js";

// Small stand-in guards: the chain's bookkeeping is tested apart from any real guard's judgement.
const sevens: Guard = {
  meta: { id: "number-provenance", description: "redacts 7s", messages: { seven: "7 is not grounded" } },
  checkText: (target) =>
    [...target.text.matchAll(/7/g)].map((m) => ({
      guard: "number-provenance",
      rule: "seven",
      action: "redact",
      field: target.field,
      data: {},
      actual: "7",
      evidence: [],
      edit: { range: [m.index, m.index + 1], text: "[N]" },
    })),
};

const noSnowflake: Guard = {
  meta: {
    id: "claim-net",
    description: "unbacked Snowflake",
    messages: { unbacked: "x" },
  },
  checkText: (target): Reported<TextFinding>[] => {
    if (!target.text.includes("Snowflake")) return [];
    const base: Omit<Reported<TextFinding>, "action"> = {
      guard: "claim-net",
      rule: "unbacked",
      field: target.field,
      data: {},
      actual: "Snowflake",
      evidence: [],
    };
    if (target.role === "list-item" || target.original === undefined)
      return [{ ...base, action: "remove", removeItem: true }];
    return [
      {
        ...base,
        action: "fallback",
        edit: { range: [0, target.text.length], text: target.original },
      } satisfies Reported<TextFinding>,
    ];
  },
};

const guards = [sevens, noSnowflake];
const context = buildContext({
  catalog: new Catalog([]),
  profile: undefined,
  facts: ["a", { id: "kb-1", text: "b" }],
});

const profile: JsonResume = {
  basics: { name: "Dana Reyes", summary: "Backend engineer." },
  work: [{ name: "Fernhill", position: "Engineer", highlights: ["Built the payments API on PostgreSQL."] }],
  skills: [{ name: "Data", keywords: ["PostgreSQL"] }],
};

const draft: JsonResume = {
  basics: { name: "Dana Reyes", summary: "Backend engineer with 7 years on Snowflake." },
  work: [
    {
      name: "Fernhill",
      position: "Engineer",
      highlights: [
        "Built the payments API on PostgreSQL.",
        "Built the payments API on PostgreSQL and Snowflake, 7x faster.",
      ],
    },
  ],
  skills: [{ name: "Data", keywords: ["PostgreSQL", "Snowflake", "Redis 7", "Snowflake SQL"] }],
};

describe("buildContext", () => {
  it("gives plain-string facts ids", () => {
    expect(context.facts).toEqual([
      { id: "fact-1", text: "a" },
      { id: "kb-1", text: "b" },
    ]);
  });
});

describe("draftTargets", () => {
  it("lists AI-written strings with the candidate's own wording, skipping verbatim profile strings", () => {
    expect(draftTargets(draft, profile)).toEqual([
      {
        field: "basics.summary",
        text: "Backend engineer with 7 years on Snowflake.",
        role: "prose",
        original: "Backend engineer.",
        originalField: "basics.summary",
      },
      {
        field: "work[0].highlights[1]",
        text: "Built the payments API on PostgreSQL and Snowflake, 7x faster.",
        role: "prose",
        original: "Built the payments API on PostgreSQL.",
        originalField: "work[0].highlights[0]",
        entry: "work[0]",
      },
      { field: "skills[0].keywords[1]", text: "Snowflake", role: "list-item" },
      { field: "skills[0].keywords[2]", text: "Redis 7", role: "list-item" },
      { field: "skills[0].keywords[3]", text: "Snowflake SQL", role: "list-item" },
    ]);
  });
});

describe("guardDraft", () => {
  const result = guardDraft(draft, { ...context, profile }, guards);

  it("edits strings, falls back to the candidate's wording and removes list items", () => {
    // The highlight's fallback is already the entry's first highlight: it is removed, not repeated.
    expect(result.draft).toEqual({
      basics: { name: "Dana Reyes", summary: "Backend engineer." },
      work: [
        { name: "Fernhill", position: "Engineer", highlights: ["Built the payments API on PostgreSQL."] },
      ],
      skills: [{ name: "Data", keywords: ["PostgreSQL", "Redis [N]"] }],
    });
  });

  it("records every change in replayable order: edits first, removals highest index first", () => {
    expect(result.records.map((r) => [r.guard, r.action, r.field, r.original, r.replacement])).toEqual([
      ["number-provenance", "redact", "basics.summary", "7", "[N]"],
      [
        "claim-net",
        "fallback",
        "basics.summary",
        "Backend engineer with [N] years on Snowflake.",
        "Backend engineer.",
      ],
      ["number-provenance", "redact", "work[0].highlights[1]", "7", "[N]"],
      ["number-provenance", "redact", "skills[0].keywords[2]", "7", "[N]"],
      ["claim-net", "remove", "skills[0].keywords[3]", "Snowflake SQL", ""],
      ["claim-net", "remove", "skills[0].keywords[1]", "Snowflake", ""],
      [
        "claim-net",
        "remove",
        "work[0].highlights[1]",
        "Built the payments API on PostgreSQL and Snowflake, [N]x faster.",
        "",
      ],
    ]);
  });

  it("reverts to the draft exactly", () => {
    expect(revertDraft(result.draft, result.records)).toEqual(draft);
  });

  it("never mutates the draft it was given", () => {
    const frozen = structuredClone(draft);
    guardDraft(frozen, { ...context, profile }, guards);
    expect(frozen).toEqual(draft);
  });

  it("is idempotent", () => {
    const again = guardDraft(result.draft, { ...context, profile }, guards);
    expect(again.records).toEqual([]);
    expect(again.draft).toEqual(result.draft);
  });

  it("reverts exactly for random skill lists (property)", () => {
    const keyword = fc.constantFrom("Snowflake", "Go", "Redis 7", "Kafka", "Snowflake 7", "7");
    fc.assert(
      fc.property(fc.array(keyword, { maxLength: 8 }), fc.array(keyword, { maxLength: 8 }), (a, b) => {
        const d: JsonResume = { skills: [{ keywords: a }, { keywords: b }] };
        const out = guardDraft(d, context, guards);
        expect(revertDraft(out.draft, out.records)).toEqual(d);
        for (const skill of out.draft.skills ?? []) {
          for (const k of skill.keywords ?? []) expect(k).not.toMatch(/Snowflake|7/);
        }
      }),
    );
  });
});

describe("a fallback never repeats a bullet of its entry", () => {
  const guarded = (highlights: string[], own: string[], with_: Guard[] = guards) => {
    const d: JsonResume = { work: [{ name: "Fernhill", highlights }] };
    const p: JsonResume = { work: [{ name: "Fernhill", highlights: own }] };
    const out = guardDraft(d, { ...context, profile: p }, with_);
    expect(revertDraft(out.draft, out.records)).toEqual(d);
    return { highlights: out.draft.work?.[0]?.highlights, records: out.records };
  };

  it("removes the item when another highlight already says the wording, figures aside", () => {
    const out = guarded(
      ["Cut AWS spend by ~39%.", "Cut AWS spend by 38.6% with Snowflake."],
      ["Cut AWS spend by 38.6%."],
    );
    expect(out.highlights).toEqual(["Cut AWS spend by ~39%."]);
    expect(out.records).toEqual([
      {
        guard: "claim-net",
        rule: "unbacked",
        action: "remove",
        field: "work[0].highlights[1]",
        original: "Cut AWS spend by 38.6% with Snowflake.",
        replacement: "",
        reason:
          'x The candidate\'s own wording for it, "Cut AWS spend by 38.6%.", is already in this entry at work[0].highlights[0] as "Cut AWS spend by ~39%.", so it is removed rather than repeated.',
        evidence: [],
      },
    ]);
  });

  it("removes the second of two highlights that fall back to the same wording", () => {
    const out = guarded(
      [
        "Built the billing service in Go on Snowflake.",
        "Built the billing service on Snowflake in Go, twice.",
      ],
      ["Built the billing service in Go."],
    );
    expect(out.highlights).toEqual(["Built the billing service in Go."]);
    expect(out.records.map((r) => [r.action, r.field])).toEqual([
      ["fallback", "work[0].highlights[0]"],
      ["remove", "work[0].highlights[1]"],
    ]);
    expect(out.records[1]!.reason).toBe(
      'x The candidate\'s own wording for it, "Built the billing service in Go.", is already in this entry at work[0].highlights[0], so it is removed rather than repeated.',
    );
  });

  it("keeps the fallback when the other highlight is a different bullet sharing many words", () => {
    const own = "Cut AWS spend by 38.6% by rightsizing EC2 fleets.";
    const out = guarded(
      ["Cut AWS spend by 39%.", "Cut AWS spend by 38.6% by rightsizing EC2 fleets on Snowflake."],
      [own],
    );
    expect(out.highlights).toEqual(["Cut AWS spend by 39%.", own]);
    expect(out.records.map((r) => r.action)).toEqual(["fallback"]);
  });

  it("drops the edits later guards made to the fallback with it", () => {
    const out = guarded(
      ["Cut AWS spend by 7%.", "Cut AWS spend by 7% on Snowflake."],
      ["Cut AWS spend by 7%."],
      [noSnowflake, sevens],
    );
    expect(out.highlights).toEqual(["Cut AWS spend by 7%."]);
    expect(out.records.map((r) => [r.guard, r.action, r.field, r.original])).toEqual([
      ["claim-net", "remove", "work[0].highlights[1]", "Cut AWS spend by 7% on Snowflake."],
    ]);
  });

  it("does not count a highlight that is itself being removed", () => {
    const bang: Guard = {
      meta: { id: "code-truth", description: "drops a shout", messages: { bang: "shouted" } },
      checkText: (target) =>
        target.text.includes("!")
          ? [
              {
                guard: "code-truth",
                rule: "bang",
                action: "remove",
                field: target.field,
                data: {},
                actual: target.text,
                evidence: [],
                removeItem: true,
              },
            ]
          : [],
    };
    const out = guarded(
      ["Built the billing service in Go!", "Built the billing service in Go on Snowflake."],
      ["Built the billing service in Go."],
      [bang, ...guards],
    );
    expect(out.highlights).toEqual(["Built the billing service in Go."]);
    expect(out.records.map((r) => [r.action, r.field])).toEqual([
      ["fallback", "work[0].highlights[1]"],
      ["remove", "work[0].highlights[0]"],
    ]);
  });

  it("leaves a fallback outside a list alone", () => {
    const d: JsonResume = { basics: { summary: "Backend engineer on Snowflake." } };
    const p: JsonResume = { basics: { summary: "Backend engineer." } };
    const out = guardDraft(d, { ...context, profile: p }, guards);
    expect(out.draft.basics?.summary).toBe("Backend engineer.");
    expect(out.records.map((r) => r.action)).toEqual(["fallback"]);
  });
});

describe("guardMatches", () => {
  const demoteOpenAI: Guard = {
    meta: { id: "vendor-provenance", description: "", messages: { demote: "", drop: "" } },
    checkMatches: (matches) =>
      matches.flatMap((m, index): Reported<MatchFinding>[] =>
        m.technology === "openai"
          ? [
              {
                guard: "vendor-provenance",
                rule: "demote",
                action: "demote",
                index,
                data: {},
                actual: "openai",
                evidence: [],
                replacement: { ...m, status: "example-only" },
              },
            ]
          : m.technology === "mysql"
            ? [
                {
                  guard: "vendor-provenance",
                  rule: "drop",
                  action: "mark-stale",
                  index,
                  data: {},
                  actual: "mysql",
                  evidence: [],
                  replacement: null,
                },
              ]
            : [],
      ),
  };
  const matches: Match[] = [
    { requirement: "SQL", technology: "mysql", status: "production-backed", evidence: [] },
    { requirement: "LLMs", technology: "openai", status: "production-backed", evidence: [] },
    { requirement: "Queues", technology: "mysql", status: "production-backed", evidence: [] },
    { requirement: "Go", technology: "go", status: "production-backed", evidence: [] },
  ];

  it("replaces and drops matches, and reverts exactly", () => {
    const result = guardMatches(matches, context, [demoteOpenAI]);
    expect(result.matches.map((m) => [m.technology, m.status])).toEqual([
      ["openai", "example-only"],
      ["go", "production-backed"],
    ]);
    expect(result.records.map((r) => [r.field, r.action])).toEqual([
      ["matches[1]", "demote"],
      ["matches[2]", "mark-stale"],
      ["matches[0]", "mark-stale"],
    ]);
    expect(revertMatches(result.matches, result.records)).toEqual(matches);
  });

  it("runs matches and text through runChain", () => {
    const out = runChain({ matches, text: "Saved 7 hours" }, context, [demoteOpenAI, sevens]);
    expect(out.text).toBe("Saved [N] hours");
    expect(out.matches).toHaveLength(2);
    expect(out.records.map((r) => r.field)).toEqual(["matches[1]", "matches[2]", "matches[0]", "text"]);
  });
});

describe("runChain on a long text", () => {
  it("keeps every record when a text has more edits than a call takes arguments", () => {
    // 200,000 edits: pushing them with a spread (`push(...records)`) overflows the stack.
    const text = "7 ".repeat(200_000);
    const out = runChain({ text }, context, [sevens]);
    expect(out.records).toHaveLength(200_000);
    expect(out.text).toBe("[N] ".repeat(200_000));
  });
});

describe("parseField", () => {
  /** What the field paths meant when they were read with a regular expression. */
  const byExpression = (field: string) =>
    [...field.matchAll(/([^.[\]]+)|\[(\d+)\]/g)].map((m) => (m[2] !== undefined ? Number(m[2]) : m[1]!));

  it("reads the paths the chain writes", () => {
    expect(parseField("work[0].highlights[2]")).toEqual(["work", 0, "highlights", 2]);
    expect(parseField("basics.summary")).toEqual(["basics", "summary"]);
    expect(parseField(formatField(["skills", 1, "keywords", 0]))).toEqual(["skills", 1, "keywords", 0]);
  });

  it("reads any string as the regular expression did (property)", () => {
    const piece = fc.constantFrom(
      "a",
      "work",
      ".",
      "[",
      "]",
      "0",
      "12",
      "[3]",
      "[x]",
      "é",
      "𝐀",
      " ",
      "[]",
      "[1",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 10 }), (pieces) => {
        const field = pieces.join("");
        expect(parseField(field)).toEqual(byExpression(field));
      }),
    );
  });
});

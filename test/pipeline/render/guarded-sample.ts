// A guarded draft of the sample resume and its sealed records, made by the real chain (guardDraft, the
// applier, sealRecords) with small stand-in guards, so the records have exactly the chain's bookkeeping.
import { Catalog } from "../../../extractors/catalog.js";
import { buildContext, guardDraft } from "../../../guards/chain.js";
import { type UnsealedRecord, type RedactionRecord, sealRecords } from "../../../guards/redaction-record.js";
import type { JsonResume } from "../../../core/resume.js";
import type { Guard, GuardId, Reported, TextFinding } from "../../../guards/types.js";
import { sampleResume } from "./docx-reader.js";

/** A guard that replaces every match of a pattern with a fixed text (or removes a list item). */
export function replacing(id: GuardId, rule: string, pattern: RegExp, text: string | null): Guard {
  return {
    meta: { id, description: rule, messages: { [rule]: "{{found}} is not grounded." } },
    checkText: (target): Reported<TextFinding>[] =>
      [...target.text.matchAll(new RegExp(pattern, "g"))].map((m) => ({
        guard: id,
        rule,
        action: text === null ? "remove" : id === "number-provenance" ? "redact" : "mark-stale",
        field: target.field,
        data: { found: m[0] },
        actual: m[0],
        evidence: [],
        ...(text === null
          ? { removeItem: true }
          : { edit: { range: [m.index, m.index + m[0].length] as [number, number], text } }),
      })),
  };
}

/** claim-net's prose fallback: the whole string goes back to the candidate's wording. */
const fallbackOnSnowflake: Guard = {
  meta: {
    id: "claim-net",
    description: "fallback",
    messages: { "unbacked-technology": "Snowflake: named in AI-written text without backing." },
  },
  checkText: (target): Reported<TextFinding>[] =>
    target.role === "prose" && target.original !== undefined && target.text.includes("Snowflake")
      ? [
          {
            guard: "claim-net",
            rule: "unbacked-technology",
            action: "fallback",
            field: target.field,
            data: {},
            actual: "Snowflake",
            evidence: [],
            edit: { range: [0, target.text.length], text: target.original },
          },
        ]
      : [],
};

export const GUARDS: Guard[] = [
  replacing("number-provenance", "ungrounded-number", /\b\d+(?:\.\d+)?%?/, "[NUM_REDACTED]"),
  replacing("code-truth", "stale-claim", /self-hosted Kubernetes/, "Amazon EKS"),
  fallbackOnSnowflake,
  replacing("claim-net", "unbacked-technology", /^Snowflake$/, null),
];

export function sampleDraft(): JsonResume {
  const draft = sampleResume();
  const work = draft.work?.[0];
  if (!work?.highlights || !draft.skills?.[2]?.keywords) throw new Error("samples/profile.yaml changed");
  work.highlights[0] = "Ran self-hosted Kubernetes for 30 services and cut deploy time by 45%.";
  work.highlights[2] =
    "Cut p95 checkout latency from 820 ms to 90 ms by caching idempotency keys in Snowflake.";
  draft.skills[2].keywords = ["PostgreSQL", "Snowflake", "Redis 7", "Kafka", "Amazon SQS"];
  return draft;
}

const matchRecords: UnsealedRecord[] = [
  {
    guard: "vendor-provenance",
    rule: "example-only",
    action: "demote",
    field: "matches[2]",
    original: JSON.stringify({ requirement: "OpenAI", technology: "OpenAI", status: "production-backed" }),
    replacement: JSON.stringify({ requirement: "OpenAI", technology: "OpenAI", status: "example-only" }),
    reason: "OpenAI appears only in examples/.",
    evidence: [],
  },
  {
    guard: "code-truth",
    rule: "stale-claim",
    action: "mark-stale",
    field: "matches[4]",
    original: JSON.stringify({ requirement: "Kubernetes", status: "profile-stated" }),
    replacement: JSON.stringify({ requirement: "Kubernetes", status: "stale" }),
    reason: "The README says self-hosted Kubernetes; Terraform says aws_eks_cluster.",
    evidence: [],
  },
];

export interface GuardedSample {
  profile: JsonResume;
  resume: JsonResume;
  records: RedactionRecord[];
}

export function guardedSample(): GuardedSample {
  const profile = sampleResume();
  const context = buildContext({ catalog: new Catalog([]), profile });
  const { draft, records } = guardDraft(sampleDraft(), context, GUARDS);
  const sealed = sealRecords([...matchRecords, ...records], { runId: "test", ts: "2025-01-01T00:00:00Z" });
  return { profile, resume: draft, records: sealed };
}

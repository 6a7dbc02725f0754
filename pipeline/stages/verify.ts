// The verify stage: each section of the draft the writer changed (the summary, each work entry, each
// project) gets one verdict against the run's chunks. In block mode an ungrounded string falls back to the
// candidate's own wording (or leaves, when the writer invented it or the entry already says that wording);
// in warn mode it stays, annotated. Each record gives its own string's claims and their own reasons.
import {
  type DraftTarget,
  draftTargets,
  heldElsewhere,
  removeItems,
  repeatNote,
  type UnsealedRecord,
} from "../../guards/index.js";
import { type JsonResume, setField } from "../../core/resume.js";
import type { Chunk } from "../../core/chunk.js";
import { redactedStrings, redactionsByField, withRedactions } from "../verify/redactions.js";
import { repeatedHighlights } from "./verify/repeats.js";
import {
  type ClaimVerdict,
  type Verifier,
  type VerifierResult,
  type VerifyMode,
  claimsEvidence,
  claimsReason,
} from "../verify/types.js";

/** A section's verdict as report.json shows it: the per-claim detail lives in the records. */
export interface SectionVerdict extends Omit<VerifierResult, "claims"> {
  section: string;
  fields: string[];
  /** What happened to the section's ungrounded strings. */
  action: "kept" | "fallback" | "annotated";
}

export interface VerifyDraftResult {
  draft: JsonResume;
  records: UnsealedRecord[];
  sections: SectionVerdict[];
}

export interface VerifyDraftInput {
  /** The draft as the post-writer guards left it, with their records. */
  draft: JsonResume;
  records: readonly UnsealedRecord[];
  profile: JsonResume;
  chunks: readonly Chunk[];
  verifier: Verifier;
  mode: VerifyMode;
}

/** `basics.summary` → `basics`; `work[2].highlights[1]` → `work[2]`. Skill keywords are claim-net's. */
function sectionOf(field: string): string | undefined {
  if (field.startsWith("skills") || /\.keywords\[/.test(field)) return undefined;
  return /^(basics|(?:work|projects|volunteer|awards|publications)\[\d+\])/.exec(field)?.[1];
}

export async function verifyDraft(input: VerifyDraftInput): Promise<VerifyDraftResult> {
  const sections = new Map<string, DraftTarget[]>();
  for (const target of draftTargets(input.draft, input.profile)) {
    const section = sectionOf(target.field);
    if (section) sections.set(section, [...(sections.get(section) ?? []), target]);
  }
  const redactions = redactionsByField(input.records);
  const judged = await Promise.all(
    [...sections].map(async ([section, targets]) => ({
      section,
      targets,
      result: withRedactions(
        await input.verifier.verify(targets.map((t) => `- ${t.text}`).join("\n"), input.chunks, {
          claims: true,
          // The summary speaks for the whole profile: its sentences may join two jobs.
          ...(section === "basics" ? { joins: true } : {}),
        }),
        redactedStrings(targets, redactions),
        "section",
      ),
    })),
  );

  const draft = structuredClone(input.draft);
  const records: UnsealedRecord[] = [];
  const removals: UnsealedRecord[] = [];
  // Fields of the items being removed: they do not count as already saying a fallback's wording.
  const removing = new Set<string>();
  const verdicts: SectionVerdict[] = [];
  for (const { section, targets, result } of judged) {
    const grounded = result.verdict === "GROUNDED";
    const { claims: _claims, ...verdict } = result;
    verdicts.push({
      section,
      fields: targets.map((t) => t.field),
      ...verdict,
      action: grounded ? "kept" : input.mode === "block" ? "fallback" : "annotated",
    });
    if (grounded) continue;
    for (const target of ungroundedTargets(targets, result)) {
      const repeat =
        input.mode === "block" && target.original !== undefined
          ? heldElsewhere(draft, target.field, target.original, removing)
          : undefined;
      const record = recordFor(target, result, input.verifier.name, input.mode, repeat);
      if (record.action === "remove") {
        removals.push(record);
        removing.add(target.field);
      } else {
        if (record.action === "fallback") setField(draft, target.field, record.replacement);
        records.push(record);
      }
    }
  }
  // No two highlights of an entry say the same thing, whatever the verifier found (stages/verify/repeats.ts).
  if (input.mode === "block")
    removals.push(...repeatedHighlights(draft, [...sections.values()].flat(), removing));
  // Removed list items go last, highest index first, so the records replay backwards exactly.
  return { draft, records: [...records, ...removeItems(draft, removals)], sections: verdicts };
}

const claimText = (claim: string) => claim.replace(/^\s*-\s*/, "").trim();

/** Whether a claim the verifier quoted is (in) this string. */
function inTarget(target: DraftTarget, claim: string): boolean {
  const c = claimText(claim);
  return c !== "" && (target.text.includes(c) || c.includes(target.text.trim()));
}

/** The strings holding an ungrounded claim; all of the section's when the verifier named none we can find. */
function ungroundedTargets(targets: readonly DraftTarget[], result: VerifierResult): DraftTarget[] {
  const claims = [
    ...result.ungroundedClaims,
    ...(result.claims ?? []).filter((c) => !c.supported).map((c) => c.claim),
  ];
  const hit = targets.filter((t) => claims.some((c) => inTarget(t, c)));
  return hit.length > 0 ? hit : [...targets];
}

/** The verifier's per-claim verdicts on this string. */
function claimsOf(target: DraftTarget, result: VerifierResult): ClaimVerdict[] {
  return (result.claims ?? []).filter((c) => inTarget(target, c.claim));
}

/**
 * Why this string is not grounded: its own claims with their own reasons when the verifier gave them,
 * else the section's reason (naming the string's claim when the verifier quoted one).
 */
function whyNotGrounded(target: DraftTarget, result: VerifierResult, verifier: string): string {
  const own = claimsReason(verifier, claimsOf(target, result), "this text");
  if (own) return own;
  const claim = result.ungroundedClaims.map(claimText).find((c) => c !== "" && target.text.includes(c));
  return `The ${verifier} verifier found ${claim ? `"${claim}"` : "this text"} not grounded: ${result.reason}`;
}

function recordFor(
  target: DraftTarget,
  result: VerifierResult,
  verifier: string,
  mode: VerifyMode,
  repeat?: { field: string; text: string },
): UnsealedRecord {
  const chunks = claimsEvidence(claimsOf(target, result));
  const base = {
    guard: "verifier" as const,
    rule: result.failure ? `verifier-${result.failure}` : "ungrounded",
    field: target.field,
    original: target.text,
    evidence: chunks,
  };
  const why = whyNotGrounded(target, result, verifier);
  if (mode === "warn") {
    return {
      ...base,
      action: "annotate",
      replacement: target.text,
      reason: `${why} Kept because the mode is warn.`,
    };
  }
  const listItem = /\.highlights\[\d+\]$/.test(target.field);
  if (listItem && target.original !== undefined && repeat) {
    return {
      ...base,
      action: "remove",
      replacement: "",
      reason: `${why} ${repeatNote(target.original, repeat)}`,
    };
  }
  if (target.original !== undefined && target.original !== target.text) {
    const profile = { source: "profile" as const, ref: target.originalField ?? target.field };
    return {
      ...base,
      action: "fallback",
      range: [0, target.text.length],
      outputRange: [0, target.original.length],
      replacement: target.original,
      reason: `${why} The candidate's own wording is used instead.`,
      evidence: [{ ...profile, text: target.original }, ...chunks],
    };
  }
  if (listItem)
    return {
      ...base,
      action: "remove",
      replacement: "",
      reason: `${why} The profile has no wording for it, so it is removed.`,
    };
  return {
    ...base,
    action: "fallback",
    range: [0, target.text.length],
    outputRange: [0, 0],
    replacement: "",
    reason: `${why} The profile has no wording for it, so it is left empty.`,
  };
}

// The verify stage: each section of the draft the writer changed (the summary, each work entry, each
// project) gets one verdict against the run's chunks. In block mode an ungrounded string falls back to the
// candidate's own wording (or leaves, when the writer invented it); in warn mode it stays, annotated.
import type { UnsealedRecord } from "../../guards/record.js";
import { removeItems } from "../../guards/chain.js";
import { type JsonResume, setField } from "../../core/resume.js";
import { draftTargets } from "../../guards/targets.js";
import type { TextTarget } from "../../guards/types.js";
import type { Chunk } from "../../core/chunk.js";
import { redactedStrings, redactionsByField, withRedactions } from "../verify/redactions.js";
import type { Verifier, VerifierResult, VerifyMode } from "../verify/types.js";

export interface SectionVerdict extends VerifierResult {
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
  return /^(basics|work\[\d+\]|projects\[\d+\])/.exec(field)?.[1];
}

export async function verifyDraft(input: VerifyDraftInput): Promise<VerifyDraftResult> {
  const sections = new Map<string, TextTarget[]>();
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
        await input.verifier.verify(targets.map((t) => `- ${t.text}`).join("\n"), input.chunks),
        redactedStrings(targets, redactions),
        "section",
      ),
    })),
  );

  const draft = structuredClone(input.draft);
  const records: UnsealedRecord[] = [];
  const removals: UnsealedRecord[] = [];
  const verdicts: SectionVerdict[] = [];
  for (const { section, targets, result } of judged) {
    const grounded = result.verdict === "GROUNDED";
    verdicts.push({
      section,
      fields: targets.map((t) => t.field),
      ...result,
      action: grounded ? "kept" : input.mode === "block" ? "fallback" : "annotated",
    });
    if (grounded) continue;
    for (const target of ungroundedTargets(targets, result)) {
      const record = recordFor(target, result, input.verifier.name, input.mode);
      if (record.action === "remove") removals.push(record);
      else {
        if (record.action === "fallback") setField(draft, target.field, record.replacement);
        records.push(record);
      }
    }
  }
  // Removed list items go last, highest index first, so the records replay backwards exactly.
  return { draft, records: [...records, ...removeItems(draft, removals)], sections: verdicts };
}

/** The strings holding an ungrounded claim; all of the section's when the verifier named none we can find. */
function ungroundedTargets(targets: readonly TextTarget[], result: VerifierResult): TextTarget[] {
  const claims = result.ungroundedClaims.map((c) => c.replace(/^\s*-\s*/, "").trim()).filter(Boolean);
  const hit = targets.filter((t) => claims.some((c) => t.text.includes(c) || c.includes(t.text.trim())));
  return hit.length > 0 ? hit : [...targets];
}

function recordFor(
  target: TextTarget,
  result: VerifierResult,
  verifier: string,
  mode: VerifyMode,
): UnsealedRecord {
  const claim = result.ungroundedClaims
    .map((c) => c.replace(/^\s*-\s*/, "").trim())
    .find((c) => c !== "" && target.text.includes(c));
  const base = {
    guard: "verifier" as const,
    rule: result.failure ? `verifier-${result.failure}` : "ungrounded",
    field: target.field,
    original: target.text,
    evidence: [],
  };
  const why = `The ${verifier} verifier found ${claim ? `"${claim}"` : "this text"} not grounded: ${result.reason}`;
  if (mode === "warn") {
    return {
      ...base,
      action: "annotate",
      replacement: target.text,
      reason: `${why} Kept because the mode is warn.`,
    };
  }
  const listItem = /\.highlights\[\d+\]$/.test(target.field);
  if (target.original !== undefined && target.original !== target.text) {
    return {
      ...base,
      action: "fallback",
      range: [0, target.text.length],
      outputRange: [0, target.original.length],
      replacement: target.original,
      reason: `${why} The candidate's own wording is used instead.`,
      evidence: [{ source: "profile", ref: target.field, text: target.original }],
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

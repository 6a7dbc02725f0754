// How findings cite evidence and phrase their messages: places in repositories, truth's evidence and stale
// doc claims as record evidence, and the small word helpers the guards' messages share.
import type { DocClaim, Evidence, TechStatus } from "../../core/truth.js";
import type { RecordEvidence } from "../../core/evidence.js";

/** How many evidence items a finding cites for one technology. */
export const MAX_EVIDENCE = 3;

/** `platform-infra/terraform/eks.tf:21`: how findings cite a place in a repository. */
export function placeRef(place: { repo: string; path: string; line?: number }): string {
  return `${place.repo}/${place.path}${place.line !== undefined ? `:${place.line}` : ""}`;
}

/** Truth's evidence as a record's evidence. */
export function truthEvidence(evidence: Evidence): RecordEvidence {
  return { source: "truth", ref: placeRef(evidence), text: evidence.detail };
}

/** A stale doc claim as a record's evidence. */
export function claimEvidence(claim: DocClaim): RecordEvidence {
  return { source: "truth", ref: placeRef(claim), text: claim.text };
}

/** Stale claims and the code that contradicts them, as evidence. */
export function staleEvidence(claims: readonly DocClaim[]): RecordEvidence[] {
  const shown = claims.slice(0, MAX_EVIDENCE);
  const seen = new Set<string>();
  const code: RecordEvidence[] = [];
  for (const claim of shown) {
    for (const e of claim.contradictedBy ?? []) {
      const ref = placeRef(e);
      if (seen.has(ref)) continue;
      seen.add(ref);
      code.push(truthEvidence(e));
    }
  }
  return [...shown.map(claimEvidence), ...code.slice(0, MAX_EVIDENCE)];
}

export function refList(items: readonly { ref: string }[]): string {
  return items.map((e) => e.ref).join(", ");
}

const WHERE: Record<Exclude<TechStatus, "production">, string> = {
  "example-only": "example code",
  "test-only": "test code",
  "docs-only": "documentation",
  "tooling-only": "tooling (build, lint or dev dependencies)",
  "others-only": "code others wrote",
};

/** Where a technology with this non-production status was seen, in words (`example code`). */
export function whereSeen(status: TechStatus): string {
  return status === "production" ? "production code" : WHERE[status];
}

/** `A`, `A and B`, `A, B and C`. */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

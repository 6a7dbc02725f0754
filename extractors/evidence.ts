import type { CatalogEntry } from "./catalog.js";
import type { Detection } from "./types.js";
import type { Evidence, EvidenceKind, TechStatus } from "../core/truth.js";

/**
 * The kind of one piece of evidence: the file's own kind wins unless it is production, where the
 * manifest section decides (devDependencies are never production).
 */
export function evidenceKind(
  pathKind: EvidenceKind,
  detection: Detection,
  entry: CatalogEntry,
): EvidenceKind {
  if (pathKind !== "production") return pathKind;
  // Containers a CI job starts run the tests, not the product.
  if (detection.via === "ci" && detection.key.space === "image") return "tooling";
  switch (detection.scope) {
    case "test":
      return "test";
    case "dev":
      return entry.category === "testing" ? "test" : "tooling";
    case "build":
      return "tooling";
    default:
      return "production";
  }
}

// The strongest kind names the status of a technology without production evidence.
const STATUS_BY_STRENGTH: readonly [EvidenceKind, TechStatus][] = [
  ["production", "production"],
  ["example", "example-only"],
  ["test", "test-only"],
  ["tooling", "tooling-only"],
  ["docs", "docs-only"],
];

/** `production` when any evidence is production, otherwise the strongest other kind. */
export function statusOf(evidence: readonly Evidence[]): TechStatus {
  for (const [kind, status] of STATUS_BY_STRENGTH) {
    if (evidence.some((e) => e.kind === kind)) return status;
  }
  return "docs-only";
}

export function compareEvidence(a: Evidence, b: Evidence): number {
  return a.repo.localeCompare(b.repo) || a.path.localeCompare(b.path) || (a.line ?? 0) - (b.line ?? 0);
}

/** An import seen in many files says no more than in a few: at most this many per repository and kind. */
export const MAX_IMPORT_EVIDENCE = 5;

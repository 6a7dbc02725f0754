import type { Catalog } from "./catalog.js";
import type { DocClaim, Evidence } from "./types.js";

// A line that tells history ("migrated from MySQL") is not a claim about the present.
const HISTORICAL =
  /\b(migrat\w*|moved|previously|formerly|legacy|replac\w*|used to|no longer|deprecated|instead of|switched)\b/i;
const MAX_CONTRADICTIONS = 3;

/**
 * Mark doc claims that code-derived truth contradicts: the claimed technology has no production evidence
 * in the claim's repository while a competitor for the same role does (README says MySQL, Terraform
 * says `engine = "postgres"`).
 */
export function markStaleClaims(
  claims: readonly DocClaim[],
  productionEvidence: (repo: string, technology: string) => Evidence[],
  catalog: Catalog,
): DocClaim[] {
  const byLine = new Map<string, Set<string>>();
  for (const claim of claims) {
    const key = `${claim.repo}\0${claim.path}\0${claim.line}`;
    byLine.set(key, (byLine.get(key) ?? new Set()).add(claim.technology));
  }
  return claims.map((claim) => {
    if (productionEvidence(claim.repo, claim.technology).length > 0) return claim;
    if (HISTORICAL.test(claim.text)) return claim;
    const sameLine = byLine.get(`${claim.repo}\0${claim.path}\0${claim.line}`) ?? new Set();
    const contradictedBy = catalog
      .competitors(claim.technology)
      .filter((rival) => !sameLine.has(rival))
      .flatMap((rival) => productionEvidence(claim.repo, rival));
    if (contradictedBy.length === 0) return claim;
    return { ...claim, stale: true, contradictedBy: contradictedBy.slice(0, MAX_CONTRADICTIONS) };
  });
}

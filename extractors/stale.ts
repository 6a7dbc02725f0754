import type { Catalog } from "./catalog.js";
import type { DocClaim, Evidence } from "../core/truth.js";
import { docClaimUseCues, mentionUse } from "../core/use-cues.js";

// A line that tells history ("migrated from MySQL") is not a claim about the present.
const HISTORICAL =
  /\b(migrated|migrating|migration from|moved (from|off|away)|previously|formerly|legacy|replaced|replacing|used to|no longer|deprecated|instead of|switched (from|to))\b/i;
const MAX_CONTRADICTIONS = 3;
// The most telling contradiction first: infrastructure, then manifests, then code.
const VIA_RANK: Record<Evidence["via"], number> = {
  iac: 0,
  manifest: 1,
  container: 2,
  config: 3,
  import: 4,
  ci: 5,
};

export interface RepoEvidence {
  /** Production evidence of a technology in a repository. */
  production(repo: string, technology: string): Evidence[];
  /** Whether the repository shows the technology at all (tests, tooling, examples count). */
  seen(repo: string, technology: string): boolean;
}

/** Whether the claim's line only mentions its technology ("We evaluated MySQL"): it claims nothing. */
function mentionOnly(claim: DocClaim, catalog: Catalog): boolean {
  const mentions = catalog.findMentions(claim.text).filter((m) => m.id === claim.technology);
  return (
    mentions.length > 0 &&
    mentions.every((m) => !mentionUse(claim.text, m.start, m.end, docClaimUseCues()).used)
  );
}

/**
 * Mark doc claims that code-derived truth contradicts: the repository shows no trace of the claimed
 * technology while a competitor for the same role is in production there (README says MySQL, Terraform
 * says `engine = "postgres"`). A claimed technology seen in tests or tooling is not contradicted: the doc
 * may be describing that use ("tests run on SQLite"); neither is a line that tells history or only mentions
 * the technology (core/use-cues.ts). A rival the line only mentions ("kubeadm rather than EKS") is not one
 * the line claims, so it does not excuse the claim.
 *
 * Rivals are the catalog's roles: datastores compete as `primary-database` whatever their model (README says
 * MongoDB, the code reaches PostgreSQL through pgx), while a cache competes only with caches (`cache`), so
 * Redis beside PostgreSQL contradicts nothing.
 */
export function markStaleClaims(
  claims: readonly DocClaim[],
  evidence: RepoEvidence,
  catalog: Catalog,
): DocClaim[] {
  const byLine = new Map<string, Set<string>>();
  for (const claim of claims) {
    const key = `${claim.repo}\0${claim.path}\0${claim.line}`;
    byLine.set(key, (byLine.get(key) ?? new Set()).add(claim.technology));
  }
  return claims.map((claim) => {
    if (evidence.seen(claim.repo, claim.technology)) return claim;
    if (HISTORICAL.test(claim.text) || mentionOnly(claim, catalog)) return claim;
    const sameLine = byLine.get(`${claim.repo}\0${claim.path}\0${claim.line}`) ?? new Set();
    const contradictedBy = catalog
      .competitors(claim.technology)
      .filter((rival) => !sameLine.has(rival))
      .flatMap((rival) => evidence.production(claim.repo, rival))
      .sort((a, b) => VIA_RANK[a.via] - VIA_RANK[b.via]);
    if (contradictedBy.length === 0) return claim;
    return { ...claim, stale: true, contradictedBy: contradictedBy.slice(0, MAX_CONTRADICTIONS) };
  });
}

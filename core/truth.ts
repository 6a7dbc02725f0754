// Code-derived truth: the shapes of `vouch extract --json` (DESIGN.md), a public contract pinned by tests.
// The extractors produce it; the guards, the strategist and the KB read it.

/** Where a piece of evidence lives, judged from its path (and for manifests, its dependency section). */
export type EvidenceKind = "production" | "example" | "test" | "docs" | "tooling" | "generated" | "vendored";

/** How the evidence was found. */
export type EvidenceVia = "manifest" | "import" | "iac" | "config" | "ci" | "container";

export type TechStatus = "production" | "example-only" | "test-only" | "docs-only" | "tooling-only";

export interface Evidence {
  repo: string;
  path: string;
  line?: number;
  kind: EvidenceKind;
  via: EvidenceVia;
  /** What was seen, e.g. `dependencies: pg@^8.11.0` or `resource "aws_eks_cluster" "main"`. */
  detail: string;
}

export interface Technology {
  id: string;
  name: string;
  category: string;
  vendor?: string;
  status: TechStatus;
  /**
   * Present (true) when a repository is this technology's package: its manifest names it (package.json
   * `name`, go.mod `module`, pyproject `[project] name`, Cargo `[package] name`, ...). That manifest line
   * is production evidence whose detail starts `this repository is the package`.
   */
  authored?: true;
  evidence: Evidence[];
}

export interface DocClaimHistory {
  /** ISO date of the commit that last changed the doc line. */
  docLineChanged?: string;
  /** ISO date of the commit that introduced the earliest contradicting evidence. */
  contradictionAppeared?: string;
}

export interface DocClaim {
  repo: string;
  path: string;
  line: number;
  technology: string;
  text: string;
  stale: boolean;
  contradictedBy?: Evidence[];
  history?: DocClaimHistory;
}

export interface RepoSummary {
  name: string;
  source: string;
  commit?: string;
  filesScanned: number;
  languages: Record<string, number>;
}

export interface ExtractWarning {
  repo: string;
  path?: string;
  message: string;
}

export interface ExtractResult {
  repos: RepoSummary[];
  technologies: Technology[];
  docClaims: DocClaim[];
  warnings: ExtractWarning[];
}

/**
 * The doc claims that are all truth knows of a technology: it has no evidence in code, and doc claims that
 * are not stale name it. Such a technology is docs-only (DESIGN.md, "The guards"): its claims are kept
 * apart from `technologies` in the extract output, which lists what the code shows. Empty when the code
 * shows the technology or no live doc claim names it (a stale claim is a contradiction, not knowledge).
 */
export function docsOnlyClaims(truth: ExtractResult | undefined, id: string): DocClaim[] {
  if (!truth || truth.technologies.some((t) => t.id === id)) return [];
  return truth.docClaims.filter((c) => c.technology === id && !c.stale);
}

/**
 * Truth's status for a technology: the status of its code evidence, "docs-only" when only live doc claims
 * name it (`docsOnlyClaims`), or undefined when truth does not know it.
 */
export function truthStatus(truth: ExtractResult | undefined, id: string): TechStatus | undefined {
  const technology = truth?.technologies.find((t) => t.id === id);
  if (technology) return technology.status;
  return docsOnlyClaims(truth, id).length > 0 ? "docs-only" : undefined;
}

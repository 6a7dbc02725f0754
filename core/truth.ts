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

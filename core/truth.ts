// Code-derived truth: the shapes of `vouch extract --json` (DESIGN.md), a public contract pinned by tests.
// The extractors produce it; the guards, the strategist and the KB read it.

/** Where a piece of evidence lives, judged from its path (and for manifests, its dependency section). */
export type EvidenceKind = "production" | "example" | "test" | "docs" | "tooling" | "generated" | "vendored";

/** How the evidence was found. */
export type EvidenceVia = "manifest" | "import" | "iac" | "config" | "ci" | "container";

/** Who wrote a piece of evidence, by the repository's history (absent when no candidate was named). */
export type EvidenceAuthor = "candidate" | "others" | "unknown";

/**
 * Code's status of a technology for the candidate. `others-only`: the portfolio's code shows it, but none
 * of that code is the candidate's (`repositoryStatus` says what the code shows).
 */
export const TECH_STATUSES = [
  "production",
  "example-only",
  "test-only",
  "docs-only",
  "tooling-only",
  "others-only",
] as const;
export type TechStatus = (typeof TECH_STATUSES)[number];

export interface Evidence {
  repo: string;
  path: string;
  line?: number;
  kind: EvidenceKind;
  via: EvidenceVia;
  /** What was seen, e.g. `dependencies: pg@^8.11.0` or `resource "aws_eks_cluster" "main"`. */
  detail: string;
  /**
   * Who wrote it: the candidate (a commit of theirs touched the file; for a dependency line, last changed
   * that line), others, or unknown (the repository has no history of its own). Unknown counts as the
   * candidate's unless authorship is required, when it is labelled others.
   */
  author?: EvidenceAuthor;
}

/** The candidate's commits on a technology's evidence, over every repository. */
export interface AuthoredSpan {
  commits: number;
  /** Everyone's commits on the same files. */
  total: number;
  /** YYYY-MM-DD of the candidate's first and last commit. */
  first: string;
  last: string;
}

export interface Technology {
  id: string;
  name: string;
  category: string;
  vendor?: string;
  status: TechStatus;
  /** What the portfolio's code shows whoever wrote it, where that differs from `status`. */
  repositoryStatus?: TechStatus;
  /**
   * Present (true) when a repository is this technology's package: its manifest names it (package.json
   * `name`, go.mod `module`, pyproject `[project] name`, Cargo `[package] name`, ...). That manifest line
   * is production evidence whose detail starts `this repository is the package`.
   */
  ownPackage?: true;
  /** The candidate's commits on this technology's evidence, when history was read and names some. */
  authored?: AuthoredSpan;
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

/** How the candidate's authorship of one repository was judged. */
export interface RepoAuthorship {
  /** The repository's own history was read. */
  verified: boolean;
  /** Why it was not ("no history: …"), or what limits it ("shallow clone: …"). */
  note?: string;
  commits?: number;
  /** Commits the candidate authored or co-authored. */
  candidateCommits?: number;
  /** Bytes per linguist language of the files the candidate's commits touched (verified history only). */
  languages?: Record<string, number>;
  /** Prose files (READMEs, docs) that others wrote: they ground nothing about the candidate. */
  othersDocs?: string[];
}

/** Whether the truth says others wrote this document of a repository (it then grounds nothing). */
export function isOthersDoc(
  truth: Pick<ExtractResult, "repos"> | undefined,
  repo: string | undefined,
  path: string | undefined,
): boolean {
  if (!truth || repo === undefined || path === undefined) return false;
  return truth.repos.some((r) => r.name === repo && (r.authorship?.othersDocs ?? []).includes(path));
}

export interface RepoSummary {
  name: string;
  source: string;
  commit?: string;
  filesScanned: number;
  /** Bytes per linguist language of the code the repository holds (tests, examples and tooling too). */
  languages: Record<string, number>;
  /**
   * The same of production files only: what the product is written in. Always written by extract; a truth
   * saved by an older vouch lacks it.
   */
  productionLanguages?: Record<string, number>;
  /** Present when a candidate was named (`--author`, a profile's identities). */
  authorship?: RepoAuthorship;
}

export interface ExtractWarning {
  repo: string;
  path?: string;
  message: string;
}

export interface ExtractResult {
  /** The candidate's identities the truth is about; absent: the repositories' truth, whoever wrote it. */
  authors?: string[];
  /** `required`: evidence nobody can attribute counts as others'. */
  authorship?: "verify" | "required";
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

/**
 * The evidence that can back the candidate: everything but what others wrote. The statuses are computed
 * from it, so whatever cites evidence for a claim cites from here.
 */
export function candidateEvidence(technology: Pick<Technology, "evidence">): Evidence[] {
  return technology.evidence.filter((e) => e.author !== "others");
}

/**
 * A repository's code bytes per language that can back the candidate: all of them when truth names no
 * candidate, or the repository has no history and authorship is not required; else the bytes of the files
 * the candidate touched.
 */
export function candidateLanguages(
  repo: Pick<RepoSummary, "languages" | "authorship">,
  truth: Pick<ExtractResult, "authorship">,
): Record<string, number> {
  if (!repo.authorship) return repo.languages;
  if (repo.authorship.verified) return repo.authorship.languages ?? {};
  return truth.authorship === "required" ? {} : repo.languages;
}

/** "812 of 1,196 commits by the candidate, 2016-03 to 2026-07" ("3 commits …" where others made none). */
export function describeCommits(
  authored: Pick<AuthoredSpan, "commits" | "first" | "last"> & { total?: number },
): string {
  const n = (x: number) => x.toLocaleString("en-US");
  const plural = (x: number) => `${n(x)} commit${x === 1 ? "" : "s"}`;
  const count =
    authored.total && authored.total > authored.commits
      ? `${n(authored.commits)} of ${plural(authored.total)}`
      : plural(authored.commits);
  const [from, to] = [authored.first.slice(0, 7), authored.last.slice(0, 7)];
  return `${count} by the candidate, ${from === to ? from : `${from} to ${to}`}`;
}

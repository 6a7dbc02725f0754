import { type RepoAnalysis, type TechEvidence, analyzeRepo } from "./analyze.js";
import { candidateIdentity } from "./authorship/identity.js";
import { repoAuthors } from "./authorship/source.js";
import { authorRepository, authoredSpan, mergeSpans } from "./authorship/repository.js";
import type { CommitSpan } from "./authorship/types.js";
import { type Catalog, defaultCatalog } from "./catalog.js";
import { allDetectors } from "./detectors.js";
import { MAX_IMPORT_EVIDENCE, compareEvidence, statusOf } from "./evidence.js";
import { LocalHistory } from "./git/repository.js";
import { addClaimHistory } from "./history.js";
import { mainLanguageEvidence } from "./languages.js";
import { type SourceResolveOptions, resolveSources } from "./sources/index.js";
import type { RepoSnapshot } from "./sources/types.js";
import { type RepoEvidence, markStaleClaims } from "./stale.js";
import type { Evidence, ExtractResult, Technology } from "../core/truth.js";

export interface ExtractOptions extends SourceResolveOptions {
  catalog?: Catalog;
  /** Look up in git when stale doc lines changed (default true). */
  history?: boolean;
  /**
   * The candidate (emails, `Name <email>`, `github:login`): evidence then counts only where they wrote it.
   * Without it, truth is the repositories', whoever wrote them. An empty list names nobody: nothing in a
   * repository with history is the candidate's.
   */
  authors?: readonly string[];
  /** Count evidence nobody can attribute (no history) as others' (`portfolio.authorship: required`). */
  requireAuthorship?: boolean;
  /** Called as each repository finishes, for progress on a terminal. */
  onRepo?: (name: string, done: number, total: number) => void;
}

/** `vouch extract`: resolve the sources, analyse every repository, and merge what they show. */
export async function extract(
  sources: readonly string[],
  options: ExtractOptions = {},
): Promise<ExtractResult> {
  return (await extractWithSnapshots(sources, options)).truth;
}

/**
 * `extract`, also handing back the snapshots it resolved, so a caller can read their files again
 * (the knowledge base reads the READMEs) without a second download.
 */
export async function extractWithSnapshots(
  sources: readonly string[],
  options: ExtractOptions = {},
): Promise<{ truth: ExtractResult; snapshots: RepoSnapshot[] }> {
  const snapshots = await resolveSources(sources, options);
  return { truth: await extractFromSnapshots(snapshots, options), snapshots };
}

export async function extractFromSnapshots(
  snapshots: readonly RepoSnapshot[],
  options: ExtractOptions = {},
): Promise<ExtractResult> {
  const catalog = options.catalog ?? (await defaultCatalog());
  const identity = options.authors ? candidateIdentity(options.authors) : undefined;
  const required = options.requireAuthorship === true;
  // Every local history opens at once (git starts while earlier repositories are analysed); each is read
  // at most once, for authorship and for the dates of stale doc lines alike.
  const wantsHistory = identity !== undefined || options.history !== false;
  const histories = snapshots.map((s) =>
    s.gitWorkTree && wantsHistory ? LocalHistory.tryOpen(s.gitWorkTree) : undefined,
  );
  const authorsOf = identity ? snapshots.map((s, i) => repoAuthors(s, histories[i], identity)) : undefined;
  for (const authors of authorsOf ?? []) authors.catch(() => {}); // awaited in order below
  const analyses: RepoAnalysis[] = [];
  const spans: Map<string, CommitSpan>[] = [];
  for (const [i, snapshot] of snapshots.entries()) {
    const authors = await authorsOf?.[i];
    const analysis = await analyzeRepo(snapshot, {
      catalog,
      detectors: allDetectors,
      maxFileBytes: options.maxFileBytes,
      trackPaths: authors !== undefined,
      preferredFiles: authors?.candidateFiles,
    });
    if (authors) {
      const authored = await authorRepository({ snapshot, analysis, authors, catalog, required });
      spans.push(authored.spans);
      analysis.summary.authorship = authored.summary;
      if (authored.warning) analysis.warnings.unshift(authored.warning);
    }
    analyses.push(analysis);
    options.onRepo?.(snapshot.name, analyses.length, snapshots.length);
  }

  const technologies = mergeTechnologies(
    analyses.flatMap((a) => [...a.found, ...mainLanguageEvidence(a.summary, a.found, catalog)]),
    catalog,
    identity ? mergeSpans(spans) : undefined,
  );
  let docClaims = markStaleClaims(
    analyses.flatMap((a) => a.claims),
    repoEvidence(technologies),
    catalog,
  );
  if (options.history !== false) {
    const byRepo = new Map(snapshots.map((s, i) => [s.name, histories[i]]));
    docClaims = await Promise.all(
      docClaims.map(async (claim) => {
        const history = await byRepo.get(claim.repo);
        return history instanceof LocalHistory ? addClaimHistory(claim, history) : claim;
      }),
    );
  }

  return {
    ...(identity ? { authors: identity.ids.map((id) => id.raw) } : {}),
    ...(identity ? { authorship: required ? ("required" as const) : ("verify" as const) } : {}),
    repos: analyses.map((a) => a.summary),
    technologies,
    docClaims: docClaims.sort(
      (a, b) => a.repo.localeCompare(b.repo) || a.path.localeCompare(b.path) || a.line - b.line,
    ),
    warnings: analyses.flatMap((a) => a.warnings),
  };
}

/**
 * One technology per catalog id. With authorship, its status is judged on the evidence that can back the
 * candidate (all but others'), `others-only` when there is none, and the repositories' status stays beside it.
 */
function mergeTechnologies(
  found: readonly TechEvidence[],
  catalog: Catalog,
  spans: ReadonlyMap<string, CommitSpan> | undefined,
): Technology[] {
  const byTechnology = new Map<string, Evidence[]>();
  const ownPackages = new Set<string>();
  for (const { technology, evidence, ownPackage } of found) {
    const list = byTechnology.get(technology) ?? [];
    list.push(evidence);
    byTechnology.set(technology, list);
    if (ownPackage) ownPackages.add(technology);
  }
  const technologies: Technology[] = [];
  for (const [id, evidence] of byTechnology) {
    const entry = catalog.get(id);
    if (!entry) continue;
    const kept = dedupe(evidence.sort(compareEvidence));
    const repositoryStatus = statusOf(kept);
    const backing = kept.filter((e) => e.author !== "others");
    const status = backing.length > 0 ? statusOf(backing) : "others-only";
    const authored = authoredSpan(spans?.get(id));
    technologies.push({
      id,
      name: entry.name,
      category: entry.category,
      ...(entry.vendor ? { vendor: entry.vendor } : {}),
      status,
      ...(status !== repositoryStatus ? { repositoryStatus } : {}),
      ...(ownPackages.has(id) ? { ownPackage: true as const } : {}),
      ...(authored ? { authored } : {}),
      evidence: kept,
    });
  }
  return technologies.sort((a, b) => a.id.localeCompare(b.id));
}

// One entry per place; imports and configuration (a property, a migration file: there may be hundreds)
// capped per repository and kind, the candidate's kept first.
function dedupe(sorted: readonly Evidence[]): Evidence[] {
  const seen = new Set<string>();
  const imports = new Map<string, number>();
  const kept: Evidence[] = [];
  const byAuthor = [...sorted].sort((a, b) => Number(a.author === "others") - Number(b.author === "others"));
  for (const e of byAuthor) {
    const place = `${e.repo}\0${e.path}\0${e.line ?? ""}\0${e.via}`;
    if (seen.has(place)) continue;
    seen.add(place);
    if (e.via === "import" || e.via === "config") {
      const group = `${e.repo}\0${e.kind}\0${e.via}`;
      const count = imports.get(group) ?? 0;
      if (count >= MAX_IMPORT_EVIDENCE) continue;
      imports.set(group, count + 1);
    }
    kept.push(e);
  }
  // A setting (a property, an annotation, a host in configuration) shows use less directly than a dependency,
  // an import, a resource or a deploy step: it is listed after them.
  return kept.sort(
    (a, b) => Number(a.via === "config") - Number(b.via === "config") || compareEvidence(a, b),
  );
}

function repoEvidence(technologies: readonly Technology[]): RepoEvidence {
  const production = new Map<string, Evidence[]>();
  const seen = new Set<string>();
  for (const technology of technologies) {
    for (const e of technology.evidence) {
      const key = `${e.repo}\0${technology.id}`;
      seen.add(key);
      if (e.kind === "production") production.set(key, [...(production.get(key) ?? []), e]);
    }
  }
  return {
    production: (repo, technology) => production.get(`${repo}\0${technology}`) ?? [],
    seen: (repo, technology) => seen.has(`${repo}\0${technology}`),
  };
}

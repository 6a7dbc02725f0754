import { type AnalyzeOptions, type RepoAnalysis, type TechEvidence, analyzeRepo } from "./analyze.js";
import { type Catalog, defaultCatalog } from "./catalog.js";
import { allDetectors } from "./detectors.js";
import { MAX_IMPORT_EVIDENCE, compareEvidence, statusOf } from "./evidence.js";
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
  const analyzeOptions: AnalyzeOptions = {
    catalog,
    detectors: allDetectors,
    maxFileBytes: options.maxFileBytes,
  };
  const analyses: RepoAnalysis[] = [];
  for (const snapshot of snapshots) {
    analyses.push(await analyzeRepo(snapshot, analyzeOptions));
    options.onRepo?.(snapshot.name, analyses.length, snapshots.length);
  }

  const technologies = mergeTechnologies(
    analyses.flatMap((a) => [...a.found, ...mainLanguageEvidence(a.summary, a.found, catalog)]),
    catalog,
  );
  let docClaims = markStaleClaims(
    analyses.flatMap((a) => a.claims),
    repoEvidence(technologies),
    catalog,
  );
  if (options.history !== false) {
    const workTrees = new Map(snapshots.map((s) => [s.name, s.gitWorkTree]));
    docClaims = await Promise.all(
      docClaims.map((claim) => {
        const workTree = workTrees.get(claim.repo);
        return workTree ? addClaimHistory(claim, workTree) : claim;
      }),
    );
  }

  return {
    repos: analyses.map((a) => a.summary),
    technologies,
    docClaims: docClaims.sort(
      (a, b) => a.repo.localeCompare(b.repo) || a.path.localeCompare(b.path) || a.line - b.line,
    ),
    warnings: analyses.flatMap((a) => a.warnings),
  };
}

function mergeTechnologies(found: readonly TechEvidence[], catalog: Catalog): Technology[] {
  const byTechnology = new Map<string, Evidence[]>();
  const authored = new Set<string>();
  for (const { technology, evidence, authored: isPackage } of found) {
    const list = byTechnology.get(technology) ?? [];
    list.push(evidence);
    byTechnology.set(technology, list);
    if (isPackage) authored.add(technology);
  }
  const technologies: Technology[] = [];
  for (const [id, evidence] of byTechnology) {
    const entry = catalog.get(id);
    if (!entry) continue;
    const kept = dedupe(evidence.sort(compareEvidence));
    technologies.push({
      id,
      name: entry.name,
      category: entry.category,
      ...(entry.vendor ? { vendor: entry.vendor } : {}),
      status: statusOf(kept),
      ...(authored.has(id) ? { authored: true as const } : {}),
      evidence: kept,
    });
  }
  return technologies.sort((a, b) => a.id.localeCompare(b.id));
}

// One entry per place; imports capped per repository and kind.
function dedupe(sorted: readonly Evidence[]): Evidence[] {
  const seen = new Set<string>();
  const imports = new Map<string, number>();
  const kept: Evidence[] = [];
  for (const e of sorted) {
    const place = `${e.repo}\0${e.path}\0${e.line ?? ""}\0${e.via}`;
    if (seen.has(place)) continue;
    seen.add(place);
    if (e.via === "import") {
      const group = `${e.repo}\0${e.kind}`;
      const count = imports.get(group) ?? 0;
      if (count >= MAX_IMPORT_EVIDENCE) continue;
      imports.set(group, count + 1);
    }
    kept.push(e);
  }
  return kept;
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

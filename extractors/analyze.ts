import { isBinaryFile } from "isbinaryfile";
import type { Catalog } from "./catalog.js";
import { classifyPath, classifyWithNeighbours } from "./classify.js";
import { findDocClaims, isDocFile, isTranslation, loadDocParser } from "./docs.js";
import {
  MAX_IMPORT_EVIDENCE,
  WORKSPACE_MARKERS,
  compareEvidence,
  evidenceKind,
  toolKindByUse,
  kindByUse,
  namesThePackage,
} from "./evidence.js";
import {
  type GoFileFacts,
  type VariantVerdict,
  goFileFacts,
  goModules,
  judgeVariant,
  repositoryBuildTags,
  variantsByFile,
} from "./go-variants.js";
import { countLanguage, languageOf, looksMinified, uncountGenerated, uncountLanguage } from "./languages.js";
import { manifestFacts } from "./manifests/shared.js";
import type { RepoFileEntry, RepoSnapshot } from "./sources/types.js";
import { DEFAULT_MAX_FILE_BYTES } from "./sources/types.js";
import type { Detection, FileDetector } from "./types.js";
import type { DocClaim, Evidence, EvidenceKind, ExtractWarning, RepoSummary } from "../core/truth.js";
import { NeedsLoading, ParseError } from "./types.js";

export interface AnalyzeOptions {
  catalog: Catalog;
  detectors: readonly FileDetector[];
  maxFileBytes?: number;
  /** Files read at once. */
  concurrency?: number;
  /** Collect every evidence path and every language's files, for authorship. */
  trackPaths?: boolean;
  /** Files the candidate wrote: their imports are kept first when imports are capped. */
  preferredFiles?: ReadonlySet<string>;
}

/** Evidence for one technology in one repository. */
export interface TechEvidence {
  technology: string;
  evidence: Evidence;
  /** The repository is this technology's package (its manifest names it). */
  ownPackage?: boolean;
}

export interface RepoAnalysis {
  summary: RepoSummary;
  found: TechEvidence[];
  claims: DocClaim[];
  warnings: ExtractWarning[];
  /** With `trackPaths`: every evidence path of each technology, imports past the cap included. */
  paths?: Map<string, Set<string>>;
  /** With `trackPaths`: the counted files of each linguist language. */
  languageFiles?: Map<string, string[]>;
}

// Tools that do not run in the product: a runtime declaration of one is judged by who imports it.
const TOOL_CATEGORIES: ReadonlySet<string> = new Set(["build-tool", "linting", "testing"]);

const initialised = new WeakMap<FileDetector, Promise<void>>();

/** Load what a detector needs the first time a file wants it, so a Java repository never loads Go's grammar. */
function ready(detector: FileDetector): Promise<void> {
  let loading = initialised.get(detector);
  if (!loading) {
    loading = detector.init?.() ?? Promise.resolve();
    initialised.set(detector, loading);
  }
  return loading;
}

/** Read a snapshot's files, run every matching detector, and map what they saw through the catalog. */
export async function analyzeRepo(snapshot: RepoSnapshot, options: AnalyzeOptions): Promise<RepoAnalysis> {
  const { catalog, detectors } = options;
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const repo = snapshot.name;
  const warnings: ExtractWarning[] = [...snapshot.warnings];
  const languages: Record<string, number> = {};
  const productionLanguages: Record<string, number> = {};
  const found: TechEvidence[] = [];
  const evidencePaths = options.trackPaths ? new Map<string, Set<string>>() : undefined;
  const languageFiles = options.trackPaths ? new Map<string, string[]>() : undefined;
  // Imports are capped in the output; keeping only the first few by path bounds memory on huge repos. The
  // candidate's files go first, so the imports kept are theirs where they wrote any.
  const preferred = options.preferredFiles;
  const keepOrder = (a: TechEvidence, b: TechEvidence) =>
    (preferred ? Number(preferred.has(b.evidence.path)) - Number(preferred.has(a.evidence.path)) : 0) ||
    compareEvidence(a.evidence, b.evidence);
  const imports = new Map<string, TechEvidence[]>();
  const keep = (item: TechEvidence) => {
    if (evidencePaths) {
      const seen = evidencePaths.get(item.technology) ?? new Set<string>();
      evidencePaths.set(item.technology, seen.add(item.evidence.path));
    }
    if (item.evidence.via !== "import") return found.push(item);
    const key = `${item.technology}\0${item.evidence.kind}`;
    const list = imports.get(key) ?? [];
    list.push(item);
    if (list.length > MAX_IMPORT_EVIDENCE * 4) {
      list.sort(keepOrder);
      list.length = MAX_IMPORT_EVIDENCE * 2;
    }
    imports.set(key, list);
  };
  const claims: DocClaim[] = [];
  let filesScanned = 0;
  // For the kinds by use: production entries of manifests that do not separate scopes, the folders of
  // every manifest declaring each technology, and the kinds of the files importing it, by folder.
  // `tool`: the entry's category when it is a tool's (judged by toolKindByUse), else undefined.
  const byUse: { item: TechEvidence; folder: string; tool: string | undefined }[] = [];
  const declaredIn = new Map<string, Set<string>>();
  const importedFrom = new Map<string, Map<string, Set<EvidenceKind>>>();
  // Production Go files, recorded once every file is read: whether each is in the product's build
  // depends on the repository's build tags and on which files import its package (go-variants.ts).
  const goFiles: { file: RepoFileEntry; detections: Detection[]; facts: GoFileFacts }[] = [];
  let paths: Set<string> | undefined;
  // Production files whose bytes were taken back from productionLanguages (generated by their header).
  const uncounted = new Set<string>();
  const importedBy = (technology: string, folder: string, kind: EvidenceKind) => {
    const folders = importedFrom.get(technology) ?? new Map<string, Set<EvidenceKind>>();
    importedFrom.set(technology, folders);
    folders.set(folder, (folders.get(folder) ?? new Set()).add(kind));
  };
  const hasFile = (path: string) => (paths ??= new Set(snapshot.files.map((f) => f.path))).has(path);

  /** Turns a file's detections into evidence. */
  const record = (
    file: RepoFileEntry,
    pathKind: EvidenceKind,
    detections: readonly Detection[],
    variant?: JudgedVariant,
  ) => {
    const folder = folderOf(file.path);
    // A file that imports a test runner's API is a test file wherever it lives (`e2e_helpers.py`).
    const kind =
      pathKind === "production" && detections.some((d) => d.via === "import" && catalog.marksTest(d.key))
        ? "test"
        : pathKind;
    // Nor is it what the product is written in.
    if (kind !== pathKind && !uncounted.has(file.path))
      uncountLanguage(productionLanguages, file.path, pathKind, file.size);
    for (const detection of detections) {
      const facts = manifestFacts(detection);
      // A private package.json is a workspace root when it declares workspaces or a marker is beside it.
      const workspaceRoot =
        facts.privatePackage !== undefined &&
        (facts.privatePackage.workspaces ||
          WORKSPACE_MARKERS.some((marker) => hasFile(folder ? `${folder}/${marker}` : marker)));
      for (const technology of catalog.lookup(detection.key)) {
        const entry = catalog.get(technology);
        if (!entry) continue;
        // The package this manifest builds: the repository's own, when shipped code's manifest names it exactly.
        if (facts.ownPackage && (kind !== "production" || !namesThePackage(entry, detection.key))) continue;
        const item: TechEvidence = {
          technology,
          evidence: {
            repo,
            path: file.path,
            ...(detection.line !== undefined ? { line: detection.line } : {}),
            kind: evidenceKind(kind, detection, entry, workspaceRoot),
            via: detection.via,
            detail: detection.detail,
          },
          ...(facts.ownPackage ? { ownPackage: true } : {}),
        };
        if (variant && item.evidence.kind === "production") settleVariant(item, variant);
        keep(item);
        if (detection.via === "import") {
          importedBy(technology, folder, item.evidence.kind);
        } else if (detection.via === "manifest" && !facts.ownPackage) {
          declaredIn.set(technology, (declaredIn.get(technology) ?? new Set()).add(folder));
          const tool = TOOL_CATEGORIES.has(entry.category) ? entry.category : undefined;
          const readByUse = facts.unseparated || tool || READ_BY_USE.has(detection.key.space);
          if (readByUse && item.evidence.kind === "production") byUse.push({ item, folder, tool });
        }
      }
    }
  };

  /**
   * Detectors that read names only. A lock file is generated, yet says which tool its folder is built
   * with: it takes its folder's kind (a lock file under examples/ is an example's).
   */
  const recordByName = (file: RepoFileEntry, kind: EvidenceKind) => {
    const named = byName.filter((d) => d.matches(file.path));
    if (named.length === 0) return;
    const folderKind = kind === "generated" ? classifyPath(`${folderOf(file.path) || "."}/_`) : kind;
    if (folderKind === "vendored" || folderKind === "generated") return;
    record(
      file,
      folderKind,
      named.flatMap((d) => d.detect({ path: file.path, text: "" })),
    );
  };
  // Files to read, decided by name alone; then a few workers read them (no promise per file up front).
  const work: { file: RepoFileEntry; kind: EvidenceKind; wanted: FileDetector[]; isDoc: boolean }[] = [];
  // Counted files no detector reads: only their heads are read, for a generator's header (as linguist does).
  const heads: { file: RepoFileEntry; kind: EvidenceKind }[] = [];
  const byName = detectors.filter((d) => d.byName);
  const readers = detectors.filter((d) => !d.byName);
  for (const file of snapshot.files) {
    const kind = classifyWithNeighbours(file.path, hasFile);
    recordByName(file, kind);
    if (kind === "vendored" || kind === "generated") continue;
    filesScanned++;
    const language = countLanguage(languages, file.path, kind, file.size);
    if (kind === "production") countLanguage(productionLanguages, file.path, kind, file.size);
    if (language && languageFiles) {
      const list = languageFiles.get(language) ?? [];
      languageFiles.set(language, list);
      list.push(file.path);
    }
    const wanted = readers.filter((d) => d.matches(file.path));
    const isDoc = isDocFile(file.path) && !isTranslation(file.path, hasFile);
    if (wanted.length === 0 && !isDoc) {
      if (language) heads.push({ file, kind });
      continue;
    }
    if (file.size > maxFileBytes) {
      warnings.push({ repo, path: file.path, message: `larger than ${maxFileBytes} bytes; not analysed` });
      if (language) heads.push({ file, kind });
      continue;
    }
    work.push({ file, kind, wanted, isDoc });
  }
  // Start loading every parser this repository needs now: module loading waits on the disk, and the
  // first files are analysed meanwhile. Each file still awaits its own (a failure surfaces there).
  for (const detector of new Set(work.flatMap((item) => item.wanted))) ready(detector).catch(() => {});
  if (work.some((item) => item.isDoc)) loadDocParser().catch(() => {});

  const uncountIfGenerated = (file: RepoFileEntry, kind: EvidenceKind, text: string) => {
    if (kind === "production" && uncountGenerated(productionLanguages, file.path, kind, file.size, text))
      uncounted.add(file.path);
    if (!uncountGenerated(languages, file.path, kind, file.size, text) || !languageFiles) return;
    const language = languageOf(file.path);
    const list = language ? languageFiles.get(language) : undefined;
    if (list) list.splice(list.indexOf(file.path), 1);
  };

  let next = 0;
  const worker = async () => {
    for (let item = work[next++]; item; item = work[next++]) {
      await analyzeFile(item.file, item.kind, item.wanted, item.isDoc);
      await nextTurn();
    }
  };
  const analyzeFile = async (
    file: RepoFileEntry,
    pathKind: EvidenceKind,
    wanted: FileDetector[],
    isDoc: boolean,
  ) => {
    await Promise.all([...wanted.map(ready), isDoc ? loadDocParser() : undefined]);
    const text = await readText(snapshot, file.path, file.size, warnings);
    if (text === undefined) return;
    // A file whose header says a generator wrote it counts toward no language.
    uncountIfGenerated(file, pathKind, text);
    if (isDoc) claims.push(...findDocClaims(repo, file.path, text, catalog));
    if (wanted.length > 0 && looksMinified(text)) {
      warnings.push({ repo, path: file.path, message: "looks minified; treated as generated" });
      return;
    }
    const detections: Detection[] = [];
    for (const detector of wanted)
      detections.push(...(await runDetector(detector, file.path, text, repo, warnings)));
    if (pathKind === "production" && file.path.endsWith(".go")) {
      goFiles.push({ file, detections, facts: goFileFacts(file.path, text, detections) });
      return;
    }
    record(file, pathKind, detections);
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 16 }, worker));
  for (let i = 0; i < heads.length; i++) {
    const { file, kind } = heads[i]!;
    const head = await readHead(snapshot, file.path);
    if (head !== undefined) uncountIfGenerated(file, kind, head);
    if (i % 256 === 255) await nextTurn();
  }
  if (goFiles.length > 0) {
    const variants = goFiles.some((f) => f.facts.variant)
      ? variantsByFile(
          goFiles.map((f) => f.facts),
          await goModules(snapshot),
        )
      : new Map<string, string>();
    const builds = variants.size > 0 ? await repositoryBuildTags(snapshot) : [];
    for (const { file, detections } of goFiles) {
      const expression = variants.get(file.path);
      const judged =
        expression === undefined ? undefined : { expression, verdict: judgeVariant(expression, builds) };
      record(file, "production", detections, judged);
    }
  }
  for (const list of imports.values()) found.push(...list);
  for (const { item, folder, tool } of byUse) {
    const importers = importerKinds(
      folder,
      declaredIn.get(item.technology),
      importedFrom.get(item.technology),
    );
    item.evidence.kind = tool ? toolKindByUse(importers, tool === "testing") : kindByUse(importers);
  }

  const summary: RepoSummary = {
    name: repo,
    source: snapshot.source,
    ...(snapshot.commit ? { commit: snapshot.commit } : {}),
    filesScanned,
    languages: sortByValue(languages),
    productionLanguages: sortByValue(productionLanguages),
  };
  // Files finish in any order; the report must not.
  warnings.sort((a, b) => (a.path ?? "").localeCompare(b.path ?? "") || a.message.localeCompare(b.message));
  return {
    summary,
    found,
    claims,
    warnings,
    ...(evidencePaths ? { paths: evidencePaths } : {}),
    ...(languageFiles ? { languageFiles } : {}),
  };
}

interface JudgedVariant {
  expression: string;
  verdict: VariantVerdict;
}

/** A build variant no build of the repository compiles is an example of use; one a build compiles says which. */
function settleVariant(item: TechEvidence, { expression, verdict }: JudgedVariant): void {
  if (verdict.built) {
    if (verdict.where) item.evidence.detail += ` (//go:build ${expression}; built by ${verdict.where})`;
    return;
  }
  item.evidence.kind = "example";
  const builds =
    verdict.builds.length > 0 ? `its builds set -tags ${verdict.builds.join(" or ")}` : "no build sets -tags";
  item.evidence.detail += ` (//go:build ${expression}: a build variant this repository does not build; ${builds})`;
}

/**
 * Ecosystems whose every importer vouch reads (Python, notebooks, Go): a runtime dependency there that only
 * tests or examples import is theirs (go.mod has no test section at all). npm and Maven packages are also
 * imported from files vouch does not read (.vue, .svelte, Groovy), so their manifests' sections stand.
 */
const READ_BY_USE: ReadonlySet<string> = new Set(["pypi", "go"]);

/** The folder holding a relative path, "" at the root. */
function folderOf(path: string): string {
  const slash = path.lastIndexOf("/");
  return slash === -1 ? "" : path.slice(0, slash);
}

function within(folder: string, ancestor: string): boolean {
  return ancestor === "" || folder === ancestor || folder.startsWith(`${ancestor}/`);
}

/**
 * The kinds of the files importing a technology that a manifest in `folder` answers for: an import belongs
 * to the nearest manifest above it that declares the technology, and imports under none of them belong to
 * every one.
 */
function importerKinds(
  folder: string,
  manifests: ReadonlySet<string> | undefined,
  importers: ReadonlyMap<string, ReadonlySet<EvidenceKind>> | undefined,
): Set<EvidenceKind> {
  const kinds = new Set<EvidenceKind>();
  for (const [importer, seen] of importers ?? []) {
    let owner: string | undefined;
    for (const manifest of manifests ?? []) {
      if (within(importer, manifest) && (owner === undefined || manifest.length > owner.length))
        owner = manifest;
    }
    if (owner === undefined || owner === folder) for (const kind of seen) kinds.add(kind);
  }
  return kinds;
}

/** Enough of a file for its generated-code header (languages.ts reads at most 40 lines of it). */
const HEAD_BYTES = 8 * 1024;

/** A file's head as text; undefined when it cannot be read (a file the source did not keep): it stays counted. */
async function readHead(snapshot: RepoSnapshot, path: string): Promise<string | undefined> {
  try {
    const bytes = snapshot.readHead ? await snapshot.readHead(path, HEAD_BYTES) : await snapshot.read(path);
    return bytes.toString("utf8", 0, Math.min(bytes.length, HEAD_BYTES));
  } catch {
    return undefined;
  }
}

async function readText(
  snapshot: RepoSnapshot,
  path: string,
  size: number,
  warnings: ExtractWarning[],
): Promise<string | undefined> {
  let bytes: Buffer;
  try {
    bytes = await snapshot.read(path);
  } catch (error) {
    warnings.push({ repo: snapshot.name, path, message: `not readable: ${messageOf(error)}` });
    return undefined;
  }
  if (await isBinaryFile(bytes, size)) {
    warnings.push({ repo: snapshot.name, path, message: "binary content; skipped" });
    return undefined;
  }
  const text = bytes.toString("utf8");
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

async function runDetector(
  detector: FileDetector,
  path: string,
  text: string,
  repo: string,
  warnings: ExtractWarning[],
): Promise<Detection[]> {
  try {
    try {
      return detector.detect({ path, text });
    } catch (error) {
      // Something only this file needs (a fallback grammar): load it and try once more.
      if (!(error instanceof NeedsLoading)) throw error;
      await error.loading;
      return detector.detect({ path, text });
    }
  } catch (error) {
    const line = error instanceof ParseError ? error.line : undefined;
    const where = line && !(error as Error).message.includes(`line ${line}`) ? `line ${line}: ` : "";
    const message =
      error instanceof ParseError ? error.message : `${detector.id} detector failed: ${messageOf(error)}`;
    warnings.push({ repo, path, message: `${where}${message}` });
    return [];
  }
}

let turn: Promise<void> | undefined;

/**
 * Resolves on the event loop's next turn, one promise shared by every worker. Reading and detecting
 * never wait on I/O, so without this a whole repository runs as one task, and Node runs native
 * finalizers (the memory behind each oxc-parser result) only between tasks: +250 MB at 50,000 files.
 */
function nextTurn(): Promise<void> {
  turn ??= new Promise((resolve) =>
    setImmediate(() => {
      turn = undefined;
      resolve();
    }),
  );
  return turn;
}

function sortByValue(record: Record<string, number>): Record<string, number> {
  return Object.fromEntries(Object.entries(record).sort(([a, x], [b, y]) => y - x || a.localeCompare(b)));
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

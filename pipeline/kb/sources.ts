// Which files the knowledge base reads, what repository each belongs to, and what kind of evidence a
// chunk of one is: a production doc, an example, or a doc claim the code contradicts.
import { existsSync } from "node:fs";
import { realpath, stat } from "node:fs/promises";
import { basename, dirname, join, relative, sep } from "node:path";
import { classifyPath } from "../../extractors/classify.js";
import { snapshotLocalRepo } from "../../extractors/sources/local.js";
import { isOwnOutputFolder } from "../../extractors/sources/own-outputs.js";
import type { RepoSnapshot } from "../../extractors/sources/types.js";
import type { ExtractResult } from "../../core/truth.js";
import type { Chunk, ChunkKind } from "../../core/chunk.js";
import { InputError } from "../../core/errors.js";

/** A document file to ingest. */
export interface DocFile {
  /** Absolute, symlinks resolved: the key the store remembers it by. */
  abs: string;
  /** `repo/path`, or the path alone when no repository is known. */
  uri: string;
  repo?: string;
  /** Relative to the repository root (POSIX separators). */
  path: string;
}

const DOC_FOLDERS = new Set(["docs", "doc", "documentation"]);
const TEXT_DOC = /\.(md|mdx|markdown|txt|rst|adoc)$/i;
// `.txt` anywhere would bring in requirements.txt and robots.txt; only READMEs and docs folders count.
const ANYWHERE = /\.(mdx|rst)$/i;

/** Whether a repository-relative path is prose the knowledge base should hold. */
export function isKbDoc(path: string): boolean {
  const segments = path.split("/");
  const file = segments.pop() ?? "";
  if (/^readme(\.[a-z]+)?$/i.test(file)) return file.indexOf(".") < 0 || TEXT_DOC.test(file);
  if (ANYWHERE.test(file)) return true;
  return TEXT_DOC.test(file) && segments.some((s) => DOC_FOLDERS.has(s.toLowerCase()));
}

/**
 * The document files under `paths` (folders are walked honouring .gitignore and skipping node_modules,
 * .git and build output; a file named directly is taken as is). A file's repository is the nearest
 * folder that holds `.git` or is named like a repository the truth knows, else the folder given.
 */
export async function findDocFiles(
  paths: readonly string[],
  repoNames: ReadonlySet<string> = new Set(),
): Promise<DocFile[]> {
  const files = new Map<string, DocFile>();
  const isRepoRoot = repoRootTest(repoNames);
  for (const path of paths) {
    const root = await resolveInput(path);
    if ((await stat(root)).isDirectory()) {
      const snapshot = await snapshotLocalRepo(root);
      for (const entry of snapshot.files) {
        // The folder's own name counts: a docs folder named directly holds documents throughout.
        if (!isKbDoc(`${basename(root)}/${entry.path}`)) continue;
        const abs = join(root, ...entry.path.split("/"));
        if (!files.has(abs)) files.set(abs, locate(abs, root, isRepoRoot, basename(root)));
      }
    } else {
      if (!TEXT_DOC.test(root) && !/^readme$/i.test(basename(root))) {
        throw new InputError(`${path}: not a Markdown or text document (.md, .mdx, .txt, .rst, .adoc).`);
      }
      if (isOwnOutputFolder(dirname(root))) continue;
      if (!files.has(root)) files.set(root, locate(root, undefined, isRepoRoot, undefined));
    }
  }
  return uniqueUris([...files.values()]);
}

/** A document inside a repository snapshot (a GitHub tarball): read through the snapshot, not the disk. */
export interface SnapshotDoc {
  snapshot: RepoSnapshot;
  /** `repo/path`, as for a file. */
  uri: string;
  repo: string;
  /** Relative to the repository root (POSIX separators). */
  path: string;
  size: number;
}

/** The repository at one version: `name@commit`, or `name@source` when the commit is unknown. */
export function snapshotVersion(snapshot: Pick<RepoSnapshot, "name" | "commit" | "source">): string {
  return `${snapshot.name}@${snapshot.commit ?? snapshot.source}`;
}

/** The documents of snapshots, chosen as findDocFiles chooses them in a walked folder. */
export function findSnapshotDocs(snapshots: readonly RepoSnapshot[]): SnapshotDoc[] {
  const docs: SnapshotDoc[] = [];
  const versions = new Set<string>();
  const uris = new Set<string>();
  for (const snapshot of snapshots) {
    const version = snapshotVersion(snapshot);
    if (versions.has(version)) continue; // the same repository at the same commit, listed twice
    versions.add(version);
    // As for a walked folder, the root's own name counts (a repository named `docs`).
    const root = snapshot.name.slice(snapshot.name.lastIndexOf("/") + 1);
    for (const { path, size } of snapshot.files) {
      if (!isKbDoc(`${root}/${path}`)) continue;
      // The same repository at another ref: named by its version so the uris stay unique.
      const plain = `${snapshot.name}/${path}`;
      const uri = uris.has(plain) ? `${version}/${path}` : plain;
      uris.add(uri);
      docs.push({ snapshot, uri, repo: snapshot.name, path, size });
    }
  }
  return docs;
}

async function resolveInput(path: string): Promise<string> {
  try {
    return await realpath(path);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new InputError(`${path}: no such file or folder.`);
    throw new InputError(`${path}: cannot be opened (${code ?? (error as Error).message}).`);
  }
}

function repoRootTest(repoNames: ReadonlySet<string>): (dir: string) => boolean {
  const cache = new Map<string, boolean>();
  return (dir) => {
    let known = cache.get(dir);
    if (known === undefined) {
      known = repoNames.has(basename(dir)) || existsSync(join(dir, ".git"));
      cache.set(dir, known);
    }
    return known;
  };
}

/** Find the file's repository: the deepest repository folder between the file and `top`. */
function locate(
  abs: string,
  top: string | undefined,
  isRepoRoot: (dir: string) => boolean,
  fallbackRepo: string | undefined,
): DocFile {
  for (let dir = dirname(abs); ; dir = dirname(dir)) {
    if (isRepoRoot(dir)) return docFile(abs, dir, basename(dir));
    if (dir === top || dirname(dir) === dir) break;
  }
  return docFile(abs, top ?? dirname(abs), fallbackRepo);
}

function docFile(abs: string, root: string, repo: string | undefined): DocFile {
  const path = relative(root, abs).split(sep).join("/");
  return repo ? { abs, uri: `${repo}/${path}`, repo, path } : { abs, uri: path, path };
}

/**
 * Two files that would share a uri (two folders named alike): the later one is named by as many of the
 * folders above it as tell them apart (`team-b/docs/guide.md`), never by the machine's whole layout, which
 * chat sources would show to anyone.
 */
function uniqueUris(files: DocFile[]): DocFile[] {
  const seen = new Set<string>();
  files.sort((a, b) => (a.abs < b.abs ? -1 : a.abs > b.abs ? 1 : 0));
  for (const file of files) {
    if (seen.has(file.uri)) file.uri = distinctUri(file, seen);
    seen.add(file.uri);
  }
  return files;
}

/** The file's uri with the folders above it put before it, one at a time, until no other file has it. */
function distinctUri(file: DocFile, seen: ReadonlySet<string>): string {
  const above = dirname(file.abs).split(sep).filter(Boolean);
  const depth = file.uri.split("/").length - 1;
  const folders = above.slice(0, Math.max(0, above.length - depth));
  for (let k = 1; k <= folders.length; k++) {
    const uri = [...folders.slice(-k), file.uri].join("/");
    if (!seen.has(uri)) return uri;
  }
  for (let n = 2; ; n++) if (!seen.has(`${file.uri}~${n}`)) return `${file.uri}~${n}`;
}

/** Doc lines the code contradicts, by `repo/path`. */
export type StaleLines = ReadonlyMap<string, readonly number[]>;

export function staleLines(truth: ExtractResult | undefined): StaleLines {
  const stale = new Map<string, number[]>();
  for (const claim of truth?.docClaims ?? []) {
    if (!claim.stale) continue;
    const key = `${claim.repo}/${claim.path}`;
    stale.set(key, [...(stale.get(key) ?? []), claim.line]);
  }
  return stale;
}

/**
 * The kind of a chunk of a document file: a stale claim when it holds a line the code contradicts, an
 * example when the file lives in example or test code, else a production doc.
 */
export function docChunkKind(chunk: Pick<Chunk, "repo" | "path" | "lines">, stale: StaleLines): ChunkKind {
  const lines = chunk.lines;
  const staleHere = chunk.repo && chunk.path ? stale.get(`${chunk.repo}/${chunk.path}`) : undefined;
  if (lines && staleHere?.some((line) => line >= lines[0] && line <= lines[1])) return "stale-claim";
  const folder = chunk.path?.includes("/") ? chunk.path.slice(0, chunk.path.lastIndexOf("/") + 1) : "";
  // Judged by folder alone: classifyPath calls every .md file "docs" wherever it lives.
  const kind = classifyPath(`${folder}_`);
  return kind === "example" || kind === "test" ? "example" : "production-doc";
}

/** Whether a chunk came from a document file (rather than the profile or the truth). */
export function isDocKind(kind: ChunkKind): boolean {
  return kind === "production-doc" || kind === "example" || kind === "stale-claim";
}

// What one ingest reads: document files on disk, documents inside repository snapshots (GitHub tarballs
// already downloaded by extract), and the documents built from the profile and the truth.
import { createHash } from "node:crypto";
import { readFile, stat } from "node:fs/promises";
import { basename } from "node:path";
import type { RepoSnapshot } from "../../extractors/sources/types.js";
import { type ExtractResult, isOthersDoc } from "../../core/truth.js";
import type { JsonResume } from "../../core/resume.js";
import { InputError } from "../../core/errors.js";
import type { SourceDoc } from "./chunker.js";
import { profileDocs, truthDocs } from "./fact-docs.js";
import {
  type DocFile,
  type SnapshotDoc,
  findDocFiles,
  findSnapshotDocs,
  snapshotVersion,
} from "./sources.js";
import type { ManifestEntry } from "./store.js";

// Larger files are generated, not written by hand; the extractor's walker reads no more either.
const MAX_DOC_BYTES = 1024 * 1024;

export interface ListOptions {
  paths: readonly string[];
  snapshots?: readonly RepoSnapshot[];
  profile?: JsonResume;
  profilePath?: string;
  truth?: ExtractResult;
}

export interface Source {
  entry: Omit<ManifestEntry, "sha256">;
  /** A file whose size and mtime are unchanged is taken as unchanged without reading it. */
  trustStat: boolean;
  /** The content hash and the documents, read only when size or mtime changed. */
  load(): Promise<{ sha256: string; docs: () => SourceDoc[] }>;
}

export async function listSources(options: ListOptions): Promise<Source[]> {
  const repoNames = new Set(options.truth?.repos.map((r) => r.name));
  // Docs others wrote say what their repository does, not what the candidate did: they stay out.
  const mine = (doc: { repo?: string; path?: string }) => !isOthersDoc(options.truth, doc.repo, doc.path);
  const files = (await findDocFiles(options.paths, repoNames)).filter(mine);
  const fromSnapshots = findSnapshotDocs(options.snapshots ?? []).filter(mine);
  const sources = (
    await Promise.all([...files.map(fileSource), ...fromSnapshots.map(snapshotSource)])
  ).filter((s): s is Source => s !== undefined);
  if (options.profile) {
    const name = options.profilePath ? basename(options.profilePath) : "profile";
    sources.push(
      builtSource(`profile:${name}`, options.profilePath ?? name, profileDocs(options.profile, name)),
    );
  }
  if (options.truth) sources.push(builtSource("truth", "truth", truthDocs(options.truth)));
  return sources;
}

/** A document file; undefined for one too large to be prose anyone wrote by hand. */
async function fileSource(file: DocFile): Promise<Source | undefined> {
  const info = await stat(file.abs).catch((error: unknown) => unreadable(file.abs, error));
  if (info.size > MAX_DOC_BYTES) return undefined;
  return {
    entry: { key: file.abs, path: file.abs, size: info.size, mtimeMs: info.mtimeMs },
    trustStat: true,
    async load() {
      const bytes = await readFile(file.abs).catch((error: unknown) => unreadable(file.abs, error));
      return loaded(bytes, file);
    },
  };
}

/**
 * A document in a snapshot. It has no mtime, so its hash decides reuse; the bytes are already in memory
 * (a tarball), so reading them to hash costs nothing. Undefined for one the snapshot did not keep.
 */
async function snapshotSource(doc: SnapshotDoc): Promise<Source | undefined> {
  if (doc.size > MAX_DOC_BYTES) return undefined;
  // Over the source's own size bound: extract already warned about it.
  const bytes = await doc.snapshot.read(doc.path).catch(() => undefined);
  if (!bytes) return undefined;
  const key = `${snapshotVersion(doc.snapshot)}/${doc.path}`;
  const result = loaded(bytes, doc);
  return {
    entry: { key, path: doc.uri, size: bytes.length, mtimeMs: 0 },
    trustStat: false,
    load: async () => result,
  };
}

function loaded(
  bytes: Buffer,
  file: { uri: string; repo?: string; path: string },
): { sha256: string; docs: () => SourceDoc[] } {
  const text = bytes.toString("utf8").replace(/^\uFEFF/, "");
  const title = basename(file.path);
  // Kinds (example, stale claim) are set after chunking, from the path and this run's truth.
  const doc: SourceDoc = { uri: file.uri, text, kind: "production-doc", path: file.path, title };
  if (file.repo) doc.repo = file.repo;
  return { sha256: sha256(bytes), docs: () => (text.trim() ? [doc] : []) };
}

function unreadable(path: string, error: unknown): never {
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  throw new InputError(`${path}: cannot be read (${code}).`);
}

/** The profile or the truth: compared by the hash of the documents built from it. */
function builtSource(key: string, path: string, docs: SourceDoc[]): Source {
  const text = JSON.stringify(docs);
  return {
    entry: { key, path, size: Buffer.byteLength(text), mtimeMs: 0 },
    trustStat: false,
    load: async () => ({ sha256: sha256(text), docs: () => docs }),
  };
}

function sha256(data: string | Uint8Array): string {
  return createHash("sha256").update(data).digest("hex");
}

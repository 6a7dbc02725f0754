// Build the local knowledge base from documents, the profile and the truth; with a directory, keep it
// there and re-chunk only what changed since the last ingest.
import type { RepoSnapshot } from "../../extractors/sources/types.js";
import type { ExtractResult } from "../../core/truth.js";
import type { JsonResume } from "../../core/resume.js";
import { InputError } from "../../core/errors.js";
import { type ChildChunk, chunkDocument } from "./chunker.js";
import { type Source, listSources } from "./ingest-sources.js";
import { type ChildIndex, LocalKb, createIndex, loadIndex } from "./local.js";
import { type SecretFinding, withoutSecretLines } from "./secrets.js";
import { docChunkKind, isDocKind, staleLines } from "./sources.js";
import { type ManifestEntry, type SourceChunks, type StoredKb, readKbDir, writeKbDir } from "./store.js";

export { LocalKb } from "./local.js";

// Coarser than any file system's timestamp resolution (FAT has 2 s).
const RACY_MS = 2000;

export interface BuildKbOptions {
  /** Folders (walked) and document files. */
  paths: readonly string[];
  /**
   * Repositories extract already holds (GitHub tarballs): their READMEs and docs are read through
   * `read`, chosen as in a walked folder, and stored by `name@commit/path` with their hash deciding reuse.
   */
  snapshots?: readonly RepoSnapshot[];
  profile?: JsonResume;
  /** Names the profile's chunks (`profile.yaml#work[0]`); default `profile`. */
  profilePath?: string;
  /** `vouch extract` output: production technologies become facts, stale doc lines stale claims. */
  truth?: ExtractResult;
  /** Persist to, and reuse, this directory. Without it the KB lives in memory only. */
  dir?: string;
}

export interface IngestStats {
  /** Sources: document files and snapshot documents, plus one each for the profile and the truth. */
  files: number;
  /** Sources unchanged since the last ingest, whose chunks were kept. */
  reused: number;
  /** Sources read and chunked this time. */
  chunked: number;
  /** Sources of the last ingest that are gone. */
  removed: number;
  children: number;
  parents: number;
}

export interface BuiltKb {
  kb: LocalKb;
  stats: IngestStats;
  /** Lines left out because they hold a secret (of the sources read this time): file, line, kind only. */
  secrets: SecretFinding[];
}

export async function buildLocalKb(options: BuildKbOptions): Promise<BuiltKb> {
  const previous = options.dir ? await readKbDir(options.dir, "ingest") : undefined;
  const listedAt = Date.now();
  const sources = await listSources(options);
  const next = await collect(sources, previous);
  const relabelled = relabel(next.chunks, options.truth);
  const index = await updateIndex(previous, next.kept, next.fresh, next.chunks);
  const all = Object.values(next.chunks);
  const kb = new LocalKb(
    index,
    all.flatMap((c) => c.parents),
    all.flatMap((c) => c.children),
  );
  const removed = (previous?.manifest.sources ?? []).filter((e) => !next.chunks[e.key]).length;
  // Nothing new to say: leave the directory as it is (serializing the index is the slow part).
  const unchanged = previous && !next.changed && removed === 0 && !relabelled;
  if (options.dir && !unchanged) {
    await writeKbDir(options.dir, { listedAt, sources: next.entries }, next.chunks, index.toJSON());
  }
  const stats: IngestStats = {
    files: sources.length,
    reused: next.kept.size,
    chunked: sources.length - next.kept.size,
    removed,
    children: kb.childCount,
    parents: kb.parentCount,
  };
  return { kb, stats, secrets: next.secrets };
}

interface Collected {
  entries: ManifestEntry[];
  chunks: Record<string, SourceChunks>;
  /** Children of the sources chunked this time. */
  fresh: ChildChunk[];
  /** Keys of the sources whose stored chunks were kept. */
  kept: Set<string>;
  /** Whether any manifest entry differs from the stored one. */
  changed: boolean;
  secrets: SecretFinding[];
}

/** Keep the chunks of unchanged sources; read, hash and chunk the others. */
async function collect(sources: readonly Source[], previous: StoredKb | undefined): Promise<Collected> {
  const oldEntries = new Map(previous?.manifest.sources.map((e) => [e.key, e]));
  const out: Collected = {
    entries: [],
    chunks: {},
    fresh: [],
    kept: new Set(),
    changed: false,
    secrets: [],
  };
  for (const source of sources) {
    const key = source.entry.key;
    const old = oldEntries.get(key);
    const oldChunks = previous?.chunks[key];
    const sameStat = old?.size === source.entry.size && old.mtimeMs === source.entry.mtimeMs;
    // Like git's racy-clean check: a file changed within the last ingest's timestamp tick may keep its
    // size and mtime, so only files already older than that ingest are trusted without reading.
    const settled = old !== undefined && old.mtimeMs + RACY_MS < (previous?.manifest.listedAt ?? 0);
    if (old && oldChunks && source.trustStat && sameStat && settled) {
      out.entries.push(old);
      out.chunks[key] = oldChunks;
      out.kept.add(key);
      continue;
    }
    const { sha256, docs } = await source.load();
    out.entries.push({ ...source.entry, sha256 });
    out.changed ||= !old || !sameStat || old.sha256 !== sha256;
    if (old && oldChunks && old.sha256 === sha256) {
      out.chunks[key] = oldChunks;
      out.kept.add(key);
    } else {
      const parts = [];
      for (const doc of docs()) {
        const { text, findings } = await withoutSecretLines(doc.text, source.entry.path);
        out.secrets.push(...findings);
        parts.push(chunkDocument(findings.length > 0 ? { ...doc, text } : doc));
      }
      const chunked = {
        parents: parts.flatMap((p) => p.parents),
        children: parts.flatMap((p) => p.children),
      };
      out.chunks[key] = chunked;
      out.fresh.push(...chunked.children);
    }
  }
  return out;
}

/** Open a KB a previous `vouch ingest --kb DIR` wrote. */
export async function openLocalKb(dir: string): Promise<LocalKb> {
  const stored = await readKbDir(dir, "open");
  if (!stored) throw new InputError(`${dir}: no knowledge base here; run vouch ingest --kb ${dir} first.`);
  const all = Object.values(stored.chunks);
  return new LocalKb(
    loadIndex(stored.index),
    all.flatMap((c) => c.parents),
    all.flatMap((c) => c.children),
  );
}

/**
 * Doc kinds depend on the truth of this run, which may differ from the one the chunks were made with.
 * Returns whether any kind changed.
 */
function relabel(chunks: Record<string, SourceChunks>, truth: ExtractResult | undefined): boolean {
  const stale = staleLines(truth);
  let changed = false;
  for (const { parents, children } of Object.values(chunks)) {
    for (const chunk of [...parents, ...children]) {
      if (!isDocKind(chunk.kind)) continue;
      const kind = docChunkKind(chunk, stale);
      changed ||= kind !== chunk.kind;
      chunk.kind = kind;
    }
  }
  return changed;
}

/** Load the stored index and swap the changed sources' children, or index everything afresh. */
async function updateIndex(
  previous: StoredKb | undefined,
  kept: ReadonlySet<string>,
  fresh: readonly ChildChunk[],
  chunks: Readonly<Record<string, SourceChunks>>,
): Promise<ChildIndex> {
  if (!previous) {
    const index = createIndex();
    index.addAll(uniqueById(Object.values(chunks).flatMap((c) => c.children)));
    return index;
  }
  const index = loadIndex(previous.index);
  for (const [key, old] of Object.entries(previous.chunks)) {
    if (kept.has(key)) continue;
    for (const child of old.children) if (index.has(child.id)) index.discard(child.id);
  }
  index.addAll(uniqueById(fresh).filter((child) => !index.has(child.id)));
  if (index.dirtCount > 0) await index.vacuum();
  return index;
}

/** Two sources cannot share a uri, so ids do not repeat; this only keeps the index safe if they did. */
function uniqueById(children: readonly ChildChunk[]): ChildChunk[] {
  const seen = new Set<string>();
  return children.filter((c) => !seen.has(c.id) && Boolean(seen.add(c.id)));
}

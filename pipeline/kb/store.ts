// The knowledge base on disk (`--kb DIR`): a manifest of the source files, their chunks, and the
// serialized BM25 index. The manifest is written last and names the generation of the other two, so an
// interrupted write is noticed rather than read as a mix of two ingests.
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import type { AsPlainObject } from "minisearch";
import { writeFileAtomic } from "../outputs/atomic.js";
import type { Chunk } from "../../core/chunk.js";
import { InputError } from "../../core/errors.js";
import { readJsonFile } from "../../core/json-file.js";
import type { ChildChunk } from "./chunker.js";

/** Bump when the chunking, the chunk shape or the index options change: old directories are refused. */
export const KB_FORMAT = 1;

const MANIFEST = "manifest.json";
const CHUNKS = "chunks.json";
const INDEX = "index.json";

/** What the store remembers of one source, to tell next time whether it changed. */
export interface ManifestEntry {
  /**
   * The absolute path of a file, `<repo>@<commit or source>/<path>` for a document in a snapshot, or
   * `profile:<file>` / `truth` for the built documents.
   */
  key: string;
  path: string;
  size: number;
  mtimeMs: number;
  sha256: string;
}

export interface Manifest {
  format: number;
  generation: string;
  /** When the sources were listed (ms since the epoch): files changed later are hashed next time. */
  listedAt: number;
  sources: ManifestEntry[];
}

export interface SourceChunks {
  parents: Chunk[];
  children: ChildChunk[];
}

export interface StoredKb {
  manifest: Manifest;
  /** Chunks by source key. */
  chunks: Record<string, SourceChunks>;
  index: AsPlainObject;
}

/**
 * Read a KB directory. Undefined when there is none yet (no folder, or an empty one). An interrupted
 * write is an error for `open`, and for `ingest` a reason to start over.
 */
export async function readKbDir(dir: string, purpose: "open" | "ingest"): Promise<StoredKb | undefined> {
  const manifestPath = join(dir, MANIFEST);
  if (!existsSync(manifestPath)) {
    if (!existsSync(dir) || (await entriesOf(dir)) === 0) return undefined;
    throw new InputError(
      `${dir}: not empty and holds no vouch knowledge base (${MANIFEST}); choose a new or empty folder for --kb.`,
    );
  }
  const manifest = (await readJsonFile(manifestPath)) as Partial<Manifest> | null;
  const format = typeof manifest?.format === "number" ? manifest.format : "?";
  if (format !== KB_FORMAT || !Array.isArray(manifest?.sources)) {
    throw new InputError(
      `KB ${dir} was written by an incompatible version (format ${format}, expected ${KB_FORMAT}); delete it or choose another --kb.`,
    );
  }
  const [chunks, index] = await Promise.all([readPart(dir, CHUNKS), readPart(dir, INDEX)]);
  const generation = manifest.generation;
  if (
    !chunks ||
    !index ||
    typeof generation !== "string" ||
    chunks.generation !== generation ||
    index.generation !== generation
  ) {
    if (purpose === "ingest") return undefined;
    throw new InputError(`KB ${dir} is incomplete (an ingest was interrupted); run vouch ingest again.`);
  }
  return {
    manifest: manifest as Manifest,
    chunks: chunks.sources as Record<string, SourceChunks>,
    index: index.index as AsPlainObject,
  };
}

async function entriesOf(dir: string): Promise<number> {
  try {
    return (await readdir(dir)).length;
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(
      `${dir}: ${code === "ENOTDIR" ? "is a file; --kb takes a folder" : `cannot be read (${code})`}.`,
    );
  }
}

async function readPart(dir: string, name: string): Promise<Record<string, unknown> | undefined> {
  const path = join(dir, name);
  if (!existsSync(path)) return undefined;
  const value = await readJsonFile(path);
  return value && typeof value === "object" ? (value as Record<string, unknown>) : undefined;
}

/** Write the directory: chunks and index first, then the manifest that makes them current. */
export async function writeKbDir(
  dir: string,
  listing: Pick<Manifest, "listedAt" | "sources">,
  chunks: Readonly<Record<string, SourceChunks>>,
  index: AsPlainObject,
): Promise<void> {
  const generation = randomBytes(8).toString("hex");
  const manifest: Manifest = { format: KB_FORMAT, generation, ...listing };
  await Promise.all([
    writeFileAtomic(join(dir, CHUNKS), JSON.stringify({ format: KB_FORMAT, generation, sources: chunks })),
    writeFileAtomic(join(dir, INDEX), JSON.stringify({ format: KB_FORMAT, generation, index })),
  ]);
  await writeFileAtomic(join(dir, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
}

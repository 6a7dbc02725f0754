import { posix } from "node:path";
import { Parser, type ReadEntry } from "tar";

/** One regular file of a tarball; `bytes` is absent when the file was over the size bound. */
export interface TarballFile {
  path: string;
  size: number;
  bytes?: Buffer;
}

/** An entry left out on purpose (a link, an unsafe path), reported to the user as a warning. */
export interface SkippedEntry {
  path: string;
  reason: string;
}

export interface TarballListing {
  files: TarballFile[];
  skipped: SkippedEntry[];
}

/** The archive itself could not be read (not gzip, truncated, bad headers). */
export class TarballError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "TarballError";
  }
}

export interface TarballReadOptions {
  /** Files larger than this are listed with their size, but their bytes are not kept. */
  maxFileBytes: number;
  /** Paths (after the top folder is stripped) to leave out entirely, e.g. vendored folders. */
  skip?: (path: string) => boolean;
}

const REGULAR_FILE_TYPES = new Set(["File", "OldFile", "ContiguousFile"]);

/**
 * Reads a (gzipped) tarball as it streams in, entirely in memory: nothing is written to disk.
 * GitHub wraps every archive in one top folder (`owner-repo-sha/`), which is stripped from the paths.
 * Only regular files are listed. Links are never followed; those pointing outside the repository, and
 * entries whose own path could escape it, are skipped and reported (inner links are left out silently,
 * as the local walker does).
 */
export async function readTarball(
  chunks: AsyncIterable<Uint8Array>,
  { maxFileBytes, skip = () => false }: TarballReadOptions,
): Promise<TarballListing> {
  const files = new Map<string, TarballFile>();
  const skipped: SkippedEntry[] = [];
  let topFolder: string | undefined;

  const onEntry = (entry: ReadEntry): void => {
    const segments = entry.path.split("/").filter((segment) => segment !== "" && segment !== ".");
    if (isUnsafe(entry.path, segments)) {
      skipped.push({ path: entry.path, reason: "unsafe path skipped (absolute or containing ..)" });
      return void entry.resume();
    }
    topFolder ??= segments[0];
    if (segments[0] !== topFolder) {
      skipped.push({ path: entry.path, reason: "entry outside the archive's top folder skipped" });
      return void entry.resume();
    }
    const path = segments.slice(1).join("/");
    if (path === "" || skip(path)) return void entry.resume();
    if (entry.type === "SymbolicLink" && pointsOutside(path, entry.linkpath ?? "")) {
      skipped.push({ path, reason: "symlink points outside the repository; not followed" });
    }
    // Directories, links (never followed), devices and fifos carry nothing to read.
    if (!REGULAR_FILE_TYPES.has(entry.type)) return void entry.resume();

    const size = entry.size;
    if (size > maxFileBytes) {
      files.set(path, { path, size });
      return void entry.resume();
    }
    const parts: Buffer[] = [];
    entry.on("data", (chunk: Buffer) => parts.push(chunk));
    entry.on("end", () => files.set(path, { path, size, bytes: Buffer.concat(parts) }));
  };

  // Strict: any damaged header or truncated stream becomes an error instead of a silent partial listing.
  const parser = new Parser({ strict: true, onReadEntry: onEntry });
  let failure: unknown;
  const finished = new Promise<void>((resolve, reject) => {
    parser.on("end", resolve);
    parser.on("error", (error: unknown) => {
      failure ??= error;
      reject(error);
    });
  });
  finished.catch(() => undefined); // observed below; this only keeps an early failure from going unhandled

  // Entries are drained as they arrive, so the parser never needs backpressure from us.
  for await (const chunk of chunks) {
    if (failure !== undefined) break;
    parser.write(Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength));
  }
  if (failure === undefined) parser.end();
  try {
    await finished;
  } catch (error) {
    throw new TarballError(describeTarFailure(error));
  }
  const sorted = [...files.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { files: sorted, skipped };
}

function isUnsafe(rawPath: string, segments: string[]): boolean {
  return rawPath.startsWith("/") || /^[A-Za-z]:/.test(rawPath) || segments.includes("..");
}

/** Whether a symlink's target, resolved from the link's own folder, leaves the repository. */
function pointsOutside(path: string, target: string): boolean {
  if (target.startsWith("/")) return true;
  const resolved = posix.normalize(posix.join(posix.dirname(path), target));
  return resolved === ".." || resolved.startsWith("../");
}

function describeTarFailure(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return `the archive is corrupt or not a gzipped tarball (${message.replace(/^TAR_[A-Z_]+: /, "")})`;
}

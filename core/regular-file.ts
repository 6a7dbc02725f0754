// Reading a file vouch wrote or will read back (a run's outputs, a log, a layout): a regular file only,
// and bounded. A link to /dev/zero, a FIFO or a device in an output folder would otherwise be read
// forever; the error names the file and what it is instead.
import { statSync } from "node:fs";
import { type FileHandle, open, stat } from "node:fs/promises";
import type { Stats } from "node:fs";
import { EXIT, VouchError } from "./errors.js";

/** The largest output vouch reads back: far above any resume, log or report it writes. */
export const MAX_OUTPUT_BYTES = 64 * 1024 * 1024;

/** What a file is when it is not a regular one, in words. */
function kindOf(stats: Stats): string {
  if (stats.isDirectory()) return "a folder";
  if (stats.isCharacterDevice()) return "a character device";
  if (stats.isBlockDevice()) return "a block device";
  if (stats.isFIFO()) return "a named pipe";
  if (stats.isSocket()) return "a socket";
  return "not a regular file";
}

function refuse(path: string, noun: string, why: string): VouchError {
  return new VouchError(`${path}: the ${noun} is ${why}; vouch reads regular files only.`, EXIT.problem);
}

function checked(path: string, stats: Stats, noun: string, maxBytes: number): void {
  if (!stats.isFile()) throw refuse(path, noun, kindOf(stats));
  if (stats.size > maxBytes)
    throw new VouchError(
      `${path}: the ${noun} is ${stats.size} bytes, over the ${maxBytes} vouch reads back.`,
      EXIT.problem,
    );
}

/** The file's bytes, or undefined when there is none; VouchError when it is not a regular file or too large. */
export async function readRegularFile(
  path: string,
  noun = "file",
  maxBytes = MAX_OUTPUT_BYTES,
): Promise<Buffer | undefined> {
  const stats = await stat(path).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT" || error.code === "ENOTDIR") return undefined;
    throw error;
  });
  if (!stats) return undefined;
  checked(path, stats, noun, maxBytes);
  const handle = await open(path, "r");
  try {
    // Never more than the limit, even when the file grows while it is read.
    const bytes = await readUpTo(handle, Math.min(maxBytes, stats.size) + 1);
    if (bytes.length > maxBytes) throw refuse(path, noun, `over ${maxBytes} bytes`);
    return bytes;
  } finally {
    await handle.close();
  }
}

/** At most `limit` bytes from an open file, fewer at its end. */
export async function readUpTo(handle: FileHandle, limit: number): Promise<Buffer> {
  const buffer = Buffer.alloc(limit);
  let length = 0;
  while (length < buffer.length) {
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
    if (bytesRead === 0) break;
    length += bytesRead;
  }
  return buffer.subarray(0, length);
}

/** The same check, synchronously, before a synchronous read (a layout file). */
export function assertRegularFile(path: string, noun = "file", maxBytes = MAX_OUTPUT_BYTES): void {
  checked(path, statSync(path), noun, maxBytes);
}

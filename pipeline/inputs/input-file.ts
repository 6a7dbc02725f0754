// Reading a user's input file (the job description, the profile): text only, and bounded. A binary file
// would otherwise become hundreds of garbage requirements, and a huge one costs seconds and gigabytes
// before anything can be said about it. Only `limit + 1` bytes are ever read, so /dev/zero or a FIFO
// cannot hang the run either.
import { constants } from "node:fs";
import { type FileHandle, open } from "node:fs/promises";
import { readUpTo } from "../../core/regular-file.js";

const PIPE_WAIT_STEP_MS = 20;
import { InputError } from "../../core/errors.js";

export const MAX_JOB_BYTES = 1024 * 1024;
export const MAX_PROFILE_BYTES = 5 * 1024 * 1024;

export interface InputFileOptions {
  /** What the file is, in messages: `job description`, `profile`. */
  noun: string;
  /** The largest size accepted, in bytes. */
  maxBytes: number;
  /** How a missing file is said: `no such job description file.` (default `no such file.`). */
  missing?: string;
}

/** The file's text (UTF-8, a byte order mark dropped); InputError naming the file when it is not fit to read. */
export async function readInputFile(path: string, options: InputFileOptions): Promise<string> {
  const bytes = await readBounded(path, options);
  if (bytes.length > options.maxBytes)
    throw new InputError(
      `${path}: the ${options.noun} is larger than ${formatBytes(options.maxBytes)}; vouch reads at most that.`,
    );
  const nul = bytes.indexOf(0);
  if (nul >= 0)
    throw new InputError(
      `${path}: the ${options.noun} is not a text file (a NUL byte at byte ${nul + 1}); expected UTF-8 text.`,
    );
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    const at = firstInvalidUtf8(bytes);
    throw new InputError(
      `${path}: the ${options.noun} is not UTF-8 text (an invalid byte sequence at byte ${at + 1}).`,
    );
  }
}

/** How long a pipe may go without data before vouch gives up on its writer (ms). */
const PIPE_IDLE_MS = 30_000;
/** How long a pipe nobody has opened for writing is given before it counts as having no writer (ms). */
const PIPE_OPEN_MS = 2_000;

async function readBounded(path: string, options: InputFileOptions): Promise<Buffer> {
  let handle;
  try {
    // Non-blocking, so that opening a named pipe nobody writes to returns at once instead of waiting for
    // a writer forever; `--job <(curl …)` still reads what its writer sends.
    handle = await open(path, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    throw unreadable(path, error, options);
  }
  try {
    const limit = options.maxBytes + 1;
    if (!(await handle.stat()).isFIFO()) return await readUpTo(handle, limit);
    const bytes = await readPipe(handle, limit, path, options);
    if (bytes.length === 0)
      throw new InputError(`${path}: the ${options.noun} is a named pipe nothing writes to.`);
    return bytes;
  } catch (error) {
    throw unreadable(path, error, options);
  } finally {
    await handle.close();
  }
}

const pause = () => new Promise((done) => setTimeout(done, PIPE_WAIT_STEP_MS));

/**
 * At most `limit` bytes from a pipe opened without blocking: no data yet (EAGAIN) is waited for up to
 * PIPE_IDLE_MS, and an end before the first byte up to PIPE_OPEN_MS (its writer may not have opened it).
 */
async function readPipe(handle: FileHandle, limit: number, path: string, options: InputFileOptions) {
  const buffer = Buffer.alloc(limit);
  let length = 0;
  let idle = 0;
  let unopened = 0;
  while (length < limit) {
    const read = await handle.read(buffer, length, limit - length, null).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === "EAGAIN") return undefined;
      throw error;
    });
    if (read === undefined) {
      if ((idle += PIPE_WAIT_STEP_MS) > PIPE_IDLE_MS)
        throw new InputError(`${path}: the ${options.noun} is a pipe nothing was written to for 30 s.`);
    } else if (read.bytesRead > 0) {
      length += read.bytesRead;
      idle = 0;
      continue;
    } else if (length > 0 || (unopened += PIPE_WAIT_STEP_MS) > PIPE_OPEN_MS) {
      break;
    }
    await pause();
  }
  return buffer.subarray(0, length);
}

function unreadable(path: string, error: unknown, options: InputFileOptions): InputError {
  if (error instanceof InputError) return error;
  const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
  if (code === "ENOENT") return new InputError(`${path}: ${options.missing ?? "no such file."}`);
  return new InputError(`${path}: the ${options.noun} cannot be read (${code}).`);
}

/** Where UTF-8 decoding first fails (0-based): the prefixes that decode shrink to a point, found by halving. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  // In streaming mode a prefix may end inside a character; it fails only on a byte that cannot belong.
  const decodes = (end: number) => {
    try {
      new TextDecoder("utf-8", { fatal: true }).decode(bytes.subarray(0, end), { stream: true });
      return true;
    } catch {
      return false;
    }
  };
  let good = 0;
  let bad = bytes.length;
  if (decodes(bad)) return Math.max(0, bad - 1); // only the end is cut short, inside a character
  while (bad - good > 1) {
    const mid = (good + bad) >> 1;
    if (decodes(mid)) good = mid;
    else bad = mid;
  }
  return bad - 1;
}

function formatBytes(bytes: number): string {
  return bytes % (1024 * 1024) === 0 ? `${bytes / (1024 * 1024)} MB` : `${bytes} bytes`;
}

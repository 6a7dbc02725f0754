// One writer at a time for a redaction log, across processes: `vouch audit override` run twenty times at
// once on one folder appends twenty records, or the ones that cannot get the lock in time say so and exit
// non-zero. The lock is proper-lockfile's (an atomically created `<log>.lock` folder, refreshed while held,
// taken over once stale), so a writer killed while holding it does not block the log for good.
import lockfile from "proper-lockfile";
import { EXIT, VouchError } from "../../core/errors.js";

/** How long a writer waits for another to finish (ms), by default. */
export const LOCK_WAIT_MS = 15_000;
/** A lock not refreshed for this long belongs to a writer that died (proper-lockfile refreshes it). */
const STALE_MS = 10_000;

/** Runs `write` holding the lock of the log at `path` (which exists), waiting up to `waitMs` for it. */
export async function withLogLock<T>(
  path: string,
  write: () => Promise<T>,
  waitMs = LOCK_WAIT_MS,
): Promise<T> {
  const step = 100;
  let release: () => Promise<void>;
  try {
    release = await lockfile.lock(path, {
      stale: STALE_MS,
      // The log may be missing: the read under the lock then says so, naming it.
      realpath: false,
      retries: {
        retries: Math.max(1, Math.ceil(waitMs / step)),
        factor: 1,
        minTimeout: step,
        maxTimeout: step,
      },
    });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ELOCKED") throw error;
    throw new VouchError(
      `${path}: another writer has held its lock (${path}.lock) for over ${Math.round(waitMs / 1000)} s; nothing was appended, run it again.`,
      EXIT.problem,
    );
  }
  try {
    return await write();
  } finally {
    await release().catch(() => {});
  }
}

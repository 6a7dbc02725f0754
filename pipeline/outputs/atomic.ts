import { makeDirectory } from "./output-path.js";
import { randomBytes } from "node:crypto";
import { lstat, mkdir, open, readdir, rename, rm, writeFile } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { InputError } from "../../core/errors.js";

/**
 * Write a file so that readers see the old content or the new, never half of either: write a temporary
 * file beside it, then rename over the target.
 */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const dir = dirname(path);
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`);
  try {
    await makeDirectory(dir);
    await writeFile(temp, data);
    await rename(temp, path);
  } catch (error) {
    await rm(temp, { force: true }).catch(() => undefined);
    const code = (error as NodeJS.ErrnoException).code ?? "";
    throw new InputError(`${path}: cannot write the output (${code || (error as Error).message}).`);
  }
}

/**
 * The names a folder swap uses beside `dir`: the new set is written into `DIR.tmp-<pid>-<hex>` and the old
 * set moved to `DIR.old-<pid>-<hex>` (same suffix), so a reader can pair them after a kill.
 */
function swapNames(dir: string): { temp: string; old: string } {
  const suffix = `${process.pid}-${randomBytes(4).toString("hex")}`;
  return { temp: `${dir}.tmp-${suffix}`, old: `${dir}.old-${suffix}` };
}

const LEFTOVER = /^(?<kind>tmp|old)-(?<pid>\d+)-(?<hex>[0-9a-f]{8})$/;

/** The swap leftovers beside `dir`, by suffix. */
async function leftovers(dir: string): Promise<Map<string, { temp?: string; old?: string; pid: number }>> {
  const prefix = `${basename(dir)}.`;
  const found = new Map<string, { temp?: string; old?: string; pid: number }>();
  const names = await readdir(dirname(dir)).catch(() => [] as string[]);
  for (const name of names) {
    if (!name.startsWith(prefix)) continue;
    const match = LEFTOVER.exec(name.slice(prefix.length))?.groups;
    if (!match) continue;
    const key = `${match.pid}-${match.hex}`;
    const entry = found.get(key) ?? { pid: Number(match.pid) };
    entry[match.kind === "tmp" ? "temp" : "old"] = join(dirname(dir), name);
    found.set(key, entry);
  }
  return found;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Settle a swap a killed process left. When `dir` is missing and a `.old` has its `.tmp` twin, the kill
 * came between the two renames, and that `.tmp` is the complete new set (it is renamed only when complete):
 * it takes its place. Then, with `dir` in place, the leftovers of processes that are gone are removed (a
 * `.tmp` without its swap is an unfinished write, a `.old` an outdated set). A run still going (its pid
 * alive) is left alone, and so is a lone `.old` beside a missing `dir` (someone removed `dir` by hand).
 */
export async function recoverFolder(dir: string): Promise<void> {
  const settled = [...(await leftovers(dir)).values()].filter((l) => !isAlive(l.pid));
  if (!(await exists(dir))) {
    const interrupted = settled.find((l) => l.old && l.temp);
    if (!interrupted) return;
    await rename(interrupted.temp!, dir);
  }
  for (const { temp, old } of settled) {
    for (const path of [temp, old]) if (path) await rm(path, { recursive: true, force: true });
  }
}

async function exists(path: string): Promise<boolean> {
  return (await lstat(path).catch(() => undefined)) !== undefined;
}

/**
 * Replace the folder `dir` with one holding exactly `files`, all or nothing: they are written (and synced)
 * into a sibling temporary folder, then `dir` is renamed aside and the new folder renamed into its place,
 * and the old one removed. A kill at any instant leaves the old complete folder or the new one (or both
 * beside a missing `dir`, which recoverFolder settles). A failure before the swap leaves `dir` untouched.
 */
export async function replaceFolder(
  dir: string,
  files: ReadonlyMap<string, string | Uint8Array>,
): Promise<void> {
  const target = resolve(dir);
  await makeDirectory(dirname(target));
  await recoverFolder(target);
  const { temp, old } = swapNames(target);
  const previous = await lstat(target).catch(() => undefined);
  try {
    await mkdir(temp, { mode: previous?.mode !== undefined ? previous.mode & 0o7777 : 0o777 });
    await Promise.all([...files].map(([name, data]) => writeSynced(join(temp, name), data)));
    await syncPath(temp);
  } catch (error) {
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
  if (previous) {
    try {
      await rename(target, old);
    } catch (error) {
      await rm(temp, { recursive: true, force: true }).catch(() => undefined);
      throw error;
    }
  }
  try {
    await rename(temp, target);
  } catch (error) {
    if (previous) await rename(old, target).catch(() => undefined);
    await rm(temp, { recursive: true, force: true }).catch(() => undefined);
    throw error;
  }
  await syncPath(dirname(target)).catch(() => undefined);
  if (previous) await rm(old, { recursive: true, force: true }).catch(() => undefined);
}

async function writeSynced(path: string, data: string | Uint8Array): Promise<void> {
  const handle = await open(path, "wx");
  try {
    await handle.writeFile(data);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** fsync a folder, so the renames in it survive a crash of the machine, not only of the process. */
async function syncPath(path: string): Promise<void> {
  const handle = await open(path, "r");
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

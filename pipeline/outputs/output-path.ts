// Where vouch may write. Outputs never go under /proc, /sys or /dev: those are the kernel's, not files,
// and Node's `mkdir(path, { recursive: true })` spins at 100 % CPU forever under /proc (procfs answers
// ENOENT for the child and EEXIST for its parent, and Node's mkdir -p walk goes back and forth between
// the two; measured on Node 20.20 for `/proc/x`). makeDirectory is a mkdir -p without that loop.
import { mkdir, realpath, stat } from "node:fs/promises";
import { dirname, isAbsolute, join, relative, resolve, sep } from "node:path";
import { isGithubSource } from "../../extractors/sources/index.js";
import { InputError } from "../../core/errors.js";

export const KERNEL_FOLDERS = ["/proc", "/sys", "/dev"] as const;

/**
 * InputError when `path` is, or would be created, under /proc, /sys or /dev, as written or once the
 * symbolic links of the part that exists are followed (`out -> /proc/self` is caught too).
 */
export async function refuseKernelPath(path: string, what = "output"): Promise<void> {
  const absolute = resolve(path);
  const real = await realTarget(absolute);
  const under = (p: string) => KERNEL_FOLDERS.find((k) => p === k || p.startsWith(`${k}/`));
  const folder = under(absolute) ?? under(real);
  if (folder)
    throw new InputError(
      `${path}: the ${what} cannot go under ${folder} (vouch never writes under /proc, /sys or /dev).`,
    );
}

/** The path with the symbolic links of its longest existing part followed. */
async function realTarget(absolute: string): Promise<string> {
  for (let existing = absolute; ; existing = dirname(existing)) {
    try {
      const real = await realpath(existing);
      return join(real, relative(existing, absolute));
    } catch {
      if (dirname(existing) === existing) return absolute;
    }
  }
}

/**
 * mkdir -p that ends: the missing folders are found walking up once, then made walking down once, each
 * with a plain mkdir, so an error is returned instead of retried. Returns the first folder it made (as
 * `mkdir(..., { recursive: true })` does), else undefined.
 */
export async function makeDirectory(dir: string): Promise<string | undefined> {
  const missing: string[] = [];
  for (let at = resolve(dir); ; at = dirname(at)) {
    try {
      const found = await stat(at);
      if (!found.isDirectory())
        throw Object.assign(new Error(`ENOTDIR: not a folder, mkdir '${at}'`), { code: "ENOTDIR" });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT" || dirname(at) === at) throw error;
      missing.push(at);
    }
  }
  missing.reverse();
  for (const folder of missing) {
    try {
      await mkdir(folder);
    } catch (error) {
      // Made meanwhile by someone else is fine; anything else (ENOENT under /proc) is final.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return missing[0];
}

/** The options of each command that name a place vouch writes, and what that place is, for messages. */
const OUTPUT_OPTIONS: Record<string, Record<string, string>> = {
  extract: { out: "output" },
  generate: { out: "output folder", kbDir: "knowledge base folder" },
  ingest: { kb: "knowledge base folder" },
  audit: { html: "evidence page" },
  keygen: { out: "key folder" },
};

/** Every output a command's options name is checked with refuseKernelPath, once, before the command runs. */
export async function refuseKernelOutputs(command: string, options: Record<string, unknown>): Promise<void> {
  for (const [option, what] of Object.entries(OUTPUT_OPTIONS[command] ?? {})) {
    const value = options[option];
    if (typeof value === "string") await refuseKernelPath(value, what);
  }
}

/**
 * The index of the portfolio path (a repository or docs folder) that the output folder lies inside, if
 * any. The run still writes there; readers skip the folder once it holds report.json
 * (core/vouch-output.ts).
 */
export async function portfolioPathHolding(
  out: string,
  portfolioPaths: readonly string[],
): Promise<number | undefined> {
  const target = await realTarget(resolve(out));
  for (const [index, path] of portfolioPaths.entries()) {
    if (isGithubSource(path)) continue;
    const rel = relative(await realTarget(resolve(path)), target);
    if (!isAbsolute(rel) && rel !== ".." && !rel.startsWith(`..${sep}`)) return index;
  }
  return undefined;
}

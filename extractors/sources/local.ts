import { execFile } from "node:child_process";
import type { Dirent } from "node:fs";
import { existsSync, lstatSync, readFileSync, statSync } from "node:fs";
import { lstat, readFile, readdir, realpath } from "node:fs/promises";
import { createRequire } from "node:module";
import { basename, join, relative, resolve, sep } from "node:path";
import { promisify } from "node:util";
import type IgnoreFactory from "ignore";
import type { Ignore } from "ignore";
import { InputError } from "../../core/errors.js";
import { isSkippedFolder } from "../classify.js";
import type { ExtractWarning } from "../../core/truth.js";
import { fileHead, headBytes, withoutOwnOutputs } from "./own-outputs.js";
import {
  DEFAULT_MAX_FILE_BYTES,
  type RepoFileEntry,
  type RepoSnapshot,
  type SourceOptions,
} from "./types.js";

const run = promisify(execFile);
// `ignore` is CommonJS: `require` skips the export scan an ESM import runs over it (~8 ms at every start).
const ignore = createRequire(import.meta.url)("ignore") as typeof IgnoreFactory;

interface IgnoreScope {
  /** Folder the rules belong to, relative to the root ("" for the root). */
  dir: string;
  rules: Ignore;
}

/** List a local folder (a git checkout or a plain folder) as a snapshot. */
export async function snapshotLocalRepo(source: string, options: SourceOptions = {}): Promise<RepoSnapshot> {
  const root = await resolveRoot(source);
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_FILE_BYTES;
  const warnings: ExtractWarning[] = [];
  const name = basename(root);
  const listed: RepoFileEntry[] = [];
  const gitWorkTree = existsSync(join(root, ".git")) ? root : undefined;
  const pointed = gitWorkTree ? gitFileTarget(root) : undefined;
  if (pointed) warnings.push({ repo: name, path: ".git", message: pointedMessage(pointed) });
  // git starts while the folders are listed.
  const commit = gitWorkTree ? headCommit(gitWorkTree) : undefined;

  const rootScopes = await gitInfoExclude(root);
  await walk("", rootScopes);

  // Sibling folders are listed concurrently; `stat` is synchronous: on a local disk it answers in
  // microseconds, while the promise API costs a thread-pool round trip per file.
  async function walk(dir: string, scopes: IgnoreScope[]): Promise<void> {
    const abs = join(root, dir);
    let entries: Dirent[];
    try {
      entries = await readdir(abs, { withFileTypes: true });
    } catch (error) {
      warnings.push({ repo: name, path: dir || ".", message: `folder not readable: ${reason(error)}` });
      return;
    }
    const own = entries.some((entry) => entry.name === ".gitignore")
      ? await readIgnoreFile(abs, dir)
      : undefined;
    const active = own ? [...scopes, own] : scopes;
    const pending: Promise<void>[] = [];
    for (const entry of entries) {
      const path = dir ? `${dir}/${entry.name}` : entry.name;
      if (entry.isSymbolicLink()) {
        pending.push(checkSymlink(path));
      } else if (entry.isDirectory()) {
        if (!isSkippedFolder(entry.name) && !isIgnored(active, path, true)) pending.push(walk(path, active));
      } else if (entry.isFile() && entry.name !== ".git" && !isIgnored(active, path, false)) {
        // A `.git` file is git's pointer to its folder (said above), not the repository's content.
        addFile(path);
      }
    }
    await Promise.all(pending);
  }

  function addFile(path: string): void {
    try {
      listed.push({ path, size: statSync(join(root, path)).size });
    } catch (error) {
      warnings.push({ repo: name, path, message: `file not readable: ${reason(error)}` });
    }
  }

  // Links are never followed; the ones that loop or leave the repository are worth a warning.
  async function checkSymlink(path: string): Promise<void> {
    try {
      const target = await realpath(join(root, path));
      if (!isInside(root, target)) {
        warnings.push({ repo: name, path, message: "symlink points outside the repository; not followed" });
      }
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code;
      if (code === "ELOOP") warnings.push({ repo: name, path, message: "symlink loop; skipped" });
    }
  }

  listed.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const { files, warnings: own } = withoutOwnOutputs(name, listed, (path) => fileHead(join(root, path)));
  warnings.push(...own);
  const sizes = new Map(files.map((f) => [f.path, f.size]));

  return {
    name,
    source,
    commit: await commit,
    files,
    gitWorkTree,
    root,
    warnings,
    // Synchronous for the same reason as `stat`: four thread-pool round trips (open, stat, read, close)
    // per small file cost more than the read itself.
    async read(path: string): Promise<Buffer> {
      const size = sizes.get(path);
      if (size === undefined) throw new Error(`${path}: not in the snapshot`);
      if (size > maxFileBytes) throw new Error(`${path}: larger than ${maxFileBytes} bytes; not read`);
      return readFileSync(join(root, path));
    },
    async readHead(path: string, bytes: number): Promise<Buffer> {
      const size = sizes.get(path);
      if (size === undefined) throw new Error(`${path}: not in the snapshot`);
      return size <= bytes ? readFileSync(join(root, path)) : headBytes(join(root, path), bytes);
    },
  };
}

async function resolveRoot(source: string): Promise<string> {
  let root: string;
  try {
    root = await realpath(source);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === "ENOENT") throw new InputError(`${source}: no such folder.`);
    if (code === "ELOOP") throw new InputError(`${source}: symlink loop.`);
    throw new InputError(`${source}: cannot be opened (${reason(error)}).`);
  }
  const info = await lstat(root);
  if (!info.isDirectory()) throw new InputError(`${source}: is a file, not a repository folder.`);
  return root;
}

async function readIgnoreFile(absDir: string, dir: string): Promise<IgnoreScope | undefined> {
  try {
    const text = await readFile(join(absDir, ".gitignore"), "utf8");
    return { dir, rules: ignore().add(text) };
  } catch {
    return undefined;
  }
}

async function gitInfoExclude(root: string): Promise<IgnoreScope[]> {
  try {
    const text = await readFile(join(root, ".git", "info", "exclude"), "utf8");
    return [{ dir: "", rules: ignore().add(text) }];
  } catch {
    return [];
  }
}

function isIgnored(scopes: IgnoreScope[], path: string, isDir: boolean): boolean {
  for (const scope of scopes) {
    const rel = scope.dir ? path.slice(scope.dir.length + 1) : path;
    if (scope.rules.ignores(isDir ? `${rel}/` : rel)) return true;
  }
  return false;
}

function isInside(root: string, target: string): boolean {
  const rel = relative(root, target);
  return rel === "" || (!rel.startsWith(`..${sep}`) && rel !== ".." && !rel.startsWith(sep));
}

async function headCommit(workTree: string): Promise<string | undefined> {
  try {
    const { stdout } = await run("git", ["-C", workTree, "rev-parse", "HEAD"], { timeout: 10_000 });
    return stdout.trim() || undefined;
  } catch {
    return undefined; // not a git checkout after all, no commits yet, or git is missing
  }
}

function reason(error: unknown): string {
  const code = (error as NodeJS.ErrnoException).code;
  return code ?? (error instanceof Error ? error.message : String(error));
}

/**
 * Where a `.git` file (not a folder) sends git: a worktree's or a submodule's git folder, or anybody's.
 * Undefined for a `.git` folder.
 */
function gitFileTarget(root: string): string | undefined {
  try {
    if (!lstatSync(join(root, ".git")).isFile()) return undefined;
    const line = readFileSync(join(root, ".git"), "utf8").split("\n")[0] ?? "";
    const match = /^gitdir:\s*(.+?)\s*$/.exec(line);
    return match ? resolve(root, match[1]!) : undefined;
  } catch {
    return undefined;
  }
}

/** The history (commit, authorship) is that git folder's: said, so a borrowed history is not taken for this folder's own. */
function pointedMessage(target: string): string {
  return `.git is a file pointing at ${target}: the commit and history are read from that git folder (a worktree or submodule does this; check it is this repository's)`;
}

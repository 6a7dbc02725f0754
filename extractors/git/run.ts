// Git, run so that nothing a repository configures can execute. A portfolio repository may be a checkout
// the user did not make (an archive, a shared folder, a `.git` file naming someone else's git folder), and
// its config can name shell commands git runs on reads: core.fsmonitor, filter drivers (blame smudges),
// diff textconv and external diff, gpg.program under log.showSignature, a pager, core.sshCommand through a
// partial clone's lazy fetch. Every call overrides those on the command line (command-line config wins over
// every file), refuses all transports, and clears the GIT_* environment; safe.directory is left to git.
// Once opened, a repository is read as a bare one, from an empty folder: nothing of its work tree is read
// (not its .gitattributes, not an uncommitted .mailmap), only what its commits hold.
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { realpath } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);

/** Settings that stop every config-driven command git could start on the reads vouch makes. */
const FIXED_OVERRIDES: readonly string[] = [
  "core.fsmonitor=false",
  "core.hooksPath=/dev/null",
  "core.pager=cat",
  "core.sshCommand=false",
  "core.askPass=",
  "credential.helper=",
  "diff.external=",
  "log.showSignature=false",
  "gpg.program=false",
  "gpg.ssh.program=false",
  "gpg.x509.program=false",
  "protocol.allow=never",
  // Reads that repository settings could reshape: another output encoding, quoted paths, no mailmap.
  "i18n.logOutputEncoding=UTF-8",
  "core.quotePath=false",
  "log.mailmap=true",
  "color.ui=never",
];

const SAFE_ENV_KEYS = ["PATH", "HOME", "USER", "LOGNAME", "TMPDIR", "SYSTEMROOT"];

export interface GitCallOptions {
  timeoutMs?: number;
  maxBuffer?: number;
}

/** Why a folder's history cannot be read; the sentence says so to the user. */
export class GitUnavailable extends Error {}

let emptyFolder: string | undefined;

/** An empty folder to run git in, so no file of a work tree is taken for git's own (`.mailmap`). */
function neutralCwd(): string {
  if (!emptyFolder) {
    const folder = mkdtempSync(join(tmpdir(), "vouch-git-"));
    process.once("exit", () => rmSync(folder, { recursive: true, force: true }));
    emptyFolder = folder;
  }
  return emptyFolder;
}

/** A git repository whose work tree is exactly one folder, read with every configured command disabled. */
export class SafeGit {
  private constructor(
    readonly workTree: string,
    private readonly overrides: readonly string[],
    /** Set once opened: the repository is then read bare, through its git folder. */
    private readonly gitDir?: string,
    /** The mailmap file commits are read through; none by default. */
    private readonly mailmap?: string,
    /** A shallow clone: history stops at its cut. */
    readonly shallow = false,
  ) {}

  /**
   * Opens the repository whose work tree is `folder` itself. A folder inside another repository's work
   * tree, or whose git folder names another work tree (core.worktree), is refused: that history is not
   * this folder's.
   */
  static async open(folder: string, options: GitCallOptions = {}): Promise<SafeGit> {
    const root = await realpath(folder);
    // Driver names are the repository's own: every one that is configured is overridden by name.
    const probe = new SafeGit(root, FIXED_OVERRIDES);
    let toplevel: string;
    let gitDir: string;
    let shallow: string;
    try {
      const answer = await probe.call(
        ["rev-parse", "--show-toplevel", "--absolute-git-dir", "--is-shallow-repository"],
        options,
      );
      [toplevel = "", gitDir = "", shallow = ""] = answer.split("\n").map((line) => line.trim());
    } catch (error) {
      throw new GitUnavailable(gitReason(error));
    }
    if ((await realpath(toplevel).catch(() => toplevel)) !== root) {
      throw new GitUnavailable(`its git folder belongs to the work tree ${toplevel}`);
    }
    const drivers = await probe
      .call(["config", "--name-only", "--get-regexp", "^(filter|diff|merge)\\."], options)
      .catch(() => ""); // exit 1: none configured
    const overrides = [...FIXED_OVERRIDES, ...driverOverrides(drivers)];
    return new SafeGit(root, overrides, gitDir, undefined, shallow === "true");
  }

  /** The same repository, its commits' authors read through this mailmap file. */
  withMailmap(file: string): SafeGit {
    return new SafeGit(this.workTree, this.overrides, this.gitDir, file, this.shallow);
  }

  /** Runs one read-only git command; resolves with stdout. */
  async call(args: readonly string[], options: GitCallOptions = {}): Promise<string> {
    const bare = this.gitDir
      ? [
          `--git-dir=${this.gitDir}`,
          ...["core.bare=true", "mailmap.blob=", `mailmap.file=${this.mailmap ?? "/dev/null"}`].flatMap(
            (setting) => ["-c", setting],
          ),
        ]
      : [];
    const config = this.overrides.flatMap((setting) => ["-c", setting]);
    const { stdout } = await run("git", ["--no-pager", ...bare, ...config, ...args], {
      cwd: this.gitDir ? neutralCwd() : this.workTree,
      env: gitEnvironment(this.workTree),
      timeout: options.timeoutMs ?? 30_000,
      maxBuffer: options.maxBuffer ?? 256 * 1024 * 1024,
      encoding: "utf8",
    });
    return stdout;
  }
}

/** Empty commands for every filter, diff and merge driver the repository's config names. */
function driverOverrides(listing: string): string[] {
  const overrides: string[] = [];
  for (const key of new Set(listing.split("\n").filter(Boolean))) {
    const field = key.slice(key.lastIndexOf(".") + 1).toLowerCase();
    const section = key.slice(0, key.indexOf(".")).toLowerCase();
    if (section === "filter" && ["clean", "smudge", "process"].includes(field)) overrides.push(`${key}=`);
    else if (section === "filter" && field === "required") overrides.push(`${key}=false`);
    else if (section === "diff" && ["textconv", "command"].includes(field)) overrides.push(`${key}=`);
    else if (section === "merge" && field === "driver") overrides.push(`${key}=`);
  }
  return overrides;
}

/** The caller's environment without any GIT_* variable (GIT_DIR, GIT_CONFIG_PARAMETERS…), plus ours. */
function gitEnvironment(workTree: string): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const key of SAFE_ENV_KEYS) if (process.env[key] !== undefined) env[key] = process.env[key];
  return {
    ...env,
    LC_ALL: "C",
    GIT_CEILING_DIRECTORIES: dirname(workTree),
    GIT_TERMINAL_PROMPT: "0",
    GIT_OPTIONAL_LOCKS: "0",
    GIT_PAGER: "cat",
    PAGER: "cat",
    GIT_ATTR_NOSYSTEM: "1",
  };
}

/** git's own first line of complaint ("detected dubious ownership…"), or why it could not start. */
export function gitReason(error: unknown): string {
  const stderr = (error as { stderr?: string }).stderr;
  const line = stderr
    ?.split("\n")
    .map((l) => l.replace(/^(fatal|error):\s*/, "").trim())
    .find(Boolean);
  if (line) return line;
  const code = (error as NodeJS.ErrnoException).code;
  if (code === "ENOENT") return "git is not installed";
  if ((error as { killed?: boolean }).killed) return "git took too long";
  return error instanceof Error ? error.message : String(error);
}

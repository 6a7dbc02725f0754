// One local repository's history, read lazily and at most once: the log pass and each file's blame.
import { type BlamedLine, blameFile } from "./blame.js";
import { type RepoHistory, readHistory } from "./log.js";
import { GitUnavailable, SafeGit } from "./run.js";

export class LocalHistory {
  private readonly logs = new Map<string, Promise<RepoHistory>>();
  private readonly blames = new Map<string, Promise<BlamedLine[] | undefined>>();

  private constructor(readonly git: SafeGit) {}

  /** The history of a folder that is a git work tree's root; a GitUnavailable says why not. */
  static async open(workTree: string): Promise<LocalHistory> {
    return new LocalHistory(await SafeGit.open(workTree));
  }

  /** Opens, or says why there is no history of this folder's own (undefined reason: not a repository). */
  static async tryOpen(workTree: string): Promise<LocalHistory | GitUnavailable> {
    try {
      return await LocalHistory.open(workTree);
    } catch (error) {
      return error instanceof GitUnavailable ? error : new GitUnavailable(String(error));
    }
  }

  /** The log, its authors read through `mailmap` (a file) when given; each reading happens once. */
  history(mailmap?: string): Promise<RepoHistory> {
    const key = mailmap ?? "";
    let log = this.logs.get(key);
    if (!log) {
      log = readHistory(mailmap ? this.git.withMailmap(mailmap) : this.git);
      this.logs.set(key, log);
    }
    return log;
  }

  /** The file's lines at HEAD with their commits; undefined when git cannot blame it (not committed). */
  blame(path: string): Promise<BlamedLine[] | undefined> {
    let lines = this.blames.get(path);
    if (!lines) {
      lines = blameFile(this.git, path).catch(() => undefined);
      this.blames.set(path, lines);
    }
    return lines;
  }
}

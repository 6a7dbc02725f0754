import type { ExtractWarning } from "../../core/truth.js";
import type { CandidateIdentity } from "../authorship/identity.js";
import type { RepoAuthors } from "../authorship/types.js";

export interface RepoFileEntry {
  /** Relative to the repository root, POSIX separators, no leading `./`. */
  path: string;
  size: number;
}

/**
 * One repository, listed but not yet read. Sources (a local folder, a GitHub tarball) produce it;
 * the analyser classifies, reads and detects. Symlinks and ignored files are already left out.
 */
export interface RepoSnapshot {
  /** `owner/repo` for GitHub, the folder name for a local path. */
  name: string;
  /** The source as the user gave it (`./path`, `github:owner/repo@ref`). */
  source: string;
  commit?: string;
  files: RepoFileEntry[];
  /** The bytes of one listed file. Throws for a file the source did not keep (over its size bound). */
  read(path: string): Promise<Buffer>;
  /**
   * At most the first `bytes` of a listed file (a generated-code header), for a source that can read less
   * than a whole file; `read` serves when absent.
   */
  readHead?(path: string, bytes: number): Promise<Buffer>;
  /** A local git work tree, for doc-claim history and authorship; absent for tarballs. */
  gitWorkTree?: string;
  /** The local folder listed (its real path); absent for tarballs. */
  root?: string;
  /** Authorship from the source itself (GitHub's commits API), for sources without a local history. */
  authorsFor?(identity: CandidateIdentity): Promise<RepoAuthors>;
  /** Problems met while listing (an unreadable folder, a symlink loop): reported, not fatal. */
  warnings: ExtractWarning[];
}

export interface SourceOptions {
  /** Files larger than this are listed but never read (default 1 MiB). */
  maxFileBytes?: number;
  /** For `github-user:` sources. */
  maxRepos?: number;
  includeForks?: boolean;
  includeArchived?: boolean;
}

export const DEFAULT_MAX_FILE_BYTES = 1024 * 1024;

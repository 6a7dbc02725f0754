// Which authorship source answers for a repository: its own local history, GitHub's commits API, or none.
import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import type { RepoSnapshot } from "../sources/types.js";
import { LocalHistory } from "../git/repository.js";
import type { GitUnavailable } from "../git/run.js";
import type { CandidateIdentity } from "./identity.js";
import { localAuthors } from "./local.js";
import { type RepoAuthors, unverifiedAuthors } from "./types.js";

export async function repoAuthors(
  snapshot: RepoSnapshot,
  history: Promise<LocalHistory | GitUnavailable> | undefined,
  identity: CandidateIdentity,
): Promise<RepoAuthors> {
  if (snapshot.authorsFor) return snapshot.authorsFor(identity);
  if (!history) return unverifiedAuthors(noHistoryNote(snapshot));
  const opened = await history;
  if (!(opened instanceof LocalHistory)) return unverifiedAuthors(`history not readable: ${opened.message}`);
  try {
    return await localAuthors(opened, identity);
  } catch (error) {
    return unverifiedAuthors(`history not readable: ${(error as Error).message}`);
  }
}

/** Why a local folder has no history of its own: no git at all, or it sits inside another repository. */
function noHistoryNote(snapshot: RepoSnapshot): string {
  const root = snapshot.root;
  for (let dir = root ? dirname(root) : undefined; dir && dir !== dirname(dir); dir = dirname(dir)) {
    if (existsSync(join(dir, ".git"))) {
      return `no history: the folder is inside the repository ${dir}, whose history is not this folder's (name the repository's root to verify it)`;
    }
  }
  return "no history: not a git repository (an export or a copied tree)";
}

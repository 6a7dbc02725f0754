// The repository's .mailmap as vouch trusts it: as HEAD has it (an uncommitted edit is nobody's word), less
// the lines the candidate wrote. A .mailmap maps one person's addresses to one name; a line the candidate
// committed could as well map someone else's address to them, so their own lines are not taken (their
// other addresses belong in portfolio.authors, where a reader of the report sees them).
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { LocalHistory } from "../git/repository.js";
import { type CandidateIdentity, emailOfContact, isCandidateEmail } from "./identity.js";

const FIELD = "\x1f";
const RECORD = "\x1e";

export interface TrustedMailmap {
  /** The file to read commits through; undefined when the repository has no .mailmap at HEAD. */
  file?: string;
  /** Lines left out because the candidate wrote them. */
  dropped: number;
  /** Removes the file. */
  dispose(): Promise<void>;
}

export async function trustedMailmap(
  history: LocalHistory,
  identity: CandidateIdentity,
): Promise<TrustedMailmap> {
  const none: TrustedMailmap = { dropped: 0, dispose: async () => {} };
  // A work tree without one has none to trust (deleting it can only take commits from the candidate).
  if (!existsSync(join(history.git.workTree, ".mailmap"))) return none;
  const text = await history.git.call(["cat-file", "blob", "HEAD:.mailmap"]).catch(() => undefined);
  if (text === undefined) return none;
  const lines = text.split("\n");
  const blamed = (await history.blame(".mailmap")) ?? [];
  const shas = [...new Set(blamed.map((b) => b.sha))];
  const theirs = shas.length > 0 ? await candidateCommits(history, shas, identity) : new Set<string>();
  let dropped = 0;
  const kept = lines.filter((line, i) => {
    const sha = blamed[i]?.sha;
    const content = line.trim();
    if (!content || content.startsWith("#") || !sha || !theirs.has(sha)) return true;
    dropped++;
    return false;
  });
  const folder = await mkdtemp(join(tmpdir(), "vouch-mailmap-"));
  const file = join(folder, "mailmap");
  await writeFile(file, kept.join("\n"));
  return { file, dropped, dispose: () => rm(folder, { recursive: true, force: true }) };
}

/** Which of these commits the candidate authored or co-authored, by their addresses as written. */
async function candidateCommits(
  history: LocalHistory,
  shas: readonly string[],
  identity: CandidateIdentity,
): Promise<Set<string>> {
  const format = `--format=%H${FIELD}%aE${FIELD}%(trailers:key=Co-authored-by,valueonly,separator=%x1d)${RECORD}`;
  const output = await history.git.call(["log", "--no-walk", "--no-use-mailmap", format, ...shas]);
  const theirs = new Set<string>();
  for (const record of output.split(RECORD)) {
    const [sha, email, trailers] = record.trim().split(FIELD);
    if (!sha || email === undefined) continue;
    const coAuthors = (trailers ?? "").split("\x1d").filter(Boolean).map(emailOfContact);
    if ([email, ...coAuthors].some((e) => isCandidateEmail(identity, e))) theirs.add(sha);
  }
  return theirs;
}

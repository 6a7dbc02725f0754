import type { DocClaim, DocClaimHistory } from "../core/truth.js";
import type { LocalHistory } from "./git/repository.js";

/**
 * The ISO date of the commit that last changed one line, from blame at HEAD; undefined when unknown
 * (a line not committed as it reads now, an untracked file, a shallow clone).
 */
export async function lineChangedAt(
  history: LocalHistory,
  path: string,
  line: number,
): Promise<string | undefined> {
  const blamed = (await history.blame(path))?.[line - 1];
  if (!blamed || !blamed.committerTime) return undefined;
  return new Date(blamed.committerTime * 1000).toISOString();
}

/** Add when the stale doc line last changed and when the earliest contradicting code appeared. */
export async function addClaimHistory(claim: DocClaim, history: LocalHistory): Promise<DocClaim> {
  if (!claim.stale) return claim;
  const dated: DocClaimHistory = {};
  const docLineChanged = await lineChangedAt(history, claim.path, claim.line);
  if (docLineChanged) dated.docLineChanged = docLineChanged;
  const appeared: string[] = [];
  for (const evidence of claim.contradictedBy ?? []) {
    if (evidence.line === undefined) continue;
    const at = await lineChangedAt(history, evidence.path, evidence.line);
    if (at) appeared.push(at);
  }
  if (appeared.length > 0) dated.contradictionAppeared = appeared.sort()[0];
  return Object.keys(dated).length > 0 ? { ...claim, history: dated } : claim;
}

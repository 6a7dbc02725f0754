import { execFile } from "node:child_process";
import { promisify } from "node:util";
import type { DocClaim, DocClaimHistory } from "../core/truth.js";

const run = promisify(execFile);

/** The ISO date of the commit that last changed one line, from `git blame`; undefined when unknown. */
export async function lineChangedAt(
  workTree: string,
  path: string,
  line: number,
): Promise<string | undefined> {
  try {
    const { stdout } = await run(
      "git",
      ["-C", workTree, "blame", "--porcelain", "-L", `${line},${line}`, "--", path],
      { timeout: 10_000 },
    );
    const time = /^committer-time (\d+)$/m.exec(stdout)?.[1];
    if (!time || /^0{40} /.test(stdout)) return undefined; // uncommitted line
    return new Date(Number(time) * 1000).toISOString();
  } catch {
    return undefined; // untracked file, shallow clone, or git missing: history is a bonus, not a must
  }
}

/** Add when the stale doc line last changed and when the earliest contradicting code appeared. */
export async function addClaimHistory(claim: DocClaim, workTree: string): Promise<DocClaim> {
  if (!claim.stale) return claim;
  const history: DocClaimHistory = {};
  const docLineChanged = await lineChangedAt(workTree, claim.path, claim.line);
  if (docLineChanged) history.docLineChanged = docLineChanged;
  const appeared: string[] = [];
  for (const evidence of claim.contradictedBy ?? []) {
    if (evidence.line === undefined) continue;
    const at = await lineChangedAt(workTree, evidence.path, evidence.line);
    if (at) appeared.push(at);
  }
  if (appeared.length > 0) history.contradictionAppeared = appeared.sort()[0];
  return Object.keys(history).length > 0 ? { ...claim, history } : claim;
}

// Authorship from a local repository's history: one `git log` pass, blame for manifest lines.
import type { LocalHistory } from "../git/repository.js";
import type { Commit, RepoHistory } from "../git/log.js";
import { GitUnavailable, type SafeGit, gitReason } from "../git/run.js";
import { trustedMailmap } from "./mailmap.js";
import { type CandidateIdentity, emailOfContact, isCandidateEmail } from "./identity.js";
import type { Author, CommitSpan, RepoAuthors } from "./types.js";

// git check-mailmap takes contacts as arguments: this many at a time keeps the command line short.
const MAILMAP_BATCH = 200;

export async function localAuthors(history: LocalHistory, identity: CandidateIdentity): Promise<RepoAuthors> {
  const mailmap = await trustedMailmap(history, identity);
  try {
    const log = await history.history(mailmap.file);
    const git = mailmap.file ? history.git.withMailmap(mailmap.file) : history.git;
    // Without a mailmap every contact is itself: no need to ask git.
    const canonical = !mailmap.file
      ? new Map<string, string>()
      : await mailmapped(git, [
          ...identity.ids.flatMap((id) => (id.email ? [contactOf(id)] : [])),
          ...new Set(log.commits.flatMap((c) => c.coAuthors)),
        ]);
    const candidateEmails = new Set(
      identity.ids.flatMap((id) => {
        if (!id.email) return [];
        const mapped = canonical.get(contactOf(id));
        return [id.email.toLowerCase(), ...(mapped ? [emailOfContact(mapped).toLowerCase()] : [])];
      }),
    );
    const widened: CandidateIdentity = {
      ...identity,
      emails: new Set([...identity.emails, ...candidateEmails]),
    };
    const isCandidate = (commit: Commit) =>
      isCandidateEmail(widened, commit.email) ||
      commit.coAuthors.some((c) => isCandidateEmail(widened, emailOfContact(canonical.get(c) ?? c)));
    const authors = authorsFromHistory(log, log.commits.map(isCandidate), history);
    if (mailmap.dropped === 0) return authors;
    const lines = mailmap.dropped === 1 ? "1 .mailmap line" : `${mailmap.dropped} .mailmap lines`;
    const untrusted = `${lines} the candidate wrote not trusted (list your other addresses in portfolio.authors)`;
    return { ...authors, note: authors.note ? `${authors.note}; ${untrusted}` : untrusted };
  } finally {
    await mailmap.dispose();
  }
}

const contactOf = (id: { name?: string; email?: string }) =>
  id.name ? `${id.name} <${id.email}>` : `<${id.email}>`;

/** RepoAuthors over a read history, `mine[i]` saying whether commit i is the candidate's. */
export function authorsFromHistory(
  log: RepoHistory,
  mine: readonly boolean[],
  history?: Pick<LocalHistory, "blame">,
): RepoAuthors {
  const bySha = new Map(log.commits.map((c, i) => [c.sha, i]));
  const candidateFiles = new Set<string>();
  for (const [path, commits] of log.byPath) if (commits.some((i) => mine[i])) candidateFiles.add(path);
  const fileAuthor = (path: string): Author =>
    candidateFiles.has(path) ? "candidate" : log.byPath.has(path) ? "others" : "unknown";
  return {
    verified: true,
    ...(log.shallow ? { note: "shallow clone: commits before its cut are not read" } : {}),
    commits: log.commits.length,
    candidateCommits: mine.filter(Boolean).length,
    candidateFiles,
    prepare: async () => {},
    fileAuthor,
    async lineAuthor(path, line, text) {
      const lines = await history?.blame(path);
      if (!lines) return undefined;
      // The work tree's line where HEAD has it, else the same text elsewhere in HEAD; else not committed.
      const wanted = text.trim();
      const blamed =
        lines[line - 1]?.text.trim() === wanted
          ? lines[line - 1]
          : lines.find((l) => l.text.trim() === wanted);
      if (!blamed) return { author: "unknown" };
      const index = bySha.get(blamed.sha);
      return { author: index !== undefined && mine[index] ? "candidate" : "others", sha: blamed.sha };
    },
    span(minePaths, allPaths, lines = []) {
      const commitsOn = (paths: Iterable<string>) => {
        const found = new Set<number>();
        for (const path of paths) for (const i of log.byPath.get(path) ?? []) found.add(i);
        return found;
      };
      const own = commitsOn(minePaths);
      for (const sha of lines) {
        const i = bySha.get(sha);
        if (i !== undefined) own.add(i);
      }
      const span: CommitSpan = { commits: 0, total: new Set([...commitsOn(allPaths), ...own]).size };
      for (const i of own) {
        if (!mine[i]) continue;
        const time = log.commits[i]!.time;
        span.commits++;
        span.first = Math.min(span.first ?? time, time);
        span.last = Math.max(span.last ?? time, time);
      }
      return span;
    },
  };
}

/** Each contact as the trusted .mailmap names its person ("Name <email>"), by `git check-mailmap`. */
async function mailmapped(git: SafeGit, contacts: readonly string[]): Promise<Map<string, string>> {
  const mapped = new Map<string, string>();
  const wellFormed = [...new Set(contacts)].filter((c) => /<[^<>\s]+@[^<>\s]+>$/.test(c.trim()));
  for (let i = 0; i < wellFormed.length; i += MAILMAP_BATCH) {
    const batch = wellFormed.slice(i, i + MAILMAP_BATCH);
    let output: string;
    try {
      output = await git.call(["check-mailmap", ...batch]);
    } catch (error) {
      throw new GitUnavailable(gitReason(error));
    }
    output.split("\n").forEach((line, j) => {
      if (line && batch[j] !== undefined) mapped.set(batch[j]!, line);
    });
  }
  return mapped;
}

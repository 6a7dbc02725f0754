import { candidateIdentity } from "../../extractors/authorship/identity.js";
import { extract } from "../../extractors/extract.js";
import { type EvidenceKind, type ExtractResult, type Technology, describeCommits } from "../../core/truth.js";
import { writeFileAtomic } from "../outputs/atomic.js";
import { loadSettings } from "../inputs/config.js";
import { EXIT, InputError } from "../../core/errors.js";
import { progress } from "../cli/progress.js";

export interface ExtractFlags {
  json?: boolean;
  out?: string;
  maxRepos?: number;
  includeForks?: boolean;
  includeArchived?: boolean;
  maxFileBytes?: number;
  history?: boolean;
  author?: string[];
  requireAuthorship?: boolean;
}

export async function runExtract(sources: string[], flags: ExtractFlags): Promise<number> {
  if (flags.requireAuthorship && !flags.author) {
    throw new InputError("--require-authorship: name the candidate with --author.");
  }
  if (flags.author) candidateIdentity(flags.author); // a bad identity fails before any work
  const settings = await loadSettings(process.cwd());
  const report = progress(!flags.json);
  const result = await extract(sources, {
    maxRepos: settings.get("maxRepos", flags.maxRepos),
    includeForks: settings.get("includeForks", flags.includeForks),
    includeArchived: settings.get("includeArchived", flags.includeArchived),
    maxFileBytes: settings.get("maxFileBytes", flags.maxFileBytes),
    githubApiUrl: settings.get("githubApiUrl"),
    history: flags.history,
    ...(flags.author ? { authors: flags.author } : {}),
    requireAuthorship: flags.requireAuthorship,
    onRepo: (name, done, total) => report(`extract: ${done}/${total} ${name}`),
  });
  report.done();
  const json = `${JSON.stringify(result, null, 2)}\n`;
  if (flags.out) await writeFileAtomic(flags.out, json);
  if (flags.json) process.stdout.write(json);
  else process.stdout.write(summarize(result, flags.out));
  return EXIT.ok;
}

const STATUS_ORDER = [
  "production",
  "example-only",
  "test-only",
  "tooling-only",
  "docs-only",
  "others-only",
] as const;

/** A readable summary for a person at a terminal. */
export function summarize(result: ExtractResult, out?: string): string {
  const lines: string[] = [];
  for (const repo of result.repos) {
    const total = Object.values(repo.languages).reduce((a, b) => a + b, 0) || 1;
    const langs = Object.entries(repo.languages)
      .slice(0, 4)
      .map(([name, bytes]) => `${name} ${Math.round((bytes / total) * 100)}%`)
      .join(", ");
    lines.push(
      `${repo.name}  ${repo.filesScanned} files  ${langs}${repo.commit ? `  @${repo.commit.slice(0, 7)}` : ""}`,
    );
    const authorship = repo.authorship;
    if (authorship?.verified)
      lines.push(`  ${authorship.candidateCommits} of ${authorship.commits} commits by the candidate`);
    else if (authorship) lines.push(`  authorship not verified: ${authorship.note}`);
  }
  if (result.authors) lines.push(`truth about ${result.authors.join(", ")}`);
  if (result.technologies.length === 0) {
    const files = result.repos.reduce((n, r) => n + r.filesScanned, 0);
    lines.push(
      "",
      `no technologies found: ${files} files read in ${result.repos.length} ${result.repos.length === 1 ? "repository" : "repositories"}, and none named anything the catalog knows`,
    );
  }
  for (const status of STATUS_ORDER) {
    const techs = result.technologies.filter((t) => t.status === status);
    if (techs.length === 0) continue;
    lines.push("", `${status} (${techs.length})`);
    for (const t of techs) lines.push(`  ${t.name.padEnd(28)} ${where(t)}${commitsOf(t)}`);
  }
  const stale = result.docClaims.filter((c) => c.stale);
  if (stale.length > 0) {
    lines.push("", `stale doc claims (${stale.length})`);
    for (const c of stale) {
      const by = (c.contradictedBy ?? []).map((e) => `${e.path}${e.line ? `:${e.line}` : ""}`).join(", ");
      lines.push(`  ${c.repo}/${c.path}:${c.line}  ${c.technology}  contradicted by ${by}`);
    }
  }
  if (result.warnings.length > 0) {
    lines.push("", `warnings (${result.warnings.length})`);
    for (const w of result.warnings) lines.push(`  ${w.repo}${w.path ? `/${w.path}` : ""}: ${w.message}`);
  }
  if (out) lines.push("", `wrote ${out}`);
  return `${lines.join("\n")}\n`;
}

/** Which evidence a person should see first: what runs in production, then examples, tests, tooling, docs. */
const KIND_ORDER: readonly EvidenceKind[] = ["production", "example", "test", "tooling", "docs"];

/** `  (812 of 1,196 commits by the candidate, 2016-03 to 2026-07)`; for others-only, what the code shows. */
function commitsOf(t: Technology): string {
  if (t.status === "others-only") return `  (${t.repositoryStatus ?? "seen"} in code others wrote)`;
  return t.authored ? `  (${describeCommits(t.authored)})` : "";
}

function where(t: Technology): string {
  // A stable sort: within a kind, evidence keeps the order extract gave it.
  const rank = (kind: EvidenceKind) =>
    (KIND_ORDER.indexOf(kind) + KIND_ORDER.length + 1) % (KIND_ORDER.length + 1);
  const ordered = [...t.evidence].sort((a, b) => rank(a.kind) - rank(b.kind));
  const first = ordered.slice(0, 2).map((e) => `${e.repo}/${e.path}${e.line ? `:${e.line}` : ""}`);
  const more = t.evidence.length > 2 ? ` (+${t.evidence.length - 2})` : "";
  return `${first.join(", ")}${more}`;
}

// The settings `vouch extract` honours, and the portfolio extraction that generate and serve share, so a
// portfolio on GitHub (or GitHub Enterprise) resolves the same way everywhere.
import type { Catalog } from "../../extractors/catalog.js";
import { extractWithSnapshots } from "../../extractors/extract.js";
import type { SourceResolveOptions } from "../../extractors/sources/index.js";
import type { ExtractResult } from "../../core/truth.js";
import type { Settings } from "../inputs/config.js";
import type { Portfolio } from "../inputs/profile.js";

export function extractSettings(settings: Settings): SourceResolveOptions {
  return {
    githubApiUrl: settings.get("githubApiUrl"),
    maxRepos: settings.get("maxRepos"),
    includeForks: settings.get("includeForks"),
    includeArchived: settings.get("includeArchived"),
    maxFileBytes: settings.get("maxFileBytes"),
  };
}

/**
 * The portfolio's repositories, extracted once as truth about the candidate (the profile's identities);
 * the snapshots stay for the KB to read docs from.
 */
export function extractPortfolio(
  portfolio: Portfolio,
  options: { catalog: Catalog; settings: Settings; history?: boolean; requireAuthorship?: boolean },
): ReturnType<typeof extractWithSnapshots> {
  return extractWithSnapshots(portfolio.repos, {
    catalog: options.catalog,
    history: options.history ?? true,
    ...extractSettings(options.settings),
    authors: portfolio.authors,
    requireAuthorship:
      options.requireAuthorship ??
      (portfolio.authorship === "required" || options.settings.get("requireAuthorship") === true),
  });
}

const IDENTITY_KEYS =
  "basics.email, a GitHub entry in basics.profiles (network: GitHub, username: …) or portfolio.authors";

/**
 * What a person must read about whose work the truth is: a profile that names nobody while its
 * repositories have history, a repository none of whose commits is the candidate's, one without history.
 */
export function authorshipWarnings(
  truth: ExtractResult,
  portfolio: Portfolio,
  profileFile: string,
): string[] {
  const warnings: string[] = [];
  const withHistory = truth.repos.filter((r) => r.authorship?.verified);
  if (portfolio.authors.length === 0 && withHistory.length > 0) {
    warnings.push(
      `${profileFile} names no identity of the candidate, so no commit in ${withHistory.map((r) => r.name).join(", ")} can be theirs and their code backs nothing: add ${IDENTITY_KEYS}.`,
    );
  }
  for (const repo of truth.repos) {
    const a = repo.authorship;
    if (!a) continue;
    if (!a.verified) {
      const counted =
        truth.authorship === "required" ? "; its evidence counts as others' (authorship required)" : "";
      warnings.push(`${repo.name}: authorship not verified: ${a.note}${counted}.`);
    } else if (portfolio.authors.length > 0 && a.candidateCommits === 0) {
      warnings.push(
        `${repo.name}: none of its ${a.commits} commits is by ${portfolio.authors.join(", ")}, so its technologies count as others'; if you commit under another address, add it to portfolio.authors.`,
      );
    } else if (a.note) {
      warnings.push(`${repo.name}: authorship limited: ${a.note}.`);
    }
  }
  return warnings;
}

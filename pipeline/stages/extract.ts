// The settings `vouch extract` honours, and the portfolio extraction that generate and serve share, so a
// portfolio on GitHub (or GitHub Enterprise) resolves the same way everywhere.
import type { Catalog } from "../../extractors/catalog.js";
import { extractWithSnapshots } from "../../extractors/extract.js";
import type { SourceResolveOptions } from "../../extractors/sources/index.js";
import type { Settings } from "../config.js";
import type { Portfolio } from "../profile.js";

export function extractSettings(settings: Settings): SourceResolveOptions {
  return {
    githubApiUrl: settings.get("githubApiUrl"),
    maxRepos: settings.get("maxRepos"),
    includeForks: settings.get("includeForks"),
    includeArchived: settings.get("includeArchived"),
    maxFileBytes: settings.get("maxFileBytes"),
  };
}

/** The portfolio's repositories, extracted once; the snapshots stay for the KB to read docs from. */
export function extractPortfolio(
  portfolio: Portfolio,
  options: { catalog: Catalog; settings: Settings; history?: boolean },
): ReturnType<typeof extractWithSnapshots> {
  return extractWithSnapshots(portfolio.repos, {
    catalog: options.catalog,
    history: options.history ?? true,
    ...extractSettings(options.settings),
  });
}

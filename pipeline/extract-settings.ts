// The settings `vouch extract` honours, for the commands that extract on the way (generate, serve), so a
// portfolio on GitHub (or GitHub Enterprise) resolves the same way everywhere.
import type { SourceResolveOptions } from "../extractors/sources/index.js";
import type { Settings } from "./config.js";

export function extractSettings(settings: Settings): SourceResolveOptions {
  return {
    githubApiUrl: settings.get("githubApiUrl"),
    maxRepos: settings.get("maxRepos"),
    includeForks: settings.get("includeForks"),
    includeArchived: settings.get("includeArchived"),
    maxFileBytes: settings.get("maxFileBytes"),
  };
}

// Build tools by the files they keep: pom.xml and the Maven wrapper are Maven, build.gradle Gradle, a
// lock file its package manager. Only the name is read, so lock files (generated, never opened) count too.
import type { Detection, FileDetector } from "../types.js";
import { baseName } from "./shared.js";

const BY_NAME: readonly [RegExp, string][] = [
  [/^(?:pom\.xml|mvnw)$/, "maven"],
  [/^(?:(?:build|settings)\.gradle(?:\.kts)?|gradlew)$/, "gradle"],
  [/^(?:package-lock\.json|npm-shrinkwrap\.json)$/, "npm"],
  [/^pnpm-(?:lock|workspace)\.yaml$/, "pnpm"],
  [/^(?:yarn\.lock|\.yarnrc\.yml)$/, "yarn"],
  [/^bun\.lockb?$/, "bun"],
  [/^poetry\.lock$/, "poetry"],
  [/^uv\.lock$/, "uv"],
  [/^Pipfile(?:\.lock)?$/, "pipenv"],
  [/^Gemfile\.lock$/, "bundler"],
];

function toolOf(path: string): string | undefined {
  const name = baseName(path);
  return BY_NAME.find(([pattern]) => pattern.test(name))?.[1];
}

export const buildFileDetector: FileDetector = {
  id: "build-files",
  matches: (path) => toolOf(path) !== undefined,
  byName: true,
  detect({ path }): Detection[] {
    const tool = toolOf(path);
    return tool
      ? [
          {
            key: { space: "tool", name: tool },
            via: "manifest",
            detail: `${baseName(path)} (${tool})`,
            scope: "build",
          },
        ]
      : [];
  },
};

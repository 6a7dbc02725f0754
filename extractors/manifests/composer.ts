// composer.json require sections.
import type { DependencyScope, FileDetector } from "../types.js";
import { jsonSectionEntries } from "./json-sections.js";
import { baseName, isBlank, manifestDetection, withVersion } from "./shared.js";

const SECTIONS: [string, DependencyScope][] = [
  ["require", "runtime"],
  ["require-dev", "dev"],
];

/** `php`, `ext-json`, `lib-curl`, `composer-plugin-api`: platform requirements, not packages. */
function isPlatformPackage(name: string): boolean {
  return !name.includes("/");
}

export const composerJsonDetector: FileDetector = {
  id: "composer.json",
  matches: (path) => baseName(path) === "composer.json",
  detect({ text }) {
    if (isBlank(text)) return [];
    return jsonSectionEntries(text, "composer.json", SECTIONS, true)
      .filter((e) => !isPlatformPackage(e.name))
      .map((e) =>
        manifestDetection(
          "composer",
          e.name,
          e.line,
          `${e.section}: ${withVersion(e.name, e.version)}`,
          e.scope,
        ),
      );
  },
};

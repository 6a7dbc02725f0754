// package.json dependency sections.
import type { DependencyScope, FileDetector } from "../types.js";
import { jsonSectionEntries } from "./json-sections.js";
import { baseName, isBlank, manifestDetection, withVersion } from "./shared.js";

// bundledDependencies only lists names already declared in another section.
const SECTIONS: [string, DependencyScope][] = [
  ["dependencies", "runtime"],
  ["devDependencies", "dev"],
  ["peerDependencies", "runtime"],
  ["optionalDependencies", "optional"],
];

/** `"alias": "npm:real-name@^1"` installs `real-name`. */
function realPackageName(name: string, version: string): string {
  const alias = /^npm:((?:@[^/@]+\/)?[^@]+)/.exec(version);
  return alias?.[1] ?? name;
}

export const packageJsonDetector: FileDetector = {
  id: "package.json",
  matches: (path) => baseName(path) === "package.json",
  detect({ text }) {
    if (isBlank(text)) return [];
    return jsonSectionEntries(text, "package.json", SECTIONS).map((e) =>
      manifestDetection(
        "npm",
        realPackageName(e.name, e.version),
        e.line,
        `${e.section}: ${withVersion(e.name, e.version)}`,
        e.scope,
      ),
    );
  },
};

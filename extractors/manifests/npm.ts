// package.json dependency sections.
import { type DependencyScope, type Detection, type FileDetector, ParseError } from "../types.js";
import { parseJsonDocument } from "./json-document.js";
import { baseName, isBlank, isRecord, manifestDetection, withVersion } from "./shared.js";

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
    const doc = parseJsonDocument(text);
    if (!isRecord(doc.value)) throw new ParseError("package.json must hold a JSON object.", 1);
    const detections: Detection[] = [];
    for (const [section, scope] of SECTIONS) {
      const entries = doc.value[section];
      if (entries === undefined) continue;
      const sectionLine = doc.lineOf([section]);
      if (!isRecord(entries)) {
        throw new ParseError(
          `\`${section}\` on line ${sectionLine} must be an object of package names to versions.`,
          sectionLine,
        );
      }
      for (const [name, version] of Object.entries(entries)) {
        const line = doc.lineOf([section, name]);
        if (typeof version !== "string") {
          throw new ParseError(
            `The version of "${name}" in \`${section}\` on line ${line} must be a string.`,
            line,
          );
        }
        const detail = `${section}: ${withVersion(name, version)}`;
        detections.push(manifestDetection("npm", realPackageName(name, version), line, detail, scope));
      }
    }
    return detections;
  },
};

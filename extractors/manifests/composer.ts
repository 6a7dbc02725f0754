// composer.json require sections.
import { type DependencyScope, type Detection, type FileDetector, ParseError } from "../types.js";
import { parseJsonDocument } from "./json-document.js";
import { baseName, isBlank, isRecord, manifestDetection, withVersion } from "./shared.js";

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
    const doc = parseJsonDocument(text);
    if (!isRecord(doc.value)) throw new ParseError("composer.json must hold a JSON object.", 1);
    const detections: Detection[] = [];
    for (const [section, scope] of SECTIONS) {
      const entries = doc.value[section];
      if (entries === undefined) continue;
      const sectionLine = doc.lineOf([section]);
      // PHP encodes an empty map as `[]`, so an empty array is a valid empty section.
      if (Array.isArray(entries) && entries.length === 0) continue;
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
        if (isPlatformPackage(name)) continue;
        detections.push(
          manifestDetection("composer", name, line, `${section}: ${withVersion(name, version)}`, scope),
        );
      }
    }
    return detections;
  },
};

// The name → version maps of a JSON manifest's dependency sections (package.json, composer.json), with the
// line of every entry; a section or version of the wrong type is a ParseError naming its line.
import { type DependencyScope, ParseError } from "../types.js";
import { parseJsonDocument } from "./json-document.js";
import { isRecord } from "./shared.js";

export interface SectionEntry {
  section: string;
  scope: DependencyScope;
  name: string;
  version: string;
  line: number | undefined;
}

export function jsonSectionEntries(
  text: string,
  file: string,
  sections: readonly [string, DependencyScope][],
  /** PHP encodes an empty map as `[]`: for composer.json an empty array is a valid empty section. */
  emptyArrayIsEmptyMap = false,
): SectionEntry[] {
  const doc = parseJsonDocument(text);
  if (!isRecord(doc.value)) throw new ParseError(`${file} must hold a JSON object.`, 1);
  const out: SectionEntry[] = [];
  for (const [section, scope] of sections) {
    const entries = doc.value[section];
    if (entries === undefined) continue;
    const sectionLine = doc.lineOf([section]);
    if (emptyArrayIsEmptyMap && Array.isArray(entries) && entries.length === 0) continue;
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
      out.push({ section, scope, name, version, line });
    }
  }
  return out;
}

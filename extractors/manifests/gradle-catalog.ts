// Gradle version catalogs (gradle/libs.versions.toml): the libraries and plugins a build may use by alias.
import { type Detection, type FileDetector, ParseError } from "../types.js";
import { mavenDetections } from "./maven.js";
import { loadToml, parseTomlDocument } from "./toml-document.js";
import { baseName, byLine, isBlank, isRecord, manifestDetection } from "./shared.js";

/** `"g:a:v"`, `{ module = "g:a" }` or `{ group = "g", name = "a" }` → `g:a`. */
function libraryModule(spec: unknown): string | undefined {
  let module: unknown;
  if (typeof spec === "string") module = spec.split(":").slice(0, 2).join(":");
  else if (isRecord(spec) && spec.module !== undefined) module = spec.module;
  else if (isRecord(spec) && typeof spec.group === "string" && typeof spec.name === "string") {
    module = `${spec.group}:${spec.name}`;
  }
  return typeof module === "string" && /^[^:\s]+:[^:\s]+$/.test(module) ? module : undefined;
}

/** `"plugin.id:version"` or `{ id = "plugin.id" }` → `plugin.id`. */
function pluginId(spec: unknown): string | undefined {
  if (typeof spec === "string") return spec.split(":")[0] || undefined;
  return isRecord(spec) && typeof spec.id === "string" && spec.id !== "" ? spec.id : undefined;
}

export const versionCatalogDetector: FileDetector = {
  id: "libs.versions.toml",
  matches: (path) => baseName(path).endsWith(".versions.toml"),
  init: loadToml,
  detect({ text }) {
    if (isBlank(text)) return [];
    const doc = parseTomlDocument(text);
    const entries = (section: string): [string, unknown, number | undefined][] => {
      const table = doc.value[section];
      if (table === undefined) return [];
      if (!isRecord(table)) {
        const line = doc.lineOf([section]);
        throw new ParseError(`[${section}] on line ${line} must be a table.`, line);
      }
      return Object.entries(table).map(([alias, spec]) => [alias, spec, doc.lineOf([section, alias])]);
    };
    const invalid = (
      section: string,
      alias: string,
      line: number | undefined,
      expected: string,
    ): ParseError => new ParseError(`[${section}] ${alias} on line ${line} must be ${expected}.`, line);

    const detections: Detection[] = [];
    for (const [alias, spec, line] of entries("libraries")) {
      const module = libraryModule(spec);
      if (!module)
        throw invalid(
          "libraries",
          alias,
          line,
          '"group:artifact[:version]" or a table with module or group and name',
        );
      detections.push(...mavenDetections(module, line, `[libraries] ${alias} = ${module}`, "runtime"));
    }
    for (const [alias, spec, line] of entries("plugins")) {
      const id = pluginId(spec);
      if (!id) throw invalid("plugins", alias, line, '"plugin.id[:version]" or a table with an id');
      detections.push(manifestDetection("gradle-plugin", id, line, `[plugins] ${alias} = ${id}`, "build"));
    }
    return byLine(detections);
  },
};

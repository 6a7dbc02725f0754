// The package a manifest builds, in every ecosystem whose manifest names it: the analyser shows a catalog
// technology of that exact name as authored (a repository that *is* the library).
import { type Detection, type FileDetector, NeedsLoading } from "../types.js";
import { cargoOwnPackage } from "./cargo.js";
import { goOwnPackage } from "./go.js";
import { parseJsonDocument } from "./json-document.js";
import { npmOwnPackage } from "./npm.js";
import { setupCfgOwnPackage } from "./python.js";
import { pyprojectOwnPackage } from "./python-pyproject.js";
import { tokenizeRuby } from "./ruby-tokens.js";
import { baseName, isBlank, isRecord, ownPackageDetection } from "./shared.js";
import { loadToml } from "./toml-document.js";
import { child, loadXml, parseXmlDocument, textOf } from "./xml-document.js";

/** A parser this file needs, loaded once and only for a repository that has such a manifest. */
function loader(load: () => Promise<void>, what: string): () => void {
  let loaded = false;
  let loading: Promise<void> | undefined;
  return () => {
    if (loaded) return;
    loading ??= load().then(() => {
      loaded = true;
    });
    throw new NeedsLoading(loading, what);
  };
}
const needToml = loader(loadToml, "smol-toml");
const needXml = loader(loadXml, "fast-xml-parser");

/** composer.json `name` (`vendor/package`). */
function composerOwnPackage(text: string): Detection[] {
  const doc = parseJsonDocument(text);
  const name = isRecord(doc.value) ? doc.value.name : undefined;
  if (typeof name !== "string" || !name.includes("/")) return [];
  return [ownPackageDetection("composer", name, doc.lineOf(["name"]), `name: ${name}`)];
}

/** pom.xml `groupId:artifactId` (the group inherited from <parent> when the project leaves it out). */
function pomOwnPackage(text: string): Detection[] {
  needXml();
  const doc = parseXmlDocument(text, []);
  const project = doc.root.project;
  const artifact = textOf(child(project, "artifactId"));
  const group = textOf(child(project, "groupId")) ?? textOf(child(child(project, "parent"), "groupId"));
  if (!artifact || !group || `${group}${artifact}`.includes("${")) return [];
  const key = `${group}:${artifact}`;
  return [ownPackageDetection("maven", key, artifactLine(text, artifact), `artifactId: ${key}`)];
}

/** The line of the project's own <artifactId> (the parser keeps no position for a text-only element). */
function artifactLine(text: string, artifact: string): number | undefined {
  const lines = text.split("\n");
  const afterParent = lines.findIndex((line) => line.includes("</parent>")) + 1;
  const own = (line: string) => line.replace(/\s/g, "") === `<artifactId>${artifact}</artifactId>`;
  const index = lines.findIndex((line, i) => i >= afterParent && own(line));
  return index < 0 ? undefined : index + 1;
}

/** A .NET project's `<PackageId>`: only a project that says it is a package is one. */
function msbuildOwnPackage(text: string): Detection[] {
  needXml();
  const doc = parseXmlDocument(text, ["PropertyGroup"]);
  const project = Object.entries(doc.root).find(([name]) => name.toLowerCase() === "project")?.[1];
  const groups = isRecord(project) ? project.PropertyGroup : undefined;
  for (const group of Array.isArray(groups) ? groups : []) {
    const id = textOf(child(group, "PackageId"));
    if (id && !id.includes("$(")) {
      return [ownPackageDetection("nuget", id, doc.lineOf(group), `PackageId: ${id}`)];
    }
  }
  return [];
}

/** A gemspec's `spec.name = "gem"` (any block variable name), or `Gem::Specification.new "gem", version`. */
function gemspecOwnPackage(text: string): Detection[] {
  const tokens = tokenizeRuby(text);
  for (let i = 0; i + 3 < tokens.length; i++) {
    if (
      tokens[i]?.value === "Specification" &&
      tokens[i + 1]?.value === "." &&
      tokens[i + 2]?.value === "new"
    ) {
      const value = tokens[i + 3]?.value === "(" ? tokens[i + 4] : tokens[i + 3];
      if (value?.kind === "string") {
        return [
          ownPackageDetection("gem", value.value, value.line, `Gem::Specification.new "${value.value}"`),
        ];
      }
    }
    const [, dot, name, assign] = [tokens[i], tokens[i + 1], tokens[i + 2], tokens[i + 3]];
    const value = tokens[i + 4];
    if (tokens[i]?.kind !== "word" || dot?.value !== "." || name?.value !== "name") continue;
    if (assign?.value !== "=" || value?.kind !== "string") continue;
    return [ownPackageDetection("gem", value.value, value.line, `name = "${value.value}"`)];
  }
  return [];
}

const BY_NAME = new Map<string, (text: string) => Detection[]>([
  ["package.json", npmOwnPackage],
  ["go.mod", goOwnPackage],
  ["setup.cfg", setupCfgOwnPackage],
  ["pyproject.toml", (text) => (needToml(), pyprojectOwnPackage(text))],
  ["Cargo.toml", (text) => (needToml(), cargoOwnPackage(text))],
  ["composer.json", composerOwnPackage],
  ["pom.xml", pomOwnPackage],
]);
const BY_EXTENSION: [string, (text: string) => Detection[]][] = [
  [".gemspec", gemspecOwnPackage],
  [".csproj", msbuildOwnPackage],
  [".fsproj", msbuildOwnPackage],
  [".vbproj", msbuildOwnPackage],
];

function readerFor(path: string): ((text: string) => Detection[]) | undefined {
  const base = baseName(path);
  return BY_NAME.get(base) ?? BY_EXTENSION.find(([ext]) => base.toLowerCase().endsWith(ext))?.[1];
}

/**
 * package.json `name` unless private, go.mod `module`, pyproject `[project] name`, setup.cfg `[metadata]
 * name`, Cargo `[package] name`, composer.json `name`, pom.xml `groupId:artifactId`, a .NET project's
 * `PackageId`, a gemspec's `name`. A malformed manifest yields nothing here; its own detector reports it.
 */
export const ownPackageDetector: FileDetector = {
  id: "own-package",
  matches: (path) => readerFor(path) !== undefined,
  detect({ path, text }) {
    const read = readerFor(path);
    if (!read || isBlank(text)) return [];
    try {
      return read(text);
    } catch (error) {
      if (error instanceof NeedsLoading) throw error;
      return [];
    }
  },
};

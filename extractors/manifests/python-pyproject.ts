// pyproject.toml: PEP 621 project metadata, PEP 735 dependency groups, Poetry, PDM and uv tables, and
// the build system.
import { type DependencyScope, type Detection, type FileDetector, ParseError } from "../types.js";
import { extraScope, groupScope, requireName, requirementName, withExtras } from "./python-common.js";
import { type TomlDocument, loadToml, parseTomlDocument } from "./toml-document.js";
import {
  type ManifestDetection,
  baseName,
  byLine,
  isBlank,
  isRecord,
  manifestDetection,
  ownPackageDetection,
  withVersion,
} from "./shared.js";

type Path = string[];

class PyprojectReader {
  readonly detections: Detection[] = [];

  constructor(private readonly doc: TomlDocument) {}

  lineOf(path: Path): number | undefined {
    return this.doc.lineOf(path);
  }

  at(path: Path): unknown {
    return path.reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), this.doc.value);
  }

  private fail(path: Path, expected: string): never {
    const line = this.doc.lineOf(path);
    throw new ParseError(`\`${path.join(".")}\` on line ${line} must be ${expected}.`, line);
  }

  /** An array of PEP 508 strings, e.g. `[project] dependencies`; `label` prefixes each detail. */
  requirementList(path: Path, label: string, scope: DependencyScope): void {
    const list = this.at(path);
    if (list === undefined) return;
    if (!Array.isArray(list)) this.fail(path, "an array of requirement strings");
    list.forEach((item: unknown, index) => {
      if (isRecord(item) && "include-group" in item) return; // PEP 735 reuses another group's list
      if (typeof item !== "string") this.fail(path, "an array of requirement strings");
      const line = this.doc.lineOf([...path, index]);
      const name = requireName(item, `An entry of \`${path.join(".")}\``, line);
      this.detections.push(
        ...withExtras(manifestDetection("pypi", name, line, `${label}: ${item.trim()}`, scope), item),
      );
    });
  }

  /** A table of named requirement lists, e.g. `[project.optional-dependencies]`. */
  requirementGroups(path: Path, scopeOf: (group: string) => DependencyScope): void {
    const groups = this.at(path);
    if (groups === undefined) return;
    if (!isRecord(groups)) this.fail(path, "a table of requirement lists");
    for (const group of Object.keys(groups)) {
      this.requirementList([...path, group], `[${path.join(".")}] ${group}`, scopeOf(group));
    }
  }

  /** A Poetry table of `name = version | { version, optional, ... } | [constraints]`. */
  poetryTable(path: Path, scope: DependencyScope): void {
    const table = this.at(path);
    if (table === undefined) return;
    if (!isRecord(table)) this.fail(path, "a table of packages");
    for (const [name, spec] of Object.entries(table)) {
      if (name.toLowerCase() === "python") continue; // the interpreter constraint, not a package
      const version = typeof spec === "string" ? spec : isRecord(spec) ? spec.version : undefined;
      const optional = isRecord(spec) && spec.optional === true && scope === "runtime";
      const detail = `[${path.join(".")}] ${withVersion(name, version)}`;
      this.detections.push(
        manifestDetection(
          "pypi",
          name,
          this.doc.lineOf([...path, name]),
          detail,
          optional ? "optional" : scope,
        ),
      );
    }
  }
}

export const pyprojectTomlDetector: FileDetector = {
  id: "pyproject.toml",
  matches: (path) => baseName(path) === "pyproject.toml",
  init: loadToml,
  detect({ text }) {
    if (isBlank(text)) return [];
    const reader = new PyprojectReader(parseTomlDocument(text));
    reader.requirementList(["project", "dependencies"], "[project] dependencies", "runtime");
    reader.requirementGroups(["project", "optional-dependencies"], extraScope);
    reader.requirementGroups(["dependency-groups"], groupScope);
    reader.requirementList(["build-system", "requires"], "[build-system] requires", "build");

    reader.poetryTable(["tool", "poetry", "dependencies"], "runtime");
    reader.poetryTable(["tool", "poetry", "dev-dependencies"], "dev");
    const poetryGroups = reader.at(["tool", "poetry", "group"]);
    if (isRecord(poetryGroups)) {
      for (const group of Object.keys(poetryGroups)) {
        reader.poetryTable(["tool", "poetry", "group", group, "dependencies"], groupScope(group));
      }
    }

    reader.requirementGroups(["tool", "pdm", "dev-dependencies"], groupScope);
    reader.requirementList(["tool", "uv", "dev-dependencies"], "[tool.uv] dev-dependencies", "dev");
    return byLine(reader.detections);
  },
};

/** The distribution a pyproject.toml builds (`[project] name`, or Poetry's); call after `loadToml`. */
export function pyprojectOwnPackage(text: string): ManifestDetection[] {
  const reader = new PyprojectReader(parseTomlDocument(text));
  for (const path of [
    ["project", "name"],
    ["tool", "poetry", "name"],
  ]) {
    const name = reader.at(path);
    if (typeof name !== "string" || requirementName(name) !== name) continue;
    const said = `[${path.slice(0, -1).join(".")}] name = ${name}`;
    return [ownPackageDetection("pypi", name, reader.lineOf(path), said)];
  }
  return [];
}

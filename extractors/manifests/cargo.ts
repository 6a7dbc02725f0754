// Cargo.toml dependency tables, including per-target and workspace ones, and the crate features they and
// `[features]` turn on, as `crate/feature` (`diesel/postgres`, `sqlx/mysql`): a feature can choose the
// database a crate speaks. A feature of `[features]` is optional, as the crate's own features are.
import { type DependencyScope, type Detection, type FileDetector, ParseError } from "../types.js";
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

// Cargo still accepts the underscore spellings.
const SECTIONS: [string, DependencyScope][] = [
  ["dependencies", "runtime"],
  ["dev-dependencies", "dev"],
  ["dev_dependencies", "dev"],
  ["build-dependencies", "build"],
  ["build_dependencies", "build"],
];

function tomlKey(segment: string): string {
  return /^[A-Za-z0-9_-]+$/.test(segment) ? segment : `'${segment}'`;
}

function readTable(doc: TomlDocument, path: string[], scope: DependencyScope, out: Detection[]): void {
  const table = path.reduce<unknown>((node, key) => (isRecord(node) ? node[key] : undefined), doc.value);
  if (table === undefined) return;
  const header = `[${path.map(tomlKey).join(".")}]`;
  if (!isRecord(table)) {
    const line = doc.lineOf(path);
    throw new ParseError(`${header} on line ${line} must be a table of crates.`, line);
  }
  for (const [key, spec] of Object.entries(table)) {
    const line = doc.lineOf([...path, key]);
    if (typeof spec === "string") {
      out.push(manifestDetection("cargo", key, line, `${header} ${withVersion(key, spec)}`, scope));
      continue;
    }
    if (!isRecord(spec)) {
      throw new ParseError(
        `The crate "${key}" in ${header} on line ${line} must be a version or a table.`,
        line,
      );
    }
    // `web = { package = "actix-web" }` depends on actix-web under another name.
    const crate = typeof spec.package === "string" ? spec.package : key;
    const renamed = crate === key ? "" : ` (as ${key})`;
    const entryScope = spec.optional === true && scope === "runtime" ? "optional" : scope;
    out.push(
      manifestDetection(
        "cargo",
        crate,
        line,
        `${header} ${withVersion(crate, spec.version)}${renamed}`,
        entryScope,
      ),
    );
    for (const feature of Array.isArray(spec.features) ? spec.features : [])
      if (typeof feature === "string")
        out.push(
          manifestDetection(
            "cargo",
            `${crate}/${feature}`,
            line,
            `${header} ${crate} features: ${feature}`,
            entryScope,
          ),
        );
  }
}

/** `[features] mysql = ["diesel/mysql", "dep:mysqlclient-sys"]`: each `crate/feature` it turns on. */
function readFeatures(doc: TomlDocument, out: Detection[]): void {
  const features = doc.value.features;
  if (!isRecord(features)) return;
  for (const [name, list] of Object.entries(features)) {
    if (!Array.isArray(list)) continue;
    const line = doc.lineOf(["features", name]);
    for (const item of list) {
      const enabled = typeof item === "string" ? /^([\w-]+)\??\/([\w-]+)$/.exec(item) : null;
      if (enabled)
        out.push(
          manifestDetection(
            "cargo",
            `${enabled[1]}/${enabled[2]}`,
            line,
            `[features] ${name}: ${item as string}`,
            "optional",
          ),
        );
    }
  }
}

export const cargoTomlDetector: FileDetector = {
  id: "Cargo.toml",
  matches: (path) => baseName(path) === "Cargo.toml",
  init: loadToml,
  detect({ text }) {
    if (isBlank(text)) return [];
    const doc = parseTomlDocument(text);
    const detections: Detection[] = [];
    for (const [section, scope] of SECTIONS) readTable(doc, [section], scope, detections);
    const targets = doc.value.target;
    if (isRecord(targets)) {
      for (const target of Object.keys(targets)) {
        for (const [section, scope] of SECTIONS)
          readTable(doc, ["target", target, section], scope, detections);
      }
    }
    readTable(doc, ["workspace", "dependencies"], "runtime", detections);
    readFeatures(doc, detections);
    return byLine(detections);
  },
};

/** The crate a Cargo.toml builds (`[package] name`); call after `loadToml`. */
export function cargoOwnPackage(text: string): ManifestDetection[] {
  const doc = parseTomlDocument(text);
  const name = isRecord(doc.value.package) ? doc.value.package.name : undefined;
  if (typeof name !== "string" || name === "") return [];
  return [ownPackageDetection("cargo", name, doc.lineOf(["package", "name"]), `[package] name = ${name}`)];
}

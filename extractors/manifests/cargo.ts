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

/**
 * Optional dependencies that only private features turn on (`__private = ["dep:reqwest"]`: by Cargo's
 * convention a leading underscore marks a feature for the crate's own tests and docs), directly or through
 * other features, and never `default`: the crate's users never build them.
 */
export function privateOnlyDependencies(doc: TomlDocument): Set<string> {
  const features = isRecord(doc.value.features) ? doc.value.features : {};
  const lists = new Map<string, string[]>();
  for (const [name, list] of Object.entries(features))
    lists.set(
      name,
      Array.isArray(list) ? list.filter((item): item is string => typeof item === "string") : [],
    );
  // What each feature turns on, features it lists followed.
  const enabledBy = new Map<string, Set<string>>();
  const visit = (feature: string, root: string, seen: Set<string>) => {
    if (seen.has(feature)) return;
    seen.add(feature);
    for (const item of lists.get(feature) ?? []) {
      const dep = /^dep:([\w-]+)$/.exec(item)?.[1] ?? /^([\w-]+)\/[\w-]+$/.exec(item)?.[1];
      const name = dep ?? item;
      if (!dep && lists.has(item)) visit(item, root, seen);
      enabledBy.set(name, (enabledBy.get(name) ?? new Set()).add(root));
    }
  };
  for (const name of lists.keys()) visit(name, name, new Set());
  const privateOnly = new Set<string>();
  for (const [dep, roots] of enabledBy) {
    if (lists.has(dep)) continue;
    if ([...roots].every((root) => root.startsWith("_"))) privateOnly.add(dep);
  }
  return privateOnly;
}

function readTable(
  doc: TomlDocument,
  path: string[],
  scope: DependencyScope,
  out: Detection[],
  privateOnly: ReadonlySet<string> = new Set(),
): void {
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
    const optional = spec.optional === true && scope === "runtime";
    const entryScope = optional ? (privateOnly.has(key) ? "dev" : "optional") : scope;
    const hidden = optional && privateOnly.has(key) ? " (only private features enable it)" : "";
    out.push(
      manifestDetection(
        "cargo",
        crate,
        line,
        `${header} ${withVersion(crate, spec.version)}${renamed}${hidden}`,
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
            name.startsWith("_") ? "dev" : "optional",
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
    const privateOnly = privateOnlyDependencies(doc);
    for (const [section, scope] of SECTIONS) readTable(doc, [section], scope, detections, privateOnly);
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

// package.json dependency sections, the package's own name, and whether it is a private workspace root.
import type { DependencyScope, FileDetector } from "../types.js";
import { parseJsonDocument } from "./json-document.js";
import { jsonSectionEntries } from "./json-sections.js";
import {
  type ManifestDetection,
  baseName,
  isBlank,
  isRecord,
  manifestDetection,
  ownPackageDetection,
  withVersion,
} from "./shared.js";

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

function hasWorkspaces(value: unknown): boolean {
  if (Array.isArray(value)) return value.length > 0;
  return isRecord(value) && Array.isArray(value.packages) && value.packages.length > 0;
}

export const packageJsonDetector: FileDetector = {
  id: "package.json",
  matches: (path) => baseName(path) === "package.json",
  detect({ path, text }) {
    if (isBlank(text)) return [];
    const detections: ManifestDetection[] = jsonSectionEntries(text, "package.json", SECTIONS).map((e) =>
      manifestDetection(
        "npm",
        realPackageName(e.name, e.version),
        e.line,
        `${e.section}: ${withVersion(e.name, e.version)}`,
        e.scope,
      ),
    );
    // jsonSectionEntries has checked the document; most package.json files are not private.
    const root = text.includes('"private"') ? parseJsonDocument(text).value : undefined;
    const isPrivate = isRecord(root) && root.private === true;
    for (const detection of detections) {
      // At the repository root, `dependencies` is where everything goes when nothing separates it.
      if (path === "package.json" && detection.detail.startsWith("dependencies: "))
        detection.unseparated = true;
      if (isPrivate) detection.privatePackage = { workspaces: hasWorkspaces(root.workspaces) };
    }
    return detections;
  },
};

/** The package a package.json builds: its `name`, unless it is private (never published, so no registry name). */
export function npmOwnPackage(text: string): ManifestDetection[] {
  const doc = parseJsonDocument(text);
  if (!isRecord(doc.value) || doc.value.private === true) return [];
  const name = doc.value.name;
  if (typeof name !== "string" || name === "") return [];
  return [ownPackageDetection("npm", name, doc.lineOf(["name"]), `name: ${name}`)];
}

// package.json dependency sections, the package's own name, whether it is a private workspace root, and
// the runtime and package manager it names: `engines.node` or a script that runs `node`/`next start` is
// Node.js (production: the product runs on it), `packageManager: "pnpm@9.1.0"` is pnpm (a build tool).
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

const RUNTIME_HINTS = /"(?:engines|packageManager|scripts)"/;
// A script that runs the product on Node.js: `node dist/server.js`, `next start`, `nuxt start`, `tsx src/main.ts`.
const NODE_SCRIPT = /(?:^|[\s;&|(])(?:node|next\s+start|nuxt\s+start|remix-serve|tsx)\s/;

function runtimeDetections(
  root: Record<string, unknown>,
  lineOf: (path: readonly (string | number)[]) => number | undefined,
): ManifestDetection[] {
  const found: ManifestDetection[] = [];
  const engines = root.engines;
  // A package of devDependencies only (release tooling beside a Python app) runs nothing on Node.js.
  const runs = isRecord(root.dependencies) && Object.keys(root.dependencies).length > 0;
  if (isRecord(engines) && typeof engines.node === "string") {
    const detail = `engines.node: ${engines.node}`;
    found.push(
      manifestDetection("tool", "nodejs", lineOf(["engines", "node"]), detail, runs ? "runtime" : "dev"),
    );
  }
  const scripts = isRecord(root.scripts) ? root.scripts : {};
  const start = ["start", "serve", "prod", "start:prod"].find(
    (name) => typeof scripts[name] === "string" && NODE_SCRIPT.test(`${scripts[name] as string} `),
  );
  if (start && found.length === 0)
    found.push(
      manifestDetection(
        "tool",
        "nodejs",
        lineOf(["scripts", start]),
        `scripts.${start}: ${scripts[start] as string}`,
        "runtime",
      ),
    );
  const manager =
    typeof root.packageManager === "string" ? /^(npm|pnpm|yarn|bun)@/.exec(root.packageManager) : null;
  if (manager?.[1])
    found.push(
      manifestDetection(
        "tool",
        manager[1],
        lineOf(["packageManager"]),
        `packageManager: ${root.packageManager as string}`,
        "build",
      ),
    );
  return found;
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
    const wanted = text.includes('"private"') || RUNTIME_HINTS.test(text);
    const document = wanted ? parseJsonDocument(text) : undefined;
    const root = document?.value;
    const isPrivate = isRecord(root) && root.private === true;
    if (document && isRecord(root)) detections.push(...runtimeDetections(root, document.lineOf));
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

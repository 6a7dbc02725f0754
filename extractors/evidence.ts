import { type CatalogEntry, normalizePypi } from "./catalog.js";
import type { Detection, DetectionKey } from "./types.js";
import type { Evidence, EvidenceKind, TechStatus } from "../core/truth.js";

/**
 * The kind of one piece of evidence: the file's own kind wins unless it is production, where the
 * manifest section decides (devDependencies are never production). In a workspace root's manifest every
 * section is read as devDependencies: the root builds, tests and releases the workspace packages.
 */
export function evidenceKind(
  pathKind: EvidenceKind,
  detection: Detection,
  entry: CatalogEntry,
  workspaceRoot = false,
): EvidenceKind {
  // A deploy step reaches production from wherever it is written (a Makefile, `scripts/deploy`).
  if (pathKind !== "production" && !(pathKind === "tooling" && detection.deploys)) return pathKind;
  // Containers a CI job starts run the tests, not the product.
  if (detection.via === "ci" && detection.key.space === "image") return "tooling";
  const scope = workspaceRoot && detection.via === "manifest" ? "dev" : detection.scope;
  switch (scope) {
    case "test":
      return "test";
    case "dev":
      return entry.category === "testing" ? "test" : "tooling";
    case "build":
      return "tooling";
    default:
      return "production";
  }
}

/** Files beside a private package.json that make it a workspace root, as `workspaces` does. */
export const WORKSPACE_MARKERS: readonly string[] = ["pnpm-workspace.yaml", "lerna.json", "turbo.json"];

/**
 * The kind of a production dependency from a manifest that does not separate scopes, by the kinds of the
 * files importing it: production when production code imports it or nothing does (it may be loaded by
 * name, or be a tool); otherwise the strongest importer's kind, code under docs/ building the docs as
 * tooling.
 */
export function kindByUse(importers: ReadonlySet<EvidenceKind>): EvidenceKind {
  if (importers.size === 0 || importers.has("production")) return "production";
  for (const kind of ["example", "test", "tooling"] as const) if (importers.has(kind)) return kind;
  return importers.has("docs") ? "tooling" : "production";
}

/**
 * The kind of a tool (bundler, linter, test runner) that a manifest lists among runtime dependencies, as apps
 * often do: production only when production code imports it (a product that runs Babel or Selenium); else a
 * test tool is test and any other tool tooling, whoever imports it.
 */
export function toolKindByUse(importers: ReadonlySet<EvidenceKind>, testTool: boolean): EvidenceKind {
  if (importers.has("production")) return "production";
  return testTool ? "test" : "tooling";
}

/**
 * Whether a package a manifest builds is exactly one the catalog names (not a wildcard match: a
 * repository named `eslint-config-acme` is not ESLint). A Go module's major version suffix is the module.
 */
export function namesThePackage(entry: CatalogEntry, key: DetectionKey): boolean {
  const normalize = (name: string) =>
    key.space === "pypi" ? normalizePypi(name) : key.space === "go" ? name.replace(/\/v\d+$/, "") : name;
  const own = normalize(key.name).toLowerCase();
  const keys: Partial<Record<string, readonly string[]>> = entry.keys ?? {};
  // `Serilog*` names the package Serilog itself (and its family); `eslint-*` names no package `eslint-x`.
  const stem = (k: string) => (k.endsWith("*") ? k.slice(0, -1) : k);
  return (keys[key.space] ?? []).some((k) => normalize(stem(k)).toLowerCase() === own);
}

// The strongest kind names the status of a technology without production evidence: the repository's own
// tests and tooling run it (an app's build uses Vite), an example only shows it to readers.
const STATUS_BY_STRENGTH: readonly [EvidenceKind, TechStatus][] = [
  ["production", "production"],
  ["test", "test-only"],
  ["tooling", "tooling-only"],
  ["example", "example-only"],
  ["docs", "docs-only"],
];

/** `production` when any evidence is production, otherwise the strongest other kind. */
export function statusOf(evidence: readonly Evidence[]): TechStatus {
  for (const [kind, status] of STATUS_BY_STRENGTH) {
    if (evidence.some((e) => e.kind === kind)) return status;
  }
  return "docs-only";
}

export function compareEvidence(a: Evidence, b: Evidence): number {
  return a.repo.localeCompare(b.repo) || a.path.localeCompare(b.path) || (a.line ?? 0) - (b.line ?? 0);
}

/** An import seen in many files says no more than in a few: at most this many per repository and kind. */
export const MAX_IMPORT_EVIDENCE = 5;

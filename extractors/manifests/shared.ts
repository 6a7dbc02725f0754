// Small helpers shared by the manifest detectors.
import type { DependencyScope, Detection } from "../types.js";

/** The last segment of a relative POSIX path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf("/") + 1);
}

/** The name of the folder holding `path`, or "" at the repository root. */
export function parentName(path: string): string {
  const parts = path.split("/");
  return parts.length > 1 ? (parts[parts.length - 2] ?? "") : "";
}

/** Maps character offsets to 1-based line numbers. */
export class LineIndex {
  private readonly starts: number[] = [0];

  constructor(text: string) {
    for (let i = text.indexOf("\n"); i !== -1; i = text.indexOf("\n", i + 1)) this.starts.push(i + 1);
  }

  lineAt(offset: number): number {
    let low = 0;
    let high = this.starts.length - 1;
    while (low < high) {
      const mid = (low + high + 1) >> 1;
      if ((this.starts[mid] ?? 0) <= offset) low = mid;
      else high = mid - 1;
    }
    return low + 1;
  }
}

/** Whether a file has nothing to read: empty, whitespace, or only a byte-order mark. */
export function isBlank(text: string): boolean {
  return text.replace(/^\uFEFF/, "").trim() === "";
}

/** A plain table/object (also the null-prototype ones TOML parsers return), not an array or a date. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

export function manifestDetection(
  space: string,
  name: string,
  line: number | undefined,
  detail: string,
  scope: DependencyScope,
): Detection {
  const detection: Detection = { key: { space, name }, via: "manifest", detail, scope };
  if (line !== undefined) detection.line = line;
  return detection;
}

/** `name@version`, or the bare name when there is no specific version string to show. */
export function withVersion(name: string, version: unknown): string {
  return typeof version === "string" && version !== "" && version !== "*" ? `${name}@${version}` : name;
}

/** Detections in file order (a stable sort keeps same-line ones in the order found). */
export function byLine(detections: Detection[]): Detection[] {
  return detections.sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
}

/** A path of keys into a parsed document, as a map key. */
export function pathKey(path: readonly (string | number)[]): string {
  return path.join("\u0000");
}

/**
 * What a manifest says about an entry beyond its section, for the analyser (which sees every file of the
 * repository) to act on. Kept off `Detection`: only manifests report it.
 */
export interface ManifestFacts {
  /**
   * The entry sits in a manifest that has no separate section for test or development dependencies
   * (go.mod, an untagged requirements file, a Gemfile outside any group, the repository root's package.json
   * `dependencies`): its runtime scope is a default, and the files that import the package decide its kind.
   */
  unseparated?: boolean;
  /** package.json with `"private": true`: a workspace root when it declares `workspaces`, or by its siblings. */
  privatePackage?: { workspaces: boolean };
  /** The manifest's name for the package it builds (package.json `name`, go.mod `module`, ...), not a dependency. */
  ownPackage?: boolean;
}

export type ManifestDetection = Detection & ManifestFacts;

/** The facts a manifest detector attached to a detection (none for other detectors). */
export function manifestFacts(detection: Detection): ManifestFacts {
  return detection as ManifestDetection;
}

/** The package a manifest builds, as a detection: `detail` names the line that says so. */
export function ownPackageDetection(
  space: string,
  name: string,
  line: number | undefined,
  said: string,
): ManifestDetection {
  const detection: ManifestDetection = {
    key: { space, name },
    via: "manifest",
    detail: `this repository is the package (${said})`,
    scope: "runtime",
    ownPackage: true,
  };
  if (line !== undefined) detection.line = line;
  return detection;
}

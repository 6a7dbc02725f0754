// Shared by the infra detector tests: compact, exact renderings of detections and indented fixtures.
import { expect } from "vitest";
import { loadYaml } from "../../../extractors/infra/yaml-doc.js";
import type { Detection, FileDetector } from "../../../extractors/types.js";
import type { EvidenceVia } from "../../../core/truth.js";
import { ParseError } from "../../../extractors/types.js";

/** `space:name @line detail`: one string per detection, so a table row states everything exactly. */
export function render(detections: Detection[]): string[] {
  return detections.map(
    (found) => `${found.key.space}:${found.key.name} @${found.line ?? "?"} ${found.detail}`,
  );
}

/** Runs a detector the way the walker does (only on files it matches) and checks the `via` of every result. */
export function detect(detector: FileDetector, path: string, text: string, via: EvidenceVia): string[] {
  expect(detector.matches(path), `${detector.id} should match ${path}`).toBe(true);
  const detections = detector.detect({ path, text });
  for (const found of detections) expect(found.via).toBe(via);
  return render(detections);
}

/** The ParseError a detector throws, for checking its message and line. */
export function parseError(detector: FileDetector, path: string, text: string): ParseError {
  try {
    detector.detect({ path, text });
  } catch (error) {
    if (error instanceof ParseError) return error;
    throw error;
  }
  throw new Error(`${detector.id} accepted ${path}`);
}

/** Removes the leading newline and the common indentation of a template literal fixture. */
export function dedent(text: string): string {
  const lines = text.replace(/^\n/, "").split("\n");
  const indents = lines.filter((line) => line.trim() !== "").map((line) => /^ */.exec(line)?.[0].length ?? 0);
  const common = Math.min(...indents, Infinity);
  return lines.map((line) => line.slice(common === Infinity ? 0 : common)).join("\n");
}

/**
 * Awaits each detector's `init()`, as the analyser does before the first file a detector matches, and
 * loads `yaml` for the detectors that ask for it only once a file passes their content check.
 */
export async function initDetectors(...detectors: FileDetector[]): Promise<void> {
  for (const detector of detectors) await detector.init?.();
  await loadYaml();
}

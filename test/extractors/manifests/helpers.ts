// Shared helpers for the manifest detector tests.
import { expect } from "vitest";
import { type Detection, type FileDetector, ParseError } from "../../../extractors/types.js";

/** One detection as `[space, name, line, scope]`, the shape every expectation table uses. */
export type Row = [space: string, name: string, line: number | undefined, scope: string | undefined];

export function rows(detections: Detection[]): Row[] {
  for (const d of detections) expect(d.via).toBe("manifest");
  return detections.map((d) => [d.key.space, d.key.name, d.line, d.scope]);
}

export function detectRows(detector: FileDetector, path: string, text: string): Row[] {
  return rows(detector.detect({ path, text }));
}

/** Asserts `detect` throws a ParseError with exactly this message (and line, when given). */
export function expectParseError(
  detector: FileDetector,
  path: string,
  text: string,
  message: string,
  line?: number,
): void {
  let thrown: unknown;
  try {
    detector.detect({ path, text });
  } catch (error) {
    thrown = error;
  }
  expect(thrown).toBeInstanceOf(ParseError);
  expect((thrown as ParseError).message).toBe(message);
  if (line !== undefined) expect((thrown as ParseError).line).toBe(line);
}

/** Lines joined with `\n`, so a fixture's line numbers read straight off the array. */
export function lines(...text: string[]): string {
  return text.join("\n");
}

/** Awaits each detector's `init()`, as the analyser does before the first file a detector matches. */
export async function initDetectors(...detectors: FileDetector[]): Promise<void> {
  for (const detector of detectors) await detector.init?.();
}

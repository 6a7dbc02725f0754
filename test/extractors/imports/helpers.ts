import type { Detection, FileDetector } from "../../../extractors/types.js";

/** Runs `detector` on one file and returns `[key, line]` pairs in report order. */
export function keysAndLines(
  detector: FileDetector,
  path: string,
  text: string,
): [string, number | undefined][] {
  return detector.detect({ path, text }).map((d: Detection) => [d.key.name, d.line]);
}

/** Awaits each detector's `init()`, as the analyser does before the first file a detector matches. */
export async function initDetectors(...detectors: FileDetector[]): Promise<void> {
  for (const detector of detectors) await detector.init?.();
}

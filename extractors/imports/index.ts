// Source-code import detectors: JS/TS and CSS (npm), Python and notebooks (import:python), Go (go), Java
// and Kotlin (import:java), and the libraries HTML pages and templates load (npm).
import { lazy } from "../../core/lazy.js";
import type { FileDetector } from "../types.js";
import { cssImportDetector } from "./css.js";
import { goImportDetector } from "./go.js";
import { javaImportDetector } from "./java.js";
import { jsImportDetector } from "./js.js";
import { kotlinImportDetector } from "./kotlin.js";
import { loadFallbackGrammars } from "./js-fallback.js";
import { notebookImportDetector } from "./notebook.js";
import { pythonImportDetector } from "./python.js";
import { servedLibraryDetector } from "./served.js";

export const importDetectors: FileDetector[] = [
  jsImportDetector,
  pythonImportDetector,
  notebookImportDetector,
  goImportDetector,
  javaImportDetector,
  kotlinImportDetector,
  cssImportDetector,
  servedLibraryDetector,
];

const ready = lazy(async () => {
  await Promise.all([...importDetectors.map((detector) => detector.init?.()), loadFallbackGrammars()]);
});

/**
 * Loads what every import detector needs (oxc-parser and every WASM grammar, the JS/TS fallback ones
 * included) at once; runs once however often it is called. For tests and tools that want everything up
 * front: the analyser instead awaits each detector's own `init()` before its first file, so a Java
 * repository never loads Go's grammar, and loads a fallback grammar only for a file that needs it.
 */
export function initImportDetectors(): Promise<void> {
  return ready();
}

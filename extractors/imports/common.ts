// Shared helpers for the import detectors: candidate hits, detail text and line numbers.
import type { Detection } from "../types.js";

/** One import a language extractor saw, before de-duplication. */
export interface Hit {
  /** The key name in the detector's space. */
  name: string;
  /** Sort position within the file (an offset); the first hit of a name wins. */
  at: number;
  line?: number;
  detail: string;
}

const MAX_DETAIL = 120;

/** Collapses whitespace and trims `text` to at most 120 characters. */
export function clip(text: string): string {
  const flat = text.replace(/\s+/g, " ").trim();
  return flat.length <= MAX_DETAIL ? flat : `${flat.slice(0, MAX_DETAIL - 1)}…`;
}

/** Orders hits by position and keeps the first hit of each name. */
export function toDetections(space: string, hits: Hit[]): Detection[] {
  const seen = new Set<string>();
  const out: Detection[] = [];
  for (const hit of [...hits].sort((a, b) => a.at - b.at)) {
    if (seen.has(hit.name)) continue;
    seen.add(hit.name);
    const detection: Detection = { key: { space, name: hit.name }, via: "import", detail: clip(hit.detail) };
    if (hit.line !== undefined) detection.line = hit.line;
    out.push(detection);
  }
  return out;
}

/**
 * The value of a quoted literal's source text (`"x"`, `'x'`, or with the default `quotes` also `` `x` ``);
 * undefined when it is not one quoted literal or holds escapes or `${` substitutions.
 */
export function plainString(raw: string, quotes: RegExp = /^(['"`])(.*)\1$/s): string | undefined {
  const value = quotes.exec(raw)?.[2];
  return value === undefined || value.includes("\\") || value.includes("${") ? undefined : value;
}

/** Whether `path` ends with one of `extensions` (lower-case, with the dot). */
export function hasExtension(path: string, extensions: readonly string[]): boolean {
  const lower = path.toLowerCase();
  return extensions.some((ext) => lower.endsWith(ext));
}

import type { RepoSnapshot } from "../../extractors/sources/types.js";

/** A repository held in memory: each file's path and text. */
export function memoryRepo(files: Record<string, string>, name = "app"): RepoSnapshot {
  return {
    name,
    source: name,
    files: Object.entries(files).map(([path, text]) => ({ path, size: Buffer.byteLength(text) })),
    warnings: [],
    read: (path) => Promise.resolve(Buffer.from(files[path] ?? "")),
  };
}

// Generated from linguist-languages by scripts/gen-languages.mjs (the package itself takes ~200 ms to load).
import generated from "./languages.json" with { type: "json" };

// A null file name is a data or prose file (go.mod): never counted, whatever its extension says.
const table: { extensions: Record<string, string>; filenames: Record<string, string | null> } = generated;

/** The linguist language of a file by its name; undefined for data, prose and unknown files. */
export function languageOf(path: string): string | undefined {
  const file = path.slice(path.lastIndexOf("/") + 1);
  const byName = table.filenames[file];
  if (byName !== undefined) return byName ?? undefined;
  const lower = file.toLowerCase();
  // Longest multi-part extension first: `.d.ts` before `.ts`.
  for (let dot = lower.indexOf("."); dot !== -1; dot = lower.indexOf(".", dot + 1)) {
    const language = table.extensions[lower.slice(dot)];
    if (language) return language;
  }
  return undefined;
}

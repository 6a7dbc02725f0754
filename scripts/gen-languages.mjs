// Builds extractors/languages.json from the linguist-languages package: extension and filename → language,
// for the languages linguist counts (programming and markup). Loading the package itself takes ~200 ms.
// Run after upgrading linguist-languages; test/extractors/languages.test.ts fails when the table is stale.
import { writeFileSync } from "node:fs";
import * as languages from "linguist-languages";

// Where linguist lists several languages for one extension, these win (linguist decides by heuristics).
const PREFERRED = {
  ".h": "C",
  ".ts": "TypeScript",
  ".pl": "Perl",
  ".m": "Objective-C",
  ".cs": "C#",
  ".fs": "F#",
  ".v": "Verilog",
  ".r": "R",
  ".rs": "Rust",
  ".inc": "PHP",
};
// Extensions whose usual language is prose or data, which a programming language also claims.
const NOT_COUNTED = [".md", ".sql", ".txt", ".json", ".yml", ".yaml", ".xml", ".toml", ".csv"];
const COUNTED = new Set(["programming", "markup"]);

export function buildLanguageTable() {
  const extensions = {};
  const filenames = {};
  const all = Object.values(languages).filter((l) => COUNTED.has(l.type));
  for (const language of all) {
    for (const ext of language.extensions ?? []) extensions[ext.toLowerCase()] ??= language.name;
    for (const file of language.filenames ?? []) filenames[file] ??= language.name;
  }
  // An extension that is some language's primary one belongs to that language.
  for (const language of all) {
    const first = language.extensions?.[0]?.toLowerCase();
    if (first) extensions[first] = language.name;
  }
  for (const [ext, name] of Object.entries(PREFERRED)) {
    if (languages[name] && COUNTED.has(languages[name].type)) extensions[ext] = name;
  }
  for (const ext of NOT_COUNTED) delete extensions[ext];
  // A file name that belongs to a data or prose language (go.mod, Pipfile) is never counted by extension.
  for (const language of Object.values(languages)) {
    if (COUNTED.has(language.type)) continue;
    for (const file of language.filenames ?? []) filenames[file] ??= null;
  }
  const sorted = (o) => Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : 1)));
  return { source: "linguist-languages", extensions: sorted(extensions), filenames: sorted(filenames) };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  writeFileSync(
    new URL("../extractors/languages.json", import.meta.url),
    JSON.stringify(buildLanguageTable(), null, 1) + "\n",
  );
  console.log("wrote extractors/languages.json");
}

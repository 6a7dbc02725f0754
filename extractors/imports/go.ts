// Go imports via tree-sitter: every import spec, single or grouped, with or without an alias, `_` or `.`.
// The standard library (no dot in the first path segment, like cgo's "C") is skipped. A file built only for
// a tool run (`//go:build tools`, `//go:build ignore`) reports its imports as dev (tooling); build variants
// (`//go:build aws`) are judged by the analyser, against the repository's builds (go-variants.ts).
import { lazy } from "../../core/lazy.js";
import type { FileDetector, SourceFile } from "../types.js";
import { hasExtension, toDetections, type Hit } from "./common.js";
import { buildRole, readConstraint } from "./go-build.js";
import { compileQuery, eachMatch, loadGrammar } from "./treesitter.js";

const QUERY = `(import_declaration [
  (import_spec path: (_) @path) @spec
  (import_spec_list (import_spec path: (_) @path) @spec)
])`;
/** Letters, digits and `-._~+/`: what `go` accepts in an import path (a template placeholder is not one). */
const IMPORT_PATH = /^[\w.~+-]+(?:\/[\w.~+-]+)*$/;

const query = lazy(() => compileQuery("go", QUERY));

export function goHits(file: SourceFile): Hit[] {
  const hits: Hit[] = [];
  eachMatch("go", query.peek(), file.text, { topLevel: true }, ({ path, spec }) => {
    const name = path?.text.slice(1, -1) ?? "";
    if (!path || !spec || !IMPORT_PATH.test(name) || !name.split("/")[0]?.includes(".")) return;
    hits.push({ name, at: spec.startIndex, line: path.startPosition.row + 1, detail: `import ${spec.text}` });
  });
  return hits;
}

export const goImportDetector: FileDetector = {
  id: "imports:go",
  matches: (path) => hasExtension(path, [".go"]),
  async init() {
    await loadGrammar("go");
    query();
  },
  detect(file) {
    const found = toDetections("go", goHits(file));
    // tools.go (`//go:build tools`) and `//go:build ignore` generators: no build of the product has them.
    return buildRole(readConstraint(file.text)) === "tools"
      ? found.map((d) => ({ ...d, scope: "dev" as const }))
      : found;
  },
};

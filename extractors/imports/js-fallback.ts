// Error-tolerant fallback for JS/TS files oxc rejects (Flow-only syntax, template placeholders, broken code):
// tree-sitter keeps parsing past errors, so imports after a bad line are still found.
import type { Query } from "@vscode/tree-sitter-wasm";
import { NeedsLoading } from "../types.js";
import { hasExtension, plainString } from "./common.js";
import { compileQuery, eachMatch, loadGrammar } from "./treesitter.js";

/** An import before the specifier filter: `at`/`end` are offsets of the whole statement or call. */
export interface RawImport {
  specifier: string;
  at: number;
  end: number;
  typeOnly?: boolean;
}

const QUERY = `
(import_statement source: (string) @source) @statement
(import_statement (import_require_clause source: (string) @source)) @statement
(export_statement source: (string) @source) @statement
(call_expression function: (identifier) @callee arguments: (arguments . [(string) (template_string)] @source)
  (#eq? @callee "require")) @statement
(call_expression function: (import) arguments: (arguments . [(string) (template_string)] @source)) @statement
`;

type FallbackGrammar = "typescript" | "tsx";

const queries = new Map<FallbackGrammar, Query>();
const loading = new Map<FallbackGrammar, Promise<void>>();

/**
 * Loads one fallback grammar and compiles its query, once. Not part of the detector's `init()`: most
 * repositories have no file oxc rejects, and the grammars cost ~70 ms to load.
 */
function loadFallbackGrammar(grammar: FallbackGrammar): Promise<void> {
  let promise = loading.get(grammar);
  if (!promise) {
    promise = loadGrammar(grammar).then(() => {
      queries.set(grammar, compileQuery(grammar, QUERY));
    });
    loading.set(grammar, promise);
  }
  return promise;
}

/** Loads both fallback grammars up front (for tests and tools; the analyser loads them on demand). */
export async function loadFallbackGrammars(): Promise<void> {
  await Promise.all([loadFallbackGrammar("typescript"), loadFallbackGrammar("tsx")]);
}

/** Imports in a file oxc rejects. Throws `NeedsLoading` until the file's grammar is loaded. */
export function fallbackImports(path: string, text: string): RawImport[] {
  const grammar: FallbackGrammar = hasExtension(path, [".ts", ".mts", ".cts"]) ? "typescript" : "tsx";
  const query = queries.get(grammar);
  if (!query) throw new NeedsLoading(loadFallbackGrammar(grammar), `the tree-sitter ${grammar} grammar is`);
  const found: RawImport[] = [];
  eachMatch(grammar, query, text, {}, ({ source, statement }) => {
    const specifier = source && plainString(source.text);
    if (!statement || specifier === undefined) return;
    const typeOnly = /^(?:import|export)\s+type\s+(?!from\b)/.test(statement.text);
    found.push({ specifier, at: statement.startIndex, end: statement.endIndex, typeOnly });
  });
  return found;
}

// Error-tolerant fallback for JS/TS files oxc rejects (Flow-only syntax, template placeholders, broken code):
// tree-sitter keeps parsing past errors, so imports after a bad line are still found.
import type { Query } from "@vscode/tree-sitter-wasm";
import { hasExtension, plainString } from "./common.js";
import { compileQuery, eachMatch, loadGrammar, type Grammar } from "./treesitter.js";

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

const queries = new Map<Grammar, Query>();

export async function loadFallbackGrammars(): Promise<void> {
  for (const grammar of ["typescript", "tsx"] as const) {
    await loadGrammar(grammar);
    if (!queries.has(grammar)) queries.set(grammar, compileQuery(grammar, QUERY));
  }
}

export function fallbackImports(path: string, text: string): RawImport[] {
  const grammar: Grammar = hasExtension(path, [".ts", ".mts", ".cts"]) ? "typescript" : "tsx";
  const found: RawImport[] = [];
  eachMatch(grammar, queries.get(grammar), text, {}, ({ source, statement }) => {
    const specifier = source && plainString(source.text);
    if (!statement || specifier === undefined) return;
    const typeOnly = /^(?:import|export)\s+type\s+(?!from\b)/.test(statement.text);
    found.push({ specifier, at: statement.startIndex, end: statement.endIndex, typeOnly });
  });
  return found;
}

// Python imports: `import a.b`, `from a.b import c` and `importlib.import_module("a.b")`. A cheap reader of
// import statements and loader calls (python-statements.ts) reads most files; tree-sitter reads those it is
// unsure of.
import type { Node, Query } from "@vscode/tree-sitter-wasm";
import { lazy } from "../../core/lazy.js";
import type { FileDetector } from "../types.js";
import { hasExtension, plainString, toDetections, type Hit } from "./common.js";
import { type ImportStatement, readImportStatements } from "./python-statements.js";
import { compileQuery, eachMatch, loadGrammar } from "./treesitter.js";

// Relative imports (`from . import x`, `from .m import y`) have a `relative_import` module and never match.
const STATIC = `
(import_statement name: (dotted_name) @module)
(import_statement name: (aliased_import name: (dotted_name) @module))
(import_from_statement module_name: (dotted_name) @module)
`;
// Matching every call costs more than the parse, so this pattern only runs when the text names a loader.
const DYNAMIC = `
(call function: (_) @callee arguments: (argument_list . (string) @module)
  (#any-of? @callee "importlib.import_module" "import_module" "__import__"))
`;
const LOADERS = /import_module|__import__/;
const DOTTED = /^[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*$/;
const STATEMENTS = new Set(["import_statement", "import_from_statement", "call"]);

const staticQuery = lazy(() => compileQuery("python", STATIC));
/** The query with the loader calls, compiled (~20 ms) the first time a file names a loader. */
const fullQuery = lazy(() => compileQuery("python", STATIC + DYNAMIC));

export async function initPython(): Promise<void> {
  await loadGrammar("python");
  staticQuery();
}

function queryFor(text: string): Query | undefined {
  const query = staticQuery.peek();
  return LOADERS.test(text) && query ? fullQuery() : query;
}

function statementOf(node: Node): Node {
  let current: Node | null = node;
  while (current && !STATEMENTS.has(current.type)) current = current.parent;
  return current ?? node;
}

function moduleName(node: Node): string | undefined {
  const name =
    node.type === "string" ? plainString(node.text, /^(['"])(.*)\1$/s) : node.text.replace(/\s+/g, "");
  return name !== undefined && DOTTED.test(name) ? name : undefined;
}

/**
 * Imports in Python source. `lineOf` maps a 0-based row to the reported line (notebooks map rows to
 * lines of the .ipynb file); `offset` shifts the sort position so several cells keep their order.
 */
export function pythonHits(text: string, lineOf: (row: number) => number | undefined, offset = 0): Hit[] {
  // The cheap reader needs no grammar, but a detector used without its init() fails alike on every file.
  if (!staticQuery.peek())
    throw new Error("tree-sitter query for python is not compiled: the detector's init() was not awaited");
  const statements = readImportStatements(text);
  const hits = statements
    ? statementHits(text, statements, lineOf, offset)
    : treeSitterHits(text, lineOf, offset);
  return hits.flatMap(withNamespaceMembers);
}

// Namespace packages hold no code of their own: `from google.cloud import storage` imports
// google.cloud.storage, and only the member says which library it is.
const NAMESPACES = new Set(["google", "google.cloud", "azure", "azure.mgmt", "azure.storage", "azure.ai"]);
const FROM_IMPORT = /^from\s+[\w.]+\s+import\s+\(?([\s\S]*?)\)?\s*$/;

/** A `from <namespace> import a, b as c` hit, as one hit per member (`google.cloud.storage`); others as they are. */
function withNamespaceMembers(hit: Hit): Hit[] {
  if (!NAMESPACES.has(hit.name)) return [hit];
  const names = FROM_IMPORT.exec(hit.detail.replace(/#[^\n]*/g, ""))?.[1];
  if (names === undefined) return [hit];
  const members = names
    .split(",")
    .map((part) => part.trim().split(/\s+/)[0] ?? "")
    .filter((member) => /^[A-Za-z_]\w*$/.test(member));
  return members.length === 0 ? [hit] : members.map((member) => ({ ...hit, name: `${hit.name}.${member}` }));
}

/** The hits tree-sitter's query gives, from the statements the cheap reader found. */
function statementHits(
  text: string,
  statements: readonly ImportStatement[],
  lineOf: (row: number) => number | undefined,
  offset: number,
): Hit[] {
  const hits: Hit[] = [];
  let row = 0;
  let counted = 0;
  for (const { start, end, modules } of statements) {
    for (const { name, at } of modules) {
      if (!DOTTED.test(name)) continue;
      for (let i = text.indexOf("\n", counted); i !== -1 && i < at; i = text.indexOf("\n", i + 1)) row++;
      counted = at;
      const hit: Hit = { name, at: offset + start, detail: text.slice(start, end) };
      const line = lineOf(row);
      if (line !== undefined) hit.line = line;
      hits.push(hit);
    }
  }
  return hits;
}

/** The hits of tree-sitter's query: for files the cheap reader is unsure of, and for tests. */
export function treeSitterHits(
  text: string,
  lineOf: (row: number) => number | undefined,
  offset: number,
): Hit[] {
  const hits: Hit[] = [];
  const query = queryFor(text);
  eachMatch("python", query, text, {}, ({ module }) => {
    const name = module && moduleName(module);
    if (!module || name === undefined) return;
    const statement = statementOf(module);
    const hit: Hit = { name, at: offset + statement.startIndex, detail: statement.text };
    const line = lineOf(module.startPosition.row);
    if (line !== undefined) hit.line = line;
    hits.push(hit);
  });
  return hits;
}

const lineOfRow = (row: number): number => row + 1;

export const pythonImportDetector: FileDetector = {
  id: "imports:python",
  matches: (path) => hasExtension(path, [".py"]),
  init: initPython,
  detect: (file) => toDetections("import:python", pythonHits(file.text, lineOfRow)),
};

// Loads the tree-sitter WASM runtime and grammars once; parsing afterwards is synchronous.
// The runtime module loads on the first `loadGrammar` (a detector's `init()`), never at import, and
// `Parser.init()` runs exactly once however many grammars load, in whatever order.
import type TreeSitterModule from "@vscode/tree-sitter-wasm";
import type { Language, Node, Parser, Query } from "@vscode/tree-sitter-wasm";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { lazy } from "../../core/lazy.js";
import { ParseError } from "../types.js";

export type Grammar = "python" | "go" | "java" | "typescript" | "tsx";

type TreeSitter = typeof TreeSitterModule;

interface Loaded {
  treeSitter: TreeSitter;
  language: Language;
  parser: Parser;
}

const pending = new Map<Grammar, Promise<void>>();
const loaded = new Map<Grammar, Loaded>();

/**
 * Loads the runtime module and initialises it; once, shared by every grammar. The module is CommonJS:
 * `require` skips the export scan an ESM `import` runs over its 170 KB (~20 ms).
 */
const loadRuntime = lazy(async (): Promise<TreeSitter> => {
  const treeSitter = createRequire(import.meta.url)("@vscode/tree-sitter-wasm") as TreeSitter;
  await treeSitter.Parser.init();
  return treeSitter;
});

/** Loads `grammar` (and the runtime, the first time). Safe to call repeatedly and concurrently. */
export function loadGrammar(grammar: Grammar): Promise<void> {
  let promise = pending.get(grammar);
  if (!promise) {
    promise = loadRuntime().then(async (treeSitter) => {
      const wasmDir = dirname(createRequire(import.meta.url).resolve("@vscode/tree-sitter-wasm"));
      const language = await treeSitter.Language.load(join(wasmDir, `tree-sitter-${grammar}.wasm`));
      const parser = new treeSitter.Parser();
      parser.setLanguage(language);
      loaded.set(grammar, { treeSitter, language, parser });
    });
    pending.set(grammar, promise);
  }
  return promise;
}

function get(grammar: Grammar): Loaded {
  const found = loaded.get(grammar);
  if (!found)
    throw new Error(
      `tree-sitter grammar ${grammar} is not loaded: the detector's init() was not awaited before detect()`,
    );
  return found;
}

/** Compiles a query for `grammar` (call after `loadGrammar`). */
export function compileQuery(grammar: Grammar, source: string): Query {
  const { treeSitter, language } = get(grammar);
  return new treeSitter.Query(language, source);
}

/**
 * Parses `text` and calls `visit` with the captures of each match of `query`, by capture name. The tree is
 * freed afterwards, so `visit` must not keep nodes. Throws when the query was never compiled (no `init()`).
 * `topLevel` matches only children of the root, which skips function bodies; a tree with syntax errors is
 * searched in full, since error recovery can nest a declaration inside an ERROR node.
 */
export function eachMatch(
  grammar: Grammar,
  query: Query | undefined,
  text: string,
  { topLevel = false }: { topLevel?: boolean },
  visit: (captures: Record<string, Node | undefined>) => void,
): void {
  if (!query)
    throw new Error(
      `tree-sitter query for ${grammar} is not compiled: the detector's init() was not awaited before detect()`,
    );
  const tree = get(grammar).parser.parse(text);
  if (!tree) throw new ParseError(`tree-sitter could not parse the file as ${grammar}`);
  try {
    const root = tree.rootNode;
    const options = topLevel && !root.hasError ? { maxStartDepth: 1 } : {};
    for (const match of query.matches(root, options)) {
      visit(Object.fromEntries(match.captures.map((capture) => [capture.name, capture.node])));
    }
  } finally {
    tree.delete();
  }
}

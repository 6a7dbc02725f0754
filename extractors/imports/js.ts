// JS/TS imports via oxc-parser: static imports, re-exports, dynamic `import("x")`, `require("x")` and
// `import x = require("x")`. Files oxc rejects go to the tree-sitter fallback in js-fallback.ts.
// oxc-parser loads in the detector's `init()`, never at import; a fallback grammar loads only when a file
// needs it (`detect()` throws `NeedsLoading`, and the analyser awaits it and calls again).
//
// Memory: a parse result keeps its AST (JSON text) in Rust memory V8 cannot see, until its small JS
// object is collected and Node, between event-loop turns, runs its finalizer. oxc's `parseSync` wraps
// it in a closure that survives young-generation GCs, so it waited for a rare full GC (44k files:
// +250 MB RSS). Hence the native binding directly, each getter read once (a read moves the value
// out of Rust into V8's heap, collected like any string), and the analyser yields between files.
import type * as OxcParser from "oxc-parser";
import type { Argument, EcmaScriptModule, ParserOptions, Program } from "oxc-parser";
import type * as OxcBindings from "oxc-parser/src-js/bindings.js";
import { lazy } from "../../core/lazy.js";
import type { FileDetector, SourceFile } from "../types.js";
import { hasExtension, plainString, toDetections, type Hit } from "./common.js";
import { lineLocator } from "../../core/lines.js";
import { fallbackImports, type RawImport } from "./js-fallback.js";
import { npmKey } from "./npm-specifier.js";

const EXTENSIONS = [".js", ".jsx", ".mjs", ".cjs", ".ts", ".tsx", ".mts", ".cts"];

interface Oxc {
  parseSync: typeof OxcBindings.parseSync;
  Visitor: typeof OxcParser.Visitor;
}

const oxcModules = lazy(async (): Promise<Oxc> => {
  const [module, bindings] = await Promise.all([
    import("oxc-parser"),
    import("oxc-parser/src-js/bindings.js"),
  ]);
  return { parseSync: bindings.parseSync, Visitor: module.Visitor };
});

/** Loads oxc-parser; the detector's `init()`. */
async function loadJsParser(): Promise<void> {
  await oxcModules();
}

function oxcParser(): Oxc {
  const oxc = oxcModules.peek();
  if (!oxc)
    throw new Error("oxc-parser is not loaded: the detector's init() was not awaited before detect()");
  return oxc;
}

/** `import type` marks type-only imports; the statement text shows it unless written `import { type X }`. */
export function importDetail(text: string, typeOnly: boolean | undefined): string {
  return typeOnly && !/^import\s+type\s/.test(text) ? `import type: ${text}` : text;
}

function parserLang(path: string): ParserOptions["lang"] {
  if (hasExtension(path, [".ts", ".mts", ".cts"])) return "ts";
  return hasExtension(path, [".tsx"]) ? "tsx" : "jsx";
}

/** The value of a string literal or a template literal without substitutions. */
function literalValue(node: Argument | undefined): string | undefined {
  if (node?.type === "Literal" && typeof node.value === "string") return node.value;
  if (node?.type === "TemplateLiteral" && node.expressions.length === 0)
    return node.quasis[0]?.value.cooked ?? undefined;
  return undefined;
}

function moduleImports(module: EcmaScriptModule, text: string): RawImport[] {
  const found: RawImport[] = [];
  for (const imp of module.staticImports) {
    const typeOnly = imp.entries.length > 0 && imp.entries.every((entry) => entry.isType);
    found.push({ specifier: imp.moduleRequest.value, at: imp.start, end: imp.end, typeOnly });
  }
  for (const exp of module.staticExports) {
    const source = exp.entries.find((entry) => entry.moduleRequest)?.moduleRequest;
    const typeOnly = exp.entries.every((entry) => entry.isType);
    if (source) found.push({ specifier: source.value, at: exp.start, end: exp.end, typeOnly });
  }
  for (const dyn of module.dynamicImports) {
    // oxc reports the span of the argument, not its value.
    const specifier = plainString(text.slice(dyn.moduleRequest.start, dyn.moduleRequest.end));
    if (specifier !== undefined) found.push({ specifier, at: dyn.start, end: dyn.end });
  }
  return found;
}

function requireCalls(program: Program): RawImport[] {
  const { Visitor } = oxcParser();
  const found: RawImport[] = [];
  new Visitor({
    CallExpression(node) {
      if (node.callee.type !== "Identifier" || node.callee.name !== "require") return;
      const specifier = literalValue(node.arguments[0]);
      if (specifier !== undefined) found.push({ specifier, at: node.start, end: node.end });
    },
    TSImportEqualsDeclaration(node) {
      const ref = node.moduleReference;
      if (ref.type !== "TSExternalModuleReference") return;
      const typeOnly = node.importKind === "type";
      found.push({ specifier: ref.expression.value, at: node.start, end: node.end, typeOnly });
    },
  }).visit(program);
  return found;
}

/** The ESTree AST; oxc's `jsonParseAst` also revives BigInt and RegExp values, which no import needs. */
function programOf(json: string): Program {
  return (JSON.parse(json) as { node: Program }).node;
}

/**
 * Imports oxc finds, or undefined when it rejects the file. Parses as JSX/TS first; a `.js` file that
 * fails (Flow annotations, say) gets a second try as TSX.
 */
function oxcImports(path: string, text: string): RawImport[] | undefined {
  const { parseSync } = oxcParser();
  const lang = parserLang(path);
  for (const attempt of lang === "jsx" ? (["jsx", "tsx"] as const) : [lang]) {
    const parsed = parseSync(path, text, { lang: attempt });
    const clean = parsed.errors.length === 0;
    // Read even when unused: it frees the file's AST now rather than at some later GC.
    const program = parsed.program;
    if (!clean) continue;
    const found = moduleImports(parsed.module, text);
    return /\brequire\s*\(/.test(text) ? found.concat(requireCalls(programOf(program))) : found;
  }
  return undefined;
}

export function detectJsImports(file: SourceFile): Hit[] {
  const text = file.text.replace(/^\uFEFF/, "");
  // No keyword, no import: skip the parse (most of the time and memory per file).
  if (!/import|require|export/.test(text)) return [];
  const raw = oxcImports(file.path, text) ?? fallbackImports(file.path, text);
  const lineOf = lineLocator(text);
  const hits: Hit[] = [];
  for (const imp of raw) {
    const name = npmKey(imp.specifier);
    if (name === undefined) continue;
    const detail = importDetail(text.slice(imp.at, imp.end), imp.typeOnly);
    hits.push({ name, at: imp.at, line: lineOf(imp.at), detail });
  }
  return hits;
}

export const jsImportDetector: FileDetector = {
  id: "imports:js",
  matches: (path) => hasExtension(path, EXTENSIONS) && !/\.d\.[cm]?ts$|\.min\.[cm]?js$/i.test(path),
  init: loadJsParser,
  detect: (file) => toDetections("npm", detectJsImports(file)),
};

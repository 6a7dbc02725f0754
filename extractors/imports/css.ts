// CSS imports of npm packages (npm): Tailwind CSS v4 is `@import "tailwindcss"` with no config file, its
// plugins are `@plugin "…"`, v3 is `@tailwind base`; a stylesheet can also pull a package's CSS
// (`@import "bootstrap/dist/css/bootstrap.css"`). postcss reads the file, so a commented-out rule says nothing.
import type * as PostcssModule from "postcss";
import { createRequire } from "node:module";
import { lazy } from "../../core/lazy.js";
import { type Detection, type FileDetector, ParseError } from "../types.js";
import { type Hit, plainString, toDetections } from "./common.js";
import { npmKey } from "./npm-specifier.js";

const postcss = lazy(() => createRequire(import.meta.url)("postcss") as typeof PostcssModule.default);

// At-rules whose first parameter is a module: CSS's own, Tailwind v4's plugins, configs and references.
const MODULE_RULES = new Set(["import", "plugin", "config", "reference"]);

/** `"x"`, `'x'` or `url("x")` / `url(x)` at the start of an at-rule's parameters. */
function firstModule(params: string): string | undefined {
  const inner = /^url\(\s*([^)]*?)\s*\)/i.exec(params)?.[1] ?? /^(["'])[^"']*\1/.exec(params)?.[0];
  if (!inner) return undefined;
  return /^["']/.test(inner) ? plainString(inner, /^(['"])(.*)\1$/s) : inner;
}

export function detectCssImports(text: string): Detection[] {
  let root: PostcssModule.Root;
  try {
    root = postcss().parse(text);
  } catch (error) {
    const e = error as { reason?: string; line?: number };
    throw new ParseError(`not valid CSS: ${e.reason ?? String(error)}`, e.line);
  }
  const hits: Hit[] = [];
  root.walkAtRules((rule) => {
    const at = rule.source?.start?.offset ?? 0;
    const line = rule.source?.start?.line;
    const name = rule.name.toLowerCase();
    const detail = `@${rule.name} ${rule.params}`;
    if (name === "tailwind") return void hits.push({ name: "tailwindcss", at, line, detail });
    if (!MODULE_RULES.has(name)) return;
    const spec = firstModule(rule.params.trim());
    const key = spec === undefined ? undefined : npmKey(spec);
    if (key && !/\.css$/i.test(key.split("/")[0]!)) hits.push({ name: key, at, line, detail });
  });
  return toDetections("npm", hits);
}

export const cssImportDetector: FileDetector = {
  id: "css-imports",
  matches: (path) => /\.(css|pcss|postcss)$/i.test(path),
  detect: ({ text }) => (text.includes("@") ? detectCssImports(text) : []),
};

// Which JS/TS module specifiers name a real npm package, and under which key.
import { builtinModules } from "node:module";

const builtins = new Set(builtinModules);
/** `@scope/name` or `name`, then an optional subpath; a scope or name starts with a letter or digit. */
const PACKAGE = /^(?:@[a-z0-9][\w.~-]*\/)?[a-z0-9][\w.~-]*(?:\/\S*)?$/i;
/** A Deno `npm:` specifier: `npm:name@version/subpath`. */
const DENO_NPM = /^npm:(@[^/@]+\/[^/@]+|[^/@]+)(?:@[^/]*)?(\/.*)?$/;

/** The package part of a specifier: `@aws-sdk/client-s3/x` → `@aws-sdk/client-s3`, `lodash/fp` → `lodash`. */
export function packageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

/**
 * The `npm` key for an import specifier, or undefined when it names no package: relative and absolute paths,
 * URLs and other `scheme:` specifiers (`node:`, `bun:`, `virtual:`), Node builtins, path aliases (`@/x`,
 * `~/x`, `#x`, `$lib/x`) and loader syntax (`raw-loader!./x`). A Deno `npm:pkg@1/sub` becomes `pkg/sub`.
 */
export function npmKey(specifier: string): string | undefined {
  let spec = specifier.trim().replace(/\?.*$/s, "");
  const deno = DENO_NPM.exec(spec);
  if (deno) spec = `${deno[1]}${deno[2] ?? ""}`;
  else if (/^[a-z][a-z0-9+.-]*:/i.test(spec)) return undefined;
  if (spec.includes("!") || !PACKAGE.test(spec)) return undefined;
  if (builtins.has(spec) || builtins.has(packageName(spec))) return undefined;
  return spec;
}

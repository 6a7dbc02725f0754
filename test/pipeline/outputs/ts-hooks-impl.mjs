// The hooks behind ts-hooks.mjs (they run on Node's loader thread).
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { transform } from "rolldown/experimental";

export async function resolve(specifier, context, nextResolve) {
  if (specifier.endsWith(".js") && context.parentURL?.endsWith(".ts") && specifier.startsWith(".")) {
    const ts = new URL(specifier.replace(/\.js$/, ".ts"), context.parentURL);
    if (existsSync(fileURLToPath(ts))) return { url: ts.href, shortCircuit: true };
  }
  return nextResolve(specifier, context);
}

export async function load(url, context, nextLoad) {
  if (!url.endsWith(".ts")) return nextLoad(url, context);
  const path = fileURLToPath(url);
  const { code, errors } = await transform(path, await readFile(path, "utf8"), {});
  if (errors.length > 0) throw new Error(`${path}: ${errors[0].message}`);
  return { format: "module", source: code, shortCircuit: true };
}

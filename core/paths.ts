import { existsSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { lazy } from "./lazy.js";

const root = lazy(() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "package.json"))) {
    const parent = dirname(dir);
    if (parent === dir) throw new Error("vouch: cannot find its package.json");
    dir = parent;
  }
  return dir;
});

/** The package's root folder, found from this module whether it runs from source or from dist/. */
export function packageRoot(): string {
  return root();
}

/** A file shipped with the package, e.g. `assetPath("extractors", "catalog")`. */
export function assetPath(...parts: string[]): string {
  return join(packageRoot(), ...parts);
}

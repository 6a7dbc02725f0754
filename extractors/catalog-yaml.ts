import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { checkDocument } from "../core/document.js";
import { type CatalogEntry, catalogFileSchema } from "./catalog-schema.js";

/** Read and validate every `*.yaml` file in a catalog folder; a bad entry names its file, line and field. */
export function readCatalog(dir: string): CatalogEntry[] {
  const entries: CatalogEntry[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .sort()) {
    const path = join(dir, file);
    // Synchronous: the build script compiles the catalog with it.
    entries.push(...checkDocument(readFileSync(path, "utf8"), path, catalogFileSchema, { syntax: "yaml" }));
  }
  return entries;
}

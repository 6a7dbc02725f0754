import { readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { LineCounter, parseDocument } from "yaml";
import { InputError } from "../core/errors.js";
import { lineAt, syntaxLine } from "../core/yaml-lines.js";
import { type CatalogEntry, catalogFileSchema } from "./catalog-schema.js";

/** Read and validate every `*.yaml` file in a catalog folder; a bad entry names its file, line and field. */
export function readCatalog(dir: string): CatalogEntry[] {
  const entries: CatalogEntry[] = [];
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .sort()) {
    const path = join(dir, file);
    const lines = new LineCounter();
    const doc = parseDocument(readFileSync(path, "utf8"), { lineCounter: lines });
    if (doc.errors.length > 0) {
      const error = doc.errors[0]!;
      throw new InputError(`${path}: line ${syntaxLine(error, lines)}: ${error.message.split("\n")[0]}`);
    }
    const parsed = catalogFileSchema.safeParse(doc.toJS());
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const at = lineAt(doc, lines, issue?.path ?? []);
      const line = at ? `line ${at}: ` : "";
      throw new InputError(`${path}: ${line}field "${issue?.path.join(".")}": ${issue?.message}`);
    }
    entries.push(...parsed.data);
  }
  return entries;
}

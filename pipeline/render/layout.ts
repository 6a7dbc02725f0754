import { assertRegularFile } from "../../core/regular-file.js";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { basename, extname, resolve } from "node:path";
import { InputError } from "../../core/errors.js";
import { checkDocument } from "../../core/document.js";
import { assetPath } from "../../core/paths.js";
import { type Layout, layoutSchema } from "./layout-schema.js";

export type { Layout, SectionId } from "./layout-schema.js";

export const DEFAULT_LAYOUT = "classic";

function layoutsDir(): string {
  return assetPath("templates", "layouts");
}

/** The names of the layouts shipped in templates/layouts. */
export function layoutNames(): string[] {
  return readdirSync(layoutsDir())
    .filter((file) => file.endsWith(".yaml"))
    .map((file) => basename(file, ".yaml"))
    .sort();
}

/** A shipped layout by name (`classic`), or a layout file by path (`./my-layout.yaml`). */
export function loadLayout(nameOrPath: string = DEFAULT_LAYOUT): Layout {
  const isPath = /[/\\]/.test(nameOrPath) || [".yaml", ".yml"].includes(extname(nameOrPath));
  const path = isPath ? resolve(nameOrPath) : resolve(layoutsDir(), `${nameOrPath}.yaml`);
  if (!existsSync(path)) {
    throw new InputError(
      isPath
        ? `${nameOrPath}: no such layout file`
        : `unknown layout "${nameOrPath}": expected one of ${layoutNames().join(", ")} or a path to a YAML file`,
    );
  }
  assertRegularFile(path, "layout", MAX_LAYOUT_BYTES);
  return parseLayout(readFileSync(path, "utf8"), path);
}

/** A layout is a page of YAML: anything larger is not one. */
const MAX_LAYOUT_BYTES = 256 * 1024;

/** Validate a layout's YAML text; an error names the file, the line and the field. */
export function parseLayout(text: string, path: string): Layout {
  return checkDocument(text, path, layoutSchema, { syntax: "yaml", empty: {} });
}

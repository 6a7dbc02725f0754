// Where in a YAML (or JSON) file a problem is, for errors that name the file, line and field: used by
// readDocument (core/document.ts), which loads the yaml module itself, lazily.
import type { Document, LineCounter, YAMLError } from "yaml";

type PathKey = string | number | symbol;

/** The 1-based line of a syntax error (some errors carry no position of their own). */
export function syntaxLine(error: YAMLError, lines: LineCounter): number {
  return error.linePos?.[0].line ?? lines.linePos(error.pos[0]).line;
}

/**
 * The 1-based line of the node at a path, or of the nearest parent that exists: a missing key is reported
 * on its map, and a key written without a value on the key itself. Undefined for an empty path.
 */
export function lineAt(doc: Document, lines: LineCounter, path: readonly PathKey[]): number | undefined {
  const keys = path.map((k) => (typeof k === "string" && /^\d+$/.test(k) ? Number(k) : k));
  for (let depth = keys.length; depth > 0; depth--) {
    const at = keys.slice(0, depth);
    const node = doc.getIn(at, true) as { range?: [number] } | undefined;
    if (node?.range) return lines.linePos(node.range[0]).line;
    const parent = doc.getIn(at.slice(0, -1), true) as
      { items?: { key?: { value?: unknown; range?: [number] } }[] } | undefined;
    const pair = parent?.items?.find((item) => item.key?.value === at.at(-1));
    if (pair?.key?.range) return lines.linePos(pair.key.range[0]).line;
  }
  return undefined;
}

import { readFile } from "node:fs/promises";
import { InputError } from "./errors.js";

/** Read a JSON file; a syntax error names the file, line and column. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(code === "ENOENT" ? `${path}: no such file.` : `${path}: cannot be read (${code}).`);
  }
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
  } catch (error) {
    const message = (error as Error).message;
    const position = Number(/position (\d+)/.exec(message)?.[1] ?? NaN);
    const where = Number.isNaN(position) ? "" : ` at ${lineColumn(text, position)}`;
    throw new InputError(
      `${path}: not valid JSON${where}: ${message.replace(/ in JSON at position \d+.*$/, "")}.`,
    );
  }
}

function lineColumn(text: string, offset: number): string {
  const before = text.slice(0, offset).split("\n");
  return `line ${before.length}, column ${(before.at(-1)?.length ?? 0) + 1}`;
}

/** `["sources", "facts", 2, "text"]` → `sources.facts[2].text`. */
export function fieldPath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === "number" ? `[${p}]` : i === 0 ? String(p) : `.${String(p)}`))
    .join("");
}

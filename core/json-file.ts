import { readFile } from "node:fs/promises";
import { type ParseError, parse } from "jsonc-parser";
import { InputError } from "./errors.js";

/** Read a text file; a missing or unreadable file is one sentence naming it (`no such profile file.`). */
export async function readTextFile(path: string, noun = "file"): Promise<string> {
  try {
    return await readFile(path, "utf8");
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new InputError(
      code === "ENOENT" ? `${path}: no such ${noun}.` : `${path}: cannot be read (${code}).`,
    );
  }
}

/** Read a JSON file; a syntax error names the file, line and column. */
export async function readJsonFile(path: string): Promise<unknown> {
  return parseJson(await readTextFile(path), path);
}

/** Parse JSON text (a byte order mark is skipped); a syntax error names the file, line and column. */
export function parseJson(text: string, path: string): unknown {
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return JSON.parse(body);
  } catch (error) {
    const message = (error as Error).message;
    // Node 20 leaves the position out of some messages ("Unexpected token '}', "…" is not valid JSON",
    // with a copy of the text that may span lines): then it is found by scanning.
    const given = /position (\d+)/.exec(message)?.[1];
    const position = given !== undefined ? Number(given) : syntaxErrorOffset(body);
    const where = position === undefined ? "" : ` at ${lineColumn(body, position)}`;
    const what = message
      .replace(/(?: in JSON)? at position \d+[\s\S]*$/, "")
      .replace(/, "[\s\S]*" is not valid JSON$/, "");
    throw new InputError(`${path}: not valid JSON${where}: ${what}.`);
  }
}

/** Where the first syntax error of a JSON text is (its length when the text ends early); undefined when none. */
export function syntaxErrorOffset(text: string): number | undefined {
  const errors: ParseError[] = [];
  // Strict JSON: jsonc-parser's extensions (comments, trailing commas) are errors here too.
  parse(text, errors, { disallowComments: true, allowTrailingComma: false, allowEmptyContent: false });
  const first = errors[0];
  if (!first || text[first.offset] !== '"') return first?.offset;
  // A bad character or escape in a string is reported at the string's start: point at the character.
  const token = text.slice(first.offset, first.offset + first.length);
  // A control character (JSON allows none raw in a string) or an escape JSON does not know.
  // eslint-disable-next-line no-control-regex
  const at = token.search(/[\u0000-\u001f]|\\(?!["\\/bfnrtu])|\\u(?![0-9a-fA-F]{4})/);
  // For a bad escape, the character after the backslash is the one at fault.
  return first.offset + (at < 0 ? 0 : token[at] === "\\" ? at + 1 : at);
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

import { readFile } from "node:fs/promises";
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
  let i = 0;
  const fail = (): never => {
    throw new JsonSyntaxAt(i);
  };
  const space = () => {
    while (i < text.length && " \t\n\r".includes(text[i]!)) i++;
  };
  const expect = (c: string) => (text[i] === c ? i++ : fail());
  const string = () => {
    expect('"');
    for (;;) {
      const c = text[i];
      if (c === undefined || c < " ") fail();
      i++;
      if (c === '"') return;
      if (c === "\\") {
        if (text[i] === "u" && /^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) i += 5;
        else if (text[i] !== undefined && '"\\/bfnrt'.includes(text[i]!)) i++;
        else fail();
      }
    }
  };
  const list = (close: string, item: () => void) => {
    i++;
    space();
    if (text[i] === close) return void i++;
    for (;;) {
      item();
      space();
      if (text[i] === close) return void i++;
      expect(",");
    }
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === "{")
      return list("}", () => {
        space();
        string();
        space();
        expect(":");
        value();
      });
    if (c === "[") return list("]", value);
    if (c === '"') return string();
    const literal = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null/y;
    literal.lastIndex = i;
    if (!literal.test(text)) fail();
    i = literal.lastIndex;
  };
  try {
    value();
    space();
    if (i < text.length) fail();
    return undefined;
  } catch (error) {
    if (error instanceof JsonSyntaxAt) return Math.min(error.offset, text.length);
    throw error;
  }
}

class JsonSyntaxAt extends Error {
  constructor(readonly offset: number) {
    super(`JSON syntax error at ${offset}`);
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

// JSON with key positions. jsonc-parser's visitor, strict (no comments, no trailing commas), reports the
// offset of every key and of the first syntax error; JSON.parse gives the value. An error's message says
// what was expected there, from the last token the visitor accepted.
import { createRequire } from "node:module";
import type * as JsoncParser from "jsonc-parser";
import type { JSONPath } from "jsonc-parser";
import { lazy } from "../../core/lazy.js";
import { ParseError } from "../types.js";
import { LineIndex, pathKey } from "./shared.js";

export interface JsonDocument {
  value: unknown;
  /** The line where the object key at `path` is written, e.g. `["dependencies", "pg"]`. */
  lineOf(path: readonly (string | number)[]): number | undefined;
}

// Loaded on the first JSON file, not at import; `require` skips the export scan an ESM `import` runs.
const jsonc = lazy(() => createRequire(import.meta.url)("jsonc-parser") as typeof JsoncParser);

const MAX_DEPTH = 256;
const STRING_ERRORS = new Set([
  "UnexpectedEndOfString",
  "InvalidCharacter",
  "InvalidEscapeCharacter",
  "InvalidUnicode",
]);

/** What may come next: `end` is the end of a value (then `,`, a closing bracket or the end of the file). */
type Expecting = "value" | "key" | { colonAfter: string } | "end" | "too deep";

export function parseJsonDocument(text: string): JsonDocument {
  const { printParseErrorCode, visit } = jsonc();
  const source = text.replace(/^\uFEFF/, "");
  const lines = new LineIndex(source);
  const keyLines = new Map<string, number>();
  const open: ("{" | "[")[] = [];
  let expecting: Expecting = "value";

  const fail = (at: number, what: string): never => {
    const line = lines.lineAt(at);
    throw new ParseError(`Invalid JSON on line ${line}: ${what}.`, line);
  };
  const unexpected = (at: number, state: Expecting = expecting): never => {
    if (state === "too deep") return fail(at, "the document is nested too deeply");
    const found = at >= source.length ? "the end of the file" : `\`${source[at]}\``;
    if (state === "value") return fail(at, `expected a value but found ${found}`);
    if (state === "key") return fail(at, `expected a property name in double quotes but found ${found}`);
    if (state !== "end") return fail(at, `expected \`:\` after "${state.colonAfter}" but found ${found}`);
    const inside = open.at(-1);
    if (!inside) return fail(at, `unexpected ${found} after the end of the document`);
    return fail(at, `expected \`,\` or \`${inside === "{" ? "}" : "]"}\` but found ${found}`);
  };
  // An array more than MAX_DEPTH deep may only be empty.
  const notTooDeep = (at: number): void => {
    if (expecting === "too deep") unexpected(at);
  };
  const close = (bracket: "}" | "]", at: number): void => {
    // The visitor also ends a container at a token that does not close it; its error comes next.
    if (source[at] !== bracket) return;
    open.pop();
    expecting = "end";
  };

  visit(
    source,
    {
      onObjectBegin(at) {
        notTooDeep(at);
        open.push("{");
        expecting = "key";
      },
      onObjectProperty(key, at, _length, _line, _column, path: () => JSONPath) {
        keyLines.set(pathKey([...path(), key]), lines.lineAt(at));
        expecting = { colonAfter: key };
      },
      onObjectEnd: (at) => close("}", at),
      onArrayBegin(at) {
        notTooDeep(at);
        open.push("[");
        expecting = open.length > MAX_DEPTH ? "too deep" : "value";
      },
      onArrayEnd: (at) => close("]", at),
      onLiteralValue(_value, at) {
        notTooDeep(at);
        expecting = "end";
      },
      onSeparator(separator, at) {
        notTooDeep(at);
        if (separator === ",") expecting = open.at(-1) === "{" ? "key" : "value";
        else if (open.length > MAX_DEPTH) unexpected(at, "too deep");
        else expecting = "value";
      },
      onError(error, at, length) {
        notTooDeep(at);
        const code = printParseErrorCode(error);
        const token = source.slice(at, at + length);
        if ((expecting === "value" || expecting === "key") && STRING_ERRORS.has(code)) {
          // Never closed: the string runs to the end of the file and would be valid with a closing quote.
          const unclosed = at + length === source.length && isJsonString(`${token}"`);
          fail(at, unclosed ? "a string is never closed" : "a string has a bad character");
        }
        if (expecting === "value") {
          // A number or keyword run into stray characters (`1.`, `1e+`, `truex`) ends where a valid one would.
          const valid =
            code === "UnexpectedEndOfNumber"
              ? token.replace(/(?:\.|[eE][+-]?)$/, "")
              : /^(?:true|false|null)/.exec(token)?.[0];
          if (valid) unexpected(at + valid.length, "end");
        }
        unexpected(at);
      },
    },
    { disallowComments: true, allowTrailingComma: false },
  );
  return { value: JSON.parse(source), lineOf: (path) => keyLines.get(pathKey(path)) };
}

function isJsonString(text: string): boolean {
  try {
    JSON.parse(text);
    return true;
  } catch {
    return false;
  }
}

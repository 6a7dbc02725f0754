// JSON with key positions. JSON.parse reports neither where a key is nor (in Node 20) reliably where an
// error is, so a small strict validator walks the text first, recording the line of every object key.
import { ParseError } from "../types.js";
import { pathKey } from "./shared.js";

export interface JsonDocument {
  value: unknown;
  /** The line where the object key at `path` is written, e.g. `["dependencies", "pg"]`. */
  lineOf(path: readonly (string | number)[]): number | undefined;
}

const MAX_DEPTH = 256;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// Any character but `"`, `\` and control characters (U+0000-U+001F), or an escape.
const STRING_BODY = new RegExp(String.raw`(?:[^"\\\u0000-\u001f]|\\(?:["\\/bfnrt]|u[0-9a-fA-F]{4}))*`, "y");

export function parseJsonDocument(text: string): JsonDocument {
  const source = text.replace(/^\uFEFF/, "");
  const keyLines = new Map<string, number>();
  let at = 0;
  let line = 1;

  const fail = (what: string): never => {
    throw new ParseError(`Invalid JSON on line ${line}: ${what}.`, line);
  };
  const found = (): string => (at >= source.length ? "the end of the file" : `\`${source[at]}\``);

  const skipSpace = (): void => {
    while (at < source.length) {
      const c = source[at];
      if (c === "\n") line++;
      else if (c !== " " && c !== "\t" && c !== "\r") return;
      at++;
    }
  };

  const readString = (): string => {
    const start = at;
    at++; // opening quote
    STRING_BODY.lastIndex = at;
    STRING_BODY.exec(source);
    at = STRING_BODY.lastIndex;
    if (source[at] !== '"')
      fail(at >= source.length ? "a string is never closed" : "a string has a bad character");
    at++;
    return JSON.parse(source.slice(start, at)) as string;
  };

  const readValue = (path: (string | number)[]): void => {
    if (path.length > MAX_DEPTH) fail("the document is nested too deeply");
    skipSpace();
    const c = source[at];
    if (c === "{") return readObject(path);
    if (c === "[") return readArray(path);
    if (c === '"') return void readString();
    for (const word of ["true", "false", "null"]) {
      if (source.startsWith(word, at)) return void (at += word.length);
    }
    NUMBER.lastIndex = at;
    if (NUMBER.test(source)) return void (at = NUMBER.lastIndex);
    fail(`expected a value but found ${found()}`);
  };

  const readObject = (path: (string | number)[]): void => {
    at++;
    skipSpace();
    if (source[at] === "}") return void at++;
    for (;;) {
      skipSpace();
      if (source[at] !== '"') fail(`expected a property name in double quotes but found ${found()}`);
      const keyLine = line;
      const key = readString();
      keyLines.set(pathKey([...path, key]), keyLine);
      skipSpace();
      if (source[at] !== ":") fail(`expected \`:\` after "${key}" but found ${found()}`);
      at++;
      readValue([...path, key]);
      skipSpace();
      if (source[at] === "}") return void at++;
      if (source[at] !== ",") fail(`expected \`,\` or \`}\` but found ${found()}`);
      at++;
    }
  };

  const readArray = (path: (string | number)[]): void => {
    at++;
    skipSpace();
    if (source[at] === "]") return void at++;
    for (let index = 0; ; index++) {
      readValue([...path, index]);
      skipSpace();
      if (source[at] === "]") return void at++;
      if (source[at] !== ",") fail(`expected \`,\` or \`]\` but found ${found()}`);
      at++;
    }
  };

  readValue([]);
  skipSpace();
  if (at < source.length) fail(`unexpected ${found()} after the end of the document`);
  return { value: JSON.parse(source), lineOf: (path) => keyLines.get(pathKey(path)) };
}

// TOML with key positions: smol-toml parses and validates; a light scanner then walks the (now known
// valid) text and records the line of every table header, key and array element by its key path.
import { lazy } from "../../core/lazy.js";
import { ParseError } from "../types.js";
import { pathKey } from "./shared.js";

const tomlModule = lazy(() => import("smol-toml"));

/** Loads smol-toml once; the TOML detectors' `init()`. */
export async function loadToml(): Promise<void> {
  await tomlModule();
}

export interface TomlDocument {
  value: Record<string, unknown>;
  /** The line where `path` is declared: a `[header]`, a `key =`, an inline-table key or an array element. */
  lineOf(path: readonly (string | number)[]): number | undefined;
}

/** Parses TOML (call after `loadToml`). */
export function parseTomlDocument(text: string): TomlDocument {
  const toml = tomlModule.peek();
  if (!toml)
    throw new Error("smol-toml is not loaded: the detector's init() was not awaited before detect()");
  let value: Record<string, unknown>;
  try {
    value = toml.parse(text);
  } catch (error) {
    if (!(error instanceof toml.TomlError)) throw error;
    const reason = (error.message.split("\n")[0] ?? "").replace(/^Invalid TOML document:\s*/, "");
    throw new ParseError(`Invalid TOML on line ${error.line}: ${reason}.`, error.line);
  }
  const lines = locateTomlKeys(text);
  return { value, lineOf: (path) => lines.get(pathKey(path)) };
}

type Path = (string | number)[];

function locateTomlKeys(text: string): Map<string, number> {
  const lines = new Map<string, number>();
  const arrayTableCounts = new Map<string, number>();
  let at = 0;
  let line = 1;

  const record = (path: Path, atLine: number): void => {
    for (let n = 1; n <= path.length; n++) {
      const key = pathKey(path.slice(0, n));
      if (!lines.has(key)) lines.set(key, atLine);
    }
  };

  const skip = (newlines: boolean): void => {
    while (at < text.length) {
      const c = text[at];
      if (c === "#") {
        while (at < text.length && text[at] !== "\n") at++;
      } else if (c === "\n" && newlines) {
        line++;
        at++;
      } else if (c === " " || c === "\t" || c === "\r" || c === "\uFEFF") {
        at++;
      } else {
        return;
      }
    }
  };

  // Skips a string starting at `at` and returns its (roughly decoded) content.
  const readString = (): string => {
    const quote = text[at] ?? "";
    const triple = text.startsWith(quote.repeat(3), at);
    const close = triple ? quote.repeat(3) : quote;
    const start = at + close.length;
    let i = start;
    while (i < text.length && !text.startsWith(close, i)) {
      if (text[i] === "\\" && quote === '"') i++;
      i++;
    }
    const body = text.slice(start, i);
    for (const c of body) if (c === "\n") line++;
    at = i + close.length;
    while (triple && text[at] === quote) at++; // up to two quotes may close a multi-line string
    if (quote !== '"') return body;
    try {
      return JSON.parse(`"${body}"`) as string;
    } catch {
      return body;
    }
  };

  const readKey = (): string[] => {
    const segments: string[] = [];
    for (;;) {
      skip(false);
      const c = text[at];
      if (c === '"' || c === "'") {
        segments.push(readString());
      } else {
        const start = at;
        while (at < text.length && /[A-Za-z0-9_-]/.test(text[at] ?? "")) at++;
        if (at === start) return segments;
        segments.push(text.slice(start, at));
      }
      skip(false);
      if (text[at] !== ".") return segments;
      at++;
    }
  };

  const readValue = (path: Path): void => {
    skip(false);
    const c = text[at];
    if (c === '"' || c === "'") {
      readString();
    } else if (c === "[") {
      at++;
      for (let index = 0; ; index++) {
        skip(true);
        if (text[at] === "]" || at >= text.length) break;
        record([...path, index], line);
        readValue([...path, index]);
        skip(true);
        if (text[at] === ",") at++;
      }
      at++;
    } else if (c === "{") {
      at++;
      for (;;) {
        skip(true);
        if (text[at] === "}" || at >= text.length) break;
        const keyLine = line;
        const key = readKey();
        if (key.length === 0) break; // unreachable for valid TOML; guards against looping
        record([...path, ...key], keyLine);
        skip(false);
        at++; // `=`
        readValue([...path, ...key]);
        skip(true);
        if (text[at] === ",") at++;
      }
      at++;
    } else {
      while (at < text.length && !",]}\n#".includes(text[at] ?? "")) at++;
    }
  };

  // `[[a]]` then `[a.b]` addresses a.<last index>.b, as in the parsed value.
  const headerPath = (segments: string[], isArray: boolean): Path => {
    const path: Path = [];
    segments.forEach((segment, i) => {
      path.push(segment);
      const key = segments.slice(0, i + 1).join("\u0000");
      const last = i === segments.length - 1;
      if (last && isArray) {
        const count = (arrayTableCounts.get(key) ?? 0) + 1;
        arrayTableCounts.set(key, count);
        path.push(count - 1);
      } else if (arrayTableCounts.has(key)) {
        path.push((arrayTableCounts.get(key) ?? 1) - 1);
      }
    });
    return path;
  };

  let table: Path = [];
  while (at < text.length) {
    skip(true);
    if (at >= text.length) break;
    const statementLine = line;
    if (text[at] === "[") {
      const isArray = text[at + 1] === "[";
      at += isArray ? 2 : 1;
      table = headerPath(readKey(), isArray);
      record(table, statementLine);
      while (at < text.length && text[at] !== "\n") at++; // `]`, `]]` and any comment
      continue;
    }
    const key = readKey();
    if (key.length === 0) {
      at++; // unreachable for valid TOML; guards against looping
      continue;
    }
    record([...table, ...key], statementLine);
    skip(false);
    at++; // `=`
    readValue([...table, ...key]);
  }
  return lines;
}

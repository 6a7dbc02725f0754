// A tokenizer for Gradle build scripts (Groovy and Kotlin DSL). It knows just enough of both languages
// to drop comments and keep strings whole, so that quotes, braces or `//` inside them never mislead
// the reader of dependency declarations.
import { ParseError } from "../types.js";

export type GradleTokenKind = "ident" | "string" | "number" | "punct" | "newline";

export interface GradleToken {
  kind: GradleTokenKind;
  value: string;
  line: number;
  /** Strings only: the text holds a `$name` or `${...}` template, so its value is not literal. */
  interpolated?: boolean;
}

const IDENT_START = /[A-Za-z_$]/;
const IDENT_PART = /[\w$]/;
// A `/` after one of these starts a Groovy slashy string rather than a division.
const BEFORE_SLASHY = new Set(["(", ",", "=", ":", "[", "!", "&", "|", "?", "{", ";", "+", "~"]);

export function tokenizeGradle(text: string, kotlin: boolean): GradleToken[] {
  const source = text.replace(/^\uFEFF/, "").replace(/\r\n?/g, "\n");
  const tokens: GradleToken[] = [];
  let at = source.startsWith("#!") ? source.indexOf("\n") : 0;
  if (at === -1) return tokens;
  let line = 1;

  const unterminated = (what: string, startLine: number): never => {
    throw new ParseError(`The ${what} starting on line ${startLine} is never closed.`, startLine);
  };

  const skipBlockComment = (): void => {
    const startLine = line;
    let depth = 0;
    while (at < source.length) {
      if (source.startsWith("/*", at)) {
        depth++;
        at += 2;
      } else if (source.startsWith("*/", at)) {
        at += 2;
        // Kotlin block comments nest; Groovy ones end at the first `*/`.
        if (--depth === 0 || !kotlin) return;
      } else {
        if (source[at] === "\n") line++;
        at++;
      }
    }
    unterminated("comment", startLine);
  };

  // Reads a quoted string whose opening delimiter is at `at`; `${...}` templates may nest braces and quotes.
  const readString = (quote: string): GradleToken => {
    const startLine = line;
    const multiline = quote.length === 3;
    const templates = quote.startsWith('"');
    at += quote.length;
    let value = "";
    let interpolated = false;
    for (;;) {
      if (at >= source.length) return unterminated("string", startLine);
      if (source.startsWith(quote, at)) break;
      const c = source[at] ?? "";
      if (c === "\n") {
        if (!multiline) return unterminated("string", startLine);
        line++;
      }
      if (c === "\\" && !(kotlin && multiline)) {
        value += source[at + 1] ?? "";
        at += 2;
        continue;
      }
      if (templates && c === "$" && source[at + 1] === "{") {
        interpolated = true;
        value += skipTemplate(startLine);
        continue;
      }
      if (templates && c === "$" && IDENT_START.test(source[at + 1] ?? "")) interpolated = true;
      value += c;
      at++;
    }
    at += quote.length;
    const token: GradleToken = { kind: "string", value, line: startLine };
    if (interpolated) token.interpolated = true;
    return token;
  };

  // Skips `${ ... }` (starting at `$`) and returns it as written.
  const skipTemplate = (startLine: number): string => {
    const start = at;
    at += 2;
    let depth = 1;
    while (depth > 0) {
      const c = source[at];
      if (c === undefined) return unterminated("string", startLine);
      if (c === '"' || c === "'") readString(c);
      else {
        if (c === "{") depth++;
        else if (c === "}") depth--;
        else if (c === "\n") line++;
        at++;
      }
    }
    return source.slice(start, at);
  };

  // A Groovy `/regex/` string; only when it closes on the same line, so a stray `/` cannot eat the file.
  const trySlashyString = (): boolean => {
    const previous = tokens[tokens.length - 1];
    const expectsValue =
      !previous ||
      previous.kind === "newline" ||
      (previous.kind === "punct" && BEFORE_SLASHY.has(previous.value));
    if (kotlin || !expectsValue) return false;
    let end = at + 1;
    while (end < source.length && source[end] !== "/" && source[end] !== "\n")
      end += source[end] === "\\" ? 2 : 1;
    if (source[end] !== "/" || end === at + 1) return false;
    tokens.push({ kind: "string", value: source.slice(at + 1, end), line });
    at = end + 1;
    return true;
  };

  while (at < source.length) {
    const c = source[at] ?? "";
    if (c === "\n") {
      tokens.push({ kind: "newline", value: "\n", line });
      line++;
      at++;
    } else if (c === " " || c === "\t" || c === "\f") {
      at++;
    } else if (source.startsWith("//", at)) {
      while (at < source.length && source[at] !== "\n") at++;
    } else if (source.startsWith("/*", at)) {
      skipBlockComment();
    } else if (source.startsWith('"""', at) || (!kotlin && source.startsWith("'''", at))) {
      tokens.push(readString(source.slice(at, at + 3)));
    } else if (c === '"' || c === "'") {
      tokens.push(readString(c));
    } else if (c === "/" && trySlashyString()) {
      continue;
    } else if (c === "`" && kotlin) {
      const end = source.indexOf("`", at + 1);
      if (end === -1 || source.slice(at, end).includes("\n")) unterminated("`name`", line);
      tokens.push({ kind: "ident", value: source.slice(at + 1, end), line });
      at = end + 1;
    } else if (IDENT_START.test(c)) {
      const start = at;
      while (at < source.length && IDENT_PART.test(source[at] ?? "")) at++;
      tokens.push({ kind: "ident", value: source.slice(start, at), line });
    } else if (/\d/.test(c)) {
      const start = at;
      while (at < source.length && /[\w.]/.test(source[at] ?? "")) at++;
      tokens.push({ kind: "number", value: source.slice(start, at), line });
    } else {
      tokens.push({ kind: "punct", value: c, line });
      at++;
    }
  }
  return tokens;
}

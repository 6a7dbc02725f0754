// Prisma schemas (`schema.prisma`, or the files of a multi-file `prisma/schema/` folder): the database
// engine a `datasource` block's `provider` names, read with a tokenizer of the schema language.
import { type Detection, type FileDetector, ParseError } from "../types.js";
import { baseName } from "./shared.js";

type TokenKind = "word" | "string" | "punct";

interface Token {
  kind: TokenKind;
  /** The word, the punctuation character, or the string's decoded value. */
  value: string;
  line: number;
}

const WORD = /[A-Za-z0-9_-]/;

/**
 * The schema as tokens: words (identifiers, keywords, numbers), double-quoted strings and single
 * punctuation characters. `//` and `///` comments and whitespace are dropped; a string may not span lines.
 */
export function tokenizePrisma(text: string): Token[] {
  const tokens: Token[] = [];
  let line = 1;
  let i = 0;
  while (i < text.length) {
    const c = text[i]!;
    if (c === "\n") {
      line++;
      i++;
    } else if (c === " " || c === "\t" || c === "\r" || c === "\uFEFF") {
      i++;
    } else if (c === "/" && text[i + 1] === "/") {
      while (i < text.length && text[i] !== "\n") i++;
    } else if (c === '"') {
      let value = "";
      i++;
      for (;;) {
        const d = text[i];
        if (d === undefined || d === "\n")
          throw new ParseError(`The string on line ${line} is not closed.`, line);
        i++;
        if (d === '"') break;
        if (d === "\\") {
          const escaped = text[i];
          if (escaped === undefined || escaped === "\n")
            throw new ParseError(`The string on line ${line} is not closed.`, line);
          value += escaped === "n" ? "\n" : escaped === "t" ? "\t" : escaped;
          i++;
        } else {
          value += d;
        }
      }
      tokens.push({ kind: "string", value, line });
    } else if (WORD.test(c)) {
      const start = i;
      while (i < text.length && WORD.test(text[i]!)) i++;
      tokens.push({ kind: "word", value: text.slice(start, i), line });
    } else {
      tokens.push({ kind: "punct", value: c, line });
      i++;
    }
  }
  return tokens;
}

/** Top-level blocks of the schema language: `keyword Name { ... }`. */
const BLOCKS = new Set(["datasource", "generator", "model", "enum", "type", "view"]);
const CLOSING: Record<string, string> = { "{": "}", "(": ")", "[": "]" };

interface Field {
  key: Token;
  /** The string values of the field: one for `"x"`, each element of `["x", "y"]`, none for `env("X")`. */
  strings: Token[];
}

class SchemaReader {
  private at = 0;

  constructor(private readonly tokens: Token[]) {}

  /** Every `datasource` block's fields, by block name; other blocks are skipped whole. */
  datasources(): { name: Token; fields: Field[] }[] {
    const found: { name: Token; fields: Field[] }[] = [];
    while (this.peek()) {
      const keyword = this.next();
      if (keyword.kind !== "word" || !BLOCKS.has(keyword.value))
        throw new ParseError(
          `Line ${keyword.line}: expected a block such as \`datasource\` or \`model\`.`,
          keyword.line,
        );
      const name = this.next();
      if (name.kind !== "word") throw this.unexpected(name, `a name after \`${keyword.value}\``);
      const open = this.next();
      if (open.value !== "{") throw this.unexpected(open, `\`{\` after \`${keyword.value} ${name.value}\``);
      if (keyword.value === "datasource") found.push({ name, fields: this.fields(open) });
      else this.skipGroup(open);
    }
    return found;
  }

  /** `key = value` lines up to the block's `}`. */
  private fields(open: Token): Field[] {
    const fields: Field[] = [];
    for (;;) {
      const token = this.peek();
      if (!token) throw this.unclosed(open);
      this.at++;
      if (token.value === "}" && token.kind === "punct") return fields;
      if (token.kind !== "word") throw this.unexpected(token, "a field name");
      const equals = this.next();
      if (equals.value !== "=") throw this.unexpected(equals, `\`=\` after \`${token.value}\``);
      fields.push({ key: token, strings: this.value() });
    }
  }

  /** One value: a string, an array, or a word with an optional call (`env("DATABASE_URL")`). */
  private value(): Token[] {
    const token = this.next();
    if (token.kind === "string") return [token];
    if (token.kind === "punct" && token.value === "[") {
      const strings = this.skipGroup(token);
      return strings;
    }
    if (token.kind === "word") {
      const call = this.peek();
      if (call?.kind === "punct" && call.value === "(") this.skipGroup(this.next());
      return [];
    }
    throw this.unexpected(token, "a value");
  }

  /** Skips to the bracket that closes `open`, nested ones included; returns the strings directly inside. */
  private skipGroup(open: Token): Token[] {
    const stack = [CLOSING[open.value]!];
    const strings: Token[] = [];
    while (stack.length > 0) {
      const token = this.peek();
      if (!token) throw this.unclosed(open);
      this.at++;
      if (token.kind === "string" && stack.length === 1) strings.push(token);
      if (token.kind !== "punct") continue;
      if (CLOSING[token.value]) stack.push(CLOSING[token.value]!);
      else if (token.value === stack[stack.length - 1]) stack.pop();
      else if ([")", "]", "}"].includes(token.value)) throw this.unexpected(token, `\`${stack.at(-1)}\``);
    }
    return strings;
  }

  private peek(): Token | undefined {
    return this.tokens[this.at];
  }

  private next(): Token {
    const token = this.tokens[this.at++];
    if (!token) {
      const line = this.tokens.at(-1)?.line;
      throw new ParseError("The schema ends in the middle of a block.", line);
    }
    return token;
  }

  private unexpected(token: Token, wanted: string): ParseError {
    const shown = token.kind === "string" ? `"${token.value}"` : `\`${token.value}\``;
    return new ParseError(`Line ${token.line}: expected ${wanted}, found ${shown}.`, token.line);
  }

  private unclosed(open: Token): ParseError {
    return new ParseError(`The \`${open.value}\` on line ${open.line} is never closed.`, open.line);
  }
}

export const prismaSchemaDetector: FileDetector = {
  id: "schema.prisma",
  matches: (path) => baseName(path).toLowerCase().endsWith(".prisma"),
  detect({ text }) {
    const found: Detection[] = [];
    for (const { name, fields } of new SchemaReader(tokenizePrisma(text)).datasources()) {
      if (found.length === 0)
        found.push({
          key: { space: "tool", name: "prisma" },
          line: name.line,
          via: "config",
          detail: `Prisma schema: datasource ${name.value}`,
        });
      for (const field of fields) {
        if (field.key.value !== "provider") continue;
        for (const provider of field.strings)
          found.push({
            key: { space: "db-engine", name: provider.value },
            line: provider.line,
            via: "config",
            detail: `datasource ${name.value}: provider = "${provider.value}"`,
          });
      }
    }
    return found;
  },
};

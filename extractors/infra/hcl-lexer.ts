// HCL native syntax → tokens. Spaces and comments (`#`, `//`, `/* */`) vanish; newlines stay, because they end
// attributes and blocks. A quoted string or heredoc becomes one template token whose `${ … }` and `%{ … }`
// sequences carry their own tokens, so braces and quotes inside them never confuse what surrounds them.
import type { SequenceToken, Token } from "./hcl-syntax.js";
import { HclError } from "./hcl-syntax.js";

/** Sequences nest strings that nest sequences; past this depth the text is surely not Terraform. */
const MAX_NESTING = 100;

// The inner loops are sticky regular expressions, tested (no match objects): V8 runs them as compiled code
// from the first call, where a character loop in JavaScript would be interpreted until it gets hot, and most
// files are read once.

/** Spaces and line comments. */
const SPACE = /(?:[ \t\r]+|(?:#|\/\/)[^\n]*)*/y;
/** An ASCII identifier; one that goes on with other letters is left to `otherToken`. */
const IDENT = /[A-Za-z_][\w-]*/y;
/** A fraction or exponent needs digits after its `.` or `e`. */
const NUMBER = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** Longest first. `<<` (a heredoc) and `/*` (a comment) are left to code. */
const PUNCTUATION = /\.\.\.|[=!<>]=|&&|\|\||=>|::|[{}[\](),.=>+\-*%!?:]|<(?!<)|\/(?!\*)/y;
/** Literal text of a quoted string, up to a quote, escape, newline or template sign. */
const QUOTED_TEXT = /[^"\\\n$%]*/y;
/** Literal text of a heredoc line, up to its newline or a template sign. */
const HEREDOC_TEXT = /[^\n$%]*/y;
const HEREDOC_HEADER = /<<(-?)([A-Za-z_][\w-]*)[ \t]*\r?\n/y;
const INDENT = /[ \t]*/y;
const IDENT_START = /[\p{ID_Start}_]/u;
const IDENT_PART = /[\p{ID_Continue}-]/u;
const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", '"': '"', "\\": "\\" };

/** The leading whitespace of a `<<-` heredoc line, replaced once the smallest indentation is known. */
interface Indent {
  text: string;
  /** The line holds nothing else. */
  blank: boolean;
}

/** A sequence as lexed, with its `~` strip markers still to apply to the neighbouring literal text. */
interface RawSequence extends SequenceToken {
  stripBefore: boolean;
  stripAfter: boolean;
}

type RawPart = string | Indent | RawSequence;

export function tokenize(source: string): Token[] {
  return new Lexer(source).tokens();
}

class Lexer {
  private pos = 0;
  private line = 1;
  private nesting = 0;
  /** Set when a sequence ends with `~}`. */
  private stripAfter = false;

  constructor(private readonly source: string) {}

  /** Tokens to the end of the text or, inside a sequence, to the `}` that closes it (an `eof` stands for it). */
  tokens(sequence?: { opener: string; line: number }): Token[] {
    const text = this.source;
    const tokens: Token[] = [];
    let braces = 0;
    for (;;) {
      const start = stickyEnd(SPACE, text, this.pos);
      this.pos = start;
      const code = text.charCodeAt(start);
      const end = simpleEnd(text, start, code);
      if (end < 0) {
        // Not a simple token: the end, a string, a heredoc, a block comment, `~}`, or something rarer.
        if (start >= text.length) {
          if (sequence) throw unclosed(`\`${sequence.opener}\``, sequence.line);
          tokens.push(token("eof", "", start, start, this.line));
          return tokens;
        }
        if (sequence && braces === 0 && text.startsWith("~}", start)) {
          tokens.push(token("eof", "}", start, start, this.line));
          this.pos += 2;
          this.stripAfter = true;
          return tokens;
        }
        if (text.startsWith("/*", start)) this.skipBlockComment();
        else tokens.push(this.otherToken());
        continue;
      }
      const kind = simpleKind(code);
      const found = text.slice(start, end);
      this.pos = end;
      if (sequence && found === "{") braces++;
      if (sequence && found === "}") {
        if (braces === 0) {
          this.stripAfter = false;
          tokens.push(token("eof", "}", start, start, this.line));
          return tokens;
        }
        braces--;
      }
      tokens.push(token(kind, found, start, end, this.line));
      if (kind === "newline") this.line++;
    }
  }

  private skipBlockComment(): void {
    const close = this.source.indexOf("*/", this.pos + 2);
    if (close < 0) throw unclosed("comment", this.line);
    this.countLines(this.pos, close);
    this.pos = close + 2;
  }

  /** A string, a heredoc, a lone `<`, an identifier with non-ASCII letters, or the error of a stray character. */
  private otherToken(): Token {
    const text = this.source;
    const start = this.pos;
    if (text[start] === '"') return this.quoted();
    if (text.startsWith("<<", start)) return this.heredoc() ?? this.simple("punct", start, start + 1);
    if (isIdentStart(text.charAt(start))) {
      let end = start + 1;
      while (end < text.length && isIdentPart(text.charAt(end))) end++;
      return this.simple("ident", start, end);
    }
    throw new HclError(`unexpected character ${describeChar(text, start)} on line ${this.line}`, this.line);
  }

  private simple(kind: Token["kind"], start: number, end: number): Token {
    this.pos = end;
    return token(kind, this.source.slice(start, end), start, end, this.line);
  }

  private quoted(): Token {
    const text = this.source;
    const start = this.pos;
    const line = this.line;
    const parts: RawPart[] = [];
    this.pos++;
    for (;;) {
      const literalStart = this.pos;
      this.pos = stickyEnd(QUOTED_TEXT, text, literalStart);
      if (this.pos > literalStart) parts.push(text.slice(literalStart, this.pos));
      const char = text[this.pos];
      if (char === undefined || char === "\n") throw unclosed("string", line);
      if (char === '"') break;
      if (char === "\\") parts.push(this.escape(line));
      else parts.push(this.templateSign(char));
    }
    this.pos++;
    // Most strings are one literal; they need no joining.
    const finished =
      parts.length === 1 && typeof parts[0] === "string" ? (parts as string[]) : finishParts(parts);
    return token("string", text.slice(start, this.pos), start, this.pos, line, finished);
  }

  /** `\n`, `\r`, `\t`, `\"`, `\\`, `\uNNNN` and `\UNNNNNNNN`, as in quoted strings. */
  private escape(stringLine: number): string {
    const text = this.source;
    const kind = text[this.pos + 1];
    if (kind === undefined || kind === "\n") throw unclosed("string", stringLine);
    const simple = ESCAPES[kind];
    if (simple !== undefined) {
      this.pos += 2;
      return simple;
    }
    const digits = kind === "u" ? 4 : kind === "U" ? 8 : 0;
    const hex = text.slice(this.pos + 2, this.pos + 2 + digits);
    const code = digits > 0 && /^[\dA-Fa-f]+$/.test(hex) && hex.length === digits ? parseInt(hex, 16) : -1;
    if (code < 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) {
      const shown = text.slice(this.pos, this.pos + 2 + digits).split("\n")[0] ?? "";
      throw new HclError(`the escape sequence \`${shown}\` on line ${this.line} is not valid`, this.line);
    }
    this.pos += 2 + digits;
    return String.fromCodePoint(code);
  }

  /**
   * At a `$` or `%` in template text: `${`/`%{` opens a sequence, `$${`/`%%{` stand for the literal `${`/`%{`,
   * anything else is the sign itself.
   */
  private templateSign(sign: string): string | RawSequence {
    const text = this.source;
    if (text[this.pos + 1] === "{") return this.sequence(sign === "$" ? "interpolation" : "directive");
    if (text[this.pos + 1] === sign && text[this.pos + 2] === "{") {
      this.pos += 3;
      return `${sign}{`;
    }
    this.pos++;
    return sign;
  }

  private sequence(kind: SequenceToken["kind"]): RawSequence {
    const opener = `${kind === "interpolation" ? "$" : "%"}{`;
    const line = this.line;
    if (++this.nesting > MAX_NESTING)
      throw new HclError(`the templates on line ${line} nest more than ${MAX_NESTING} deep`, line);
    this.pos += 2;
    const stripBefore = this.source[this.pos] === "~";
    if (stripBefore) this.pos++;
    const start = this.pos;
    const tokens = this.tokens({ opener, line });
    const end = tokens[tokens.length - 1]?.start ?? start;
    this.nesting--;
    return { kind, tokens, start, end, line, stripBefore, stripAfter: this.stripAfter };
  }

  /** `<<EOF` or `<<-EOF` then lines up to one holding only `EOF`; undefined when `<<` starts no heredoc. */
  private heredoc(): Token | undefined {
    const text = this.source;
    HEREDOC_HEADER.lastIndex = this.pos;
    const header = HEREDOC_HEADER.exec(text);
    if (!header) return undefined;
    const [, flush, marker = ""] = header;
    const start = this.pos;
    const line = this.line;
    const raw: RawPart[] = [];
    this.pos = HEREDOC_HEADER.lastIndex;
    this.line++;
    let lineStart = true;
    for (;;) {
      if (this.pos >= text.length)
        throw unclosed("heredoc", line, `: no line after it reads \`${marker}\` alone`);
      if (lineStart) {
        const newline = text.indexOf("\n", this.pos);
        const lineEnd = newline < 0 ? text.length : newline;
        if (text.slice(this.pos, lineEnd).trim() === marker) {
          // The newline after the marker stays for the parser: it ends the attribute.
          this.pos = lineEnd;
          break;
        }
        if (flush) raw.push(this.indent(lineEnd));
        lineStart = false;
      }
      const literalStart = this.pos;
      this.pos = stickyEnd(HEREDOC_TEXT, text, literalStart);
      const char = text[this.pos];
      if (char === "\n") {
        this.pos++;
        this.line++;
        lineStart = true;
      }
      if (this.pos > literalStart) raw.push(text.slice(literalStart, this.pos));
      if (char === "$" || char === "%") raw.push(this.templateSign(char));
    }
    const parts = finishParts(flush ? removeIndent(raw) : raw);
    return token("heredoc", text.slice(start, this.pos), start, this.pos, line, parts);
  }

  private indent(lineEnd: number): Indent {
    const text = this.source;
    const start = this.pos;
    this.pos = stickyEnd(INDENT, text, start);
    return { text: text.slice(start, this.pos), blank: text.slice(this.pos, lineEnd).trim() === "" };
  }

  private countLines(from: number, to: number): void {
    for (let newline = this.source.indexOf("\n", from); newline >= 0 && newline < to;) {
      this.line++;
      newline = this.source.indexOf("\n", newline + 1);
    }
  }
}

/** `<<-`: every line loses the smallest indentation among lines that hold more than whitespace. */
function removeIndent(parts: RawPart[]): RawPart[] {
  let smallest = Infinity;
  for (const part of parts)
    if (isIndent(part) && !part.blank) smallest = Math.min(smallest, part.text.length);
  if (smallest === Infinity) smallest = 0;
  return parts.map((part) =>
    isIndent(part) ? (part.text.length >= smallest ? part.text.slice(smallest) : part.text) : part,
  );
}

/** Joins adjacent literal text and applies `~` strip markers, which trim the whitespace next to a sequence. */
function finishParts(raw: RawPart[]): (string | SequenceToken)[] {
  const parts: (string | SequenceToken)[] = [];
  let stripNext = false;
  for (const part of raw) {
    if (typeof part === "string" || isIndent(part)) {
      let literal = typeof part === "string" ? part : part.text;
      if (stripNext) literal = literal.trimStart();
      stripNext = stripNext && literal === "";
      const last = parts[parts.length - 1];
      if (typeof last === "string") parts[parts.length - 1] = last + literal;
      else if (literal !== "") parts.push(literal);
      continue;
    }
    const last = parts[parts.length - 1];
    if (part.stripBefore && typeof last === "string") {
      const trimmed = last.trimEnd();
      if (trimmed === "") parts.pop();
      else parts[parts.length - 1] = trimmed;
    }
    const { stripBefore: _before, stripAfter, ...sequence } = part;
    parts.push(sequence);
    stripNext = stripAfter;
  }
  return parts;
}

function isIndent(part: RawPart): part is Indent {
  return typeof part === "object" && "blank" in part;
}

function unclosed(what: string, line: number, detail = ""): HclError {
  return new HclError(`the ${what} on line ${line} is never closed${detail}`, line, true);
}

const NO_PARTS: readonly (string | SequenceToken)[] = Object.freeze([]);

function token(
  kind: Token["kind"],
  text: string,
  start: number,
  end: number,
  line: number,
  parts = NO_PARTS,
): Token {
  return { kind, text, start, end, line, parts };
}

/** Where the simple token starting at `offset` with `code` ends; -1 when none starts there. */
function simpleEnd(text: string, offset: number, code: number): number {
  if (isAsciiLetter(code)) {
    // An identifier going on with a non-ASCII letter is read by `otherToken`.
    const end = stickyEnd(IDENT, text, offset);
    return text.charCodeAt(end) >= 0x80 ? -1 : end;
  }
  if (isAsciiDigit(code)) return stickyEnd(NUMBER, text, offset);
  if (code === NEWLINE) return offset + 1;
  PUNCTUATION.lastIndex = offset;
  return PUNCTUATION.test(text) ? PUNCTUATION.lastIndex : -1;
}

const NEWLINE = 0x0a;

function simpleKind(code: number): Token["kind"] {
  if (isAsciiLetter(code)) return "ident";
  if (isAsciiDigit(code)) return "number";
  return code === NEWLINE ? "newline" : "punct";
}

function isAsciiLetter(code: number): boolean {
  return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || code === 95; // a-z A-Z _
}

function isAsciiDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/** Where the sticky `pattern`'s match at `offset` ends (it may match nothing). */
function stickyEnd(pattern: RegExp, text: string, offset: number): number {
  pattern.lastIndex = offset;
  return pattern.test(text) ? pattern.lastIndex : offset;
}

function isIdentStart(char: string): boolean {
  return IDENT_START.test(char);
}

function isIdentPart(char: string): boolean {
  return IDENT_PART.test(char);
}

/** `@` for printable ASCII, `U+00A0` for anything else. */
function describeChar(text: string, offset: number): string {
  const code = text.codePointAt(offset) ?? 0;
  if (code > 0x20 && code < 0x7f) return `\`${String.fromCodePoint(code)}\``;
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

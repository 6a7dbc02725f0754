// HCL native syntax → tokens. Spaces and comments (`#`, `//`, `/* */`) vanish; newlines stay, because they end
// attributes and blocks. A quoted string or heredoc becomes one template token whose `${ … }` and `%{ … }`
// sequences carry their own tokens, so braces and quotes inside them never confuse what surrounds them.
import type { SequenceToken, Token } from "./hcl-syntax.js";
import { HclError } from "./hcl-syntax.js";
import {
  describeChar,
  HEREDOC_HEADER,
  HEREDOC_TEXT,
  INDENT,
  isIdentPart,
  isIdentStart,
  QUOTED_TEXT,
  simpleEnd,
  simpleKind,
  SPACE,
  stickyEnd,
} from "./hcl-scan.js";
import type { Indent, RawPart, RawSequence } from "./hcl-template-parts.js";
import { finishParts, removeIndent } from "./hcl-template-parts.js";

/** Sequences nest strings that nest sequences; past this depth the text is surely not Terraform. */
const MAX_NESTING = 100;
const ESCAPES: Record<string, string> = { n: "\n", r: "\r", t: "\t", '"': '"', "\\": "\\" };

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

// Character-level scanning for the HCL lexer: the sticky patterns it matches, and the simple tokens
// (identifiers, numbers, punctuation, newlines) that need no more than a pattern.
import type { Token } from "./hcl-syntax.js";

// The inner loops are sticky regular expressions, tested (no match objects): V8 runs them as compiled code
// from the first call, where a character loop in JavaScript would be interpreted until it gets hot, and most
// files are read once.

/** Spaces and line comments. */
export const SPACE = /(?:[ \t\r]+|(?:#|\/\/)[^\n]*)*/y;
/** An ASCII identifier; one that goes on with other letters is left to `otherToken`. */
const IDENT = /[A-Za-z_][\w-]*/y;
/** A fraction or exponent needs digits after its `.` or `e`. */
const NUMBER = /\d+(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** Longest first. `<<` (a heredoc) and `/*` (a comment) are left to code. */
const PUNCTUATION = /\.\.\.|[=!<>]=|&&|\|\||=>|::|[{}[\](),.=>+\-*%!?:]|<(?!<)|\/(?!\*)/y;
/** Literal text of a quoted string, up to a quote, escape, newline or template sign. */
export const QUOTED_TEXT = /[^"\\\n$%]*/y;
/** Literal text of a heredoc line, up to its newline or a template sign. */
export const HEREDOC_TEXT = /[^\n$%]*/y;
export const HEREDOC_HEADER = /<<(-?)([A-Za-z_][\w-]*)[ \t]*\r?\n/y;
export const INDENT = /[ \t]*/y;
const IDENT_START = /[\p{ID_Start}_]/u;
const IDENT_PART = /[\p{ID_Continue}-]/u;

/** Where the simple token starting at `offset` with `code` ends; -1 when none starts there. */
export function simpleEnd(text: string, offset: number, code: number): number {
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

export function simpleKind(code: number): Token["kind"] {
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
export function stickyEnd(pattern: RegExp, text: string, offset: number): number {
  pattern.lastIndex = offset;
  return pattern.test(text) ? pattern.lastIndex : offset;
}

export function isIdentStart(char: string): boolean {
  return IDENT_START.test(char);
}

export function isIdentPart(char: string): boolean {
  return IDENT_PART.test(char);
}

/** `@` for printable ASCII, `U+00A0` for anything else. */
export function describeChar(text: string, offset: number): string {
  const code = text.codePointAt(offset) ?? 0;
  if (code > 0x20 && code < 0x7f) return `\`${String.fromCodePoint(code)}\``;
  return `U+${code.toString(16).toUpperCase().padStart(4, "0")}`;
}

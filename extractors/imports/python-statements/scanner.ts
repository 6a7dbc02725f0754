// The lexical layer of the import reader (python-statements.ts): identifiers, comments, line continuations,
// strings and f-string fields, white space inside and outside brackets. Anything it does not fully
// understand throws Unsure, and the caller hands the file to tree-sitter.

/** Thrown (and caught in `readImportStatements`) where the reader is unsure. */
export class Unsure extends Error {}

const LOADER_WORDS = /import_module|__import__/;
const ID_CONTINUE = /[\p{ID_Continue}]/u;
/** Where a string's body may end or change meaning: its quote, a backslash or a line break. */
const STOPS = {
  double: /["\\\n\r]/g,
  single: /['\\\n\r]/g,
  tripleDouble: /["\\]/g,
  tripleSingle: /['\\]/g,
};

export function isIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

export function isIdPart(c: number): boolean {
  return isIdStart(c) || (c >= 48 && c <= 57);
}

/** A cursor over Python source: `i` is where reading stands. */
export abstract class Scanner {
  protected i = 0;

  constructor(protected readonly text: string) {}

  /** An identifier from `this.i` (ASCII, or letters and marks Python allows). */
  protected identifier(): string {
    const { text } = this;
    const start = this.i;
    for (;;) {
      const c = text.charCodeAt(this.i);
      if (isIdPart(c)) this.i++;
      else if (c >= 128 && ID_CONTINUE.test(text[this.i]!)) this.i++;
      else if (c >= 0xd800 && c <= 0xdbff && ID_CONTINUE.test(text.slice(this.i, this.i + 2))) this.i += 2;
      else break;
    }
    if (this.i === start) throw new Unsure(); // a character no identifier holds (a no-break space)
    return text.slice(start, this.i);
  }

  protected skipComment(): void {
    const newline = this.text.indexOf("\n", this.i);
    this.i = newline < 0 ? this.text.length : newline;
    // A `\r` ends the comment's line only before a `\n`, as the main loop requires.
    if (this.text.charCodeAt(this.i - 1) === 13) this.i--;
  }

  /** A backslash that joins the next line; any other is unexpected outside a string. */
  protected skipContinuation(): void {
    const { text } = this;
    if (text.charCodeAt(this.i + 1) === 10) this.i += 2;
    else if (text.charCodeAt(this.i + 1) === 13 && text.charCodeAt(this.i + 2) === 10) this.i += 3;
    else throw new Unsure();
  }

  /** A string literal from its opening quote; an f-string must close every `{` it opens before it ends. */
  protected skipString(formatted: boolean): void {
    const { text } = this;
    const quote = text.charCodeAt(this.i);
    const triple = text.charCodeAt(this.i + 1) === quote && text.charCodeAt(this.i + 2) === quote;
    const open = triple ? 3 : 1;
    const stop = triple
      ? quote === 34
        ? STOPS.tripleDouble
        : STOPS.tripleSingle
      : quote === 34
        ? STOPS.double
        : STOPS.single;
    let at = this.i + open;
    for (;;) {
      stop.lastIndex = at;
      if (!stop.test(text)) throw new Unsure(); // never closed
      at = stop.lastIndex - 1;
      const c = text.charCodeAt(at);
      if (c === 92) {
        at += text.charCodeAt(at + 1) === 13 && text.charCodeAt(at + 2) === 10 ? 3 : 2;
      } else if (
        c === quote &&
        (!triple || (text.charCodeAt(at + 1) === quote && text.charCodeAt(at + 2) === quote))
      ) {
        break;
      } else if ((c === 10 || c === 13) && !triple) {
        throw new Unsure(); // never closed on its line
      } else {
        at++;
      }
    }
    // A loader called inside an f-string's field is a call tree-sitter reads: this reader does not.
    if (formatted) checkFields(text.slice(this.i + open, at));
    this.i = at + open;
  }

  /** White space within a statement's line: spaces, tabs and backslash continuations. */
  protected skipInline(): void {
    const { text } = this;
    for (;;) {
      const c = text.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 12) this.i++;
      else if (c === 92) this.skipContinuation();
      else return;
    }
  }

  /** White space inside brackets: line breaks and comments too (where `comments` allows). */
  protected skipBracketed(comments = true): void {
    const { text } = this;
    for (;;) {
      const c = text.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 12 || c === 10) this.i++;
      else if (c === 13 && text.charCodeAt(this.i + 1) === 10) this.i += 2;
      else if (c === 35) {
        // A comment before a loader's first argument takes the place tree-sitter's query anchors to.
        if (!comments) throw new Unsure();
        this.skipComment();
      } else if (c === 92) this.skipContinuation();
      else return;
    }
  }

  /** A keyword and the next token are apart by white space (`import(` is no statement). */
  protected requireSpace(): void {
    const before = this.i;
    this.skipInline();
    if (this.i === before) throw new Unsure();
  }
}

/** An f-string's replacement fields close (`{{` and `}}` are literal braces outside them) and call no loader. */
function checkFields(body: string): void {
  if (LOADER_WORDS.test(body)) throw new Unsure();
  let depth = 0;
  for (let k = 0; k < body.length; k++) {
    const c = body.charCodeAt(k);
    if (c === 123) {
      if (depth === 0 && body.charCodeAt(k + 1) === 123) k++;
      else depth++;
    } else if (c === 125) {
      if (depth === 0) {
        if (body.charCodeAt(k + 1) !== 125) throw new Unsure();
        k++;
      } else depth--;
    }
  }
  if (depth !== 0) throw new Unsure();
}

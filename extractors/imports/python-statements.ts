// A token-level reader of Python's `import` and `from … import` statements, about a hundred times cheaper
// than a tree-sitter parse. It reads strings, comments, brackets and line continuations only to know where
// statements start, and answers undefined ("unsure") for anything it does not fully understand (a syntax
// error, a backtick, an unknown string prefix, an f-string with quotes nested inside, `import` where no
// statement starts): the caller then asks tree-sitter, whose answers this reader reproduces exactly.

/** One statement: `[start, end)` of its text, and the modules it imports with where each name starts. */
export interface ImportStatement {
  start: number;
  end: number;
  modules: { name: string; at: number }[];
}

/** Keywords (and tree-sitter's Python 2 `print`/`exec`, and soft keywords) never read as a name here. */
const RESERVED = new Set(
  (
    "False None True and as assert async await break class continue def del elif else except finally for " +
    "from global if import in is lambda nonlocal not or pass raise return try while with yield " +
    "print exec match case type _"
  ).split(" "),
);
const LOADER_WORDS = /import_module|__import__/;
const STRING_PREFIXES = new Set(["r", "u", "b", "f", "br", "rb", "fr", "rf"]);
const ID_CONTINUE = /[\p{ID_Continue}]/u;
/** Where a string's body may end or change meaning: its quote, a backslash or a line break. */
const STOPS = {
  double: /["\\\n\r]/g,
  single: /['\\\n\r]/g,
  tripleDouble: /["\\]/g,
  tripleSingle: /['\\]/g,
};

/** Thrown (and caught in `readImportStatements`) where the reader is unsure. */
class Unsure extends Error {}

function isIdStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isIdPart(c: number): boolean {
  return isIdStart(c) || (c >= 48 && c <= 57);
}

/**
 * Every import statement of `text` in order, anywhere (in functions, `try`, `if TYPE_CHECKING:` too), with
 * the modules of `import a.b, c as d` and `from a.b import c` (not relative ones, not `__future__`); or
 * undefined when the reader is unsure of the text.
 */
export function readImportStatements(text: string): ImportStatement[] | undefined {
  try {
    return new Reader(text).read();
  } catch (error) {
    if (error instanceof Unsure) return undefined;
    throw error;
  }
}

/** A loader call being read: where it starts, its bracket's depth, and its module when the first argument is one. */
interface LoaderCall {
  start: number;
  depth: number;
  module: { name: string; at: number } | undefined;
}

class Reader {
  private i = 0;
  private readonly statements: ImportStatement[] = [];
  /** The open brackets' characters, innermost last. */
  private readonly brackets: number[] = [];
  private readonly calls: LoaderCall[] = [];

  constructor(private readonly text: string) {}

  read(): ImportStatement[] {
    const { text, brackets } = this;
    const n = text.length;
    let statementStart = true;
    let afterDot = false;
    if (text.charCodeAt(0) === 0xfeff) this.i = 1;
    while (this.i < n) {
      const c = text.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 12) {
        this.i++;
        continue;
      }
      if (c === 10) {
        if (brackets.length === 0) statementStart = true;
        this.i++;
        continue;
      }
      if (c === 13) {
        if (text.charCodeAt(this.i + 1) !== 10) throw new Unsure();
        this.i++;
        continue;
      }
      if (c === 35) {
        this.skipComment();
        continue;
      }
      if (c === 92) {
        this.skipContinuation();
        continue;
      }
      const atStatementStart = statementStart;
      const attribute = afterDot;
      statementStart = false;
      afterDot = false;
      if (c === 34 || c === 39) {
        this.skipString(false);
      } else if (isIdStart(c) || c >= 128) {
        const start = this.i;
        const word = this.identifier();
        const next = text.charCodeAt(this.i);
        if (next === 34 || next === 39) {
          const prefix = word.toLowerCase();
          if (!STRING_PREFIXES.has(prefix)) throw new Unsure();
          this.skipString(prefix.includes("f"));
        } else if (word === "import") {
          if (!atStatementStart) throw new Unsure();
          this.importStatement(start);
        } else if (word === "from" && atStatementStart) {
          this.fromStatement(start);
        } else if (!attribute && this.isLoader(word)) {
          this.loaderCall(start);
        }
      } else if (c >= 48 && c <= 57) {
        while (this.i < n && (isIdPart(text.charCodeAt(this.i)) || text.charCodeAt(this.i) === 46)) this.i++;
      } else if (c === 40 || c === 91 || c === 123) {
        brackets.push(c);
        this.i++;
      } else if (c === 41 || c === 93 || c === 125) {
        this.close(c);
      } else if ((c === 59 || c === 58) && brackets.length === 0 && text.charCodeAt(this.i + 1) !== 61) {
        statementStart = true; // after `;`, or the `:` of a one-line `if x: import y`
        this.i++;
      } else if (
        c === 33 ? text.charCodeAt(this.i + 1) === 61 : "%&*+,-./:;<=>@^|~".includes(text[this.i]!)
      ) {
        afterDot = c === 46;
        this.i++;
      } else {
        throw new Unsure(); // `$`, `?`, a backtick, a stray `!`, a control character
      }
    }
    if (brackets.length !== 0) throw new Unsure();
    return this.statements.sort((a, b) => a.start - b.start);
  }

  /** A closing bracket: it must close the innermost open one; it may end a loader call. */
  private close(c: number): void {
    const open = this.brackets.pop();
    if (open === undefined || c - open !== (open === 40 ? 1 : 2)) throw new Unsure();
    this.i++;
    const call = this.calls.at(-1);
    if (call?.depth !== this.brackets.length) return;
    this.calls.pop();
    const modules = call.module ? [call.module] : [];
    this.statements.push({ start: call.start, end: this.i, modules });
  }

  /**
   * Whether the name just read is a loader tree-sitter's query knows (`import_module`, `__import__`,
   * `importlib.import_module`; then read past the latter's `.import_module`), called right after it.
   */
  private isLoader(word: string): boolean {
    const { text } = this;
    let end = this.i;
    if (word === "importlib") {
      if (!text.startsWith(".import_module", end) || isIdPart(text.charCodeAt(end + 14))) return false;
      end += 14;
    } else if (word !== "import_module" && word !== "__import__") return false;
    if (text.charCodeAt(end) >= 128) throw new Unsure();
    const paren = text.charCodeAt(end);
    // `import_module ("a")`, `import_module\n("a")` in brackets: a call all the same.
    if ([32, 9, 12, 10, 13, 35, 92].includes(paren)) throw new Unsure();
    if (paren !== 40) return false;
    this.i = end;
    return true;
  }

  /**
   * A loader call from its callee (read) at its `(`: its module is the first argument when that is one plain
   * string literal (no prefix, escapes or triple quotes) followed by `,` or `)`, as tree-sitter's query reads.
   */
  private loaderCall(start: number): void {
    const { text } = this;
    this.brackets.push(40);
    const call: LoaderCall = { start, depth: this.brackets.length - 1, module: undefined };
    this.calls.push(call);
    this.i++;
    this.skipBracketed(false);
    const quote = text.charCodeAt(this.i);
    if (quote !== 34 && quote !== 39) return;
    const at = this.i;
    this.skipString(false);
    const literal = text.slice(at, this.i);
    this.skipBracketed(true);
    const after = text.charCodeAt(this.i);
    const body = literal.slice(1, -1);
    const plain = literal.length >= 2 && !literal.startsWith(text[at]!.repeat(3)) && !body.includes("\\");
    if (plain && (after === 44 || after === 41)) call.module = { name: body, at };
  }

  /** An identifier from `this.i` (ASCII, or letters and marks Python allows). */
  private identifier(): string {
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

  private skipComment(): void {
    const newline = this.text.indexOf("\n", this.i);
    this.i = newline < 0 ? this.text.length : newline;
    // A `\r` ends the comment's line only before a `\n`, as the main loop requires.
    if (this.text.charCodeAt(this.i - 1) === 13) this.i--;
  }

  /** A backslash that joins the next line; any other is unexpected outside a string. */
  private skipContinuation(): void {
    const { text } = this;
    if (text.charCodeAt(this.i + 1) === 10) this.i += 2;
    else if (text.charCodeAt(this.i + 1) === 13 && text.charCodeAt(this.i + 2) === 10) this.i += 3;
    else throw new Unsure();
  }

  /** A string literal from its opening quote; an f-string must close every `{` it opens before it ends. */
  private skipString(formatted: boolean): void {
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
  private skipInline(): void {
    const { text } = this;
    for (;;) {
      const c = text.charCodeAt(this.i);
      if (c === 32 || c === 9 || c === 12) this.i++;
      else if (c === 92) this.skipContinuation();
      else return;
    }
  }

  /** White space inside brackets: line breaks and comments too (where `comments` allows). */
  private skipBracketed(comments = true): void {
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

  /** A name that is no keyword. */
  private name(): string {
    if (!isIdStart(this.text.charCodeAt(this.i)) && this.text.charCodeAt(this.i) < 128) throw new Unsure();
    const word = this.identifier();
    if (RESERVED.has(word)) throw new Unsure();
    return word;
  }

  /** `a.b.c`, its parts joined without white space (any inside: unsure). */
  private dottedName(): string {
    let name = this.name();
    while (this.text.charCodeAt(this.i) === 46) {
      this.i++;
      name += `.${this.name()}`;
    }
    return name;
  }

  /** Whether the keyword `word` is next (then read past it). */
  private keyword(word: string): boolean {
    const { text } = this;
    if (!text.startsWith(word, this.i) || isIdPart(text.charCodeAt(this.i + word.length))) return false;
    if (text.charCodeAt(this.i + word.length) >= 128) throw new Unsure();
    this.i += word.length;
    return true;
  }

  /** After `name`, an optional `as alias`; the offset where the item ends. */
  private alias(skip: () => void): number {
    let end = this.i;
    skip();
    if (this.keyword("as")) {
      skip();
      this.name();
      end = this.i;
      skip();
    }
    return end;
  }

  /** The statement ends here: a line break, `;`, a comment or the end of the text must follow. */
  private endOfStatement(): void {
    const c = this.text.charCodeAt(this.i);
    if (!(Number.isNaN(c) || c === 10 || c === 13 || c === 59 || c === 35)) throw new Unsure();
  }

  /** `import a.b as c, d` from its keyword (already read). */
  private importStatement(start: number): void {
    const modules: ImportStatement["modules"] = [];
    let end: number;
    this.requireSpace();
    for (;;) {
      const at = this.i;
      modules.push({ name: this.dottedName(), at });
      end = this.alias(() => this.skipInline());
      if (this.text.charCodeAt(this.i) !== 44) break;
      this.i++;
      this.skipInline();
    }
    this.endOfStatement();
    this.statements.push({ start, end, modules });
  }

  /** `from a.b import c as d, e`, `from . import x`, `from a import (b, c,)`, `from a import *`. */
  private fromStatement(start: number): void {
    const { text } = this;
    this.skipInline();
    let dots = 0;
    while (text.charCodeAt(this.i) === 46) {
      dots++;
      this.i++;
      this.skipInline();
    }
    const at = this.i;
    const module = dots === 0 || !this.atKeyword("import") ? this.dottedName() : undefined;
    this.skipInline();
    if (!this.keyword("import")) throw new Unsure();
    this.skipInline();
    let end: number;
    if (text.charCodeAt(this.i) === 42) {
      end = ++this.i;
      this.skipInline();
    } else if (text.charCodeAt(this.i) === 40) {
      this.i++;
      this.importedNames(() => this.skipBracketed());
      if (text.charCodeAt(this.i) !== 41) throw new Unsure();
      end = ++this.i;
      this.skipInline();
    } else {
      end = this.importedNames(() => this.skipInline());
    }
    this.endOfStatement();
    const imports = dots === 0 && module !== undefined && module !== "__future__";
    this.statements.push({ start, end, modules: imports ? [{ name: module, at }] : [] });
  }

  private atKeyword(word: string): boolean {
    const { text } = this;
    return text.startsWith(word, this.i) && !isIdPart(text.charCodeAt(this.i + word.length));
  }

  /** `b as c, d` (in brackets a trailing comma too); where the last item ends. */
  private importedNames(skip: () => void): number {
    const bracketed = this.text.charCodeAt(this.i - 1) === 40;
    skip();
    for (;;) {
      this.name();
      const end = this.alias(skip);
      if (this.text.charCodeAt(this.i) !== 44) return end;
      this.i++;
      skip();
      if (bracketed && this.text.charCodeAt(this.i) === 41) return end;
    }
  }

  /** A keyword and the next token are apart by white space (`import(` is no statement). */
  private requireSpace(): void {
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

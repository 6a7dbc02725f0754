// A token-level reader of Python's `import` and `from … import` statements, about a hundred times cheaper
// than a tree-sitter parse. It reads strings, comments, brackets and line continuations only to know where
// statements start, and answers undefined ("unsure") for anything it does not fully understand (a syntax
// error, a backtick, an unknown string prefix, an f-string with quotes nested inside, `import` where no
// statement starts): the caller then asks tree-sitter, whose answers this reader reproduces exactly.
import { Scanner, Unsure, isIdPart, isIdStart } from "./python-statements/scanner.js";

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
const STRING_PREFIXES = new Set(["r", "u", "b", "f", "br", "rb", "fr", "rf"]);

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

class Reader extends Scanner {
  private readonly statements: ImportStatement[] = [];
  /** The open brackets' characters, innermost last. */
  private readonly brackets: number[] = [];
  private readonly calls: LoaderCall[] = [];

  constructor(text: string) {
    super(text);
  }

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
}

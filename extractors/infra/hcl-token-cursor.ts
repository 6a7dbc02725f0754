// The token stream under the HCL parser: looking ahead, skipping newlines where they mean nothing, matching
// brackets, bounding the nesting, and the errors that name what was expected where.
import type { HclExpression, Token } from "./hcl-syntax.js";
import { HclError } from "./hcl-syntax.js";

/** Blocks and brackets nest; past this depth the text is surely not Terraform (and the stack stays safe). */
const MAX_NESTING = 200;

const CLOSERS = new Set(["}", "]", ")"]);

export type Span = Pick<Token, "start" | "end" | "line">;

export class TokenCursor {
  protected index = 0;
  protected readonly eof: Token;
  /** Newlines end attributes and separate object items, but mean nothing inside (), [], `${ }` and `for`. */
  protected skipping: boolean;

  constructor(
    protected readonly source: string,
    protected readonly tokens: Token[],
    skipping: boolean,
    protected nesting: number,
  ) {
    this.skipping = skipping;
    const last = tokens[tokens.length - 1];
    if (last?.kind !== "eof") throw new Error("The HCL lexer ends every token list with an eof token.");
    this.eof = last;
  }

  /** After the last item: the end of the text, or of the `${ … }` sequence being parsed. */
  expectEnd(expected: string): void {
    const token = this.peek();
    if (token.kind !== "eof") throw this.unexpected(token, expected);
  }

  protected peek(): Token {
    if (this.skipping) this.skipNewlineTokens();
    return this.tokens[this.index] ?? this.eof;
  }

  protected next(): Token {
    const token = this.peek();
    if (token.kind !== "eof") this.index++;
    return token;
  }

  /** Sets whether newlines are skipped and returns the setting to restore. */
  protected skip(skipping: boolean): boolean {
    const outer = this.skipping;
    this.skipping = skipping;
    return outer;
  }

  protected skipNewlineTokens(): void {
    while (this.tokens[this.index]?.kind === "newline") this.index++;
  }

  /** Whether a for-expression starts here: `for` then its variable's name. */
  protected atFor(): boolean {
    const token = this.peek();
    if (token.kind !== "ident" || token.text !== "for") return false;
    let next = this.index + 1;
    while (this.tokens[next]?.kind === "newline") next++;
    return this.tokens[next]?.kind === "ident";
  }

  protected expect(text: string, expected: string): Token {
    const token = this.next();
    if (!isPunct(token, text)) throw this.unexpected(token, expected);
    return token;
  }

  protected expectIdent(expected: string): void {
    const token = this.next();
    if (token.kind !== "ident") throw this.unexpected(token, expected);
  }

  /** The closer of `open`, or the error that says `open` never closes. */
  protected close(open: Token, closer: string, expected: string): Token {
    const token = this.peek();
    if (isPunct(token, closer)) return this.next();
    this.checkOpen(token, open);
    throw this.unexpected(token, expected);
  }

  /** A bracket is never closed when the text (or the enclosing `${ }`) ends, or another bracket closes first. */
  protected checkOpen(token: Token, open: Token): void {
    if (token.kind === "eof" || (token.kind === "punct" && CLOSERS.has(token.text)))
      throw new HclError(`the \`${open.text}\` on line ${open.line} is never closed`, open.line, true);
  }

  protected enter(token: Token): void {
    if (++this.nesting > MAX_NESTING)
      throw new HclError(`the text on line ${token.line} nests more than ${MAX_NESTING} deep`, token.line);
  }

  protected other(first: Span, last: Span): HclExpression {
    return {
      kind: "other",
      raw: this.slice(first, last),
      start: first.start,
      end: last.end,
      line: first.line,
    };
  }

  protected slice(first: Span, last: Span): string {
    return this.source.slice(first.start, last.end);
  }

  protected unexpected(token: Token, expected: string): HclError {
    return new HclError(
      `expected ${expected} on line ${token.line} but found ${describe(token)}`,
      token.line,
    );
  }
}

export function isPunct(token: Token, text: string): boolean {
  return token.kind === "punct" && token.text === text;
}

function describe(token: Token): string {
  switch (token.kind) {
    case "newline":
      return "the end of the line";
    case "eof":
      return token.text === "}" ? "`}`" : "the end of the text";
    case "string":
    case "heredoc":
      return `a ${token.kind}`;
    case "number":
      return `the number ${token.text}`;
    default:
      return `\`${token.text}\``;
  }
}

// Tokens → HCL structure: bodies of attributes and blocks, and expressions as far as anyone reading Terraform
// statically needs them (strings, numbers, bools, null, tuples, objects). Everything else (references,
// calls, operators, conditionals, for-expressions) is checked for its syntax and kept as source text.
import type {
  HclBlock,
  HclBody,
  HclExpression,
  HclObjectItem,
  HclTemplatePart,
  SequenceToken,
  Token,
} from "./hcl-syntax.js";
import { HclError } from "./hcl-syntax.js";

/** Blocks and brackets nest; past this depth the text is surely not Terraform (and the stack stays safe). */
const MAX_NESTING = 200;

const PRECEDENCE = new Map([
  ["||", 1],
  ["&&", 2],
  ["==", 3],
  ["!=", 3],
  ["<", 4],
  [">", 4],
  ["<=", 4],
  [">=", 4],
  ["+", 5],
  ["-", 5],
  ["*", 6],
  ["/", 6],
  ["%", 6],
]);

const CLOSERS = new Set(["}", "]", ")"]);
/** Punctuation that ends an expression: no operator or postfix continues it. */
const ENDS_VALUE = new Set([",", "}", "]", ")", "=", ":", "=>", "..."]);

type Span = Pick<Token, "start" | "end" | "line">;

export function parse(source: string, tokens: Token[]): HclBody {
  const parser = new Parser(source, tokens, false, 0);
  const body = parser.body();
  parser.expectEnd("an attribute or a block");
  return body;
}

class Parser {
  private index = 0;
  private readonly eof: Token;
  /** Newlines end attributes and separate object items, but mean nothing inside (), [], `${ }` and `for`. */
  private skipping: boolean;
  /** Open blocks, outermost first: a block left open reports the outermost one, where the damage starts. */
  private readonly openBlocks: Token[] = [];

  constructor(
    private readonly source: string,
    private readonly tokens: Token[],
    skipping: boolean,
    private nesting: number,
  ) {
    this.skipping = skipping;
    const last = tokens[tokens.length - 1];
    if (last?.kind !== "eof") throw new Error("The HCL lexer ends every token list with an eof token.");
    this.eof = last;
  }

  /** Attributes and blocks, each ending its line, up to the end of the text or a `}` (not consumed). */
  body(): HclBody {
    const body: HclBody = { attributes: [], blocks: [] };
    const seen = new Map<string, number>();
    for (;;) {
      this.skipNewlineTokens();
      const token = this.peek();
      if (token.kind === "eof" || isPunct(token, "}")) return body;
      this.item(body, seen, false);
      const after = this.peek();
      if (after.kind === "newline") this.index++;
      else if (after.kind !== "eof") throw this.unexpected(after, "a new line");
    }
  }

  /** `name = expression`, or (unless in a one-line block) a block. */
  private item(body: HclBody, seen: Map<string, number>, oneLine: boolean): void {
    const name = this.next();
    if (name.kind !== "ident") throw this.unexpected(name, "an attribute name or a block type");
    if (!isPunct(this.peek(), "=")) {
      if (oneLine)
        throw new HclError(
          `the block on line ${name.line} is inside a one-line block, which holds one attribute at most`,
          name.line,
        );
      body.blocks.push(this.block(name));
      return;
    }
    this.index++;
    const earlier = seen.get(name.text);
    if (earlier !== undefined)
      throw new HclError(
        `the attribute \`${name.text}\` on line ${name.line} is already set on line ${earlier}`,
        name.line,
      );
    seen.set(name.text, name.line);
    body.attributes.push({ name: name.text, line: name.line, value: this.expression() });
  }

  /** After the last item: the end of the text, or of the `${ … }` sequence being parsed. */
  expectEnd(expected: string): void {
    const token = this.peek();
    if (token.kind !== "eof") throw this.unexpected(token, expected);
  }

  private block(type: Token): HclBlock {
    const labels: string[] = [];
    for (let token = this.peek(); ; token = this.peek()) {
      if (token.kind === "ident") labels.push(token.text);
      else if (token.kind === "string") labels.push(this.label(token));
      else break;
      this.index++;
    }
    const open = this.peek();
    if (!isPunct(open, "{"))
      throw this.unexpected(open, labels.length > 0 ? "a label or `{`" : "`=`, a block label or `{`");
    this.index++;
    this.enter(open);
    this.openBlocks.push(type);
    let body: HclBody = { attributes: [], blocks: [] };
    const first = this.peek();
    if (first.kind === "newline") body = this.body();
    // A one-line block: `name { }` or `name { attribute = value }`.
    else if (!isPunct(first, "}") && first.kind !== "eof") this.item(body, new Map(), true);
    const close = this.peek();
    if (close.kind === "eof") {
      const outermost = this.openBlocks[0] ?? type;
      throw new HclError(`the block on line ${outermost.line} is never closed`, outermost.line, true);
    }
    if (!isPunct(close, "}")) throw this.unexpected(close, "`}` to end the one-line block");
    this.index++;
    this.openBlocks.pop();
    this.nesting--;
    return { type: type.text, labels, line: type.line, endLine: close.line, body };
  }

  private label(token: Token): string {
    const [first, ...rest] = token.parts;
    if (rest.length > 0 || (first !== undefined && typeof first !== "string"))
      throw new HclError(
        `the block label on line ${token.line} must be a plain string, without \${ } or %{ }`,
        token.line,
      );
    return first ?? "";
  }

  // ---- Expressions ----

  private expression(): HclExpression {
    // Most values are a single literal or name: skip the descent through operators and postfixes.
    const first = this.peek();
    const after = this.tokens[this.index + 1];
    if (
      after !== undefined &&
      (first.kind === "string" || first.kind === "number" || first.kind === "ident") &&
      (after.kind === "eof" ||
        (after.kind === "newline" && !this.skipping) ||
        (after.kind === "punct" && ENDS_VALUE.has(after.text)))
    )
      return this.primary();
    this.enter(first);
    const condition = this.binary(0);
    let result = condition;
    if (isPunct(this.peek(), "?")) {
      this.index++;
      this.expression();
      this.expect(":", "`:` in the conditional");
      result = this.other(condition, this.expression());
    }
    this.nesting--;
    return result;
  }

  private binary(minimum: number): HclExpression {
    let left = this.unary();
    for (;;) {
      const operator = this.peek();
      const precedence = operator.kind === "punct" ? PRECEDENCE.get(operator.text) : undefined;
      if (precedence === undefined || precedence < minimum) return left;
      this.index++;
      left = this.other(left, this.binary(precedence + 1));
    }
  }

  private unary(): HclExpression {
    const operator = this.peek();
    if (operator.kind !== "punct" || (operator.text !== "-" && operator.text !== "!")) return this.postfix();
    this.index++;
    this.enter(operator);
    const operand = this.unary();
    this.nesting--;
    const node = {
      raw: this.slice(operator, operand),
      start: operator.start,
      end: operand.end,
      line: operator.line,
    };
    if (operator.text === "-" && operand.kind === "number")
      return { ...node, kind: "number", value: -operand.value };
    if (operator.text === "!" && operand.kind === "bool")
      return { ...node, kind: "bool", value: !operand.value };
    return { ...node, kind: "other" };
  }

  /** Attribute access `.name`, legacy index `.0`, splats `.*` and `[*]`, and index `[key]`. */
  private postfix(): HclExpression {
    const result = this.primary();
    let last: Span = result;
    for (;;) {
      const token = this.peek();
      if (isPunct(token, ".")) {
        this.index++;
        const step = this.next();
        if (step.kind !== "ident" && step.kind !== "number" && !isPunct(step, "*"))
          throw this.unexpected(step, "a name, an index or `*` after `.`");
        last = step;
      } else if (isPunct(token, "[")) {
        this.index++;
        const outer = this.skip(true);
        if (isPunct(this.peek(), "*")) this.index++;
        else this.expression();
        last = this.close(token, "]", "`]`");
        this.skipping = outer;
      } else {
        return last === result ? result : this.other(result, last);
      }
    }
  }

  private primary(): HclExpression {
    const token = this.next();
    const { kind, text: raw, start, end, line } = token;
    if (kind === "string" || kind === "heredoc") return this.template(token);
    if (kind === "number") return { kind, value: Number(raw), raw, start, end, line };
    if (kind === "ident") {
      if (raw === "true" || raw === "false")
        return { kind: "bool", value: raw === "true", raw, start, end, line };
      if (raw === "null") return { kind: "null", raw, start, end, line };
      const next = this.peek();
      if (isPunct(next, "(") || isPunct(next, "::")) return this.call(token);
      return { kind: "other", raw, start, end, line };
    }
    if (isPunct(token, "(")) {
      const outer = this.skip(true);
      this.expression();
      const close = this.close(token, ")", "`)`");
      this.skipping = outer;
      return this.other(token, close);
    }
    if (isPunct(token, "[")) return this.tuple(token);
    if (isPunct(token, "{")) return this.object(token);
    throw this.unexpected(token, "an expression");
  }

  /** `name(args)`, `provider::aws::arn_parse(args)`; the last argument may expand a list with `...`. */
  private call(name: Token): HclExpression {
    while (isPunct(this.peek(), "::")) {
      this.index++;
      const part = this.next();
      if (part.kind !== "ident") throw this.unexpected(part, "a function name after `::`");
    }
    const open = this.next();
    if (!isPunct(open, "(")) throw this.unexpected(open, "`(` after the function name");
    const outer = this.skip(true);
    const close = this.items(open, ")", () => {
      this.expression();
      if (isPunct(this.peek(), "...")) this.index++;
    });
    this.skipping = outer;
    return this.other(name, close);
  }

  private tuple(open: Token): HclExpression {
    const outer = this.skip(true);
    if (this.atFor()) {
      const close = this.forExpression(open, "]");
      this.skipping = outer;
      return this.other(open, close);
    }
    const items: HclExpression[] = [];
    const close = this.items(open, "]", () => items.push(this.expression()));
    this.skipping = outer;
    return {
      kind: "tuple",
      items,
      raw: this.slice(open, close),
      start: open.start,
      end: close.end,
      line: open.line,
    };
  }

  /** `{ key = value, key: value }`; commas or newlines separate the items. */
  private object(open: Token): HclExpression {
    const outer = this.skip(false);
    this.enter(open);
    this.skipNewlineTokens();
    if (this.atFor()) {
      this.skipping = true;
      const close = this.forExpression(open, "}");
      this.skipping = outer;
      this.nesting--;
      return this.other(open, close);
    }
    const items: HclObjectItem[] = [];
    let close: Token;
    for (;;) {
      this.skipNewlineTokens();
      const token = this.peek();
      if (isPunct(token, "}")) {
        close = this.next();
        break;
      }
      this.checkOpen(token, open);
      const key = this.expression();
      const separator = this.next();
      if (!isPunct(separator, "=") && !isPunct(separator, ":")) {
        this.checkOpen(separator, open);
        throw this.unexpected(separator, "`=` after the object key");
      }
      items.push({ key, value: this.expression() });
      const after = this.peek();
      if (isPunct(after, ",") || after.kind === "newline") {
        this.index++;
      } else if (!isPunct(after, "}")) {
        this.checkOpen(after, open);
        throw this.unexpected(after, "`,`, a new line or `}`");
      }
    }
    this.skipping = outer;
    this.nesting--;
    return {
      kind: "object",
      items,
      raw: this.slice(open, close),
      start: open.start,
      end: close.end,
      line: open.line,
    };
  }

  /** `[for v in list : value if cond]`, `{for k, v in map : key => value... if cond}`; returns the closer. */
  private forExpression(open: Token, closer: "]" | "}"): Token {
    this.index++;
    this.expectIdent("the variable name after `for`");
    if (isPunct(this.peek(), ",")) {
      this.index++;
      this.expectIdent("a second variable name after `,`");
    }
    const keyword = this.next();
    if (keyword.kind !== "ident" || keyword.text !== "in") throw this.unexpected(keyword, "`in`");
    this.expression();
    this.expect(":", "`:` after the collection");
    this.expression();
    if (closer === "}") {
      this.expect("=>", "`=>` between the key and the value");
      this.expression();
      if (isPunct(this.peek(), "...")) this.index++;
    }
    const condition = this.peek();
    if (condition.kind === "ident" && condition.text === "if") {
      this.index++;
      this.expression();
    }
    return this.close(open, closer, `\`${closer}\``);
  }

  /** Comma-separated items up to `closer`, a trailing comma allowed; returns the closer. */
  private items(open: Token, closer: string, item: () => void): Token {
    this.enter(open);
    for (;;) {
      const token = this.peek();
      if (isPunct(token, closer)) break;
      this.checkOpen(token, open);
      item();
      const after = this.peek();
      if (isPunct(after, ",")) this.index++;
      else if (!isPunct(after, closer)) {
        this.checkOpen(after, open);
        throw this.unexpected(after, `\`,\` or \`${closer}\``);
      }
    }
    this.nesting--;
    return this.next();
  }

  private template(token: Token): HclExpression {
    const { start, end, line, parts, text: raw } = token;
    // Adjacent literal text is joined, so a string without sequences has at most one part.
    const literal =
      parts.length === 0 ? "" : parts.length === 1 && typeof parts[0] === "string" ? parts[0] : undefined;
    if (literal !== undefined) return { kind: "string", value: literal, raw, start, end, line };
    const mapped = parts.map((part) => (typeof part === "string" ? part : this.sequence(part)));
    return { kind: "template", parts: mapped, raw, start, end, line };
  }

  private sequence(sequence: SequenceToken): HclTemplatePart {
    const parser = new Parser(this.source, sequence.tokens, true, this.nesting);
    if (sequence.kind === "interpolation") {
      const expression = parser.expression();
      parser.expectEnd("`}` to end the `${`");
      return { kind: "interpolation", expression };
    }
    parser.directive();
    return { kind: "directive", raw: this.source.slice(sequence.start, sequence.end).trim() };
  }

  /** `%{ if cond }`, `%{ else }`, `%{ endif }`, `%{ for v in list }`, `%{ for k, v in map }`, `%{ endfor }`. */
  private directive(): void {
    const keyword = this.next();
    const word = keyword.kind === "ident" ? keyword.text : "";
    if (word === "if") {
      this.expression();
    } else if (word === "for") {
      this.expectIdent("the variable name after `for`");
      if (isPunct(this.peek(), ",")) {
        this.index++;
        this.expectIdent("a second variable name after `,`");
      }
      const keywordIn = this.next();
      if (keywordIn.kind !== "ident" || keywordIn.text !== "in") throw this.unexpected(keywordIn, "`in`");
      this.expression();
    } else if (word !== "else" && word !== "endif" && word !== "endfor") {
      throw this.unexpected(keyword, "`if`, `else`, `endif`, `for` or `endfor` after `%{`");
    }
    this.expectEnd("`}` to end the `%{`");
  }

  // ---- Tokens ----

  private peek(): Token {
    if (this.skipping) this.skipNewlineTokens();
    return this.tokens[this.index] ?? this.eof;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== "eof") this.index++;
    return token;
  }

  /** Sets whether newlines are skipped and returns the setting to restore. */
  private skip(skipping: boolean): boolean {
    const outer = this.skipping;
    this.skipping = skipping;
    return outer;
  }

  private skipNewlineTokens(): void {
    while (this.tokens[this.index]?.kind === "newline") this.index++;
  }

  /** Whether a for-expression starts here: `for` then its variable's name. */
  private atFor(): boolean {
    const token = this.peek();
    if (token.kind !== "ident" || token.text !== "for") return false;
    let next = this.index + 1;
    while (this.tokens[next]?.kind === "newline") next++;
    return this.tokens[next]?.kind === "ident";
  }

  private expect(text: string, expected: string): Token {
    const token = this.next();
    if (!isPunct(token, text)) throw this.unexpected(token, expected);
    return token;
  }

  private expectIdent(expected: string): void {
    const token = this.next();
    if (token.kind !== "ident") throw this.unexpected(token, expected);
  }

  /** The closer of `open`, or the error that says `open` never closes. */
  private close(open: Token, closer: string, expected: string): Token {
    const token = this.peek();
    if (isPunct(token, closer)) return this.next();
    this.checkOpen(token, open);
    throw this.unexpected(token, expected);
  }

  /** A bracket is never closed when the text (or the enclosing `${ }`) ends, or another bracket closes first. */
  private checkOpen(token: Token, open: Token): void {
    if (token.kind === "eof" || (token.kind === "punct" && CLOSERS.has(token.text)))
      throw new HclError(`the \`${open.text}\` on line ${open.line} is never closed`, open.line, true);
  }

  private enter(token: Token): void {
    if (++this.nesting > MAX_NESTING)
      throw new HclError(`the text on line ${token.line} nests more than ${MAX_NESTING} deep`, token.line);
  }

  private other(first: Span, last: Span): HclExpression {
    return {
      kind: "other",
      raw: this.slice(first, last),
      start: first.start,
      end: last.end,
      line: first.line,
    };
  }

  private slice(first: Span, last: Span): string {
    return this.source.slice(first.start, last.end);
  }

  private unexpected(token: Token, expected: string): HclError {
    return new HclError(
      `expected ${expected} on line ${token.line} but found ${describe(token)}`,
      token.line,
    );
  }
}

function isPunct(token: Token, text: string): boolean {
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

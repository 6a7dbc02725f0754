// HCL expressions: literals, tuples and objects become values; references, calls, operators, conditionals
// and for-expressions are checked for their syntax and kept as source text.
import type { HclExpression, HclObjectItem, HclTemplatePart, SequenceToken, Token } from "./hcl-syntax.js";
import type { Span } from "./hcl-token-cursor.js";
import { isPunct, TokenCursor } from "./hcl-token-cursor.js";

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

/** Punctuation that ends an expression: no operator or postfix continues it. */
const ENDS_VALUE = new Set([",", "}", "]", ")", "=", ":", "=>", "..."]);

/** The expression reader; hcl-parser.ts extends it with bodies and blocks. */
export class ExpressionParser extends TokenCursor {
  protected expression(): HclExpression {
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
    const parser = new ExpressionParser(this.source, sequence.tokens, true, this.nesting);
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
}

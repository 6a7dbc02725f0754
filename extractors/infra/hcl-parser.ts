// Tokens → HCL structure: bodies of attributes and blocks, and expressions as far as anyone reading Terraform
// statically needs them (strings, numbers, bools, null, tuples, objects). Everything else (references,
// calls, operators, conditionals, for-expressions) is checked for its syntax and kept as source text.
// hcl-expressions.ts reads the expressions, on the token stream of hcl-token-cursor.ts.
import type { HclBlock, HclBody, Token } from "./hcl-syntax.js";
import { HclError } from "./hcl-syntax.js";
import { ExpressionParser } from "./hcl-expressions.js";
import { isPunct } from "./hcl-token-cursor.js";

export function parse(source: string, tokens: Token[]): HclBody {
  const parser = new Parser(source, tokens, false, 0);
  const body = parser.body();
  parser.expectEnd("an attribute or a block");
  return body;
}

class Parser extends ExpressionParser {
  /** Open blocks, outermost first: a block left open reports the outermost one, where the damage starts. */
  private readonly openBlocks: Token[] = [];

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
}

// The vocabulary of the HCL reader (hcl.ts): the tokens hcl-lexer.ts produces, the tree hcl-parser.ts builds
// from them, and the error both throw. Offsets index the text given to the reader; lines are 1-based.
import { ParseError } from "../types.js";

interface Located {
  /** Offsets of the first character and just past the last one. */
  start: number;
  end: number;
  line: number;
}

/** A token. Every token has the same fields, in the same order: V8 reads objects of one shape fastest. */
export interface Token extends Located {
  kind: "ident" | "number" | "punct" | "newline" | "string" | "heredoc" | "eof";
  /** The source text; for the `eof` that ends a `${ … }` sequence, `}`. */
  text: string;
  /** Of a string or heredoc: literal text (escapes decoded) between `${ … }` and `%{ … }`; else empty. */
  parts: readonly (string | SequenceToken)[];
}

/** The inside of `${ … }` (interpolation) or `%{ … }` (directive); its tokens end with an `eof`. */
export interface SequenceToken extends Located {
  kind: "interpolation" | "directive";
  tokens: Token[];
}

export interface HclBody {
  attributes: HclAttribute[];
  blocks: HclBlock[];
}

/** `name = expression` */
export interface HclAttribute {
  name: string;
  line: number;
  value: HclExpression;
}

/** `type "label" label { … }`: `line` holds the type, `endLine` the closing brace. */
export interface HclBlock {
  type: string;
  labels: string[];
  line: number;
  endLine: number;
  body: HclBody;
}

interface Node extends Located {
  /** The expression's source text, exactly as written. */
  raw: string;
}

export type HclExpression =
  /** A quoted string or heredoc without `${ }` or `%{ }`. */
  | (Node & { kind: "string"; value: string })
  | (Node & { kind: "template"; parts: HclTemplatePart[] })
  | (Node & { kind: "number"; value: number })
  | (Node & { kind: "bool"; value: boolean })
  | (Node & { kind: "null" })
  | (Node & { kind: "tuple"; items: HclExpression[] })
  | (Node & { kind: "object"; items: HclObjectItem[] })
  /** Known only when Terraform evaluates it: references, calls, operators, conditionals, for-expressions. */
  | (Node & { kind: "other" });

export interface HclObjectItem {
  key: HclExpression;
  value: HclExpression;
}

export type HclTemplatePart =
  | string
  | { kind: "interpolation"; expression: HclExpression }
  /** `%{ if … }`, `%{ endfor }`, …: `raw` is the text between the braces, trimmed. */
  | { kind: "directive"; raw: string };

/** Malformed HCL. `reason` is a lower-case clause naming the line; `unclosed` marks something never closed. */
export class HclError extends ParseError {
  constructor(
    readonly reason: string,
    line: number,
    readonly unclosed = false,
  ) {
    super(`${reason.charAt(0).toUpperCase()}${reason.slice(1)}.`, line);
  }
}

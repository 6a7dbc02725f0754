import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { HclBody, HclExpression, HclTemplatePart } from "../../../extractors/infra/hcl.js";
import { HclError, readHcl } from "../../../extractors/infra/hcl.js";
import { tokenize } from "../../../extractors/infra/hcl-lexer.js";
import type { Token } from "../../../extractors/infra/hcl-syntax.js";
import { ParseError } from "../../../extractors/types.js";

// ---- Renderings: one string per token or item, so a table row states everything exactly ----

/** `ident` `1.5` `{` as their text, `⏎` a newline, `str(…)`/`heredoc(…)` with literal parts as JSON. */
function renderTokens(tokens: Token[]): string[] {
  return tokens.filter((token) => !(token.kind === "eof" && token.text === "")).map(renderToken);
}

function renderToken(token: Token): string {
  if (token.kind === "newline") return "⏎";
  if (token.kind !== "string" && token.kind !== "heredoc") return token.text;
  const parts = token.parts.map((part) =>
    typeof part === "string"
      ? JSON.stringify(part)
      : `${part.kind === "interpolation" ? "$" : "%"}{${renderTokens(part.tokens.slice(0, -1)).join(" ")}}`,
  );
  return `${token.kind === "string" ? "str" : "heredoc"}(${parts.join(" ")})`;
}

/** `type "label" @start-end` then the body indented; `name = value @line`. Attributes come before blocks. */
function renderBody(body: HclBody, indent = ""): string[] {
  return [
    ...body.attributes.map(
      (attribute) => `${indent}${attribute.name} = ${renderValue(attribute.value)} @${attribute.line}`,
    ),
    ...body.blocks.flatMap((block) => [
      `${indent}${[block.type, ...block.labels.map((label) => JSON.stringify(label))].join(" ")} @${block.line}-${block.endLine}`,
      ...renderBody(block.body, `${indent}  `),
    ]),
  ];
}

function renderValue(value: HclExpression): string {
  switch (value.kind) {
    case "string":
      return JSON.stringify(value.value);
    case "number":
    case "bool":
      return String(value.value);
    case "null":
      return "null";
    case "tuple":
      return `[${value.items.map(renderValue).join(", ")}]`;
    case "object":
      return `{${value.items.map(({ key, value: item }) => `${renderValue(key)} = ${renderValue(item)}`).join(", ")}}`;
    case "template":
      return `template(${value.parts.map(renderPart).join(" ")})`;
    case "other":
      return `expr(${value.raw})`;
  }
}

function renderPart(part: HclTemplatePart): string {
  if (typeof part === "string") return JSON.stringify(part);
  return part.kind === "directive" ? `%{${part.raw}}` : `\${${renderValue(part.expression)}}`;
}

function hclError(text: string): HclError {
  try {
    readHcl(text);
  } catch (error) {
    if (error instanceof HclError) return error;
    throw error;
  }
  throw new Error(`accepted: ${JSON.stringify(text)}`);
}

// ---- Tokens ----

const tokenCases: { name: string; text: string; tokens: string[] }[] = [
  {
    name: "identifiers (with dashes), numbers and punctuation",
    text: "a-b_c 12 1.5 6e10 2.5E-3 1. x.0 ... == != <= >= && || => :: { } [ ] ( ) , . = < > + - * / % ! ? :",
    tokens: [
      ..."a-b_c 12 1.5 6e10 2.5E-3 1 . x . 0 ... == != <= >= && || => :: { } [ ] ( ) , . = < > + - * / % ! ? :".split(
        " ",
      ),
    ],
  },
  {
    name: "comments vanish; the newline ending a line comment stays",
    text: "a # one\nb // two\nc /* three\nstill three */ d",
    tokens: ["a", "⏎", "b", "⏎", "c", "d"],
  },
  { name: "`#` and `//` inside a string", text: 'a = "#x // y"', tokens: ["a", "=", 'str("#x // y")'] },
  {
    name: "escapes",
    text: String.raw`"q\"b\\n\n t\t \u00e9 \U0001F600"`,
    tokens: [`str(${JSON.stringify('q"b\\n\n t\t é 😀')})`],
  },
  {
    name: "`$${` and `%%{` are literal; lone signs too",
    text: '"$${a} %%{b} $ % $$"',
    tokens: ['str("${a} %{b} $ % $$")'],
  },
  {
    name: "interpolation and directive sequences hold their own tokens",
    text: '"a${var.b}c%{ if d }e%{ endif }"',
    tokens: ['str("a" ${var . b} "c" %{if d} "e" %{endif})'],
  },
  {
    name: "`}` and quotes inside an interpolation",
    text: '"${jsonencode({ a = "}" })}" x',
    tokens: ['str(${jsonencode ( { a = str("}") } )})', "x"],
  },
  {
    name: "strings nest inside interpolations inside strings",
    text: '"a${"b${"c"}"}"',
    tokens: ['str("a" ${str("b" ${str("c")})})'],
  },
  {
    name: "`~` strip markers trim the whitespace beside the sequence",
    text: '"a  ${~ b ~}  c"',
    tokens: ['str("a" ${b} "c")'],
  },
  {
    name: "heredoc with `}`, quotes and `#`, ended by its marker line",
    text: 'a = <<EOF\n{"b": "}"} # c\n  EOF\nd',
    tokens: ["a", "=", String.raw`heredoc("{\"b\": \"}\"} # c\n")`, "⏎", "d"],
  },
  {
    name: "heredoc with an interpolation",
    text: "<<EOT\nx ${y} z\nEOT\n",
    tokens: ['heredoc("x " ${y} " z\\n")', "⏎"],
  },
  {
    name: "`<<-` removes the smallest indentation of lines with content",
    text: "<<-EOT\n    a\n\n      b\n   \n  EOT\n",
    tokens: [String.raw`heredoc("a\n\n  b\n   \n")`, "⏎"],
  },
  {
    name: "a heredoc line naming the marker among other text does not end it",
    text: "<<EOF\nEOF x\nEOFX\nEOF",
    tokens: [String.raw`heredoc("EOF x\nEOFX\n")`],
  },
  { name: "an empty heredoc", text: "<<EOF\nEOF\n", tokens: ["heredoc()", "⏎"] },
  {
    name: "CRLF: the carriage return is space",
    text: 'a = "b"\r\nc = 1\r\n',
    tokens: ["a", "=", 'str("b")', "⏎", "c", "=", "1", "⏎"],
  },
  { name: "non-ASCII identifiers", text: "café = 1", tokens: ["café", "=", "1"] },
  { name: "empty text", text: "", tokens: [] },
];

describe("tokenize", () => {
  it.each(tokenCases)("$name", ({ text, tokens }) => {
    expect(renderTokens(tokenize(text))).toEqual(tokens);
  });

  it("numbers lines across comments, heredocs and interpolations", () => {
    const text = 'a /* x\ny */ b\n<<EOF\n1\n2\nEOF\nc "${\nd\n}" e';
    const lines = tokenize(text).map((token) => `${renderToken(token)}@${token.line}`);
    expect(lines).toEqual([
      "a@1",
      "b@2",
      "⏎@2",
      String.raw`heredoc("1\n2\n")@3`,
      "⏎@6",
      "c@7",
      "str(${⏎ d ⏎})@7",
      "e@9",
      "@9",
    ]);
  });

  it("gives offsets that slice the source", () => {
    const text = 'x = "a${b}"  # c\n';
    expect(tokenize(text).map((token) => text.slice(token.start, token.end))).toEqual([
      "x",
      "=",
      '"a${b}"',
      "\n",
      "",
    ]);
  });
});

// ---- Structure ----

const structureCases: { name: string; text: string; structure: string[] }[] = [
  {
    name: "blocks with quoted and bare labels, nested blocks, attribute lines",
    text: [
      'resource "aws_s3_bucket" logs {',
      '  bucket = "logs"',
      "  versioning {",
      "    enabled = true",
      "  }",
      "}",
      "locals {",
      "}",
    ].join("\n"),
    structure: [
      'resource "aws_s3_bucket" "logs" @1-6',
      '  bucket = "logs" @2',
      "  versioning @3-5",
      "    enabled = true @4",
      "locals @7-8",
    ],
  },
  {
    name: "comments between labels and around items",
    text: [
      'resource /* type */ "a" /* name */ "b" { # opens',
      "  // a comment line",
      "  x = 1 # trailing",
      "  /* block",
      "     comment */",
      "}",
    ].join("\n"),
    structure: ['resource "a" "b" @1-6', "  x = 1 @3"],
  },
  {
    name: "one-line blocks",
    text: 'a { x = 1 }\nb "l" {}\nc {\n  d { y = [1, 2] }\n}',
    structure: ["a @1-1", "  x = 1 @1", 'b "l" @2-2', "c @3-5", "  d @4-4", "    y = [1, 2] @4"],
  },
  {
    name: "literals",
    text: [
      "n = 42",
      "f = -1.5",
      "e = 1e3",
      "t = true",
      "no = !true",
      "z = null",
      String.raw`s = "q\"uote"`,
      'empty = ""',
    ].join("\n"),
    structure: [
      "n = 42 @1",
      "f = -1.5 @2",
      "e = 1000 @3",
      "t = true @4",
      "no = false @5",
      "z = null @6",
      's = "q\\"uote" @7',
      'empty = "" @8',
    ],
  },
  {
    name: "`#` inside a string is text; after it, a comment",
    text: 'a = "x # y" # z',
    structure: ['a = "x # y" @1'],
  },
  {
    name: "templates keep literal parts and interpolated expressions",
    text: 'a = "nginx:${var.tag}"\nb = "${~ x ~} y"\nc = "%{ if d }e%{ endif }"',
    structure: [
      'a = template("nginx:" ${expr(var.tag)}) @1',
      'b = template(${expr(x)} "y") @2',
      'c = template(%{if d} "e" %{endif}) @3',
    ],
  },
  {
    name: "`}` inside an interpolation",
    text: 'a = "${jsonencode({ b = "}" })}"',
    structure: ['a = template(${expr(jsonencode({ b = "}" }))}) @1'],
  },
  {
    name: "heredocs are strings; with `${ }` they are templates",
    text: 'a = <<EOF\n{"b": "}"}\nEOF\nc = <<-EOT\n  x ${y}\n  EOT\n',
    structure: ['a = "{\\"b\\": \\"}\\"}\\n" @1', 'c = template("x " ${expr(y)} "\\n") @4'],
  },
  {
    name: "tuples and objects over several lines, commas optional between object items",
    text: [
      "list = [",
      '  "a", # one',
      "  2,",
      "]",
      "map = {",
      '  b = "c"',
      '  "d" : 1,',
      "  e = { f = [] }",
      "}",
    ].join("\n"),
    structure: ['list = ["a", 2] @1', 'map = {expr(b) = "c", "d" = 1, expr(e) = {expr(f) = []}} @5'],
  },
  {
    name: "expressions that only evaluation knows keep their source text",
    text: [
      "a = var.x",
      'b = lookup(var.m, "k",\n  null)',
      "c = var.on ? 1 : 2",
      'd = [for s in var.l : upper(s) if s != ""]',
      "e = { for k, v in var.m : k => v... }",
      "f = aws_instance.web[*].id",
      "g = var.list[0].name",
      "h = (\n  1 + 2\n)",
      'i = provider::aws::arn_parse("x")',
      "j = -var.n",
      "k = a.*.b",
      "l = f(var.args...)",
    ].join("\n"),
    structure: [
      "a = expr(var.x) @1",
      'b = expr(lookup(var.m, "k",\n  null)) @2',
      "c = expr(var.on ? 1 : 2) @4",
      'd = expr([for s in var.l : upper(s) if s != ""]) @5',
      "e = expr({ for k, v in var.m : k => v... }) @6",
      "f = expr(aws_instance.web[*].id) @7",
      "g = expr(var.list[0].name) @8",
      "h = expr((\n  1 + 2\n)) @9",
      'i = expr(provider::aws::arn_parse("x")) @12',
      "j = expr(-var.n) @13",
      "k = expr(a.*.b) @14",
      "l = expr(f(var.args...)) @15",
    ],
  },
  {
    name: "jsonencode keeps its literals readable in the source text",
    text: 'defs = jsonencode([{ image = "nginx:1" }])',
    structure: ['defs = expr(jsonencode([{ image = "nginx:1" }])) @1'],
  },
  {
    name: "CRLF line endings",
    text: 'resource "a" "b" {\r\n  x = "y"\r\n  z = [\r\n    1,\r\n  ]\r\n}\r\n',
    structure: ['resource "a" "b" @1-6', '  x = "y" @2', "  z = [1] @3"],
  },
  {
    name: "a byte order mark",
    text: '\uFEFFa "b" {\n}\n',
    structure: ['a "b" @1-2'],
  },
  { name: "an empty file", text: "", structure: [] },
  { name: "only blank lines and comments", text: "\n\n# a\n// b\n/* c */\n", structure: [] },
  { name: "no newline at the end", text: "a = 1", structure: ["a = 1 @1"] },
];

describe("readHcl", () => {
  it.each(structureCases)("$name", ({ text, structure }) => {
    expect(renderBody(readHcl(text))).toEqual(structure);
  });

  it("keeps each expression's exact source text", () => {
    const [attribute] = readHcl('a = {\n  b = "c" # d\n}\n').attributes;
    expect(attribute?.value.raw).toBe('{\n  b = "c" # d\n}');
  });

  it("reads a 200 KB generated file", () => {
    const block = (index: number) =>
      [
        `resource "aws_s3_bucket" "b${index}" {`,
        `  bucket = "bucket-${index}" # name`,
        `  tags   = { Name = "b${index}", Index = ${index} }`,
        `  policy = jsonencode({ Statement = [{ Effect = "Allow", Resource = "\${aws_s3_bucket.b${index}.arn}/*" }] })`,
        "  lifecycle_rule {",
        "    enabled = true",
        "  }",
        "}",
        "",
      ].join("\n");
    const count = 1000;
    const text = Array.from({ length: count }, (_, index) => block(index)).join("\n");
    expect(text.length).toBeGreaterThan(200_000);
    const { blocks } = readHcl(text);
    expect(blocks).toHaveLength(count);
    const last = blocks[count - 1];
    expect(last?.labels).toEqual(["aws_s3_bucket", `b${count - 1}`]);
    expect(last?.line).toBe((count - 1) * 9 + 1);
    expect(renderBody(last?.body ?? { attributes: [], blocks: [] })[1]).toBe(
      `tags = {expr(Name) = "b${count - 1}", expr(Index) = ${count - 1}} @${(count - 1) * 9 + 3}`,
    );
  });
});

// ---- Errors ----

const errorCases: { name: string; text: string; message: string; line: number; unclosed: boolean }[] = [
  {
    name: "a block never closed names the outermost open block",
    text: 'resource "a" "b" {\n  x = 1\n  c {\n',
    message: "The block on line 1 is never closed.",
    line: 1,
    unclosed: true,
  },
  {
    name: "an unterminated string",
    text: 'a = 1\nb = "oops\nc = 2\n',
    message: "The string on line 2 is never closed.",
    line: 2,
    unclosed: true,
  },
  {
    name: "a string at the end of the text",
    text: 'a = "x',
    message: "The string on line 1 is never closed.",
    line: 1,
    unclosed: true,
  },
  {
    name: "an unterminated heredoc",
    text: "a {\n  b = <<EOT\n  text\n}\n",
    message: "The heredoc on line 2 is never closed: no line after it reads `EOT` alone.",
    line: 2,
    unclosed: true,
  },
  {
    name: "an unterminated block comment",
    text: "a = 1\n/* note\n",
    message: "The comment on line 2 is never closed.",
    line: 2,
    unclosed: true,
  },
  {
    name: "an unterminated interpolation",
    text: 'a = "${var.x\n',
    message: "The `${` on line 1 is never closed.",
    line: 1,
    unclosed: true,
  },
  {
    name: "an unclosed list closed by the block's brace",
    text: "a {\n  b = [1,\n    2\n}\n",
    message: "The `[` on line 2 is never closed.",
    line: 2,
    unclosed: true,
  },
  {
    name: "an unclosed call at the end of the text",
    text: "a = f(1,\n",
    message: "The `(` on line 1 is never closed.",
    line: 1,
    unclosed: true,
  },
  {
    name: "an unclosed object",
    text: "a = {\n  b = 1\n",
    message: "The `{` on line 1 is never closed.",
    line: 1,
    unclosed: true,
  },
  {
    name: "a missing value",
    text: 'resource "a" "b" {\n  x = \n}\n',
    message: "Expected an expression on line 2 but found the end of the line.",
    line: 2,
    unclosed: false,
  },
  {
    name: "two values on one line",
    text: "a = 1 2\n",
    message: "Expected a new line on line 1 but found the number 2.",
    line: 1,
    unclosed: false,
  },
  {
    name: "a missing comma in a list",
    text: 'a = [\n  "x"\n  "y"\n]\n',
    message: "Expected `,` or `]` on line 3 but found a string.",
    line: 3,
    unclosed: false,
  },
  {
    name: "a stray closing brace",
    text: "a = 1\n}\n",
    message: "Expected an attribute or a block on line 2 but found `}`.",
    line: 2,
    unclosed: false,
  },
  {
    name: "an invalid escape",
    text: 'a = "\\q"',
    message: "The escape sequence `\\q` on line 1 is not valid.",
    line: 1,
    unclosed: false,
  },
  {
    name: "a stray character",
    text: "a = 1\nb = @x\n",
    message: "Unexpected character `@` on line 2.",
    line: 2,
    unclosed: false,
  },
  {
    name: "an attribute set twice",
    text: "a = 1\nb {}\na = 2\n",
    message: "The attribute `a` on line 3 is already set on line 1.",
    line: 3,
    unclosed: false,
  },
  {
    name: "an interpolated block label",
    text: 'a "${b}" {\n}\n',
    message: "The block label on line 1 must be a plain string, without ${ } or %{ }.",
    line: 1,
    unclosed: false,
  },
  {
    name: "a block inside a one-line block",
    text: "a { b {} }\n",
    message: "The block on line 1 is inside a one-line block, which holds one attribute at most.",
    line: 1,
    unclosed: false,
  },
  {
    name: "two attributes in a one-line block",
    text: "a { x = 1, y = 2 }\n",
    message: "Expected `}` to end the one-line block on line 1 but found `,`.",
    line: 1,
    unclosed: false,
  },
  {
    name: "a closing brace after an attribute of a block that spans lines",
    text: 'a {\n  x = "y" }\n',
    message: "Expected a new line on line 2 but found `}`.",
    line: 2,
    unclosed: false,
  },
  {
    name: "a brace on the next line",
    text: 'a "b"\n{\n}\n',
    message: "Expected a label or `{` on line 1 but found the end of the line.",
    line: 1,
    unclosed: false,
  },
  {
    name: "nesting beyond reason",
    text: `a = ${"[".repeat(5000)}`,
    message: "The text on line 1 nests more than 200 deep.",
    line: 1,
    unclosed: false,
  },
];

describe("readHcl errors", () => {
  it.each(errorCases)("$name", ({ text, message, line, unclosed }) => {
    const error = hclError(text);
    expect(error).toBeInstanceOf(ParseError);
    expect({ message: error.message, line: error.line, unclosed: error.unclosed }).toEqual({
      message,
      line,
      unclosed,
    });
  });

  it("nests templates only so deep", () => {
    const text = `a = ${'"${'.repeat(3000)}`;
    expect(hclError(text).message).toBe("The templates on line 1 nest more than 100 deep.");
  });
});

// ---- Properties ----

describe("readHcl properties", () => {
  const pieces = fc.constantFrom(
    "{",
    "}",
    "[",
    "]",
    "(",
    ")",
    '"',
    "${",
    "%{",
    "$${",
    "~}",
    "\\",
    "\\u00e9",
    "\n",
    "\r\n",
    " ",
    "#",
    "//",
    "/*",
    "*/",
    "=",
    "==",
    ":",
    "::",
    ",",
    ".",
    "...",
    "*",
    "?",
    "!",
    "-",
    "=>",
    "<<EOF\n",
    "<<-EOF\n",
    "EOF\n",
    "resource",
    '"label"',
    "for",
    "in",
    "if",
    "x",
    "1.5",
    "true",
    "null",
    "\uFEFF",
    "é",
  );
  const hclish = fc
    .array(fc.oneof(pieces, fc.string({ maxLength: 3 })), { maxLength: 60 })
    .map((parts) => parts.join(""));

  // Whatever the text, the reader returns a body or throws an HclError: never anything else.
  it("never fails with anything but an HclError", () => {
    fc.assert(
      fc.property(fc.oneof(hclish, fc.string({ unit: "binary", maxLength: 200 })), (text) => {
        try {
          readHcl(text);
        } catch (error) {
          if (!(error instanceof HclError)) throw error;
          expect(error.line).toBeGreaterThanOrEqual(1);
          expect(error.line).toBeLessThanOrEqual(text.split("\n").length);
        }
      }),
      { numRuns: 3000 },
    );
  });

  // Printed from a random structure, the text reads back as that structure.
  type Value = string | number | boolean | null | Value[] | { [key: string]: Value };
  interface Item {
    name: string;
    labels?: string[];
    value?: Value;
    body?: Item[];
  }
  const name = fc.stringMatching(/^[a-z_][a-z0-9_-]{0,8}$/);
  const text = fc
    .array(
      fc.oneof(
        fc.string({ unit: "grapheme", maxLength: 4 }),
        fc.constantFrom("${", "%{", "$${", "}", '"', "\\", "#", "//", "/*", "\n", "\t", "\r", "\u0000", "~"),
      ),
      { maxLength: 5 },
    )
    .map((parts) => parts.join(""));
  const { value } = fc.letrec<{ value: Value }>((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      text,
      fc.nat(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie("value"), { maxLength: 3 }),
      fc.dictionary(name, tie("value"), { maxKeys: 3 }),
    ),
  }));
  const { body } = fc.letrec<{ body: Item[] }>((tie) => ({
    body: fc.uniqueArray(
      fc.oneof(
        { depthSize: "small" },
        fc.record({ name, value }),
        fc.record({ name, labels: fc.array(text, { maxLength: 2 }), body: tie("body") }),
      ),
      { maxLength: 4, selector: (item: Item) => (item.body ? `block ${item.name}` : item.name) },
    ),
  }));

  function print(items: Item[], indent: string): string {
    return items
      .map((item) =>
        item.body
          ? `${indent}${item.name} ${(item.labels ?? []).map(quote).join(" ")} { # ${item.name}\n${print(item.body, `${indent}  `)}${indent}}\n`
          : `${indent}${item.name} = ${printValue(item.value ?? null, indent)}\n`,
      )
      .join("");
  }

  function printValue(value: Value, indent: string): string {
    if (Array.isArray(value))
      return `[\n${value.map((item) => `${indent}  ${printValue(item, `${indent}  `)},\n`).join("")}${indent}]`;
    if (value !== null && typeof value === "object")
      return `{\n${Object.entries(value)
        .map(([key, item]) => `${indent}  ${key} = ${printValue(item, `${indent}  `)} // ${key}\n`)
        .join("")}${indent}}`;
    return typeof value === "string" ? quote(value) : String(value);
  }

  /** HCL string syntax: escapes, and `${`/`%{` doubled so they stay literal. */
  function quote(text: string): string {
    const escaped = [...text]
      .map((char) => {
        const code = char.codePointAt(0) ?? 0;
        if (char === "\\" || char === '"') return `\\${char}`;
        const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
        return control ? `\\u${code.toString(16).padStart(4, "0")}` : char;
      })
      .join("");
    return `"${escaped.replace(/([$%])\{/g, (_, sign: string) => `${sign}${sign}{`)}"`;
  }

  function plain(parsed: HclBody): Item[] {
    return [
      ...parsed.attributes.map((attribute) => ({ name: attribute.name, value: plainValue(attribute.value) })),
      ...parsed.blocks.map((block) => ({ name: block.type, labels: block.labels, body: plain(block.body) })),
    ];
  }

  function plainValue(expression: HclExpression): Value {
    switch (expression.kind) {
      case "string":
      case "number":
      case "bool":
        return expression.value;
      case "tuple":
        return expression.items.map(plainValue);
      case "object":
        return Object.fromEntries(
          expression.items.map(({ key, value: item }) => [key.raw, plainValue(item)]),
        );
      default:
        return null;
    }
  }

  function ordered(items: Item[]): Item[] {
    const normal = items.map((item: Item): Item =>
      item.body ? { name: item.name, labels: item.labels ?? [], body: ordered(item.body) } : item,
    );
    return [...normal.filter((item) => !item.body), ...normal.filter((item) => item.body)];
  }

  it("reads back what was printed", () => {
    fc.assert(
      fc.property(body, (items: Item[]) => {
        expect(plain(readHcl(print(items, "")))).toEqual(ordered(items));
      }),
      { numRuns: 500 },
    );
  });
});

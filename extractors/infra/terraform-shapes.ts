// Terraform JSON nests `type → name → body`, objects or arrays of them; HCL is converted to the same shape.
import type { HclBody, HclExpression, HclTemplatePart } from "./hcl.js";
import type { BlockLines } from "./terraform-locators.js";

export type Body = Record<string, unknown>;

/** An HCL body in the JSON shape: a block becomes `type → label → … → [body, …]`, an attribute its value. */
export function bodyValue(body: HclBody): Body {
  const value: Body = {};
  for (const attribute of body.attributes) setOwn(value, attribute.name, expressionValue(attribute.value));
  for (const block of body.blocks) {
    let parent = value;
    let key = block.type;
    for (const label of block.labels) {
      const child = getOwn(parent, key);
      parent = isBody(child) ? child : setOwn(parent, key, {});
      key = label;
    }
    const list = getOwn(parent, key);
    // Repeated blocks share the list.
    if (Array.isArray(list)) list.push(bodyValue(block.body));
    else setOwn(parent, key, [bodyValue(block.body)]);
  }
  return value;
}

// A label or key may be `__proto__`, which plain property access treats as the prototype.
function getOwn(target: Body, key: string): unknown {
  return Object.hasOwn(target, key) ? target[key] : undefined;
}

function setOwn<T>(target: Body, key: string, value: T): T {
  if (key === "__proto__") Object.defineProperty(target, key, { value, enumerable: true, writable: true });
  else target[key] = value;
  return value;
}

/**
 * Literal values as such, templates as their text; what only evaluation knows becomes `${source}`, so a
 * reader of strings sees it is not literal, and `jsonencode({ image = "x" })` keeps its literals readable.
 */
function expressionValue(expression: HclExpression): unknown {
  switch (expression.kind) {
    case "string":
    case "number":
    case "bool":
      return expression.value;
    case "null":
      return null;
    case "template":
      return expression.parts.map(templateText).join("");
    case "tuple":
      return expression.items.map(expressionValue);
    case "object": {
      const value: Body = {};
      for (const { key, value: item } of expression.items)
        setOwn(value, key.kind === "string" ? key.value : key.raw, expressionValue(item));
      return value;
    }
    case "other":
      return `\${${expression.raw}}`;
  }
}

/** `"nginx:${var.tag}"` reads `nginx:${var.tag}`; a literal inside `${ }` is its own text. */
function templateText(part: HclTemplatePart): string {
  if (typeof part === "string") return part;
  if (part.kind === "directive") return `%{${part.raw}}`;
  const { expression } = part;
  if (expression.kind === "string" || expression.kind === "bool") return String(expression.value);
  return `\${${expression.raw}}`;
}

export function isBody(value: unknown): value is Body {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function bodies(value: unknown): Body[] {
  if (Array.isArray(value)) return value.filter(isBody);
  return isBody(value) ? [value] : [];
}

export function labelled(value: unknown): [string, unknown][] {
  return bodies(value).flatMap((body) => Object.entries(body));
}

/** Pairs each body with the block of the same position; duplicates of a name share one list. */
export function bodiesWithBlocks(value: unknown, blocks: BlockLines[]): [Body, BlockLines | undefined][] {
  return bodies(value).map((body, index) => [body, blocks[index] ?? blocks[0]]);
}

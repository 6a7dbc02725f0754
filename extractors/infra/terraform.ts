// Terraform: providers, resources, data sources, managed database engines, container images, Helm charts.
import type { Detection, FileDetector } from "../types.js";
import { ParseError } from "../types.js";
import type { HclBlock, HclBody, HclExpression, HclTemplatePart } from "./hcl.js";
import { HclError, readHcl } from "./hcl.js";
import { chartName, imageRepository } from "./refs.js";
import {
  AWS_MODULE_RESOURCES,
  awsModuleName,
  ENGINE_ATTRIBUTES,
  ENGINE_BY_TYPE,
  engineFromValue,
} from "./terraform-known.js";

type Body = Record<string, unknown>;

/** The lines a top-level block spans, from its header to its closing brace. */
interface BlockLines {
  startLine: number;
  endLine: number;
}

/** Finds the lines of blocks and of the attributes inside them. */
interface Locator {
  blocks(type: string, labels: string[]): BlockLines[];
  /** First line in the block matching `pattern`, else the block's own line. */
  lineIn(block: BlockLines | undefined, pattern: RegExp): number | undefined;
}

export const terraformDetector: FileDetector = {
  id: "terraform",
  matches: (path) => path.endsWith(".tf") || path.endsWith(".tf.json"),
  detect(file) {
    const text = file.text.replace(/^\uFEFF/, "");
    if (file.path.endsWith(".json")) {
      const root = parseJson(file.path, text);
      return configuration(root, jsonLocator(text), text.trim() === "" ? undefined : 1);
    }
    const hcl = parseHcl(file.path, text);
    const read = hcl.blocks.filter((block) => READ_BLOCKS.has(block.type));
    return configuration(
      bodyValue({ attributes: [], blocks: read }),
      hclLocator(text, read),
      hcl.blocks[0]?.line,
    );
  },
};

/** `.terraform.lock.hcl` pins every provider the configuration uses. */
export const terraformLockDetector: FileDetector = {
  id: "terraform-lock",
  matches: (path) => path === ".terraform.lock.hcl" || path.endsWith("/.terraform.lock.hcl"),
  detect(file) {
    return parseHcl(file.path, file.text)
      .blocks.filter((block) => block.type === "provider" && block.labels[0])
      .map((block) => ({
        key: { space: "terraform-provider", name: providerSource(block.labels[0] ?? "") },
        line: block.line,
        via: "iac",
        detail: `provider "${block.labels[0]}" (lock file)`,
      }));
  },
};

/** Detections in a configuration, in file order, after the tool itself when the file holds any block. */
function configuration(root: Body, locator: Locator, firstBlockLine: number | undefined): Detection[] {
  // Grouping blocks by type and labels loses their order in the file; restore it.
  const detections = [
    ...providers(root, locator),
    ...resources(root, locator),
    ...modules(root, locator),
  ].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
  return firstBlockLine === undefined ? detections : [tool(firstBlockLine), ...detections];
}

function parseHcl(path: string, text: string): HclBody {
  try {
    return readHcl(text);
  } catch (error) {
    if (!(error instanceof HclError)) throw error;
    // Every fault names what is wrong and where it starts.
    throw new ParseError(`${path} is not valid HCL: ${error.reason}.`, error.line);
  }
}

function parseJson(path: string, text: string): Body {
  if (text.trim() === "") return {};
  try {
    const value: unknown = JSON.parse(text);
    if (isBody(value)) return value;
  } catch {
    // fall through to the error below
  }
  throw new ParseError(`${path} is not a valid Terraform JSON object.`);
}

function providers(root: Body, locator: Locator): Detection[] {
  const found: Detection[] = [];
  for (const [settings, block] of bodiesWithBlocks(root.terraform, locator.blocks("terraform", []))) {
    for (const requirements of bodies(settings.required_providers)) {
      for (const [localName, spec] of Object.entries(requirements)) {
        const source = isBody(spec) && typeof spec.source === "string" ? spec.source : undefined;
        found.push({
          key: { space: "terraform-provider", name: source ? providerSource(source) : localName },
          line: locator.lineIn(block, source ? literal(source) : new RegExp(`^\\s*"?${localName}"?\\s*[=:]`)),
          via: "iac",
          detail: source
            ? `required_providers.${localName}: source = "${source}"`
            : `required_providers.${localName}`,
        });
      }
    }
  }
  for (const [name, configs] of labelled(root.provider)) {
    for (const [, block] of bodiesWithBlocks(configs, locator.blocks("provider", [name]))) {
      found.push({
        key: { space: "terraform-provider", name },
        line: block?.startLine,
        via: "iac",
        detail: `provider "${name}"`,
      });
    }
  }
  return found;
}

function resources(root: Body, locator: Locator): Detection[] {
  const found: Detection[] = [];
  for (const kind of ["resource", "data"] as const) {
    for (const [type, named] of labelled(root[kind])) {
      for (const [name, configs] of labelled(named)) {
        for (const [body, block] of bodiesWithBlocks(configs, locator.blocks(kind, [type, name]))) {
          const header = `${kind} "${type}" "${name}"`;
          found.push({
            key: { space: "terraform-resource", name: type },
            line: block?.startLine,
            via: "iac",
            detail: header,
          });
          if (kind === "data") continue;
          const seen: Seen = { header, block, locator };
          found.push(
            ...databaseEngine(type, body, seen),
            ...images(type, body, seen),
            ...helmChart(type, body, seen),
          );
        }
      }
    }
  }
  return found;
}

function modules(root: Body, locator: Locator): Detection[] {
  const found: Detection[] = [];
  for (const [name, configs] of labelled(root.module)) {
    for (const [body, block] of bodiesWithBlocks(configs, locator.blocks("module", [name]))) {
      const source = typeof body.source === "string" ? body.source : "";
      const wrapped = known(AWS_MODULE_RESOURCES, awsModuleName(source) ?? "");
      if (!wrapped) continue;
      const header = `module "${name}" (${source})`;
      found.push({
        key: { space: "terraform-resource", name: wrapped },
        line: block?.startLine,
        via: "iac",
        detail: header,
      });
      // The RDS modules pass `engine` straight through to the database they create.
      found.push(...databaseEngine(wrapped, body, { header, block, locator }));
    }
  }
  return found;
}

/** Where a resource was seen, for the details and lines of what is found inside it. */
interface Seen {
  header: string;
  block: BlockLines | undefined;
  locator: Locator;
}

function databaseEngine(type: string, body: Body, seen: Seen): Detection[] {
  const implied = known(ENGINE_BY_TYPE, type);
  if (implied)
    return [
      {
        key: { space: "db-engine", name: implied },
        line: seen.block?.startLine,
        via: "iac",
        detail: seen.header,
      },
    ];
  const attribute = known(ENGINE_ATTRIBUTES, type);
  const value = attribute ? body[attribute] : undefined;
  if (!attribute || typeof value !== "string") return [];
  const engine = engineFromValue(attribute, value);
  if (!engine) return [];
  return [
    {
      key: { space: "db-engine", name: engine },
      line: seen.locator.lineIn(seen.block, new RegExp(`^\\s*"?${attribute}"?\\s*[=:]`)),
      via: "iac",
      detail: `${seen.header}: ${attribute} = "${value}"`,
    },
  ];
}

/** ECS container definitions (JSON or jsonencode) and `container` blocks (Kubernetes, Cloud Run, ...). */
function images(type: string, body: Body, seen: Seen): Detection[] {
  const references: string[] = [];
  if (type === "aws_ecs_task_definition" && typeof body.container_definitions === "string") {
    // Both the JSON string and the jsonencode() expression text spell `image` then a quoted literal.
    for (const match of body.container_definitions.matchAll(/"?image"?\s*[=:]\s*"([^"]+)"/g))
      references.push(match[1] ?? "");
  }
  references.push(...containerImages(body));
  return references.flatMap((reference) => {
    const name = imageRepository(reference);
    if (!name) return [];
    return [
      {
        key: { space: "image", name },
        line: seen.locator.lineIn(seen.block, literal(reference)),
        via: "iac" as const,
        detail: `${seen.header}: image = "${reference}"`,
      },
    ];
  });
}

const CONTAINER_BLOCKS = new Set(["container", "containers", "init_container", "init_containers"]);

function containerImages(body: Body): string[] {
  const found: string[] = [];
  for (const [key, value] of Object.entries(body)) {
    for (const nested of bodies(value)) {
      if (CONTAINER_BLOCKS.has(key) && typeof nested.image === "string") found.push(nested.image);
      found.push(...containerImages(nested));
    }
  }
  return found;
}

function helmChart(type: string, body: Body, seen: Seen): Detection[] {
  if (type !== "helm_release" || typeof body.chart !== "string") return [];
  const name = chartName(body.chart);
  if (!name) return [];
  return [
    {
      key: { space: "helm", name },
      line: seen.locator.lineIn(seen.block, /^\s*"?chart"?\s*[=:]/),
      via: "iac",
      detail: `${seen.header}: chart = "${body.chart}"`,
    },
  ];
}

/** An entry of a table of known names; a name from the file may be `constructor` or `__proto__`. */
function known(table: Record<string, string>, name: string): string | undefined {
  return Object.hasOwn(table, name) ? table[name] : undefined;
}

function tool(line: number): Detection {
  return { key: { space: "tool", name: "terraform" }, line, via: "iac", detail: "Terraform configuration" };
}

/** `registry.terraform.io/hashicorp/aws` → `hashicorp/aws`: the default registry host adds nothing. */
function providerSource(source: string): string {
  const parts = source.toLowerCase().split("/");
  return parts.length === 3 ? parts.slice(1).join("/") : parts.join("/");
}

// ---- Shapes: Terraform JSON nests `type → name → body`, objects or arrays of them; HCL is converted to it ----

/** The top-level blocks the detector reads (converting only these keeps large modules cheap). */
const READ_BLOCKS = new Set(["terraform", "provider", "resource", "data", "module"]);

/** An HCL body in the JSON shape: a block becomes `type → label → … → [body, …]`, an attribute its value. */
function bodyValue(body: HclBody): Body {
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

function isBody(value: unknown): value is Body {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function bodies(value: unknown): Body[] {
  if (Array.isArray(value)) return value.filter(isBody);
  return isBody(value) ? [value] : [];
}

function labelled(value: unknown): [string, unknown][] {
  return bodies(value).flatMap((body) => Object.entries(body));
}

/** Pairs each body with the block of the same position; duplicates of a name share one list. */
function bodiesWithBlocks(value: unknown, blocks: BlockLines[]): [Body, BlockLines | undefined][] {
  return bodies(value).map((body, index) => [body, blocks[index] ?? blocks[0]]);
}

// ---- Locators ----

function escapeRegExp(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
}

function literal(value: string): RegExp {
  return escapeRegExp(`"${value}"`);
}

function hclLocator(text: string, blocks: HclBlock[]): Locator {
  const lines = text.split("\n");
  return {
    blocks: (type, labels) =>
      blocks
        .filter(
          (block) => block.type === type && labels.every((label, index) => block.labels[index] === label),
        )
        .map((block) => ({ startLine: block.line, endLine: block.endLine })),
    lineIn: (block, pattern) => firstMatch(lines, block, pattern),
  };
}

/** Terraform JSON has no scanner: a block starts at its last label's key and runs to the end of the file. */
function jsonLocator(text: string): Locator {
  const lines = text.split("\n");
  return {
    blocks(type, labels) {
      let line = 0;
      for (const key of [type, ...labels]) {
        const found = lines.findIndex((content, index) => index >= line && content.includes(`"${key}"`));
        if (found < 0) return [];
        line = found;
      }
      return [{ startLine: line + 1, endLine: lines.length }];
    },
    lineIn: (block, pattern) => firstMatch(lines, block, pattern),
  };
}

function firstMatch(lines: string[], block: BlockLines | undefined, pattern: RegExp): number | undefined {
  if (!block) return undefined;
  for (let line = block.startLine; line <= block.endLine; line++) {
    if (pattern.test(lines[line - 1] ?? "")) return line;
  }
  return block.startLine;
}

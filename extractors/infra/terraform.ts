// Terraform: providers, resources, data sources, managed database engines, container images, Helm charts.
import { createRequire } from "node:module";
import type { Detection, FileDetector } from "../types.js";
import { ParseError } from "../types.js";
import type { HclBlock } from "./hcl-blocks.js";
import { scanHcl } from "./hcl-blocks.js";
import { chartName, imageRepository } from "./refs.js";
import {
  AWS_MODULE_RESOURCES,
  awsModuleName,
  ENGINE_ATTRIBUTES,
  ENGINE_BY_TYPE,
  engineFromValue,
} from "./terraform-known.js";

type Body = Record<string, unknown>;

interface HclParser {
  parseToObject(input: string): [unknown, unknown];
}

let parser: HclParser | undefined;

/** hcl2-parser is a 4 MB GopherJS bundle (no types, CommonJS): the detector's `init()` loads it. */
async function loadHclParser(): Promise<void> {
  parser ??= createRequire(import.meta.url)("hcl2-parser") as HclParser;
}

function hclParser(): HclParser {
  if (!parser)
    throw new Error("hcl2-parser is not loaded: the detector's init() was not awaited before detect()");
  return parser;
}

/** Finds the lines of blocks and of the attributes inside them. */
interface Locator {
  blocks(type: string, labels: string[]): HclBlock[];
  /** First line in the block matching `pattern`, else the block's own line. */
  lineIn(block: HclBlock | undefined, pattern: RegExp): number | undefined;
}

export const terraformDetector: FileDetector = {
  id: "terraform",
  matches: (path) => path.endsWith(".tf") || path.endsWith(".tf.json"),
  init: loadHclParser,
  detect(file) {
    const text = file.text.replace(/^\uFEFF/, "");
    const isJson = file.path.endsWith(".json");
    const root = isJson ? parseJson(file.path, text) : parseHcl(file.path, text);
    const locator = isJson ? jsonLocator(text) : hclLocator(text);
    // The parser returns blocks sorted by name; report them in file order instead.
    const detections = [
      ...providers(root, locator),
      ...resources(root, locator),
      ...modules(root, locator),
    ].sort((a, b) => (a.line ?? 0) - (b.line ?? 0));
    const firstLine = firstBlockLine(text, isJson);
    return firstLine === undefined ? detections : [tool(firstLine), ...detections];
  },
};

/** `.terraform.lock.hcl` pins every provider the configuration uses. */
export const terraformLockDetector: FileDetector = {
  id: "terraform-lock",
  matches: (path) => path === ".terraform.lock.hcl" || path.endsWith("/.terraform.lock.hcl"),
  detect(file) {
    return scanHcl(file.text)
      .blocks.filter((block) => block.type === "provider" && block.labels[0])
      .map((block) => ({
        key: { space: "terraform-provider", name: providerSource(block.labels[0] ?? "") },
        line: block.startLine,
        via: "iac",
        detail: `provider "${block.labels[0]}" (lock file)`,
      }));
  },
};

function parseHcl(path: string, text: string): Body {
  const [value, error] = hclParser().parseToObject(text);
  if (error || !isBody(value)) {
    // The parser's error carries no position; an unclosed block is the usual culprit and we can find it.
    const unclosed = scanHcl(text).unclosedLine;
    const where = unclosed ? `: the block on line ${unclosed} is never closed` : "";
    throw new ParseError(`${path} is not valid HCL${where}.`, unclosed);
  }
  return value;
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
      const wrapped = AWS_MODULE_RESOURCES[awsModuleName(source) ?? ""];
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
  block: HclBlock | undefined;
  locator: Locator;
}

function databaseEngine(type: string, body: Body, seen: Seen): Detection[] {
  const implied = ENGINE_BY_TYPE[type];
  if (implied)
    return [
      {
        key: { space: "db-engine", name: implied },
        line: seen.block?.startLine,
        via: "iac",
        detail: seen.header,
      },
    ];
  const attribute = ENGINE_ATTRIBUTES[type];
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

function tool(line: number): Detection {
  return { key: { space: "tool", name: "terraform" }, line, via: "iac", detail: "Terraform configuration" };
}

/** `registry.terraform.io/hashicorp/aws` → `hashicorp/aws`: the default registry host adds nothing. */
function providerSource(source: string): string {
  const parts = source.toLowerCase().split("/");
  return parts.length === 3 ? parts.slice(1).join("/") : parts.join("/");
}

function firstBlockLine(text: string, isJson: boolean): number | undefined {
  if (isJson) return text.trim() === "" ? undefined : 1;
  return scanHcl(text).blocks.reduce<number | undefined>(
    (first, block) => Math.min(first ?? Infinity, block.startLine),
    undefined,
  );
}

// ---- Shapes: hcl2-parser gives `type → name → [body]`; Terraform JSON allows objects or arrays of them ----

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
function bodiesWithBlocks(value: unknown, blocks: HclBlock[]): [Body, HclBlock | undefined][] {
  return bodies(value).map((body, index) => [body, blocks[index] ?? blocks[0]]);
}

// ---- Locators ----

function escapeRegExp(text: string): RegExp {
  return new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
}

function literal(value: string): RegExp {
  return escapeRegExp(`"${value}"`);
}

function hclLocator(text: string): Locator {
  const lines = text.split("\n");
  const { blocks } = scanHcl(text);
  return {
    blocks: (type, labels) =>
      blocks.filter(
        (block) => block.type === type && labels.every((label, index) => block.labels[index] === label),
      ),
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
      return [{ type, labels, startLine: line + 1, endLine: lines.length }];
    },
    lineIn: (block, pattern) => firstMatch(lines, block, pattern),
  };
}

function firstMatch(lines: string[], block: HclBlock | undefined, pattern: RegExp): number | undefined {
  if (!block) return undefined;
  for (let line = block.startLine; line <= block.endLine; line++) {
    if (pattern.test(lines[line - 1] ?? "")) return line;
  }
  return block.startLine;
}

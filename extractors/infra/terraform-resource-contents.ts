// What a Terraform resource's body reveals beyond its type: database engines, container images, Helm charts.
import type { Detection } from "../types.js";
import { chartName, imageRepository } from "./refs.js";
import { ENGINE_ATTRIBUTES, ENGINE_BY_TYPE, engineFromValue, known } from "./terraform-known.js";
import type { BlockLines, Locator } from "./terraform-locators.js";
import { literal } from "./terraform-locators.js";
import type { Body } from "./terraform-shapes.js";
import { bodies } from "./terraform-shapes.js";

/** Where a resource was seen, for the details and lines of what is found inside it. */
export interface Seen {
  header: string;
  block: BlockLines | undefined;
  locator: Locator;
}

export function databaseEngine(type: string, body: Body, seen: Seen): Detection[] {
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
export function images(type: string, body: Body, seen: Seen): Detection[] {
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

export function helmChart(type: string, body: Body, seen: Seen): Detection[] {
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

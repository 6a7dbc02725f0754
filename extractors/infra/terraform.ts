// Terraform: providers, resources, data sources, managed database engines, container images, Helm charts.
// The resource bodies are read in terraform-resource-contents.ts, in the JSON shape of terraform-shapes.ts.
import type { Detection, FileDetector } from "../types.js";
import { ParseError } from "../types.js";
import type { HclBody } from "./hcl.js";
import { HclError, readHcl } from "./hcl.js";
import { AWS_MODULE_RESOURCES, awsModuleName, known } from "./terraform-known.js";
import type { Locator } from "./terraform-locators.js";
import { hclLocator, jsonLocator, literal } from "./terraform-locators.js";
import { databaseEngine, helmChart, images, type Seen } from "./terraform-resource-contents.js";
import type { Body } from "./terraform-shapes.js";
import { bodies, bodiesWithBlocks, bodyValue, isBody, labelled } from "./terraform-shapes.js";

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

function tool(line: number): Detection {
  return { key: { space: "tool", name: "terraform" }, line, via: "iac", detail: "Terraform configuration" };
}

/** `registry.terraform.io/hashicorp/aws` → `hashicorp/aws`: the default registry host adds nothing. */
function providerSource(source: string): string {
  const parts = source.toLowerCase().split("/");
  return parts.length === 3 ? parts.slice(1).join("/") : parts.join("/");
}

/** The top-level blocks the detector reads (converting only these keeps large modules cheap). */
const READ_BLOCKS = new Set(["terraform", "provider", "resource", "data", "module"]);

// The cloud a CI file's steps reach: cloud CLI commands (`gcloud run deploy`), platform deploys and the
// registries images are pushed to (`docker push`, docker/build-push-action's `tags`). A command is
// production inside a deploy job and tooling elsewhere; a push ships the product's image wherever it runs.
import type { Node } from "yaml";
import type { Detection } from "../../types.js";
import { type CommandKey, commandKeys, registryKeys } from "../commands/cli.js";
import { detection, scoped } from "../detection.js";
import type { YamlDoc } from "../yaml-doc.js";
import { COMMAND_KEYS } from "./deploy.js";
import { type CiContext, enter } from "./context.js";

/** The `env:` and `variables:` strings of the whole file, by name: steps read them as `$NAME`. */
function variablesOf(
  doc: YamlDoc,
  node: Node | undefined,
  out = new Map<string, string>(),
): Map<string, string> {
  for (const { key, value } of doc.entries(node)) {
    if (key === "env" || key === "variables")
      for (const entry of doc.entries(value)) {
        const text = doc.string(entry.value) ?? doc.string(doc.get(entry.value, "value"));
        if (text !== undefined && !out.has(entry.key)) out.set(entry.key, text);
      }
    variablesOf(doc, value, out);
  }
  for (const item of doc.items(node)) variablesOf(doc, item, out);
  return out;
}

// `export NAME=value` and `NAME=value` in a step's own commands.
const ASSIGNMENT = /^\s*(?:export\s+)?([A-Za-z_]\w*)=(?:"([^"\n]*)"|'([^'\n]*)'|([^\s;&|`$()]+))\s*$/gm;

/** The variables a command list assigns, added to the file's. */
function assignedIn(doc: YamlDoc, node: Node | undefined, out: Map<string, string>): void {
  for (const { key, value } of doc.entries(node)) {
    if (COMMAND_KEYS.has(key))
      for (const item of [value, ...doc.items(value)])
        for (const m of (doc.string(item) ?? "").matchAll(ASSIGNMENT))
          if (!out.has(m[1]!)) out.set(m[1]!, m[2] ?? m[3] ?? m[4] ?? "");
    assignedIn(doc, value, out);
  }
  for (const item of doc.items(node)) assignedIn(doc, item, out);
}

/** `${{ env.NAME }}`, `${NAME}` and `$NAME` replaced by the file's value for NAME, when it has one. */
function substitute(text: string, variables: ReadonlyMap<string, string>): string {
  return text.replace(
    /\$\{\{\s*env\.(\w+)\s*\}\}|\$\{(\w+)\}|\$(\w+)/g,
    (whole, a?: string, b?: string, c?: string) => variables.get(a ?? b ?? c ?? "") ?? whole,
  );
}

/** Every command and push in the file, scoped by the job it runs in. */
export function ciCommands(doc: YamlDoc, outer: CiContext): Detection[] {
  const variables = variablesOf(doc, doc.root);
  assignedIn(doc, doc.root, variables);
  const found: Detection[] = [];
  const seen = new Set<string>();
  const add = (key: CommandKey, line: number | undefined, detail: string, context: CiContext) => {
    const scope = context.product || context.production || key.ships ? undefined : "dev";
    const id = `${key.space}\0${key.name}\0${scope}`;
    if (seen.has(id)) return;
    seen.add(id);
    found.push({ ...scoped(detection(key.space, key.name, "ci", line, detail), scope), deploys: true });
  };
  const walk = (node: Node | undefined, context: CiContext) => {
    const here = enter(context, node);
    for (const { key, value } of doc.entries(node)) {
      if (COMMAND_KEYS.has(key))
        for (const item of [value, ...doc.items(value)]) {
          const raw = doc.string(item);
          if (!raw) continue;
          const text = substitute(raw, variables);
          const block = isBlock(item);
          for (const hit of commandKeys(text)) {
            const offset = text.slice(0, hit.at).split("\n").length - 1;
            const line = (doc.line(item) ?? 0) + offset + (block ? 1 : 0) || undefined;
            const lineText = text
              .slice(text.lastIndexOf("\n", hit.at - 1) + 1)
              .split("\n")[0]!
              .trim();
            if (!/^#/.test(lineText)) add(hit, line, `${key}: ${lineText.slice(0, 160)}`, here);
          }
        }
      else if (key === "uses")
        pushedByAction(doc, node, variables, (hit, line, detail) => add(hit, line, detail, here));
      walk(value, here);
    }
    for (const item of doc.items(node)) walk(item, here);
  };
  walk(doc.root, outer);
  return found;
}

/** A `|` or `>` scalar, whose text starts on the line after its key. */
const isBlock = (node: Node | undefined) =>
  /^BLOCK/.test((node as { type?: string } | undefined)?.type ?? "");

const REGISTRY_HOST = /^[\w-]+(?:\.[\w-]+)+(?::\d+)?(?:\/|$)/;

/**
 * docker/build-push-action pushing its `tags`; docker/metadata-action's `images` (the tags it makes are
 * pushed); docker/login-action's `registry` (a CI logs in to a registry to push to it).
 */
function pushedByAction(
  doc: YamlDoc,
  step: Node | undefined,
  variables: ReadonlyMap<string, string>,
  add: (hit: CommandKey, line: number | undefined, detail: string) => void,
) {
  const inputs = doc.get(step, "with");
  // A shared build workflow or action told which registry to push to (`docker_registry: ghcr.io`).
  for (const { key, value } of doc.entries(inputs)) {
    const text = /(?:^|[_-])registry$/i.test(key) ? doc.string(value) : undefined;
    const registry = text && REGISTRY_HOST.test(substitute(text, variables)) ? text : undefined;
    if (registry && !/^docker\/login-action@/.test(doc.string(doc.get(step, "uses")) ?? ""))
      for (const hit of registryKeys(`${substitute(registry, variables)}/_`, 0))
        add(hit, doc.line(value), `with ${key}: ${registry}`);
  }
  const action = /^docker\/(build-push|metadata|login)-action@/.exec(
    doc.string(doc.get(step, "uses")) ?? "",
  )?.[1];
  if (!action) return;
  if (action === "login") {
    // No `registry` input is Docker Hub.
    const registry = substitute(doc.string(doc.get(inputs, "registry")) ?? "docker.io", variables);
    for (const hit of registryKeys(`${registry}/_`, 0))
      add(hit, doc.line(doc.get(step, "uses")), `uses docker/login-action: ${registry}`);
    return;
  }
  if (action === "build-push") {
    const push = doc.get(inputs, "push");
    if (doc.boolean(push) !== true && !/^(?:true|\$\{\{)/.test(doc.string(push) ?? "")) return;
  }
  const list = doc.get(inputs, action === "build-push" ? "tags" : "images");
  // One image a line (a block scalar's rows start the line after its key) or an item; `name=` is metadata-action's.
  const block = doc.string(list);
  const refs = block
    ? block
        .split("\n")
        .map((text, row) => ({ text, line: (doc.line(list) ?? 0) + row + (isBlock(list) ? 1 : 0) }))
    : doc.items(list).map((item) => ({ text: doc.string(item) ?? "", line: doc.line(item) ?? 0 }));
  for (const ref of refs) {
    for (const part of substitute(ref.text, variables).split(",")) {
      const image = part.trim().replace(/^name=/, "");
      for (const hit of registryKeys(image, 0))
        add(hit, ref.line || undefined, `uses docker/${action}-action: ${image}`);
    }
  }
}

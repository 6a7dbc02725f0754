// Spring Boot's configuration files (application.yml, application-prod.properties, bootstrap.yml and a
// config server's shared files): a property prefix names what the application runs with, configured rather
// than imported (`spring.datasource.hikari.*` is HikariCP, `server.tomcat.*` the embedded Tomcat,
// `spring.security.oauth2.*` an OAuth client). Each property is reported as `spring-property` by its full
// dotted name; the catalog matches prefixes. A test or local profile's file configures tests and laptops.
import type { Node } from "yaml";
import { parseLines } from "dot-properties";
import type { DependencyScope, Detection, FileDetector } from "../types.js";
import { type YamlDoc, loadYaml, parseYaml } from "../infra/yaml-doc.js";
import { LineIndex, baseName, isBlank } from "./shared.js";

const CONFIG_FILE = /^(?:application|bootstrap)(?:-([\w.-]+))?\.(?:ya?ml|properties)$/;
// A config server serves `<app>.yml` from its `shared/` (or `config-repo/`) folder.
const SHARED_CONFIG = /(?:^|\/)(?:shared|config-repo)\/[\w.-]+\.ya?ml$/;
const DEV_PROFILE = /^(?:test|tests|it|integration|local|dev|development|docker|compose|e2e)$/i;
// A file of thousands of properties is data, not one application's settings.
const MAX_PROPERTIES = 2000;

function profileScope(path: string): DependencyScope {
  const profile = CONFIG_FILE.exec(baseName(path))?.[1];
  return profile && profile.split(/[-.]/).some((part) => DEV_PROFILE.test(part)) ? "dev" : "runtime";
}

function property(name: string, line: number | undefined, scope: DependencyScope): Detection {
  return {
    key: { space: "spring-property", name },
    via: "config",
    detail: `${name}`,
    ...(line !== undefined ? { line } : {}),
    scope,
  };
}

/** Every leaf's dotted path in a YAML mapping, with the line of its key. */
function yamlProperties(doc: YamlDoc, node: Node | undefined, prefix: string, out: Map<string, number>) {
  for (const { key, keyNode, value } of doc.entries(node)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (out.size >= MAX_PROPERTIES) return;
    if (value && doc.isMap(value)) yamlProperties(doc, value, name, out);
    else if (!out.has(name)) out.set(name, doc.line(keyNode) ?? 1);
  }
}

function propertiesOf(path: string, text: string): Map<string, number> {
  const found = new Map<string, number>();
  if (path.endsWith(".properties")) {
    const lines = new LineIndex(text);
    for (const node of parseLines(text, true)) {
      if (found.size >= MAX_PROPERTIES) break;
      if (node.type === "PAIR" && "key" in node && !found.has(node.key as string))
        found.set(node.key as string, lines.lineAt(node.range[0]));
    }
    return found;
  }
  const { docs, problem } = parseYaml(text);
  if (problem) return found;
  for (const doc of docs) yamlProperties(doc, doc.root, "", found);
  return found;
}

export const springConfigDetector: FileDetector = {
  id: "spring-config",
  matches: (path) => CONFIG_FILE.test(baseName(path)) || SHARED_CONFIG.test(path),
  init: loadYaml,
  detect({ path, text }) {
    if (isBlank(text)) return [];
    const scope = profileScope(path);
    return [...propertiesOf(path, text)].map(([name, line]) => property(name, line, scope));
  },
};

// pom.xml: declared dependencies and build plugins, also inside profiles. dependencyManagement and
// pluginManagement only pin versions for modules that declare the real dependency, so they are skipped.
import { type DependencyScope, type Detection, type FileDetector, ParseError } from "../types.js";
import { type XmlDocument, child, children, loadXml, parseXmlDocument, textOf } from "./xml-document.js";
import { baseName, byLine, isBlank, isRecord, manifestDetection } from "./shared.js";

const DEFAULT_PLUGIN_GROUP = "org.apache.maven.plugins";

/** Resolves `${name}` from <properties> and the project's own coordinates; unknown names stay as written. */
function propertyResolver(project: Record<string, unknown>): (value: string) => string {
  const parent = child(project, "parent");
  const groupId = textOf(child(project, "groupId")) ?? textOf(child(parent, "groupId"));
  const version = textOf(child(project, "version")) ?? textOf(child(parent, "version"));
  const known = new Map<string, string | undefined>([
    ["project.groupId", groupId],
    ["pom.groupId", groupId],
    ["groupId", groupId],
    ["project.artifactId", textOf(child(project, "artifactId"))],
    ["project.version", version],
    ["pom.version", version],
    ["version", version],
    ["project.parent.groupId", textOf(child(parent, "groupId"))],
    ["project.parent.version", textOf(child(parent, "version"))],
  ]);
  const properties = child(project, "properties");
  if (isRecord(properties)) {
    for (const [name, value] of Object.entries(properties)) {
      if (!name.startsWith("@_")) known.set(name, textOf(value));
    }
  }
  return (value) => {
    let resolved = value;
    // A few rounds cover properties defined through other properties, without looping on cycles.
    for (let round = 0; round < 5 && resolved.includes("${"); round++) {
      resolved = resolved.replace(/\$\{([^}]+)\}/g, (whole, name: string) => known.get(name.trim()) ?? whole);
    }
    return resolved;
  };
}

/** WebJars groups: classic (`org.webjars`), NPM (`org.webjars.npm`) and Bower (`org.webjars.bower`) builds. */
const WEBJAR_GROUPS = new Set([
  "org.webjars",
  "org.webjars.npm",
  "org.webjars.bower",
  "org.webjars.bowergithub",
]);
/** An npm package name as WebJars spells it (`@popperjs/core` is `popperjs__core`). */
const WEBJAR_ARTIFACT = /^(?:([a-z0-9][\w.-]*)__)?([a-z0-9][\w.-]*)$/i;

/**
 * The npm package a WebJar repackages (`org.webjars:bootstrap` → `bootstrap`, `org.webjars.npm:popperjs__core`
 * → `@popperjs/core`), so a front-end library served from a jar is found by the keys of its npm package.
 * The WebJars locator libraries (`webjars-locator-core`) are not packages of the web.
 */
export function webjarPackage(key: string): string | undefined {
  const colon = key.indexOf(":");
  if (!WEBJAR_GROUPS.has(key.slice(0, colon))) return undefined;
  const artifact = key.slice(colon + 1);
  const match = WEBJAR_ARTIFACT.exec(artifact);
  if (!match || artifact.startsWith("webjars-")) return undefined;
  const [, scope, name] = match;
  return scope ? `@${scope}/${name}` : name;
}

/**
 * A Maven coordinate's detections, wherever it is declared (pom.xml, a Gradle script, a version catalog):
 * the artifact, and the npm package when it is a WebJar.
 */
export function mavenDetections(
  key: string,
  line: number | undefined,
  detail: string,
  scope: DependencyScope,
): Detection[] {
  const artifact = manifestDetection("maven", key, line, detail, scope);
  const packaged = webjarPackage(key);
  if (!packaged) return [artifact];
  return [artifact, manifestDetection("npm", packaged, line, `webjar of ${packaged}: ${detail}`, scope)];
}

class PomReader {
  readonly detections: Detection[] = [];

  constructor(
    private readonly doc: XmlDocument,
    private readonly resolve: (value: string) => string,
  ) {}

  private coordinates(node: unknown, element: string, defaultGroup?: string): { key: string; shown: string } {
    const line = this.doc.lineOf(node);
    const field = (name: string): string | undefined => {
      const text = textOf(child(node, name));
      return text ? this.resolve(text) : undefined;
    };
    const groupId = field("groupId") ?? defaultGroup;
    const artifactId = field("artifactId");
    const missing = !groupId ? "groupId" : !artifactId ? "artifactId" : undefined;
    if (missing) throw new ParseError(`The <${element}> on line ${line} has no <${missing}>.`, line);
    const key = `${groupId}:${artifactId}`;
    const version = field("version");
    return { key, shown: version ? `${key}:${version}` : key };
  }

  /** The <dependency> elements of a <dependencies> list. `fixedScope` overrides their <scope>. */
  dependencies(owner: unknown, label: string, fixedScope?: DependencyScope): void {
    for (const dependency of children(child(owner, "dependencies"), "dependency")) {
      const { key, shown } = this.coordinates(dependency, "dependency");
      const declared = textOf(child(dependency, "scope"));
      const scope = fixedScope ?? (declared === "test" ? "test" : "runtime");
      this.push(key, dependency, `${label}: ${shown}`, scope);
    }
  }

  /** <build><plugins>, and the dependencies each plugin adds to its own classpath. */
  plugins(owner: unknown, label: string): void {
    for (const plugin of children(child(child(owner, "build"), "plugins"), "plugin")) {
      const { key, shown } = this.coordinates(plugin, "plugin", DEFAULT_PLUGIN_GROUP);
      this.push(key, plugin, `${label}build plugins: ${shown}`, "build");
      this.dependencies(plugin, `${label}plugin ${key} dependencies`, "build");
    }
  }

  private push(key: string, node: unknown, detail: string, scope: DependencyScope): void {
    this.detections.push(...mavenDetections(key, this.doc.lineOf(node), detail, scope));
  }
}

export const pomXmlDetector: FileDetector = {
  id: "pom.xml",
  matches: (path) => baseName(path) === "pom.xml",
  init: loadXml,
  detect({ text }) {
    if (isBlank(text)) return [];
    const doc = parseXmlDocument(text, ["dependency", "plugin", "profile"]);
    const project = doc.root.project;
    if (project === undefined) throw new ParseError("pom.xml has no <project> root element.", 1);
    if (!isRecord(project)) return []; // `<project/>`: nothing declared
    const reader = new PomReader(doc, propertyResolver(project));
    reader.dependencies(project, "dependencies");
    reader.plugins(project, "");
    for (const profile of children(child(project, "profiles"), "profile")) {
      const id = textOf(child(profile, "id")) ?? "(unnamed)";
      reader.dependencies(profile, `profile ${id} dependencies`);
      reader.plugins(profile, `profile ${id} `);
    }
    return byLine(reader.detections);
  },
};

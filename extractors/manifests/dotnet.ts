// .NET: PackageReference items in project files and Directory.*.props, central PackageVersion pins, and
// the older packages.config.
import { type DependencyScope, type Detection, type FileDetector, ParseError } from "../types.js";
import {
  type XmlDocument,
  attribute,
  child,
  children,
  loadXml,
  parseXmlDocument,
  textOf,
} from "./xml-document.js";
import { baseName, byLine, isBlank, isRecord, manifestDetection, withVersion } from "./shared.js";

const PROJECT_EXTENSIONS = [".csproj", ".fsproj", ".vbproj"];
const SHARED_PROPS = ["directory.packages.props", "directory.build.props", "directory.build.targets"];
// Item types naming a package, lower-cased (MSBuild item names are case-insensitive).
const PACKAGE_ITEMS = new Set(["packagereference", "packageversion", "globalpackagereference"]);

/** A metadata value, written as an attribute or as a child element. */
function metadata(item: unknown, name: string): string | undefined {
  return attribute(item, name) ?? textOf(child(item, name));
}

/** PrivateAssets=all keeps a package (an analyzer, a build tool) out of the built output. */
function itemScope(itemType: string, item: unknown): DependencyScope {
  if (itemType.toLowerCase() === "globalpackagereference") return "dev"; // always private, by definition
  const privateAssets = metadata(item, "PrivateAssets")?.toLowerCase() ?? "";
  return privateAssets.split(";").some((part) => part.trim() === "all") ? "dev" : "runtime";
}

function collectItems(doc: XmlDocument, node: unknown, out: Detection[]): void {
  if (!isRecord(node)) return;
  for (const [name, value] of Object.entries(node)) {
    if (name.startsWith("@_") || name === "#text") continue;
    const elements = Array.isArray(value) ? value : [value];
    if (!PACKAGE_ITEMS.has(name.toLowerCase())) {
      for (const element of elements) collectItems(doc, element, out);
      continue;
    }
    for (const item of elements) {
      // `Update` changes an item declared elsewhere (often Directory.Build.props); `Remove` drops one.
      const packages = attribute(item, "Include") ?? attribute(item, "Update");
      if (!packages) continue;
      const version = metadata(item, "Version") ?? metadata(item, "VersionOverride");
      for (const id of packages.split(";").map((p) => p.trim())) {
        if (id === "") continue;
        out.push(
          manifestDetection(
            "nuget",
            id,
            doc.lineOf(item),
            `${name}: ${withVersion(id, version)}`,
            itemScope(name, item),
          ),
        );
      }
    }
  }
}

export const msbuildDetector: FileDetector = {
  id: "msbuild",
  matches(path) {
    const base = baseName(path).toLowerCase();
    return PROJECT_EXTENSIONS.some((ext) => base.endsWith(ext)) || SHARED_PROPS.includes(base);
  },
  init: loadXml,
  detect({ path, text }) {
    if (isBlank(text)) return [];
    const doc = parseXmlDocument(text, []);
    const project = Object.entries(doc.root).find(([name]) => name.toLowerCase() === "project")?.[1];
    if (project === undefined) throw new ParseError(`${baseName(path)} has no <Project> root element.`, 1);
    const detections: Detection[] = [];
    collectItems(doc, project, detections);
    return byLine(detections);
  },
};

export const packagesConfigDetector: FileDetector = {
  id: "packages.config",
  matches: (path) => baseName(path).toLowerCase() === "packages.config",
  init: loadXml,
  detect({ text }) {
    if (isBlank(text)) return [];
    const doc = parseXmlDocument(text, ["package"]);
    if (doc.root.packages === undefined)
      throw new ParseError("packages.config has no <packages> root element.", 1);
    return children(doc.root.packages, "package").flatMap((item) => {
      const id = attribute(item, "id");
      if (!id) return [];
      const scope = attribute(item, "developmentDependency") === "true" ? "dev" : "runtime";
      const detail = `package: ${withVersion(id, attribute(item, "version"))}`;
      return [manifestDetection("nuget", id, doc.lineOf(item), detail, scope)];
    });
  },
};

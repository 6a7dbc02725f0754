// .NET: PackageReference items in project files and Directory.*.props, central PackageVersion pins, the
// project SDKs and shared frameworks a project builds on, and the older packages.config.
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
/**
 * `<FrameworkReference Include="Microsoft.AspNetCore.App" />`: a shared framework, reported in the `nuget`
 * space like the package of the same name that stood for it before .NET Core 3.0.
 */
const FRAMEWORK_ITEM = "frameworkreference";

/**
 * The MSBuild project SDKs named in `Sdk="A;B/1.0"` (on `<Project>` or `<Import>`) or `<Sdk Name="A" />`:
 * the SDK, not a package, says what a project is (`Microsoft.NET.Sdk.Web` is an ASP.NET Core app that may
 * reference no ASP.NET Core package at all).
 */
function sdkNames(value: string | undefined): string[] {
  return (value ?? "")
    .split(";")
    .map((part) => part.trim().split("/")[0]!.trim())
    .filter((name) => name !== "");
}

/** A test SDK (`MSTest.Sdk`) builds a test project; every other SDK is the project's runtime. */
function sdkScope(name: string): DependencyScope {
  return /(^|\.)(ms)?test(\.|$)/i.test(name) ? "test" : "runtime";
}

function pushSdks(
  doc: XmlDocument,
  node: unknown,
  value: string | undefined,
  label: string,
  out: Detection[],
) {
  for (const name of sdkNames(value))
    out.push(manifestDetection("msbuild-sdk", name, doc.lineOf(node), `${label}: ${name}`, sdkScope(name)));
}

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
    const lower = name.toLowerCase();
    if (lower === "sdk" || lower === "import") {
      for (const element of elements)
        pushSdks(
          doc,
          element,
          attribute(element, lower === "sdk" ? "Name" : "Sdk"),
          lower === "sdk" ? name : `${name} Sdk`,
          out,
        );
      continue;
    }
    if (lower === FRAMEWORK_ITEM) {
      for (const element of elements) {
        const framework = attribute(element, "Include");
        if (framework)
          out.push(
            manifestDetection("nuget", framework, doc.lineOf(element), `${name}: ${framework}`, "runtime"),
          );
      }
      continue;
    }
    if (!PACKAGE_ITEMS.has(lower)) {
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
    pushSdks(doc, project, attribute(project, "Sdk"), "Project Sdk", detections);
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

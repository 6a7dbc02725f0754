// `vouch extract` must start fast, so importing the detectors (extractors/detectors.ts) must not load a
// parser library: each detector loads its own in `init()`, which the analyser awaits before the detector's
// first file. This file checks the sources of all three detector folders (manifests, infra, imports) and
// that a detector used without `init()` fails with a clear message. It deliberately never calls `init()`:
// vitest gives every test file fresh modules, so nothing is loaded here.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { goImportDetector } from "../../../extractors/imports/go.js";
import { javaImportDetector } from "../../../extractors/imports/java.js";
import { jsImportDetector } from "../../../extractors/imports/js.js";
import { notebookImportDetector } from "../../../extractors/imports/notebook.js";
import { pythonImportDetector } from "../../../extractors/imports/python.js";
import { githubWorkflowDetector } from "../../../extractors/infra/ci/index.js";
import { cloudFormationDetector } from "../../../extractors/infra/cloudformation.js";
import { composeDetector } from "../../../extractors/infra/compose.js";
import { dockerfileDetector } from "../../../extractors/infra/dockerfile.js";
import { chartDetector } from "../../../extractors/infra/helm.js";
import { kubernetesDetector } from "../../../extractors/infra/kubernetes.js";
import { cargoTomlDetector } from "../../../extractors/manifests/cargo.js";
import { msbuildDetector } from "../../../extractors/manifests/dotnet.js";
import { versionCatalogDetector } from "../../../extractors/manifests/gradle.js";
import { pomXmlDetector } from "../../../extractors/manifests/maven.js";
import { pipfileDetector, pyprojectTomlDetector } from "../../../extractors/manifests/python.js";
import { type FileDetector, NeedsLoading } from "../../../extractors/types.js";

const HEAVY = [
  "yaml",
  "smol-toml",
  "fast-xml-parser",
  "dockerfile-ast",
  "oxc-parser",
  "web-tree-sitter",
  "@vscode/tree-sitter-wasm",
  "jsonc-parser",
];

const EXTRACTORS = fileURLToPath(new URL("../../../extractors/", import.meta.url));
const FOLDERS = ["manifests", "infra", "imports"];

/** `import ... from "x"`, `export ... from "x"` (group 1 holds `type` when type-only) and `import "x"`. */
const STATIC_IMPORT =
  /^(?:import|export)\s+(type\s+)?[^;()=]*?\s*from\s*["']([^"']+)["']|^import\s*["']([^"']+)["']/gm;
/**
 * An unindented (so module-level) `import("x")`, `require("x")` or `createRequire(...)("x")`, not in an
 * arrow function (`lazy(() => import("x"))` loads on first use).
 */
const TOP_LEVEL_LOAD = /^\S(?:(?!=>).)*?(?:\bimport|\brequire|\))\(\s*["']([^"']+)["']/gm;

function isHeavy(specifier: string): boolean {
  return HEAVY.some((name) => specifier === name || specifier.startsWith(`${name}/`));
}

/** The heavy packages `source` loads when imported, as `import ...`, `export ... from` or a top-level call. */
function heavyImports(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(STATIC_IMPORT)) {
    const specifier = match[2] ?? match[3] ?? "";
    if (!match[1] && isHeavy(specifier)) found.push(match[0].replace(/\s+/g, " "));
  }
  for (const match of source.matchAll(TOP_LEVEL_LOAD)) {
    if (isHeavy(match[1] ?? "")) found.push(match[0].trim());
  }
  return found;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith(".ts") ? [path] : [];
  });
}

describe("detector modules load no parser library at import", () => {
  it("the scanner flags value imports and module-level loads, and allows type imports and lazy loads", () => {
    const source = [
      'import { parse } from "yaml";',
      'import type { Node } from "yaml";',
      'import type * as Oxc from "oxc-parser";',
      "import {",
      "  type Query,",
      "  Parser,",
      '} from "@vscode/tree-sitter-wasm";',
      'import "fast-xml-parser";',
      'export { parse } from "smol-toml";',
      'export type { TomlError } from "smol-toml";',
      'import { join } from "node:path";',
      'const ast = createRequire(import.meta.url)("dockerfile-ast");',
      'const yamlModule = lazy(() => import("yaml"));',
      "export function load() {",
      '  return import("dockerfile-ast");',
      "}",
    ].join("\n");
    expect(heavyImports(source)).toEqual([
      'import { parse } from "yaml"',
      'import { type Query, Parser, } from "@vscode/tree-sitter-wasm"',
      'import "fast-xml-parser"',
      'export { parse } from "smol-toml"',
      'const ast = createRequire(import.meta.url)("dockerfile-ast"',
    ]);
  });

  const files = FOLDERS.flatMap((folder) => sourceFiles(join(EXTRACTORS, folder)));

  it("finds the detector sources", () => {
    expect(files.length).toBeGreaterThan(30);
  });

  it.each(files.map((path) => [relative(EXTRACTORS, path).split("\\").join("/"), path]))(
    "%s",
    (_name, path) => {
      expect(heavyImports(readFileSync(path, "utf8"))).toEqual([]);
    },
  );
});

describe("detect() without init()", () => {
  const cases: [FileDetector, string, string][] = [
    [cargoTomlDetector, "Cargo.toml", '[dependencies]\nserde = "1"\n'],
    [pyprojectTomlDetector, "pyproject.toml", '[project]\nname = "x"\n'],
    [pipfileDetector, "Pipfile", '[packages]\nrequests = "*"\n'],
    [versionCatalogDetector, "gradle/libs.versions.toml", '[libraries]\nx = "a:b:1"\n'],
    [pomXmlDetector, "pom.xml", "<project></project>"],
    [msbuildDetector, "App.csproj", "<Project></Project>"],
    [composeDetector, "compose.yaml", "services: {}\n"],
    [chartDetector, "Chart.yaml", "name: x\n"],
    [githubWorkflowDetector, ".github/workflows/ci.yml", "on: push\n"],
    [dockerfileDetector, "Dockerfile", "FROM node:20\n"],
    [jsImportDetector, "a.ts", 'import x from "x";\n'],
    [pythonImportDetector, "a.py", "import x\n"],
    [notebookImportDetector, "a.ipynb", '{"cells": [{"cell_type": "code", "source": ["import x"]}]}'],
    [goImportDetector, "a.go", 'package a\nimport "x.io/y"\n'],
    [javaImportDetector, "A.java", "import a.b.C;\n"],
  ];

  it.each(cases.map(([detector, path, text]) => [detector.id, detector, path, text] as const))(
    "%s throws a clear error",
    (_id, detector, path, text) => {
      expect(detector.matches(path)).toBe(true);
      expect(() => detector.detect({ path, text })).toThrow(/init\(\) was not awaited/);
    },
  );

  // These read YAML only after a content check, so they have no `init()`: a file that passes the check
  // asks for the library (`NeedsLoading`); the analyser awaits it and calls `detect()` again.
  const onDemand: [FileDetector, string, string][] = [
    [kubernetesDetector, "k8s/a.yaml", "apiVersion: v1\nkind: Pod\n"],
    [cloudFormationDetector, "stack.yaml", "AWSTemplateFormatVersion: 2010-09-09\n"],
  ];

  it.each(onDemand.map(([detector, path, text]) => [detector.id, detector, path, text] as const))(
    "%s skips other files without the library and asks for it for its own",
    (_id, detector, path, text) => {
      expect(detector.init).toBeUndefined();
      expect(detector.detect({ path, text: "name: not a manifest\n" })).toEqual([]);
      expect(() => detector.detect({ path, text })).toThrow(NeedsLoading);
    },
  );
});

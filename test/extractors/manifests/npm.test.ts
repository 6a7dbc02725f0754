import { beforeAll, describe, expect, it } from "vitest";
import { npmOwnPackage, packageJsonDetector } from "../../../extractors/manifests/npm.js";
import { type ManifestDetection } from "../../../extractors/manifests/shared.js";
import { type Row, detectRows, expectParseError, lines, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(packageJsonDetector));

const cases: { name: string; text: string; expected: Row[] }[] = [
  {
    name: "every section with its scope; bundledDependencies ignored",
    text: lines(
      "{",
      '  "name": "app",',
      '  "dependencies": { "pg": "^8.11.0",',
      '    "@aws-sdk/client-s3": "3.400.0" },',
      '  "devDependencies": {',
      '    "vitest": "^1.0.0"',
      "  },",
      '  "peerDependencies": { "react": ">=18" },',
      '  "optionalDependencies": { "fsevents": "*" },',
      '  "bundledDependencies": ["pg"]',
      "}",
    ),
    expected: [
      ["npm", "pg", 3, "runtime"],
      ["npm", "@aws-sdk/client-s3", 4, "runtime"],
      ["npm", "vitest", 6, "dev"],
      ["npm", "react", 8, "runtime"],
      ["npm", "fsevents", 9, "optional"],
    ],
  },
  {
    name: "the same name in two sections gets each section's line",
    text: lines(
      "{",
      '  "devDependencies": { "react": "18" },',
      '  "peerDependencies": {',
      '    "react": "*"',
      "  }",
      "}",
    ),
    expected: [
      ["npm", "react", 2, "dev"],
      ["npm", "react", 4, "runtime"],
    ],
  },
  {
    name: "a nested `dependencies` key is not a section",
    text: lines(
      "{",
      '  "config": { "dependencies": { "nope": "1" } },',
      '  "dependencies": { "yes": "1" }',
      "}",
    ),
    expected: [["npm", "yes", 3, "runtime"]],
  },
  {
    name: "an npm: alias reports the package it installs",
    text: lines(
      "{",
      '  "dependencies": {',
      '    "my-lodash": "npm:lodash@^4",',
      '    "ui": "npm:@scope/ui@2"',
      "  }",
      "}",
    ),
    expected: [
      ["npm", "lodash", 3, "runtime"],
      ["npm", "@scope/ui", 4, "runtime"],
    ],
  },
  {
    name: "byte-order mark and CRLF line endings",
    text: '\uFEFF{\r\n  "dependencies": {\r\n    "express": "4"\r\n  }\r\n}\r\n',
    expected: [["npm", "express", 3, "runtime"]],
  },
  { name: "empty file", text: "", expected: [] },
  { name: "whitespace only", text: " \n\t\n", expected: [] },
  { name: "no dependency sections", text: '{ "name": "x" }', expected: [] },
  {
    name: "a key with escapes",
    text: '{"dependencies":{"a\\u0062c":"1"}}',
    expected: [["npm", "abc", 1, "runtime"]],
  },
];

describe("package.json", () => {
  it.each(cases)("$name", ({ text, expected }) => {
    expect(detectRows(packageJsonDetector, "services/api/package.json", text)).toEqual(expected);
  });

  it("writes the section and version into the detail", () => {
    const [detection] = packageJsonDetector.detect({
      path: "package.json",
      text: '{"dependencies":{"pg":"^8.11.0"}}',
    });
    expect(detection?.detail).toBe("dependencies: pg@^8.11.0");
  });

  it.each([
    ["package.json", true],
    ["services/api/package.json", true],
    ["package-lock.json", false],
    ["yarn.lock", false],
    ["my-package.json", false],
  ])("matches %s: %s", (path, expected) => {
    expect(packageJsonDetector.matches(path)).toBe(expected);
  });

  it.each([
    {
      name: "a trailing comma",
      text: lines("{", '  "dependencies": { "pg": "1" },', "}"),
      message: "Invalid JSON on line 3: expected a property name in double quotes but found `}`.",
      line: 3,
    },
    {
      name: "an unclosed string",
      text: lines("{", '  "dependencies": { "pg: "1" }', "}"),
      message: 'Invalid JSON on line 2: expected `:` after "pg: " but found `1`.',
      line: 2,
    },
    {
      name: "a truncated file",
      text: lines("{", '  "dependencies": {'),
      message:
        "Invalid JSON on line 2: expected a property name in double quotes but found the end of the file.",
      line: 2,
    },
    {
      name: "dependencies as an array",
      text: lines("{", '  "dependencies": ["pg"]', "}"),
      message: "`dependencies` on line 2 must be an object of package names to versions.",
      line: 2,
    },
    {
      name: "a version that is not a string",
      text: lines("{", '  "devDependencies": {', '    "pg": 8', "  }", "}"),
      message: 'The version of "pg" in `devDependencies` on line 3 must be a string.',
      line: 3,
    },
    { name: "a top-level array", text: "[]", message: "package.json must hold a JSON object.", line: 1 },
    {
      name: "text after the object",
      text: '{ "a": 1 } x',
      message: "Invalid JSON on line 1: unexpected `x` after the end of the document.",
      line: 1,
    },
  ])("rejects $name", ({ text, message, line }) => {
    expectParseError(packageJsonDetector, "package.json", text, message, line);
  });
});

describe("package.json facts for the analyser", () => {
  const facts = (path: string, text: string) =>
    (packageJsonDetector.detect({ path, text }) as ManifestDetection[]).map((d) => [
      d.key.name,
      d.unseparated ?? false,
      d.privatePackage ?? null,
    ]);

  it("only the root package.json's `dependencies` are unseparated", () => {
    const text =
      '{ "dependencies": { "a": "1" }, "devDependencies": { "b": "1" }, "peerDependencies": { "c": "1" } }';
    expect(facts("package.json", text)).toEqual([
      ["a", true, null],
      ["b", false, null],
      ["c", false, null],
    ]);
    expect(facts("web/package.json", text).map(([, unseparated]) => unseparated)).toEqual([
      false,
      false,
      false,
    ]);
  });

  it("a private package says whether it declares workspaces", () => {
    const entries = '"dependencies": { "a": "1" }';
    expect(facts("p/package.json", `{ "private": true, "workspaces": ["packages/*"], ${entries} }`)).toEqual([
      ["a", false, { workspaces: true }],
    ]);
    expect(
      facts("p/package.json", `{ "private": true, "workspaces": { "packages": ["x"] }, ${entries} }`),
    ).toEqual([["a", false, { workspaces: true }]]);
    expect(facts("p/package.json", `{ "private": true, ${entries} }`)).toEqual([
      ["a", false, { workspaces: false }],
    ]);
    expect(facts("p/package.json", `{ "private": false, "workspaces": ["x"], ${entries} }`)).toEqual([
      ["a", false, null],
    ]);
  });

  it("npmOwnPackage: the name of a published package", () => {
    expect(npmOwnPackage(lines("{", '  "name": "@acme/ui",', '  "version": "1.0.0"', "}"))).toEqual([
      {
        key: { space: "npm", name: "@acme/ui" },
        line: 2,
        via: "manifest",
        detail: "this repository is the package (name: @acme/ui)",
        scope: "runtime",
        ownPackage: true,
      },
    ]);
    expect(npmOwnPackage('{ "name": "app", "private": true }')).toEqual([]);
    expect(npmOwnPackage('{ "name": "" }')).toEqual([]);
    expect(npmOwnPackage('{ "version": "1" }')).toEqual([]);
  });
});

describe("package.json names its runtime and package manager", () => {
  const runtime = (json: object) =>
    packageJsonDetector
      .detect({ path: "package.json", text: JSON.stringify(json, null, 2) })
      .filter((d) => d.key.space === "tool")
      .map((d) => [d.key.name, d.scope, d.line, d.detail]);

  it("reads engines.node as the runtime of a package with dependencies, and as tooling of one without", () => {
    expect(runtime({ engines: { node: ">=20" }, dependencies: { express: "^4" } })).toEqual([
      ["nodejs", "runtime", 3, "engines.node: >=20"],
    ]);
    expect(runtime({ engines: { node: ">=20" }, devDependencies: { "release-it": "^19" } })).toEqual([
      ["nodejs", "dev", 3, "engines.node: >=20"],
    ]);
  });

  it("reads a start script that runs Node.js, and the packageManager field", () => {
    expect(
      runtime({ scripts: { build: "next build", start: "next start" }, packageManager: "pnpm@9.1.0" }),
    ).toEqual([
      ["nodejs", "runtime", 4, "scripts.start: next start"],
      ["pnpm", "build", 6, "packageManager: pnpm@9.1.0"],
    ]);
    expect(runtime({ scripts: { start: "node dist/server.js" } })).toEqual([
      ["nodejs", "runtime", 3, "scripts.start: node dist/server.js"],
    ]);
    expect(runtime({ scripts: { start: "vite", test: "node --test" } })).toEqual([]);
  });
});

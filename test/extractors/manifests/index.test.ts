import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { manifestDetectors, ownPackageDetector } from "../../../extractors/manifests/index.js";
import { NeedsLoading, ParseError } from "../../../extractors/types.js";
import { initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(...manifestDetectors));

const manifests: [path: string, detector: string][] = [
  ["package.json", "package.json"],
  ["requirements.txt", "requirements.txt"],
  ["requirements/dev.txt", "requirements.txt"],
  ["pyproject.toml", "pyproject.toml"],
  ["Pipfile", "Pipfile"],
  ["setup.cfg", "setup.cfg"],
  ["go.mod", "go.mod"],
  ["Cargo.toml", "Cargo.toml"],
  ["pom.xml", "pom.xml"],
  ["build.gradle", "build.gradle"],
  ["build.gradle.kts", "build.gradle"],
  ["gradle/libs.versions.toml", "libs.versions.toml"],
  ["Gemfile", "Gemfile"],
  ["composer.json", "composer.json"],
  ["src/App/App.csproj", "msbuild"],
  ["Directory.Packages.props", "msbuild"],
  ["packages.config", "packages.config"],
];

const lockfiles = [
  "package-lock.json",
  "yarn.lock",
  "pnpm-lock.yaml",
  "poetry.lock",
  "Pipfile.lock",
  "uv.lock",
  "go.sum",
  "Cargo.lock",
  "Gemfile.lock",
  "composer.lock",
  "packages.lock.json",
  "gradle.lockfile",
];

describe("manifestDetectors", () => {
  it("have unique ids", () => {
    const ids = manifestDetectors.map((d) => d.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  // Besides its dependencies detector, a manifest that names its package is read by the own-package one.
  const namesItsPackage = new Set(["package.json", "pyproject.toml", "setup.cfg", "go.mod", "Cargo.toml"]);
  const more = new Set(["composer.json", "pom.xml"]);
  const namesIt = (path: string) =>
    namesItsPackage.has(path) ||
    more.has(path) ||
    /\.(cs|fs|vb)proj$/.test(path) ||
    path.endsWith(".gemspec");
  // The build-files detector reads names only (pom.xml is Maven's, a lock file its package manager's).
  const readers = manifestDetectors.filter((d) => !d.byName);
  it.each(manifests)("%s is read by exactly the %s detector", (path, id) => {
    const expected = namesIt(path) ? [id, "own-package"] : [id];
    expect(readers.filter((d) => d.matches(path)).map((d) => d.id)).toEqual(expected);
  });

  it.each(lockfiles)("%s is not read", (path) => {
    expect(readers.filter((d) => d.matches(path))).toEqual([]);
  });

  it("reads names only in the build-files and config-files detectors", () => {
    expect(manifestDetectors.filter((d) => d.byName).map((d) => d.id)).toEqual([
      "build-files",
      "config-files",
    ]);
  });

  // Whatever the bytes, a detector returns detections or throws a ParseError: never anything else.
  it.each(manifests)("%s survives arbitrary input", (path, id) => {
    const detector = manifestDetectors.find((d) => d.id === id);
    if (!detector) throw new Error(`no detector ${id}`);
    const pieces = fc.constantFrom(
      "{",
      "}",
      "[",
      "]",
      "(",
      ")",
      '"',
      "'",
      "`",
      "\n",
      "\r\n",
      " ",
      "#",
      "//",
      "/*",
      "*/",
      "=",
      ":",
      ",",
      "\\",
      "dependencies",
      "implementation",
      "gem",
      "group",
      "do",
      "end",
      "require",
      "<project>",
      "</project>",
      "<dependency>",
      '<PackageReference Include="x"/>',
      "a:b:1",
      "pkg>=1",
      "[dependencies]",
      '"""',
      "%w[",
      "$",
    );
    fc.assert(
      fc.property(fc.array(fc.oneof(pieces, fc.string()), { maxLength: 40 }), (parts) => {
        try {
          const detections = detector.detect({ path, text: parts.join("") });
          expect(Array.isArray(detections)).toBe(true);
        } catch (error) {
          expect(error).toBeInstanceOf(ParseError);
        }
      }),
      { numRuns: 400 },
    );
  });
});

describe("ownPackageDetector", () => {
  it("asks the analyser to load the TOML parser only for a TOML manifest", async () => {
    expect(ownPackageDetector.init).toBeUndefined();
    let thrown: unknown;
    try {
      ownPackageDetector.detect({ path: "Cargo.toml", text: '[package]\nname = "z"\n' });
    } catch (error) {
      thrown = error;
    }
    if (thrown instanceof NeedsLoading) await thrown.loading;
    else expect(thrown).toBeUndefined(); // already loaded by an earlier call in this file
  });

  it("reads each manifest's package name", () => {
    const names = (path: string, text: string) =>
      ownPackageDetector.detect({ path, text }).map((d) => [d.key.space, d.key.name, d.line]);
    expect(names("web/package.json", '{\n  "name": "left-pad"\n}')).toEqual([["npm", "left-pad", 2]]);
    expect(names("go.mod", "module example.com/m\n")).toEqual([["go", "example.com/m", 1]]);
    expect(names("setup.cfg", "[metadata]\nname = x\n")).toEqual([["pypi", "x", 2]]);
    expect(names("pyproject.toml", '[project]\nname = "y"\n')).toEqual([["pypi", "y", 2]]);
    expect(names("Cargo.toml", '[package]\nname = "z"\n')).toEqual([["cargo", "z", 2]]);
  });

  it("leaves a malformed manifest to its own detector's warning", () => {
    for (const path of ["package.json", "pyproject.toml", "Cargo.toml", "setup.cfg", "go.mod"]) {
      expect(ownPackageDetector.detect({ path, text: '{ [ = "' })).toEqual([]);
    }
  });
});

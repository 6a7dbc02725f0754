import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { manifestDetectors } from "../../../extractors/manifests/index.js";
import { ParseError } from "../../../extractors/types.js";
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

  it.each(manifests)("%s is read by exactly the %s detector", (path, id) => {
    expect(manifestDetectors.filter((d) => d.matches(path)).map((d) => d.id)).toEqual([id]);
  });

  it.each(lockfiles)("%s is not read", (path) => {
    expect(manifestDetectors.filter((d) => d.matches(path))).toEqual([]);
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

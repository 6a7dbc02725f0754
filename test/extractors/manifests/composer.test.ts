import { beforeAll, describe, expect, it } from "vitest";
import { composerJsonDetector } from "../../../extractors/manifests/composer.js";
import { type Row, detectRows, expectParseError, lines, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(composerJsonDetector));

const cases: { name: string; text: string; expected: Row[] }[] = [
  {
    name: "require and require-dev; platform packages skipped",
    text: lines(
      "{",
      '  "require": {',
      '    "php": "^8.2",',
      '    "ext-json": "*",',
      '    "lib-curl": "*",',
      '    "composer-plugin-api": "^2",',
      '    "laravel/framework": "^11.0",',
      '    "aws/aws-sdk-php": "^3.3"',
      "  },",
      '  "require-dev": { "phpunit/phpunit": "^10" }',
      "}",
    ),
    expected: [
      ["composer", "laravel/framework", 7, "runtime"],
      ["composer", "aws/aws-sdk-php", 8, "runtime"],
      ["composer", "phpunit/phpunit", 10, "dev"],
    ],
  },
  { name: "an empty require written as [] by PHP", text: '{ "require": [] }', expected: [] },
  { name: "empty file", text: "", expected: [] },
  {
    name: "CRLF and a byte-order mark",
    text: '\uFEFF{\r\n"require-dev": {\r\n"mockery/mockery": "1"}}',
    expected: [["composer", "mockery/mockery", 3, "dev"]],
  },
];

describe("composer.json", () => {
  it.each(cases)("$name", ({ text, expected }) => {
    expect(detectRows(composerJsonDetector, "composer.json", text)).toEqual(expected);
  });

  it("details the section and version", () => {
    const [d] = composerJsonDetector.detect({ path: "composer.json", text: '{"require":{"a/b":"^1"}}' });
    expect(d?.detail).toBe("require: a/b@^1");
  });

  it.each([
    ["composer.json", true],
    ["app/composer.json", true],
    ["composer.lock", false],
  ])("matches %s: %s", (path, expected) => {
    expect(composerJsonDetector.matches(path)).toBe(expected);
  });

  it.each([
    {
      name: "invalid JSON",
      text: lines("{", '  "require": { "a/b": "1" ', "}"),
      message: "Invalid JSON on line 3: expected `,` or `}` but found the end of the file.",
      line: 3,
    },
    {
      name: "require as a string",
      text: lines("{", '  "require": "laravel/framework"', "}"),
      message: "`require` on line 2 must be an object of package names to versions.",
      line: 2,
    },
    {
      name: "a non-string version",
      text: lines("{", '  "require": {', '    "a/b": ["1"]', "  }", "}"),
      message: 'The version of "a/b" in `require` on line 3 must be a string.',
      line: 3,
    },
  ])("rejects $name", ({ text, message, line }) => {
    expectParseError(composerJsonDetector, "composer.json", text, message, line);
  });
});

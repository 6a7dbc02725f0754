import { beforeAll, describe, expect, it } from "vitest";
import { parseJsonDocument } from "../../../extractors/manifests/json-document.js";
import {
  type TomlDocument,
  loadToml,
  parseTomlDocument,
} from "../../../extractors/manifests/toml-document.js";
import { lines } from "./helpers.js";

describe("TOML key lines", () => {
  const text = lines(
    "title = 'x' # comment with [brackets]",
    "[a]",
    'b = """',
    "[not.a.table]",
    '"""',
    "c = { d = 1,",
    "  e = [1,",
    "    2] }",
    "'quoted.key' = 1",
    "f.g.h = 1",
    "[[bin]]",
    'name = "one"',
    "[[bin]]",
    'name = "two"',
    "[bin.extra]",
    "k = 1",
    "arr = [",
    "  'x',",
    "  { y = 1 },",
    "]",
  );
  let doc: TomlDocument;
  beforeAll(async () => {
    await loadToml();
    doc = parseTomlDocument(text);
  });

  it.each([
    [["title"], 1],
    [["a"], 2],
    [["a", "b"], 3],
    [["not"], undefined],
    [["a", "c"], 6],
    [["a", "c", "d"], 6],
    [["a", "c", "e", 1], 8],
    [["a", "quoted.key"], 9],
    [["a", "f"], 10],
    [["a", "f", "g", "h"], 10],
    [["bin", 0, "name"], 12],
    [["bin", 1, "name"], 14],
    [["bin", 1, "extra", "k"], 16],
    [["bin", 1, "extra", "arr", 0], 18],
    [["bin", 1, "extra", "arr", 1, "y"], 19],
  ] as const)("%j is on line %s", (path, line) => {
    expect(doc.lineOf(path)).toBe(line);
  });
});

describe("JSON key lines", () => {
  const doc = parseJsonDocument(
    lines("{", '  "a": {', '    "b": [1, {"c": "}"}],', '    "d\\"e": null', "  }", "}"),
  );

  it.each([
    [["a"], 2],
    [["a", "b"], 3],
    [["a", "b", 1, "c"], 3],
    [["a", 'd"e'], 4],
    [["x"], undefined],
  ] as const)("%j is on line %s", (path, line) => {
    expect(doc.lineOf(path)).toBe(line);
  });

  it("parses values exactly as JSON.parse does", () => {
    const text = '{"n": -1.5e3, "s": "\\u00e9\\n", "l": [true, false, null], "o": {}}';
    expect(parseJsonDocument(text).value).toEqual(JSON.parse(text));
  });

  it.each([
    ["{'a': 1}", "Invalid JSON on line 1: expected a property name in double quotes but found `'`."],
    ['{"a": 01}', "Invalid JSON on line 1: expected `,` or `}` but found `1`."],
    ['{"a": "tab\there"}', "Invalid JSON on line 1: a string has a bad character."],
    ['{"a": tru}', "Invalid JSON on line 1: expected a value but found `t`."],
    ["[1, 2,]", "Invalid JSON on line 1: expected a value but found `]`."],
    ['{"a": 1} // note', "Invalid JSON on line 1: unexpected `/` after the end of the document."],
    ["[".repeat(300), "Invalid JSON on line 1: the document is nested too deeply."],
  ])("rejects %s", (text, message) => {
    expect(() => parseJsonDocument(text)).toThrow(message);
  });
});

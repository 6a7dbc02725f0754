// JSON input files: a syntax error names the file, line and column in one sentence, on every Node version.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { InputError } from "../../core/errors.js";
import { fieldPath, readJsonFile, syntaxErrorOffset } from "../../core/json-file.js";

const dir = mkdtempSync(join(tmpdir(), "vouch-json-"));

describe("syntaxErrorOffset", () => {
  it.each([
    ['{"a": [1, 2.5e3, -0, true, false, null, "x\\n\\u00e9"]}', undefined],
    ["  []  ", undefined],
    ['{\n  "title": }', 13],
    ["[1,]", 3],
    ['{"a":1', 6],
    ["{a:1}", 1],
    ['{"a":1}x', 7],
    ["", 0],
    ['"tab\there"', 4],
    ['"\\x"', 2],
    ["01", 1],
    ["tru", 0],
  ])("%j → %s", (text, offset) => {
    expect(syntaxErrorOffset(text)).toBe(offset);
  });
});

describe("readJsonFile", () => {
  const read = async (name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return readJsonFile(path).then(
      (value) => ({ value }),
      (error: unknown) => ({ error: error as Error }),
    );
  };

  it("parses, with or without a byte order mark", async () => {
    expect(await read("ok.json", '{"a":[1]}')).toEqual({ value: { a: [1] } });
    expect(await read("bom.json", '\ufeff{"a":1}')).toEqual({ value: { a: 1 } });
  });

  it.each([
    ["a token Node reports without a position", '{\n  "title": }', "line 2, column 12: Unexpected token '}'"],
    ["a missing comma", '{"a": 1\n "b": 2}', "line 2, column 2: Expected ',' or '}' after property value"],
    ["an early end", '{"a": [1,\n', "line 2, column 1: Unexpected end of JSON input"],
    [
      "trailing text after a BOM",
      "\ufeff{}x",
      "line 1, column 3: Unexpected non-whitespace character after JSON",
    ],
  ])("%s", async (_name, text, where) => {
    const { error } = (await read("bad.json", text)) as { error: Error };
    expect(error).toBeInstanceOf(InputError);
    expect(error.message).toBe(`${join(dir, "bad.json")}: not valid JSON at ${where}.`);
  });

  it("names a missing file", async () => {
    const path = join(dir, "absent.json");
    await expect(readJsonFile(path)).rejects.toThrow(`${path}: no such file.`);
  });
});

it("fieldPath", () => {
  expect(fieldPath(["sources", "facts", 2, "text"])).toBe("sources.facts[2].text");
  expect(fieldPath([0, "a"])).toBe("[0].a");
});

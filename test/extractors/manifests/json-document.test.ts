// Differential test of the JSON key-line reader: test/fixtures/json-document/expected.json holds what the
// hand-written scanner it replaced returned (every key's line, or the error and its line) for every JSON
// file under samples/ and test/fixtures/, every text the manifest tests fed it, and mutations of a document
// with every JSON construct (one or more per kind of error message and line) and nesting at the limit.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parseJsonDocument } from "../../../extractors/manifests/json-document.js";
import { ParseError } from "../../../extractors/types.js";

type Path = (string | number)[];
type Expected = { lines: [Path, number][]; unplaced: number } | { error: string; line: number };

const ROOT = join(import.meta.dirname, "../../..");
const recorded = JSON.parse(
  readFileSync(join(ROOT, "test/fixtures/json-document/expected.json"), "utf8"),
) as { files: Record<string, Expected>; texts: [string, Expected][] };

/** Every object key and array index in `value`. */
function paths(value: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  const entries: [string | number, unknown][] = Array.isArray(value)
    ? value.map((item, index) => [index, item])
    : value !== null && typeof value === "object"
      ? Object.entries(value)
      : [];
  for (const [key, item] of entries) {
    out.push([...prefix, key]);
    paths(item, [...prefix, key], out);
  }
  return out;
}

function read(text: string): Expected {
  try {
    const doc = parseJsonDocument(text);
    expect(doc.value).toEqual(JSON.parse(text.replace(/^\uFEFF/, "")));
    const all = paths(doc.value);
    const lines = all.flatMap((path): [Path, number][] => {
      const line = doc.lineOf(path);
      return line === undefined ? [] : [[path, line]];
    });
    return { lines, unplaced: all.length - lines.length };
  } catch (error) {
    if (!(error instanceof ParseError) || error.line === undefined) throw error;
    return { error: error.message, line: error.line };
  }
}

/** A message without its line and the character it found. */
function kind(message: string): string {
  return message
    .replace(/^Invalid JSON on line \d+: /, "")
    .replace(/found .*$/, "found …")
    .replace(/^unexpected .* after/, "unexpected … after");
}

describe("parseJsonDocument reads as the scanner it replaced did", () => {
  it.each(Object.entries(recorded.files))("%s", (path, expected) => {
    expect(read(readFileSync(join(ROOT, path), "utf8"))).toEqual(expected);
  });

  it(`reads ${recorded.texts.length} recorded texts the same`, () => {
    const messages = new Set<string>();
    for (const [text, expected] of recorded.texts) {
      expect(read(text), JSON.stringify(text)).toEqual(expected);
      if ("error" in expected) messages.add(kind(expected.error));
    }
    // Every message the reader can give is among them.
    expect([...messages]).toEqual(
      expect.arrayContaining([
        "a string has a bad character.",
        "a string is never closed.",
        "expected `,` or `]` but found …",
        "expected `,` or `}` but found …",
        'expected `:` after "a" but found …',
        "expected a property name in double quotes but found …",
        "expected a value but found …",
        "the document is nested too deeply.",
        "unexpected … after the end of the document.",
      ]),
    );
  });
});

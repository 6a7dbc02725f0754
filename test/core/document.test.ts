// Every input document is read the same way: one sentence `FILE: line N: field "x.y[2]": message.`
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { InputError } from "../../core/errors.js";
import { checkDocument, describeIssue, readDocument, type DocumentOptions } from "../../core/document.js";

const dir = mkdtempSync(join(tmpdir(), "vouch-document-"));
const schema = z
  .object({
    name: z.string(),
    jobs: z.array(z.object({ title: z.string(), years: z.number().optional() }).strict()).optional(),
  })
  .strict();

const write = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
/** The message of the InputError that reading `text` as file `name` throws. */
const failure = async (name: string, text: string | null, options?: DocumentOptions) => {
  const path = text === null ? join(dir, name) : write(name, text);
  const error = await readDocument(path, schema, options).then(
    () => undefined,
    (e: unknown) => e as Error,
  );
  expect(error).toBeInstanceOf(InputError);
  expect(error?.message.split("\n")).toHaveLength(1);
  return error?.message.slice(path.length + 2);
};

describe("readDocument", () => {
  it("reads YAML and JSON (by extension) into the schema's output", async () => {
    const value = { name: "Dana", jobs: [{ title: "SRE", years: 2 }] };
    expect(
      await readDocument(write("ok.yaml", "name: Dana\njobs:\n  - title: SRE\n    years: 2\n"), schema),
    ).toEqual(value);
    expect(await readDocument(write("ok.json", JSON.stringify(value, null, 2)), schema)).toEqual(value);
  });

  it("a wrong field in YAML: its line and path", async () => {
    const text = "name: Dana\njobs:\n  - title: SRE\n  - title: Dev\n    years: two\n";
    expect(await failure("wrong.yaml", text)).toBe(
      'line 5: field "jobs[1].years": Invalid input: expected number, received string.',
    );
  });

  it("a wrong field in JSON: its line and path too", async () => {
    const text = '{\n  "name": "Dana",\n  "jobs": [\n    {"title": "SRE"},\n    {"title": 7}\n  ]\n}\n';
    expect(await failure("wrong.json", text)).toBe(
      'line 5: field "jobs[1].title": Invalid input: expected string, received number.',
    );
  });

  it("a missing field: the line of its mapping", async () => {
    expect(await failure("missing.yaml", "name: Dana\njobs:\n  - years: 1\n")).toBe(
      'line 3: field "jobs[0].title": Invalid input: expected string, received undefined.',
    );
  });

  it("a syntax error: YAML names the line, JSON keeps its own message with line and column", async () => {
    expect(await failure("broken.yaml", "name: Dana\njobs: [\n")).toBe(
      "line 3: Flow sequence in block collection must be sufficiently indented and end with a ].",
    );
    expect(await failure("broken.json", '{\n  "name": }')).toBe(
      "not valid JSON at line 2, column 11: Unexpected token '}'.",
    );
    expect(await failure("json-as-yaml.json", '{\n  "name": "Dana",\n', { syntax: "yaml" })).toBe(
      "line 3: Flow map must end with a }.",
    );
  });

  it("an unknown key in a strict schema is named by its own path, on its line", async () => {
    expect(await failure("extra.yaml", "name: Dana\njobs:\n  - title: SRE\n    salary: 1\n")).toBe(
      'line 4: field "jobs[0].salary": Unrecognized key: "salary".',
    );
    expect(await failure("extra.json", '{"name": "Dana",\n "nickname": "D"}')).toBe(
      'line 2: field "nickname": Unrecognized key: "nickname".',
    );
  });

  it("a missing file, named with the caller's noun", async () => {
    expect(await failure("absent.yaml", null)).toBe("no such file.");
    expect(await failure("absent.json", null, { noun: "profile file" })).toBe("no such profile file.");
  });

  it("skips a byte order mark, and lines still count from the first", async () => {
    expect(await readDocument(write("bom.yaml", "\ufeffname: Dana\n"), schema)).toEqual({ name: "Dana" });
    expect(await readDocument(write("bom.json", '\ufeff{"name": "Dana"}'), schema)).toEqual({ name: "Dana" });
    expect(await failure("bom-bad.json", '\ufeff{\n"name": 1}')).toBe(
      'line 2: field "name": Invalid input: expected string, received number.',
    );
  });

  it("an empty file: null for YAML unless the caller gives a value, a syntax error for JSON", async () => {
    expect(await failure("empty.yaml", "# nothing yet\n")).toBe(
      "Invalid input: expected object, received null.",
    );
    const empty = { name: "(none)" };
    expect(await readDocument(write("empty2.yaml", ""), schema, { empty })).toEqual(empty);
    expect(await failure("empty.json", "")).toBe(
      "not valid JSON at line 1, column 1: Unexpected end of JSON input.",
    );
  });

  it("a document that is not a mapping, when one is required", async () => {
    const options = { mapping: "a profile (a mapping)" };
    expect(await failure("list.yaml", "- a\n", options)).toBe("expected a profile (a mapping).");
    expect(await failure("null.json", "null", options)).toBe("expected a profile (a mapping).");
  });

  it("a hint after a schema message", async () => {
    expect(await failure("hint.json", '{"name": 1}', { hint: "expected a saved profile" })).toBe(
      'line 1: field "name": Invalid input: expected string, received number (expected a saved profile).',
    );
  });
});

describe("checkDocument", () => {
  it("checks text named by a path, the syntax chosen by the caller", () => {
    expect(checkDocument('{"name": "Dana"}', "inline", schema, { syntax: "json" })).toEqual({ name: "Dana" });
    expect(() => checkDocument("name: [1]\n", "l.yaml", schema)).toThrow(
      /^l\.yaml: line 1: field "name": Invalid input: expected string, received array\.$/,
    );
  });
});

describe("describeIssue", () => {
  it("leaves out what is not known, and names a top-level subject when given", () => {
    const error = z.object({ a: z.number() }).safeParse([1]).error!;
    expect(describeIssue(error, () => undefined)).toBe("Invalid input: expected object, received array");
    expect(describeIssue(error, () => 3, "the record")).toBe(
      "line 3: the record: Invalid input: expected object, received array",
    );
  });
});

describe("a YAML alias bomb", () => {
  it("is bad input naming the file and the first alias's line, not an internal error", () => {
    const levels = ["a: &a [x, x, x, x, x, x, x, x, x]"];
    for (const [i, name] of ["b", "c", "d", "e", "f"].entries()) {
      const prev = "abcde"[i]!;
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(", ")}]`);
    }
    const text = `${levels.join("\n")}\n`;
    expect(() => checkDocument(text, "bomb.yaml", z.unknown())).toThrow(
      new InputError(
        "bomb.yaml: line 2: its aliases expand past what vouch reads (Excessive alias count indicates a resource exhaustion attack).",
      ),
    );
  });
});

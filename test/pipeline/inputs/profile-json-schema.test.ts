import { readFileSync } from "node:fs";
import { join } from "node:path";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import {
  PROFILE_SCHEMA_FILE,
  profileJsonSchema,
  profileJsonSchemaText,
} from "../../../pipeline/inputs/profile-json-schema.js";

const ROOT = join(import.meta.dirname, "../../..");
const validate = new Ajv2020({ strict: false, allErrors: true }).compile(profileJsonSchema());
const errors = () =>
  (validate.errors ?? []).map(
    (e: { instancePath: string; message?: string }) => `${e.instancePath} ${e.message}`,
  );

describe("the profile's JSON Schema", () => {
  it("is the file the package ships, generated from the zod model (npm run schema rewrites it)", () => {
    expect(readFileSync(join(ROOT, PROFILE_SCHEMA_FILE), "utf8")).toBe(profileJsonSchemaText());
  });

  it("is named by the sample profile's first line, relative to it", () => {
    const first = readFileSync(join(ROOT, "samples/profile.yaml"), "utf8").split("\n")[0];
    expect(first).toBe("# yaml-language-server: $schema=../schema/profile.schema.json");
  });

  it("accepts the sample profile, JSON Resume's own sample and every corpus profile", () => {
    const documents: [string, unknown][] = [
      ["samples/profile.yaml", parse(readFileSync(join(ROOT, "samples/profile.yaml"), "utf8"))],
      [
        "sample.resume.json",
        JSON.parse(readFileSync(join(ROOT, "test/fixtures/json-resume/sample.resume.json"), "utf8")),
      ],
    ];
    for (const name of ["junior-fullstack", "ml-engineer", "mobile-ios", "sre-cloud", "staff-engineer"]) {
      const file = join(ROOT, "test/fixtures/corpus", name, "profile.json");
      documents.push([name, JSON.parse(readFileSync(file, "utf8"))]);
    }
    for (const [name, document] of documents)
      expect(validate(document), `${name}: ${errors().join("; ")}`).toBe(true);
  });

  it("takes the dates the reader takes (a bare year as a number, a worded month) and refuses wrong types", () => {
    expect(validate({ work: [{ startDate: 2021, endDate: "April 2023" }] })).toBe(true);
    expect(validate({ work: [{ highlights: "one string" }] })).toBe(false);
    expect(errors()).toEqual(["/work/0/highlights must be array"]);
    expect(validate({ portfolio: { repos: ["./a"], unknown: 1 } })).toBe(false);
  });

  it("describes the portfolio key, so an editor can say what it is for", () => {
    const portfolio = (
      profileJsonSchema().properties as Record<
        string,
        { properties: Record<string, { description?: string }> }
      >
    ).portfolio!;
    expect(portfolio.properties.repos!.description).toMatch(/git repositories/);
    expect(Object.keys(portfolio.properties)).toEqual(["repos", "docs", "authors", "authorship", "chat"]);
  });
});

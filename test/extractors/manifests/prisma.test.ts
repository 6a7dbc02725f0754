import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { prismaSchemaDetector, tokenizePrisma } from "../../../extractors/manifests/prisma.js";
import { extract } from "../../../extractors/extract.js";
import { expectParseError, lines } from "./helpers.js";

/** `space:name @line`, one string per detection. */
function keys(text: string, path = "prisma/schema.prisma"): string[] {
  expect(prismaSchemaDetector.matches(path)).toBe(true);
  return prismaSchemaDetector.detect({ path, text }).map((d) => {
    expect(d.via).toBe("config");
    return `${d.key.space}:${d.key.name} @${d.line}`;
  });
}

describe("Prisma schemas", () => {
  it("reads the datasource provider as a database engine", () => {
    const text = lines(
      "// The orders schema",
      "generator client {",
      '  provider = "prisma-client-js"',
      '  previewFeatures = ["fullTextSearch"]',
      "}",
      "",
      "datasource db {",
      '  provider  = "postgresql"',
      '  url       = env("DATABASE_URL")',
      '  directUrl = env("DIRECT_URL")',
      "}",
      "",
      "model Order {",
      "  id    Int    @id @default(autoincrement())",
      '  note  String @default("provider = \\"mysql\\" } {")',
      '  /// provider = "sqlite"',
      '  items Json   @default("[]")',
      '  @@map("orders")',
      "}",
    );
    expect(keys(text)).toEqual(["tool:prisma @7", "db-engine:postgresql @8"]);
    expect(prismaSchemaDetector.detect({ path: "schema.prisma", text }).map((d) => d.detail)).toEqual([
      "Prisma schema: datasource db",
      'datasource db: provider = "postgresql"',
    ]);
  });

  it("ignores providers outside a datasource: generators, comments, strings, other blocks", () => {
    const text = lines(
      "generator client {",
      '  provider = "prisma-client-js"',
      "}",
      '// datasource db { provider = "mysql" }',
      "enum Role {",
      "  USER",
      "  ADMIN",
      "}",
      "model Setting {",
      '  provider String @default("sqlserver")',
      "}",
    );
    expect(keys(text)).toEqual([]);
  });

  it("reads every engine Prisma supports, and the old list form", () => {
    for (const engine of ["mysql", "sqlite", "sqlserver", "mongodb", "cockroachdb", "postgres"])
      expect(keys(`datasource db {\n  provider = "${engine}"\n}\n`)).toEqual([
        "tool:prisma @1",
        `db-engine:${engine} @2`,
      ]);
    expect(keys('datasource db {\n  provider = ["sqlite", "postgresql"]\n}')).toEqual([
      "tool:prisma @1",
      "db-engine:sqlite @2",
      "db-engine:postgresql @2",
    ]);
  });

  it("reads one file of a multi-file schema folder, and CRLF with a byte-order mark", () => {
    expect(
      keys('\uFEFFdatasource main {\r\n  provider = "mysql"\r\n}\r\n', "prisma/schema/db.prisma"),
    ).toEqual(["tool:prisma @1", "db-engine:mysql @2"]);
    expect(keys("model User {\n  id Int @id\n}\n", "prisma/schema/user.prisma")).toEqual([]);
    expect(keys("")).toEqual([]);
  });

  it("matches .prisma files only", () => {
    expect(
      ["schema.prisma", "db/Schema.PRISMA", "prisma/schema/a.prisma"].map(prismaSchemaDetector.matches),
    ).toEqual([true, true, true]);
    expect(
      ["prisma.config.ts", "schema.prisma.bak", "prisma/migrations/1/migration.sql"].map(
        prismaSchemaDetector.matches,
      ),
    ).toEqual([false, false, false]);
  });

  it("tokenizes strings with escapes, comments and punctuation", () => {
    const tokens = tokenizePrisma('a = "x\\"y" // c\n@@id([a, b])');
    expect(tokens.map((t) => `${t.kind}:${t.value}@${t.line}`)).toEqual([
      "word:a@1",
      "punct:=@1",
      'string:x"y@1',
      "punct:@@2",
      "punct:@@2",
      "word:id@2",
      "punct:(@2",
      "punct:[@2",
      "word:a@2",
      "punct:,@2",
      "word:b@2",
      "punct:]@2",
      "punct:)@2",
    ]);
  });

  it.each([
    {
      name: "an unclosed string",
      text: 'datasource db {\n  provider = "postgresql\n}',
      message: "The string on line 2 is not closed.",
      line: 2,
    },
    {
      name: "an unclosed datasource",
      text: 'datasource db {\n  provider = "postgresql"\n',
      message: "The `{` on line 1 is never closed.",
      line: 1,
    },
    {
      name: "an unclosed model",
      text: "model A {\n  id Int @id\n",
      message: "The `{` on line 1 is never closed.",
      line: 1,
    },
    {
      name: "a stray word at the top level",
      text: "datasurce db {\n}",
      message: "Line 1: expected a block such as `datasource` or `model`.",
      line: 1,
    },
    {
      name: "a field without a value",
      text: "datasource db {\n  provider =\n}",
      message: "Line 3: expected a value, found `}`.",
      line: 3,
    },
    {
      name: "mismatched brackets",
      text: "model A {\n  id Int @default(now(]\n}",
      message: "Line 2: expected `)`, found `]`.",
      line: 2,
    },
  ])("rejects $name", ({ text, message, line }) => {
    expectParseError(prismaSchemaDetector, "schema.prisma", text, message, line);
  });
});

const FIXTURES = join(import.meta.dirname, "../../fixtures/repos");

/** `vouch extract` on a fixture repository: each technology found, with its status. */
async function extracted(name: string): Promise<Record<string, string>> {
  const truth = await extract([join(FIXTURES, name)], { history: false });
  expect(truth.warnings).toEqual([]);
  return Object.fromEntries(truth.technologies.map((t) => [t.id, t.status]));
}

describe("a Prisma schema in a repository (detect-prisma)", () => {
  it("shows PostgreSQL and Prisma in production", async () => {
    expect(await extracted("detect-prisma")).toMatchObject({
      postgresql: "production",
      prisma: "production",
    });
  });
});

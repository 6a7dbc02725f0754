import { beforeAll, describe, expect, it } from "vitest";
import { goImportDetector } from "../../../extractors/imports/go.js";
import { keysAndLines, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(goImportDetector));

type Case = [name: string, code: string, expected: [string, number][]];

const cases: Case[] = [
  [
    "single imports, standard library skipped",
    `package main\n\nimport "fmt"\nimport "github.com/gin-gonic/gin"\nimport "net/http"`,
    [["github.com/gin-gonic/gin", 4]],
  ],
  [
    "grouped imports with aliases, blank and dot imports",
    [
      "package db",
      "",
      "import (",
      `\t"context"`,
      `\tpgx "github.com/jackc/pgx/v5"`,
      `\t_ "github.com/lib/pq"`,
      `\t. "github.com/onsi/gomega"`,
      "\t`gopkg.in/yaml.v3`",
      `\t"C"`,
      ")",
    ].join("\n"),
    [
      ["github.com/jackc/pgx/v5", 5],
      ["github.com/lib/pq", 6],
      ["github.com/onsi/gomega", 7],
      ["gopkg.in/yaml.v3", 8],
    ],
  ],
  [
    "comments and strings are not imports",
    `package main\n// import "example.com/in-comment"\n/* import (\n "example.com/in-block"\n) */\nvar s = "import \\"example.com/in-string\\""\nvar r = \`import "example.com/in-raw"\`\nimport "example.com/real"`,
    [["example.com/real", 8]],
  ],
  [
    "several groups and duplicates keep the first line",
    `package x\nimport (\n\t"cloud.google.com/go/storage"\n)\nimport (\n\tgcs "cloud.google.com/go/storage"\n\t"go.uber.org/zap"\n)`,
    [
      ["cloud.google.com/go/storage", 3],
      ["go.uber.org/zap", 7],
    ],
  ],
  [
    "template placeholders are not import paths",
    `package {{ .Name }}\n\nimport (\n\t"{{.Module}}/internal/db"\n\t"github.com/spf13/cobra"\n)`,
    [["github.com/spf13/cobra", 5]],
  ],
  [
    "a syntax error does not hide imports",
    `package x\nimport "github.com/a/b"\nfunc ( {\nimport "github.com/c/d"`,
    [
      ["github.com/a/b", 2],
      ["github.com/c/d", 4],
    ],
  ],
];

describe("Go imports", () => {
  it.each(cases)("%s", (_name, code, expected) => {
    expect(keysAndLines(goImportDetector, "cmd/main.go", code)).toEqual(expected);
  });

  it("reports space go, via import and the spec as detail", () => {
    const code = `package x\nimport (\n\tpgx "github.com/jackc/pgx/v5"\n)`;
    expect(goImportDetector.detect({ path: "a.go", text: code })).toEqual([
      {
        key: { space: "go", name: "github.com/jackc/pgx/v5" },
        line: 3,
        via: "import",
        detail: 'import pgx "github.com/jackc/pgx/v5"',
      },
    ]);
  });

  it.each([
    ["cmd/main.go", true],
    ["cmd/main_test.go", true],
    ["go.mod", false],
    ["a.golden", false],
  ])("matches(%s) is %s", (path, expected) => {
    expect(goImportDetector.matches(path)).toBe(expected);
  });
});

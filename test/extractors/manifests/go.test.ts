import { beforeAll, describe, expect, it } from "vitest";
import { goModDetector, goOwnPackage } from "../../../extractors/manifests/go.js";
import { type ManifestDetection } from "../../../extractors/manifests/shared.js";
import { type Row, detectRows, expectParseError, lines, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(goModDetector));

const cases: { name: string; text: string; expected: Row[] }[] = [
  {
    name: "one-line and block requires; indirect, replace and exclude skipped",
    text: lines(
      "module example.com/app",
      "",
      "go 1.22",
      "",
      "require github.com/jackc/pgx/v5 v5.5.0",
      "",
      "require (",
      "\tgithub.com/aws/aws-sdk-go-v2 v1.24.0 // pinned for the S3 client",
      "\tgolang.org/x/sys v0.15.0 // indirect",
      "\tgithub.com/gin-gonic/gin v1.9.1",
      '\t"example.com/quoted" v1.0.0',
      "\tgoogle.golang.org/grpc v1.60.0 // indirect; needed by otel",
      ")",
      "",
      "replace github.com/gin-gonic/gin => ../gin",
      "exclude (",
      "\tgithub.com/bad/mod v0.1.0",
      ")",
    ),
    expected: [
      ["go", "github.com/jackc/pgx/v5", 5, "runtime"],
      ["go", "github.com/aws/aws-sdk-go-v2", 8, "runtime"],
      ["go", "github.com/gin-gonic/gin", 10, "runtime"],
      ["go", "example.com/quoted", 11, "runtime"],
    ],
  },
  {
    name: "an `// indirect` one-line require and a comment that only mentions indirect",
    text: lines(
      "module m",
      "require golang.org/x/net v0.1.0 // indirect",
      "require github.com/redis/go-redis/v9 v9.3.0 // not indirect",
    ),
    expected: [["go", "github.com/redis/go-redis/v9", 3, "runtime"]],
  },
  {
    name: "CRLF, a byte-order mark and comment lines inside a block",
    text: "\uFEFFmodule m\r\n\r\nrequire (\r\n\t// tracing\r\n\tgo.opentelemetry.io/otel v1.21.0\r\n)\r\n",
    expected: [["go", "go.opentelemetry.io/otel", 5, "runtime"]],
  },
  {
    name: "no space before the block paren",
    text: lines("module m", "require(", "  a.io/b v1.0.0", ")"),
    expected: [["go", "a.io/b", 3, "runtime"]],
  },
  { name: "empty file", text: "", expected: [] },
  {
    name: "a tool block is not a require",
    text: lines("module m", "tool (", "  golang.org/x/tools/cmd/stringer", ")"),
    expected: [],
  },
];

describe("go.mod", () => {
  it.each(cases)("$name", ({ text, expected }) => {
    expect(detectRows(goModDetector, "go.mod", text)).toEqual(expected);
  });

  it("details the require", () => {
    const [d] = goModDetector.detect({ path: "go.mod", text: "require a.io/b v1.2.3" });
    expect(d?.detail).toBe("require a.io/b v1.2.3");
  });

  it.each([
    ["go.mod", true],
    ["tools/go.mod", true],
    ["go.sum", false],
    ["go.work", false],
  ])("matches %s: %s", (path, expected) => {
    expect(goModDetector.matches(path)).toBe(expected);
  });

  it.each([
    {
      name: "an unclosed block",
      text: lines("module m", "require (", "  a.io/b v1.0.0"),
      message: "The `require (` block on line 2 is never closed.",
      line: 2,
    },
    {
      name: "a require without a version",
      text: lines("module m", "require (", "  a.io/b", ")"),
      message: "The require on line 3 must name a module and a version.",
      line: 3,
    },
    {
      name: "a bad escape in a quoted path",
      text: lines("module m", 'require "a.io/\\q" v1.0.0'),
      message: "Bad escape in the quoted string on line 2.",
      line: 2,
    },
    {
      name: "an unterminated quoted path",
      text: lines("module m", 'require "a.io/b v1.0.0'),
      message: "Unterminated string on line 2.",
      line: 2,
    },
  ])("rejects $name", ({ text, message, line }) => {
    expectParseError(goModDetector, "go.mod", text, message, line);
  });
});

describe("go.mod facts for the analyser", () => {
  it("every require is unseparated: go.mod has no test section", () => {
    const found = goModDetector.detect({
      path: "go.mod",
      text: lines("module m", "require (", "  a.io/b v1.0.0", ")", "require c.io/d v2.0.0"),
    }) as ManifestDetection[];
    expect(found.map((d) => d.unseparated)).toEqual([true, true]);
  });

  it("goOwnPackage: the module line", () => {
    expect(goOwnPackage(lines("// gin", "module github.com/gin-gonic/gin", "", "go 1.22"))).toEqual([
      {
        key: { space: "go", name: "github.com/gin-gonic/gin" },
        line: 2,
        via: "manifest",
        detail: "this repository is the package (module github.com/gin-gonic/gin)",
        scope: "runtime",
        ownPackage: true,
      },
    ]);
    expect(goOwnPackage('module "example.com/q" // quoted')[0]?.key.name).toBe("example.com/q");
    expect(goOwnPackage(lines("go 1.22", 'require "a v1'))).toEqual([]);
    expect(goOwnPackage("")).toEqual([]);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { jsImportDetector } from "../../../extractors/imports/js.js";
import { loadFallbackGrammars } from "../../../extractors/imports/js-fallback.js";
import { npmKey } from "../../../extractors/imports/npm-specifier.js";
import { keysAndLines, initDetectors } from "./helpers.js";

// The analyser loads the fallback grammars on demand (js-fallback-loading.test.ts); here, up front.
beforeAll(() => Promise.all([initDetectors(jsImportDetector), loadFallbackGrammars()]));

type Case = [name: string, path: string, code: string, expected: [string, number][]];

const cases: Case[] = [
  [
    "static imports, default, named, namespace, side effect",
    "src/a.ts",
    `import React from "react";\nimport * as s3 from "@aws-sdk/client-s3";\nimport { Stack } from 'aws-cdk-lib/aws-eks';\nimport "reflect-metadata";`,
    [
      ["react", 1],
      ["@aws-sdk/client-s3", 2],
      ["aws-cdk-lib/aws-eks", 3],
      ["reflect-metadata", 4],
    ],
  ],
  [
    "multiline import reports the statement line",
    "src/a.ts",
    `const x = 1;\nimport {\n  a,\n  b,\n} from "multi";`,
    [["multi", 2]],
  ],
  [
    "comments, strings and template literals are not imports",
    "src/a.js",
    [
      `// import a from "in-line-comment";`,
      `/* import b from "in-block-comment"; require("c-in-comment") */`,
      `const s = 'import c from "in-string"';`,
      `const t = \`require("in-template") \${x} import("in-template-2")\`;`,
      `const u = "require('in-string-2')";`,
      `import real from "real";`,
    ].join("\n"),
    [["real", 6]],
  ],
  [
    "relative, absolute, builtin, node:, URL, alias and virtual specifiers are skipped",
    "src/a.mjs",
    [
      `import a from "./a.js";`,
      `import b from "../b";`,
      `import c from "/abs/c";`,
      `import fs from "fs";`,
      `import fsp from "fs/promises";`,
      `import path from "node:path";`,
      `import test from "node:test";`,
      `import cdn from "https://esm.sh/preact";`,
      `import at from "@/components/x";`,
      `import tilde from "~/utils";`,
      `import hash from "#internal/x";`,
      `import kit from "$lib/store";`,
      `import v from "virtual:pwa-register";`,
      `import l from "raw-loader!./file.txt";`,
      `import ok from "zod";`,
    ].join("\n"),
    [["zod", 15]],
  ],
  [
    "CommonJS require with literals only",
    "lib/index.cjs",
    `const pg = require("pg");\nconst { a } = require('express/lib/router');\nconst dyn = require(name);\nconst t = require(\`lodash\`);\nrequire.resolve("not-a-dep");\nconst p = require("path");`,
    [
      ["pg", 1],
      ["express/lib/router", 2],
      ["lodash", 4],
    ],
  ],
  [
    "dynamic import with literal, re-exports and TS import-equals",
    "src/a.ts",
    `export * from "re-all";\nexport { x as y } from "re-named";\nconst m = await import("dyn");\nconst n = import(\`tpl\${v}\`);\nconst o = import(name);\nimport q = require("import-equals");\nexport const z = 1;`,
    [
      ["re-all", 1],
      ["re-named", 2],
      ["dyn", 3],
      ["import-equals", 6],
    ],
  ],
  [
    "TSX with generics and JSX",
    "src/App.tsx",
    `import { useState } from "react";\nconst id = <T,>(x: T): T => x;\nexport function App<P extends object>(p: P) {\n  const [s] = useState<Map<string, number>>(new Map());\n  return <Box<P> {...p}>{"import x from 'nope'"}</Box>;\n}\nconst Lazy = React.lazy(() => import("@mui/material"));`,
    [
      ["react", 1],
      ["@mui/material", 7],
    ],
  ],
  [
    "type-only imports still count",
    "src/t.ts",
    `import type { Config } from "vite";\nimport { type Plugin } from "rollup";\nexport type { S } from "type-fest";`,
    [
      ["vite", 1],
      ["rollup", 2],
      ["type-fest", 3],
    ],
  ],
  [
    "the same key twice keeps the first line",
    "src/a.js",
    `const a = require("pg");\nimport { Pool } from "pg";\nimport("pg");`,
    [["pg", 1]],
  ],
  [
    "JSX in .js, top-level await, decorators",
    "src/a.js",
    `import React from "react";\nconst el = <div className="x">{await load()}</div>;\nconst { z } = require("zod");`,
    [
      ["react", 1],
      ["zod", 3],
    ],
  ],
  [
    "decorators in TS",
    "src/s.ts",
    `import { Injectable } from "@nestjs/common";\n@Injectable()\nexport class S { constructor(@Inject("x") private x: X) {} }`,
    [["@nestjs/common", 1]],
  ],
  [
    "shebang, BOM and CRLF",
    "bin/cli.js",
    `\uFEFF#!/usr/bin/env node\r\nconst y = require("yargs");\r\n\r\nimport("chalk");\r\n`,
    [
      ["yargs", 2],
      ["chalk", 4],
    ],
  ],
  [
    "Flow annotations",
    "src/flow.js",
    `// @flow\nimport type { Node } from "react";\nimport lodash from "lodash";\ntype T = {| a: ?string |};\nconst x = require("pg");`,
    [
      ["react", 2],
      ["lodash", 3],
      ["pg", 5],
    ],
  ],
  [
    "a syntax error does not hide later imports",
    "src/broken.js",
    `import a from "before";\nfunction (( {\n}\nconst b = require("after");`,
    [
      ["before", 1],
      ["after", 4],
    ],
  ],
  [
    "template placeholders in a generated project",
    "template/{{name}}/index.ts",
    `import express from "express";\nconst name = {{ cookiecutter.name }};\nimport cors from "cors";`,
    [
      ["express", 1],
      ["cors", 3],
    ],
  ],
  [
    "line numbers after non-ASCII text in a file oxc rejects",
    "src/broken-ü.ts",
    `const s = "héllo 😀 wörld ✓";\nconst name = {{ name }};\n\nimport a from "after-emoji";\nconst b = require("π-not-a-package");`,
    [["after-emoji", 4]],
  ],
  [
    "line numbers after non-ASCII text",
    "src/u.js",
    `const s = "héllo 😀 wörld";\n\nimport a from "after-emoji";`,
    [["after-emoji", 3]],
  ],
];

describe("JS/TS imports", () => {
  it.each(cases)("%s", (_name, path, code, expected) => {
    expect(keysAndLines(jsImportDetector, path, code)).toEqual(expected);
  });

  it("reports space npm, via import and the statement as detail", () => {
    const code = `import {\n  S3Client,\n  GetObjectCommand,\n} from "@aws-sdk/client-s3";\nconst pg = require("pg");`;
    expect(jsImportDetector.detect({ path: "a.ts", text: code })).toEqual([
      {
        key: { space: "npm", name: "@aws-sdk/client-s3" },
        line: 1,
        via: "import",
        detail: `import { S3Client, GetObjectCommand, } from "@aws-sdk/client-s3";`,
      },
      { key: { space: "npm", name: "pg" }, line: 5, via: "import", detail: `require("pg")` },
    ]);
  });

  it("marks type-only imports in the detail", () => {
    const code = `import type { A } from "a";\nimport { type B } from "b";\nexport type { C } from "c";`;
    expect(jsImportDetector.detect({ path: "a.ts", text: code }).map((d) => d.detail)).toEqual([
      `import type { A } from "a";`,
      `import type: import { type B } from "b";`,
      `import type: export type { C } from "c";`,
    ]);
  });

  it.each([
    ["no keyword at all", "const x = 1;\nmodule.exports = x;"],
    ["keywords only as parts of other words", "const imported = 1, exported = 2, required = 3;"],
    ["a syntax error and no keyword", "function (( {"],
  ])("a file with %s has no imports", (_name, text) => {
    expect(jsImportDetector.detect({ path: "a.js", text })).toEqual([]);
  });

  // js.ts calls oxc's native binding without the package's wrapper (for memory); an oxc upgrade that
  // changes its shape must fail here, not silently find nothing.
  it("oxc-parser's native binding returns the shape js.ts reads", async () => {
    const { parseSync } = await import("oxc-parser/src-js/bindings.js");
    const result = parseSync("a.ts", `import a from "a";\nrequire("b");`, { lang: "ts" });
    expect(result.errors).toEqual([]);
    expect(result.module.staticImports.map((i) => i.moduleRequest.value)).toEqual(["a"]);
    const program = result.program;
    expect((JSON.parse(program) as { node: { type: string } }).node.type).toBe("Program");
    // A read moves the value out of Rust; js.ts relies on that to free each AST at once.
    expect(result.program).toBe("");
  });

  it("trims long details to 120 characters", () => {
    const names = Array.from({ length: 40 }, (_, i) => `name${i}`).join(", ");
    const [detection] = jsImportDetector.detect({ path: "a.js", text: `import { ${names} } from "big";` });
    expect(detection?.detail).toHaveLength(120);
  });

  it.each([
    ["src/a.ts", true],
    ["src/a.tsx", true],
    ["src/a.mjs", true],
    ["src/a.cjs", true],
    ["src/a.jsx", true],
    ["src/a.mts", true],
    ["src/types.d.ts", false],
    ["src/types.d.mts", false],
    ["vendor/jquery.min.js", false],
    ["src/a.json", false],
    ["src/a.vue", false],
  ])("matches(%s) is %s", (path, expected) => {
    expect(jsImportDetector.matches(path)).toBe(expected);
  });

  it.each([
    ["lodash/fp", "lodash/fp"],
    ["@scope/pkg/sub/path", "@scope/pkg/sub/path"],
    ["npm:express@4.18.2", "express"],
    ["npm:@hono/node-server@1/serve", "@hono/node-server/serve"],
    ["pkg?raw", "pkg"],
    ["events", undefined],
    ["node:fs", undefined],
    ["bun:test", undefined],
    ["@/x", undefined],
    ["", undefined],
    [".", undefined],
  ])("npmKey(%j) is %j", (specifier, expected) => {
    expect(npmKey(specifier)).toBe(expected);
  });
});

// The JS/TS detector's tree-sitter fallback grammars are not part of its `init()`: a repository whose files
// oxc-parser accepts never loads them. The first file that needs one makes `detect()` throw `NeedsLoading`;
// the analyser awaits it and runs the detector again. vitest gives this file fresh modules, so nothing is
// loaded before the tests below.
import { describe, expect, it } from "vitest";
import { analyzeRepo } from "../../../extractors/analyze.js";
import { jsImportDetector } from "../../../extractors/imports/js.js";
import type { RepoSnapshot } from "../../../extractors/sources/types.js";
import { NeedsLoading } from "../../../extractors/types.js";
import { testCatalog } from "../../helpers/catalog.js";

const FLOW = `// @flow\nimport type { Node } from "react";\ntype T = {| a: ?string |};\nconst pg = require("pg");`;
const BROKEN_TS = `import { Client } from "pg";\nconst name = {{ cookiecutter.name }};\nimport mysql from "mysql2";`;

function snapshot(files: Record<string, string>): RepoSnapshot {
  return {
    name: "app",
    source: "./app",
    files: Object.entries(files).map(([path, text]) => ({ path, size: Buffer.byteLength(text) })),
    warnings: [],
    read: (path) => Promise.resolve(Buffer.from(files[path] ?? "")),
  };
}

describe("JS/TS fallback grammars load on demand", () => {
  it("init() loads oxc-parser only; a file oxc rejects asks for its grammar, then parses", async () => {
    await jsImportDetector.init?.();
    const clean = jsImportDetector.detect({ path: "src/a.ts", text: 'import x from "express";' });
    expect(clean.map((d) => d.key.name)).toEqual(["express"]);

    let thrown: unknown;
    try {
      jsImportDetector.detect({ path: "src/flow.js", text: FLOW });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(NeedsLoading);
    await (thrown as NeedsLoading).loading;
    const found = jsImportDetector.detect({ path: "src/flow.js", text: FLOW });
    expect(found.map((d) => [d.key.name, d.line])).toEqual([
      ["react", 2],
      ["pg", 4],
    ]);
  });

  it("the analyser loads the grammar when a file needs it and reports what it finds, without a warning", async () => {
    const analysis = await analyzeRepo(snapshot({ "src/db.ts": BROKEN_TS, "src/ok.ts": 'import "pg";' }), {
      catalog: testCatalog(),
      detectors: [jsImportDetector],
    });
    expect(analysis.warnings).toEqual([]);
    expect(
      analysis.found
        .map((f) => `${f.evidence.path}:${f.evidence.line} ${f.technology}`)
        .sort((a, b) => a.localeCompare(b)),
    ).toEqual(["src/db.ts:1 postgresql", "src/db.ts:3 mysql", "src/ok.ts:1 postgresql"]);
  });
});

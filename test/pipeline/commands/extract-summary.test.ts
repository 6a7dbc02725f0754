// The human summary of `vouch extract`: what a person at a terminal reads first.
import { describe, expect, it } from "vitest";
import type { Evidence, ExtractResult } from "../../../core/truth.js";
import { summarize } from "../../../pipeline/commands/extract.js";

const evidence = (path: string, kind: Evidence["kind"], line?: number): Evidence => ({
  repo: "shop",
  path,
  ...(line ? { line } : {}),
  kind,
  via: "import",
  detail: "import",
});

const result = (technologies: ExtractResult["technologies"]): ExtractResult => ({
  repos: [{ name: "shop", source: "./shop", filesScanned: 12, languages: { Python: 900, Shell: 100 } }],
  technologies,
  docClaims: [],
  warnings: [],
});

describe("vouch extract's summary", () => {
  it("shows production evidence before example, test and tooling paths", () => {
    const text = summarize(
      result([
        {
          id: "redis",
          name: "Redis",
          category: "database",
          status: "production",
          evidence: [
            evidence("examples/cache.py", "example", 2),
            evidence("tests/test_cache.py", "test", 5),
            evidence("app/cache.py", "production", 9),
          ],
        },
      ]),
    );
    expect(text).toContain(
      "  Redis                        shop/app/cache.py:9, shop/examples/cache.py:2 (+1)",
    );
  });

  it("says so when nothing was found", () => {
    expect(summarize(result([]))).toBe(
      "shop  12 files  Python 90%, Shell 10%\n\n" +
        "no technologies found: 12 files read in 1 repository, and none named anything the catalog knows\n",
    );
  });
});

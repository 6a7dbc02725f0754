import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { languageOf } from "../../extractors/languages.js";
// @ts-expect-error: a plain .mjs script without types
import { buildLanguageTable } from "../../scripts/gen-languages.mjs";

describe("languageOf", () => {
  it.each([
    ["src/app.ts", "TypeScript"],
    ["src/app.tsx", "TSX"],
    ["types/index.d.ts", "TypeScript"],
    ["main.go", "Go"],
    ["app/models.py", "Python"],
    ["Main.java", "Java"],
    ["lib/x.rb", "Ruby"],
    ["include/x.h", "C"],
    ["terraform/eks.tf", "HCL"],
    ["Dockerfile", "Dockerfile"],
    ["Makefile", "Makefile"],
    ["scripts/run.sh", "Shell"],
    ["web/index.html", "HTML"],
    ["README.md", undefined],
    ["package.json", undefined],
    ["config.yaml", undefined],
    ["schema.sql", undefined],
    ["LICENSE", undefined],
    ["services/orders/go.mod", undefined],
  ])("%s → %s", (path, language) => {
    expect(languageOf(path)).toBe(language);
  });

  it("ships a table in step with the installed linguist-languages", () => {
    const shipped = JSON.parse(
      readFileSync(new URL("../../extractors/languages.json", import.meta.url), "utf8"),
    );
    expect(shipped).toEqual(buildLanguageTable());
  });
});

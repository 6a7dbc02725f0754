import { describe, expect, it } from "vitest";
import type { CatalogEntry } from "../../extractors/catalog.js";
import { evidenceKind, kindByUse, namesThePackage, statusOf } from "../../extractors/evidence.js";
import type { Detection } from "../../extractors/types.js";
import type { Evidence, EvidenceKind, TechStatus } from "../../core/truth.js";
import { testCatalog } from "../helpers/catalog.js";

const catalog = testCatalog();
const detection = (over: Partial<Detection>): Detection => ({
  key: { space: "npm", name: "pg" },
  via: "manifest",
  detail: "",
  ...over,
});

describe("evidenceKind", () => {
  it.each<[string, EvidenceKind, Partial<Detection>, string, EvidenceKind]>([
    ["runtime dependency", "production", { scope: "runtime" }, "postgresql", "production"],
    ["optional extra", "production", { scope: "optional" }, "postgresql", "production"],
    ["devDependency test framework", "production", { scope: "dev" }, "vitest", "test"],
    ["devDependency linter", "production", { scope: "dev" }, "eslint", "tooling"],
    ["test scope", "production", { scope: "test" }, "postgresql", "test"],
    ["build scope", "production", { scope: "build" }, "postgresql", "tooling"],
    ["runtime dependency under examples/", "example", { scope: "runtime" }, "openai", "example"],
    ["import in a test file", "test", { via: "import" }, "postgresql", "test"],
    [
      "CI service container",
      "production",
      { via: "ci", key: { space: "image", name: "postgres" } },
      "postgresql",
      "tooling",
    ],
    ["import in production code", "production", { via: "import" }, "postgresql", "production"],
  ])("%s", (_name, pathKind, over, id, expected) => {
    expect(evidenceKind(pathKind, detection(over), catalog.get(id)!)).toBe(expected);
  });
});

describe("statusOf", () => {
  const ev = (kind: EvidenceKind): Evidence => ({ repo: "r", path: "p", kind, via: "import", detail: "" });
  it.each<[EvidenceKind[], TechStatus]>([
    [["example", "production"], "production"],
    [["test", "example"], "test-only"],
    [["example", "tooling"], "tooling-only"],
    [["example"], "example-only"],
    [["tooling", "test"], "test-only"],
    [["docs", "tooling"], "tooling-only"],
    [["docs"], "docs-only"],
  ])("%j → %s", (kinds, status) => {
    expect(statusOf(kinds.map(ev))).toBe(status);
  });
});

describe("evidenceKind in a workspace root", () => {
  it.each<[Partial<Detection>, string, EvidenceKind]>([
    [{ scope: "runtime" }, "vitest", "test"],
    [{ scope: "runtime" }, "eslint", "tooling"],
    [{ scope: "optional" }, "postgresql", "tooling"],
  ])("%j %s → %s", (over, id, expected) => {
    expect(evidenceKind("production", detection(over), catalog.get(id)!, true)).toBe(expected);
  });

  it("an import in production code stays production", () => {
    expect(evidenceKind("production", detection({ via: "import" }), catalog.get("vitest")!, true)).toBe(
      "production",
    );
  });
});

describe("kindByUse", () => {
  it.each<[EvidenceKind[], EvidenceKind]>([
    [[], "production"],
    [["test", "production"], "production"],
    [["test"], "test"],
    [["tooling", "test"], "test"],
    [["test", "example"], "example"],
    [["tooling"], "tooling"],
    [["docs"], "tooling"],
  ])("%j → %s", (importers, kind) => {
    expect(kindByUse(new Set(importers))).toBe(kind);
  });
});

describe("namesThePackage", () => {
  it.each<[string, string, string, boolean]>([
    ["postgresql", "npm", "pg", true],
    ["postgresql", "npm", "PG", true],
    ["postgresql", "npm", "pg-pool", false],
    ["openai", "pypi", "OpenAI", true],
    ["openai", "npm", "openai-acme", false],
  ])("%s ← %s:%s = %s", (id, space, name, expected) => {
    expect(namesThePackage(catalog.get(id)!, { space, name })).toBe(expected);
  });

  it("a wildcard key is not the package; a Go major version suffix is", () => {
    const entry: CatalogEntry = {
      id: "x",
      name: "X",
      category: "testing",
      keys: { npm: ["x", "x-plugin-*"], go: ["github.com/o/x"] },
    };
    expect(namesThePackage(entry, { space: "npm", name: "x-plugin-a" })).toBe(false);
    expect(namesThePackage(entry, { space: "go", name: "github.com/o/x/v2" })).toBe(true);
    expect(namesThePackage(entry, { space: "go", name: "github.com/o/x/sub" })).toBe(false);
  });
});

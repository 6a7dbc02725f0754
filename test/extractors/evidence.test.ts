import { describe, expect, it } from "vitest";
import { evidenceKind, statusOf } from "../../extractors/evidence.js";
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
    [["test", "example"], "example-only"],
    [["tooling", "test"], "test-only"],
    [["docs", "tooling"], "tooling-only"],
    [["docs"], "docs-only"],
  ])("%j → %s", (kinds, status) => {
    expect(statusOf(kinds.map(ev))).toBe(status);
  });
});

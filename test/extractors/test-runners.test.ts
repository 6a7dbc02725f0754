// A file importing a test runner's API is a test file wherever it lives, and so is all else it imports.
import { describe, expect, it } from "vitest";
import { analyzeRepo } from "../../extractors/analyze.js";
import { defaultCatalog } from "../../extractors/catalog.js";
import { allDetectors } from "../../extractors/detectors.js";
import { memoryRepo } from "../helpers/memory-repo.js";

const catalog = await defaultCatalog();

async function kinds(files: Record<string, string>): Promise<string[]> {
  const { found } = await analyzeRepo(memoryRepo(files), { catalog, detectors: allDetectors });
  return found
    .filter((f) => f.evidence.via === "import")
    .map((f) => `${f.evidence.path} ${f.technology} ${f.evidence.kind}`)
    .sort();
}

describe("test runners' importers", () => {
  it("makes a Playwright helper outside any test folder, and what it imports, test", async () => {
    expect(
      await kinds({
        "qa/checkout.ts": 'import { test, expect } from "@playwright/test";\nimport Redis from "ioredis";\n',
        "src/server.ts": 'import express from "express";\n',
      }),
    ).toEqual([
      "qa/checkout.ts playwright test",
      "qa/checkout.ts redis test",
      "src/server.ts express production",
    ]);
  });

  it("makes a pytest fixture module and a JUnit helper test; Playwright's library in a scraper stays production", async () => {
    expect(
      await kinds({
        "app/fixtures_db.py": "import pytest\nimport boto3\n",
        "scraper/crawl.py": "from playwright.sync_api import sync_playwright\n",
        "src/main/java/shop/TestSupport.java":
          "package shop;\nimport org.junit.jupiter.api.Assertions;\nimport org.postgresql.Driver;\nclass TestSupport {}\n",
      }),
    ).toEqual([
      "app/fixtures_db.py aws test",
      "app/fixtures_db.py pytest test",
      "scraper/crawl.py playwright production",
      "src/main/java/shop/TestSupport.java junit test",
      "src/main/java/shop/TestSupport.java postgresql test",
    ]);
  });

  it("answers by the catalog's testKeys", () => {
    expect(catalog.marksTest({ space: "npm", name: "@playwright/test" })).toBe(true);
    expect(catalog.marksTest({ space: "npm", name: "@testing-library/react" })).toBe(true);
    expect(catalog.marksTest({ space: "import:python", name: "pytest.fixture" })).toBe(true);
    expect(catalog.marksTest({ space: "npm", name: "playwright" })).toBe(false);
    expect(catalog.marksTest({ space: "npm", name: "express" })).toBe(false);
  });
});

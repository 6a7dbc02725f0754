import { describe, expect, it } from "vitest";
import { analyzeRepo } from "../../extractors/analyze.js";
import { Catalog } from "../../extractors/catalog.js";
import type { RepoSnapshot } from "../../extractors/sources/types.js";
import type { FileDetector } from "../../extractors/types.js";
import { testCatalog } from "../helpers/catalog.js";

function snapshot(count: number): RepoSnapshot {
  const files = Array.from({ length: count }, (_, i) => ({ path: `src/f${i}.x`, size: 1 }));
  return { name: "r", source: "r", files, warnings: [], read: () => Promise.resolve(Buffer.from("x")) };
}

describe("analyzeRepo", () => {
  // Node runs native finalizers (oxc-parser's result memory) only between event-loop turns; reading and
  // detecting never wait on I/O, so without a yield a whole repository is one turn.
  it("lets the event loop turn while files are analysed", async () => {
    let detected = 0;
    const detector: FileDetector = {
      id: "x",
      matches: (p) => p.endsWith(".x"),
      detect: () => (detected++, []),
    };
    let seenAtImmediate: number | undefined;
    setImmediate(() => (seenAtImmediate = detected));
    const result = await analyzeRepo(snapshot(500), { catalog: new Catalog([]), detectors: [detector] });
    expect(result.summary.filesScanned).toBe(500);
    expect(detected).toBe(500);
    expect(seenAtImmediate).toBeGreaterThan(0);
    expect(seenAtImmediate).toBeLessThan(500);
  });

  it("analyses every file with any concurrency", async () => {
    for (const concurrency of [1, 3, 64]) {
      const seen: string[] = [];
      const detector: FileDetector = {
        id: "x",
        matches: () => true,
        detect: ({ path }) => (seen.push(path), []),
      };
      await analyzeRepo(snapshot(40), { catalog: new Catalog([]), detectors: [detector], concurrency });
      expect(seen.sort()).toEqual(
        snapshot(40)
          .files.map((f) => f.path)
          .sort(),
      );
    }
  });

  it("claims from docs only what their sentences state as used", async () => {
    const files: Record<string, string> = {
      "README.md": "# Orders\n\nWe evaluated MySQL and SQLite; the service runs on Postgres.\n",
      "docs/adr-1.md": "Orders migrated from MySQL to Postgres in 2022. EKS is on the roadmap.\n",
    };
    const repo: RepoSnapshot = {
      name: "orders",
      source: "orders",
      files: Object.entries(files).map(([path, text]) => ({ path, size: text.length })),
      warnings: [],
      read: (path) => Promise.resolve(Buffer.from(files[path]!)),
    };
    const { claims } = await analyzeRepo(repo, { catalog: testCatalog(), detectors: [] });
    expect(claims.map((c) => [c.path, c.line, c.technology]).sort()).toEqual([
      ["README.md", 3, "postgresql"],
      ["docs/adr-1.md", 1, "postgresql"],
    ]);
  });
});

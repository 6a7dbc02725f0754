import { describe, expect, it } from "vitest";
import { analyzeRepo } from "../../../extractors/analyze.js";
import { defaultCatalog } from "../../../extractors/catalog.js";
import { allDetectors } from "../../../extractors/detectors.js";
import { buildFileDetector } from "../../../extractors/manifests/build-files.js";
import { memoryRepo } from "../../helpers/memory-repo.js";

describe("build tools by the files they keep", () => {
  it.each([
    ["pom.xml", "maven"],
    ["services/api/mvnw", "maven"],
    ["build.gradle.kts", "gradle"],
    ["settings.gradle", "gradle"],
    ["package-lock.json", "npm"],
    ["pnpm-lock.yaml", "pnpm"],
    ["yarn.lock", "yarn"],
    ["bun.lockb", "bun"],
    ["poetry.lock", "poetry"],
    ["uv.lock", "uv"],
    ["Pipfile", "pipenv"],
    ["Gemfile.lock", "bundler"],
  ])("%s is %s, by name alone", (path, tool) => {
    expect(buildFileDetector.matches(path)).toBe(true);
    expect(
      buildFileDetector.detect({ path, text: "" }).map((d) => [d.key.space, d.key.name, d.scope]),
    ).toEqual([["tool", tool, "build"]]);
  });

  it("counts a lock file, never read, by its folder's kind; none under node_modules", async () => {
    const catalog = await defaultCatalog();
    const read: string[] = [];
    const repo = memoryRepo({
      "pom.xml": "<project/>",
      "package-lock.json": "{}",
      "examples/web/pnpm-lock.yaml": "lockfileVersion: 9",
      "node_modules/x/yarn.lock": "",
    });
    const reading = repo.read;
    repo.read = (path) => (read.push(path), reading(path));
    const { found } = await analyzeRepo(repo, { catalog, detectors: allDetectors });
    const tools = found
      .filter((f) => ["maven", "npm", "pnpm", "yarn"].includes(f.technology))
      .map((f) => `${f.technology} ${f.evidence.path} ${f.evidence.kind}`)
      .sort();
    expect(tools).toEqual([
      "maven pom.xml tooling",
      "npm package-lock.json tooling",
      "pnpm examples/web/pnpm-lock.yaml example",
    ]);
    expect(read).not.toContain("package-lock.json");
  });
});

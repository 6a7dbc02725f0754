import { fileURLToPath } from "node:url";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { analyzeRepo } from "../../extractors/analyze.js";
import { Catalog } from "../../extractors/catalog.js";
import { allDetectors } from "../../extractors/detectors.js";
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

// Fixture repositories under test/fixtures/repos/, a few files each, extracted as `vouch extract` does.
describe("kinds decided across files (issue 14)", async () => {
  const { extract } = await import("../../extractors/extract.js");
  const names = [
    "scope-go",
    "scope-nested-go",
    "scope-python",
    "scope-js",
    "monorepo-workspaces",
    "monorepo-pnpm",
    "own-package-npm",
    "own-package-go",
    "own-package-python",
    "own-package-cargo",
    "own-package-not-exact",
    "own-package-composer",
    "own-package-maven",
    "own-package-gem",
    "own-package-nuget",
    "own-package-nuget-not-package",
  ];
  const truth = await extract(
    names.map((name) => fileURLToPath(new URL(`../fixtures/repos/${name}`, import.meta.url))),
    { history: false },
  );
  /** `[path, line, kind]` of a technology's manifest evidence in one repository. */
  const manifest = (repo: string, id: string) =>
    truth.technologies
      .find((t) => t.id === id)
      ?.evidence.filter((e) => e.repo === repo && e.via === "manifest")
      .map((e) => [e.path, e.line, e.kind]);
  const tech = (id: string) => truth.technologies.find((t) => t.id === id);

  it("reads every fixture without warnings", () => {
    expect(truth.warnings).toEqual([]);
  });

  describe("scope by use: a manifest without scopes takes the kind of the files importing the package", () => {
    it("go.mod: testify imported only by _test.go files is test; gin imported by main.go stays production", () => {
      expect(manifest("scope-go", "testify")).toEqual([["go.mod", 7, "test"]]);
      expect(manifest("scope-go", "gin")).toEqual([["go.mod", 6, "production"]]);
    });

    it("requirements.txt: production, test and example importers", () => {
      expect(manifest("scope-python", "flask")).toEqual([["requirements.txt", 1, "production"]]);
      expect(manifest("scope-python", "pytest")).toEqual([["requirements.txt", 2, "test"]]);
      expect(manifest("scope-python", "numpy")).toEqual([["requirements.txt", 3, "example"]]);
      expect(tech("numpy")?.status).toBe("example-only");
    });

    it("a root package.json's dependencies: test, tooling, production, and not imported at all", () => {
      expect(manifest("scope-js", "vitest")).toEqual([["package.json", 6, "test"]]);
      expect(manifest("scope-js", "eslint")).toEqual([["package.json", 7, "tooling"]]);
      expect(manifest("scope-js", "express")).toEqual([["package.json", 5, "production"]]);
      expect(manifest("scope-js", "postgresql")).toEqual([["package.json", 8, "production"]]);
    });

    it("an import belongs to the nearest manifest above it that declares the technology", () => {
      expect(manifest("scope-nested-go", "gin")).toEqual([
        ["go.mod", 5, "test"],
        ["probe/go.mod", 5, "production"],
      ]);
    });
  });

  describe("monorepo roots: a private workspace root's dependencies are read as devDependencies", () => {
    it("declared by `workspaces`; the workspace package keeps its normal reading", () => {
      expect(manifest("monorepo-workspaces", "eslint")).toEqual([["package.json", 6, "tooling"]]);
      expect(manifest("monorepo-workspaces", "jest")).toEqual([["package.json", 7, "test"]]);
      expect(manifest("monorepo-workspaces", "semantic-release")).toEqual([["package.json", 8, "tooling"]]);
      expect(manifest("monorepo-workspaces", "express")).toEqual([
        ["packages/api/package.json", 4, "production"],
      ]);
    });

    it("declared by a pnpm-workspace.yaml beside it", () => {
      expect(manifest("monorepo-pnpm", "prettier")).toEqual([["package.json", 5, "tooling"]]);
      expect(manifest("monorepo-pnpm", "vitest")).toEqual([["package.json", 6, "test"]]);
    });
  });

  describe("the repository's own package is marked ownPackage", () => {
    it.each([
      ["own-package-npm", "express", "package.json", 2, "this repository is the package (name: express)"],
      [
        "own-package-go",
        "gin",
        "go.mod",
        1,
        "this repository is the package (module github.com/gin-gonic/gin)",
      ],
      [
        "own-package-python",
        "flask",
        "pyproject.toml",
        2,
        "this repository is the package ([project] name = Flask)",
      ],
      [
        "own-package-cargo",
        "tokio",
        "Cargo.toml",
        2,
        "this repository is the package ([package] name = tokio)",
      ],
      [
        "own-package-composer",
        "laravel",
        "composer.json",
        2,
        "this repository is the package (name: laravel/framework)",
      ],
      [
        "own-package-maven",
        "junit",
        "pom.xml",
        9,
        "this repository is the package (artifactId: junit:junit)",
      ],
      ["own-package-gem", "rails", "rails.gemspec", 5, 'this repository is the package (name = "rails")'],
      [
        "own-package-nuget",
        "serilog",
        "src/Serilog.csproj",
        5,
        "this repository is the package (PackageId: Serilog)",
      ],
    ])("%s is %s", (repo, id, path, line, detail) => {
      const technology = tech(id);
      expect(technology?.ownPackage).toBe(true);
      expect(technology?.status).toBe("production");
      expect(technology?.evidence.filter((e) => e.repo === repo)).toEqual([
        { repo, path, line, kind: "production", via: "manifest", detail },
      ]);
    });

    it("a name the catalog only matches by wildcard is not the technology", () => {
      expect(tech("eslint")?.ownPackage).toBeUndefined();
      expect(tech("eslint")?.evidence.some((e) => e.detail.startsWith("this repository"))).toBe(false);
    });

    it("a .NET project without a PackageId is not a package", () => {
      expect(tech("serilog")?.evidence.map((e) => e.repo)).toEqual(["own-package-nuget"]);
    });

    it("a technology the repositories only use is not its own package", () => {
      expect(tech("testify")).not.toHaveProperty("ownPackage");
    });
  });
});

describe("analyzeRepo: manifests beside other files", () => {
  const repo = (files: Record<string, string>): RepoSnapshot => ({
    name: "r",
    source: "r",
    files: Object.entries(files).map(([path, text]) => ({ path, size: text.length })),
    warnings: [],
    read: (path) => Promise.resolve(Buffer.from(files[path]!)),
  });
  const kinds = async (files: Record<string, string>) =>
    (await analyzeRepo(repo(files), { catalog: testCatalog(), detectors: allDetectors })).found
      .filter((f) => f.evidence.via === "manifest")
      .map((f) => [f.evidence.path, f.technology, f.evidence.kind, f.ownPackage ?? false]);

  it("a private package.json without workspaces or a marker beside it keeps its reading", async () => {
    const pkg = '{ "private": true, "dependencies": { "pg": "1", "openai": "1" } }';
    expect(await kinds({ "package.json": pkg })).toEqual([
      ["package.json", "postgresql", "production", false],
      ["package.json", "openai", "production", false],
    ]);
    for (const marker of ["lerna.json", "turbo.json", "pnpm-workspace.yaml"]) {
      expect(await kinds({ "package.json": pkg, [marker]: "{}" })).toEqual([
        ["package.json", "postgresql", "tooling", false],
        ["package.json", "openai", "tooling", false],
      ]);
    }
  });

  it("a workspace package's dependencies are not read by use; only the root's are", async () => {
    expect(
      await kinds({
        "web/package.json": '{ "dependencies": { "openai": "1" } }',
        "web/a.test.js": 'import "openai";\n',
      }),
    ).toEqual([["web/package.json", "openai", "production", false]]);
  });

  it("a Python or Go runtime dependency that only tests import is test; one production code imports stays production", async () => {
    const pyproject = '[project]\nname = "web"\ndependencies = ["openai>=1", "psycopg2-binary>=2"]\n';
    expect(
      await kinds({
        "pyproject.toml": pyproject,
        "tests/test_summary.py": "import openai\n",
        "web/db.py": "import psycopg2\n",
      }),
    ).toEqual([
      ["pyproject.toml", "openai", "test", false],
      ["pyproject.toml", "psycopg", "production", false],
    ]);
    // Nothing imports it: a driver or server a framework loads by name stays as declared.
    expect(
      await kinds({ "pyproject.toml": '[project]\nname = "web"\ndependencies = ["psycopg2-binary>=2"]\n' }),
    ).toEqual([["pyproject.toml", "psycopg", "production", false]]);
  });

  // An app's package.json often lists its bundler plugins, linters and test runners as dependencies.
  it.each([
    [
      "nothing imports it",
      {},
      [
        ["vitest", "test"],
        ["eslint", "tooling"],
      ],
    ],
    [
      "only its config and tests import it",
      { "eslint.config.js": 'import "eslint";\n', "src/a.test.js": 'import "vitest";\n' },
      [
        ["vitest", "test"],
        ["eslint", "tooling"],
      ],
    ],
    [
      "production code imports it (a product that lints or runs tests)",
      { "src/lint.js": 'import "eslint";\nimport "vitest";\n' },
      [
        ["vitest", "production"],
        ["eslint", "production"],
      ],
    ],
  ])(
    "a tool among runtime dependencies is production only when production code imports it: %s",
    async (_, files, expected) => {
      const found = await kinds({
        "package.json": '{ "dependencies": { "vitest": "1", "eslint": "1" } }',
        ...files,
      });
      expect(found.map(([, id, kind]) => [id, kind])).toEqual(expected);
    },
  );

  it("a manifest under tests/ naming a catalog package is not the repository's package", async () => {
    expect(await kinds({ "tests/fixture/package.json": '{ "name": "pg" }' })).toEqual([]);
    expect(await kinds({ "package.json": '{ "name": "pg", "private": true }' })).toEqual([]);
    expect(await kinds({ "package.json": '{ "name": "pg" }' })).toEqual([
      ["package.json", "postgresql", "production", true],
    ]);
  });
});

// Languages as `vouch extract` reports them: generated code counts toward none, and the main one is production.
describe("languages decided across files (issue 14)", async () => {
  const { extract } = await import("../../extractors/extract.js");
  const fixture = (name: string) => fileURLToPath(new URL(`../fixtures/repos/${name}`, import.meta.url));
  const truth = await extract([fixture("lang-generated-headers"), fixture("lang-typescript-dev")], {
    history: false,
  });
  const repo = (name: string) => truth.repos.find((r) => r.name.endsWith(name))!;

  it("counts no generated file toward a language, by path or by header", () => {
    const generated = repo("lang-generated-headers");
    const go = ["main.go"];
    const js = ["web/index.js"];
    const bytes = (paths: string[]) =>
      paths.reduce((n, p) => n + readFileSync(join(fixture("lang-generated-headers"), p)).length, 0);
    // CUE and C files no detector reads: their heads are read for the header all the same
    // (cue.mod/gen/ is `cue get go`'s output, native/lexer.c flex's).
    expect(generated.languages).toEqual({
      Go: bytes(go),
      JavaScript: bytes(js),
      CUE: bytes(["deploy/app.cue"]),
      C: bytes(["native/util.c"]),
    });
  });

  it("rates the language that is most of the bytes production, though its compiler is a devDependency", () => {
    const typescript = truth.technologies.find((t) => t.id === "typescript")!;
    expect(typescript.status).toBe("production");
    expect(typescript.evidence.some((e) => e.kind === "production" && /of the code/.test(e.detail))).toBe(
      true,
    );
  });
});

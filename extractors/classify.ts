import type { EvidenceKind } from "../core/truth.js";

// Folder names, compared case-insensitively at any depth. The first matching rule in KIND_ORDER wins.
const FOLDERS: Record<Exclude<EvidenceKind, "production">, ReadonlySet<string>> = {
  vendored: new Set([
    "node_modules",
    "vendor",
    "vendored",
    "third_party",
    "third-party",
    "bower_components",
    "pods",
    "jspm_packages",
    ".yarn",
  ]),
  generated: new Set([
    "dist",
    "out",
    "target",
    ".next",
    ".nuxt",
    ".svelte-kit",
    "__generated__",
    "generated",
    "coverage",
    "__pycache__",
    ".terraform",
    "site-packages",
  ]),
  test: new Set([
    "test",
    "tests",
    "__tests__",
    "spec",
    "specs",
    "testdata",
    "test-data",
    "fixtures",
    "__fixtures__",
    "__mocks__",
    "mocks",
    "e2e",
    "cypress",
    "playwright",
    "integration-tests",
    "testing",
    // Semgrep rules' sample code: each file shows what a rule flags, not what the product imports.
    ".semgrep",
  ]),
  example: new Set([
    "examples",
    "example",
    "samples",
    "sample",
    "demos",
    "demo",
    "docs_src",
    "notebooks",
    "playground",
    "playgrounds",
    "cookbook",
    "cookbooks",
    "tutorial",
    "tutorials",
    "quickstart",
    "quickstarts",
    "sandbox",
    "snippets",
  ]),
  docs: new Set(["docs", "doc", "documentation", "www", "website", "site-docs", "mkdocs", "docusaurus"]),
  tooling: new Set([
    "scripts",
    "script",
    "tools",
    "tooling",
    "hack",
    ".husky",
    ".devcontainer",
    "benchmarks",
    "benchmark",
    "bench",
    ".vscode",
    ".idea",
    "devtools",
    ".storybook",
  ]),
};

const KIND_ORDER = ["vendored", "generated", "test", "example", "docs", "tooling"] as const;

// A folder named for tests in words: `playwright_tests`, `integration-tests`, `test_utils`, `e2e-suite`.
const TEST_WORD_FOLDER = /(?:^|[-_])(?:tests?|e2e)(?:$|[-_])/;

// File-name patterns that decide the kind wherever the file lives.
const FILE_RULES: readonly [RegExp, EvidenceKind][] = [
  [/\.min\.(js|css|mjs)$|\.(map)$|\.generated\.\w+$|\.designer\.cs$/i, "generated"],
  // Code generators' outputs: protobuf and gRPC in every language, Dart's build_runner, Kubernetes' deepcopy.
  [
    /\.pb(\.gw|\.validate)?\.go$|\.pb\.(h|cc|c|swift|ts|js)$|_pb2(_grpc)?\.pyi?$|_(grpc_)?pb\.(js|d\.ts|ts)$|_grpc\.pb\.(h|cc)$|\.(g|freezed|gr|chopper)\.dart$|\.g(\.i)?\.cs$|^zz_generated\.[\w.-]+\.go$/i,
    "generated",
  ],
  [
    /^(package-lock\.json|npm-shrinkwrap\.json|yarn\.lock|pnpm-lock\.yaml|bun\.lockb?|poetry\.lock|pdm\.lock|uv\.lock|pipfile\.lock|go\.sum|go\.work\.sum|cargo\.lock|gemfile\.lock|composer\.lock|packages\.lock\.json|flake\.lock|mix\.lock|pubspec\.lock|podfile\.lock|package\.resolved|gradle\.lockfile|paket\.lock|deno\.lock|conda-lock\.ya?ml)$/i,
    "generated",
  ],
  [
    /_test\.go$|^test_.*\.py$|_test\.py$|^conftest\.py$|^(setup-?tests?|setupTests|tests?-?setup|testSetup|(jest|vitest)\.setup)\.[cm]?[jt]sx?$|\.(spec|test)\.[cm]?[jt]sx?$|(Test|Tests|IT)\.(java|kt)$|_spec\.rb$|_test\.rb$|Tests?\.cs$/,
    "test",
  ],
  // Storybook's stories render components for a workbench; they ship in no product.
  [/\.(stories|story)\.(?:[cm]?[jt]sx?|mdx|svelte|vue)$/i, "tooling"],
  [/\.ipynb$/i, "example"],
  [/\.(md|mdx|markdown|rst|adoc|asciidoc)$/i, "docs"],
  [
    /^(eslint\.config\.[cm]?[jt]s|\.eslintrc(\.\w+)?|\.prettierrc(\.\w+)?|prettier\.config\.[cm]?[jt]s|jest\.config\.[cm]?[jt]s|vitest\.config\.[cm]?[jt]s|vite\.config\.[cm]?[jt]s|webpack\.config\.[cm]?[jt]s|rollup\.config\.[cm]?[jt]s|babel\.config\.[cm]?[jt]s|playwright\.config\.[cm]?[jt]s|cypress\.config\.[cm]?[jt]s|gulpfile\.[cm]?[jt]s|gruntfile\.[cm]?[jt]s|\.(lintstaged|stylelint|commitlint|babel|mocha|release|husky)rc(\.\w+)?|(lint-staged|stylelint|commitlint|postcss|tailwind|tsup|release)\.config\.[cm]?[jt]s|karma\.conf\.[cm]?[jt]s|setup\.py|noxfile\.py|fabfile\.py|rakefile|makefile|justfile|taskfile\.ya?ml|\.pre-commit-config\.yaml|renovate\.json|dependabot\.yml)$/i,
    "tooling",
  ],
];

// A code generator's output tree: Thrift's `gen-go/`, `gen-py/`; and `gen/`, `codegen/`, `autogen/` where the
// folder path names what generated it (`gen/proto/go/`, `api/grpc/gen/`). A bare `gen/` may be a generator's
// own source (`cmd/gen/main.go`), so it is generated only so placed.
const GENERATOR_TREE = /^gen-[a-z]+$/;
const GEN_FOLDERS: ReadonlySet<string> = new Set(["gen", "codegen", "autogen", "_gen"]);
const GENERATOR_WORDS: ReadonlySet<string> = new Set([
  "proto",
  "protos",
  "protobuf",
  "pb",
  "grpc",
  "openapi",
  "swagger",
  "graphql",
  "thrift",
  "buf",
  "flatbuffers",
  "avro",
]);

function isGeneratorTree(folders: readonly string[]): boolean {
  if (folders.some((f) => GENERATOR_TREE.test(f))) return true;
  return folders.some((f) => GEN_FOLDERS.has(f)) && folders.some((f) => GENERATOR_WORDS.has(f));
}

// Java and Gradle put tests under src/test/.
const SRC_TEST = /(^|\/)src\/(test|it|integrationTest|androidTest)\//;
// Below a JVM source root the folders are a package name: `com/example/demo` is not an example.
const JVM_SOURCE_ROOT = /(^|\/)src\/[^/]+\/(java|kotlin|scala|groovy|resources)\//;

/** The evidence kind of a file, from its repository-relative POSIX path alone. */
export function classifyPath(path: string): EvidenceKind {
  const segments = path.split("/");
  const file = segments.pop() ?? "";
  const root = JVM_SOURCE_ROOT.exec(path);
  const folderPath = root ? path.slice(0, root.index + root[0].length) : segments.join("/");
  const folders = folderPath
    .split("/")
    .filter(Boolean)
    .map((s) => s.toLowerCase());
  for (const kind of ["vendored", "generated"] as const) {
    if (folders.some((f) => FOLDERS[kind].has(f))) return kind;
  }
  if (isGeneratorTree(folders)) return "generated";
  for (const [pattern, kind] of FILE_RULES) if (pattern.test(file)) return kind;
  // Invoke's tasks.py sits at the root; a tasks.py inside a package holds Celery's or Huey's tasks.
  if (file === "tasks.py" && segments.length === 0) return "tooling";
  if (SRC_TEST.test(path)) return "test";
  for (const kind of KIND_ORDER) {
    if (
      folders.some(
        (f, i) =>
          (FOLDERS[kind].has(f) && !(kind === "tooling" && isServedScripts(folders, i))) ||
          (kind === "test" && TEST_WORD_FOLDER.test(f)),
      )
    )
      return kind;
  }
  return "production";
}

// Folders a web server serves as they are: a `scripts/` inside one holds the pages' scripts, not tooling.
const SERVED_FOLDERS: ReadonlySet<string> = new Set([
  "static",
  "public",
  "assets",
  "wwwroot",
  "web",
  "resources",
]);

function isServedScripts(folders: readonly string[], index: number): boolean {
  const name = folders[index];
  return (
    (name === "scripts" || name === "script") && folders.slice(0, index).some((f) => SERVED_FOLDERS.has(f))
  );
}

/**
 * A file's kind once its neighbours are known: a `setup.py` inside a Python package (beside an
 * `__init__.py`) is a module of the application (`app/setup.py` creating the Flask app), not setuptools'.
 */
export function classifyWithNeighbours(path: string, hasFile: (path: string) => boolean): EvidenceKind {
  const kind = classifyPath(path);
  if (kind !== "tooling" || !path.endsWith("/setup.py")) return kind;
  const folder = path.slice(0, path.lastIndexOf("/"));
  return hasFile(`${folder}/__init__.py`) ? classifyPath(`${folder}/_`) : kind;
}

/** Folders the walker never enters: their files are someone else's code or build output. */
export function isSkippedFolder(name: string): boolean {
  const lower = name.toLowerCase();
  return lower === ".git" || FOLDERS.vendored.has(lower) || FOLDERS.generated.has(lower);
}

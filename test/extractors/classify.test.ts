import { describe, expect, it } from "vitest";
import { classifyPath, classifyWithNeighbours, isSkippedFolder } from "../../extractors/classify.js";
import type { EvidenceKind } from "../../core/truth.js";

const cases: [string, EvidenceKind][] = [
  ["src/server.ts", "production"],
  ["package.json", "production"],
  ["terraform/eks.tf", "production"],
  ["Dockerfile", "production"],
  [".github/workflows/ci.yml", "production"],
  ["services/orders/main.go", "production"],
  // examples at any depth
  ["examples/summarize.py", "example"],
  ["packages/sdk/examples/basic/index.ts", "example"],
  ["docs_src/tutorial/app.py", "example"],
  ["demos/chat/app.tsx", "example"],
  ["notebooks/exploration.ipynb", "example"],
  ["analysis.ipynb", "example"],
  ["playground/main.go", "example"],
  ["samples/Hello.java", "example"],
  // a web server's own folders serve their scripts/ to the pages (vaultwarden's admin UI)
  ["src/static/scripts/admin.js", "production"],
  ["public/scripts/app.js", "production"],
  ["app/assets/script/menu.js", "production"],
  ["scripts/release.js", "tooling"],
  ["static/tools/build.js", "tooling"],
  // tests
  ["playwright/global-utils.ts", "test"],
  ["tests/test_api.py", "test"],
  ["src/__tests__/app.tsx", "test"],
  ["store_test.go", "test"],
  ["services/orders/store_test.go", "test"],
  ["app/test_models.py", "test"],
  ["app/models_test.py", "test"],
  ["conftest.py", "test"],
  ["src/api.spec.ts", "test"],
  ["src/api.test.js", "test"],
  // folders named for tests in words
  ["playwright_tests/core/basepage.py", "test"],
  ["integration-tests/orders.go", "test"],
  ["src/test_utils/factories.py", "test"],
  ["e2e-suite/checkout.ts", "test"],
  ["latest/app.py", "production"],
  // Invoke's tasks.py at the root is tooling; a package's tasks.py holds Celery's tasks
  ["tasks.py", "tooling"],
  ["saleor/plugins/sendgrid/tasks.py", "production"],
  ["contest_entries/app.py", "production"],
  ["web/button.test.tsx", "test"],
  ["src/test/java/com/acme/OrderServiceTest.java", "test"],
  ["src/main/java/com/acme/OrderServiceTest.java", "test"],
  ["src/main/java/com/acme/OrderService.java", "production"],
  // a JVM package name is not a folder with a meaning
  ["src/main/java/com/example/demo/App.java", "production"],
  ["src/main/java/org/springframework/samples/petclinic/owner/Owner.java", "production"],
  ["src/main/kotlin/com/acme/test/Helpers.kt", "production"],
  ["src/test/java/com/example/demo/AppTests.java", "test"],
  ["src/test/java/com/example/demo/Support.java", "test"],
  ["examples/src/main/java/com/acme/App.java", "example"],
  ["services/api/src/main/java/com/example/Api.java", "production"],
  ["test/fixtures/package.json", "test"],
  ["e2e/home.spec.ts", "test"],
  ["spec/models/user_spec.rb", "test"],
  // docs
  ["README.md", "docs"],
  ["docs/architecture.md", "docs"],
  ["docs/conf.py", "docs"],
  ["www/pages/index.tsx", "docs"],
  ["website/docusaurus.config.js", "docs"],
  ["examples/README.md", "docs"],
  // tooling
  ["scripts/seed.ts", "tooling"],
  ["tools/release.py", "tooling"],
  ["hack/update-codegen.sh", "tooling"],
  ["eslint.config.js", "tooling"],
  ["vite.config.ts", "tooling"],
  ["Makefile", "tooling"],
  ["noxfile.py", "tooling"],
  // A package's build script: setuptools there builds it, it does not run in production.
  ["setup.py", "tooling"],
  ["python/setup.py", "tooling"],
  ["Rakefile", "tooling"],
  // Tools' own config files run the tool, not the product.
  [".lintstagedrc.js", "tooling"],
  [".babelrc", "tooling"],
  ["postcss.config.cjs", "tooling"],
  ["tailwind.config.ts", "tooling"],
  ["karma.conf.js", "tooling"],
  ["src/app/app.config.ts", "production"],
  // Storybook: its config folder and the stories beside the components they render.
  [".storybook/main.ts", "tooling"],
  [".storybook/preview.tsx", "tooling"],
  ["src/components/Button.stories.tsx", "tooling"],
  ["src/components/Button.stories.mdx", "tooling"],
  ["src/lib/Card.story.svelte", "tooling"],
  ["src/components/Button.tsx", "production"],
  ["src/components/stories.ts", "production"],
  // Semgrep rules' sample code shows what a rule flags.
  [".semgrep/rules/no-eval.py", "test"],
  [".semgrep/no-raw-sql.ts", "test"],
  // A test runner's setup file (Create React App's setupTests, jest.setup.js) is test code.
  ["setupTests.ts", "test"],
  ["src/setupTests.js", "test"],
  ["jest.setup.js", "test"],
  ["vitest.setup.ts", "test"],
  ["test-setup.ts", "test"],
  ["src/setup.ts", "production"],
  ["benchmarks/run.go", "tooling"],
  // generated and vendored
  ["dist/index.js", "generated"],
  ["public/app.min.js", "generated"],
  ["api/v1/orders.pb.go", "generated"],
  ["package-lock.json", "generated"],
  ["services/orders/go.sum", "generated"],
  ["target/classes/App.class", "generated"],
  ["node_modules/pg/index.js", "vendored"],
  ["vendor/github.com/lib/pq/conn.go", "vendored"],
  ["third_party/proto/x.proto", "vendored"],
  ["examples/node_modules/openai/index.js", "vendored"],
  ["tests/dist/bundle.js", "generated"],
];

describe("classifyPath", () => {
  it.each(cases)("%s → %s", (path, kind) => {
    expect(classifyPath(path)).toBe(kind);
  });

  it("decides by folder names case-insensitively", () => {
    expect(classifyPath("Examples/Demo.java")).toBe("example");
    expect(classifyPath("Tests/Unit/x.cs")).toBe("test");
  });
});

describe("isSkippedFolder", () => {
  it.each([
    [".git", true],
    ["node_modules", true],
    ["vendor", true],
    ["dist", true],
    ["src", false],
    ["examples", false],
    ["tests", false],
  ])("%s → %s", (name, skipped) => {
    expect(isSkippedFolder(name)).toBe(skipped);
  });
});

describe("classifyPath: code generators' output (issue 14)", () => {
  it.each<[string, EvidenceKind]>([
    // protobuf and gRPC in every language
    ["api/orders.pb.go", "generated"],
    ["api/orders_grpc.pb.go", "generated"],
    ["api/orders.pb.gw.go", "generated"],
    ["api/orders.pb.validate.go", "generated"],
    ["proto/orders_pb2.py", "generated"],
    ["proto/orders_pb2_grpc.py", "generated"],
    ["web/src/proto/orders_pb.js", "generated"],
    ["web/src/proto/orders_pb.d.ts", "generated"],
    ["web/src/proto/orders_grpc_pb.js", "generated"],
    ["cpp/orders.pb.cc", "generated"],
    ["cpp/orders.pb.h", "generated"],
    ["ios/Orders.pb.swift", "generated"],
    // Dart's build_runner, C#, Kubernetes
    ["lib/models/order.g.dart", "generated"],
    ["lib/models/order.freezed.dart", "generated"],
    ["lib/router.gr.dart", "generated"],
    ["obj/App.g.cs", "generated"],
    ["apis/v1/zz_generated.deepcopy.go", "generated"],
    // generator trees
    ["gen/proto/go/orders/v1/orders.go", "generated"],
    ["api/grpc/gen/client.ts", "generated"],
    ["gen-go/orders/orders.go", "generated"],
    ["thrift/gen-py/orders/ttypes.py", "generated"],
    ["src/generated/client.ts", "generated"],
    // lock files
    ["flake.lock", "generated"],
    ["mix.lock", "generated"],
    ["pubspec.lock", "generated"],
    ["ios/Podfile.lock", "generated"],
    ["Package.resolved", "generated"],
    ["go.work.sum", "generated"],
    ["deno.lock", "generated"],
    // not generated
    ["cmd/gen/main.go", "production"],
    ["internal/gen/templates.go", "production"],
    ["lib/models/order.dart", "production"],
    ["src/config.dart", "production"],
    ["api/orders.go", "production"],
    ["proto/orders.proto", "production"],
    ["src/genetics/model.py", "production"],
  ])("%s → %s", (path, kind) => {
    expect(classifyPath(path)).toBe(kind);
  });
});

describe("classifyWithNeighbours", () => {
  const has =
    (...paths: string[]) =>
    (path: string) =>
      paths.includes(path);

  it("reads a setup.py inside a Python package as a module of the application", () => {
    expect(classifyWithNeighbours("app/setup.py", has("app/__init__.py"))).toBe("production");
    expect(classifyWithNeighbours("tests/app/setup.py", has("tests/app/__init__.py"))).toBe("test");
  });

  it("keeps setuptools' setup.py tooling, at the root or at a package's root", () => {
    expect(classifyWithNeighbours("setup.py", has("__init__.py"))).toBe("tooling");
    expect(classifyWithNeighbours("packages/sdk/setup.py", has("packages/sdk/sdk/__init__.py"))).toBe(
      "tooling",
    );
    expect(classifyWithNeighbours("src/main.py", has())).toBe("production");
  });
});

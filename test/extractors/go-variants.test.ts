import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { extract } from "../../extractors/extract.js";
import {
  buildTagSets,
  isBuildFile,
  judgeVariant,
  variantsByFile,
  type GoFileFacts,
} from "../../extractors/go-variants.js";

/** Each set's tags as sorted text (`?` when unresolved) and where it was seen. */
const sets = (files: Record<string, string>) =>
  buildTagSets(Object.entries(files).map(([path, text]) => ({ path, text }))).map((set) => [
    set.tags ? [...set.tags].sort().join(",") : "?",
    set.where,
  ]);

describe("the tags a repository's builds pass", () => {
  it.each<[string, Record<string, string>, string[][]]>([
    [
      "a Makefile's go build",
      { Makefile: "build:\n\tgo build -tags=aws,gcp ./cmd/...\n" },
      [["aws,gcp", "Makefile:2"]],
    ],
    [
      "the old space-separated form",
      { "build.sh": 'go build -tags "aws gcp" ./...\n' },
      [["aws,gcp", "build.sh:1"]],
    ],
    ["GOFLAGS", { Dockerfile: "ENV GOFLAGS=-tags=netgo\nRUN go build ./...\n" }, [["netgo", "Dockerfile:1"]]],
    [
      "a Cloud Build substitution",
      {
        "builders/build.yaml":
          "substitutions:\n  _GO_TAGS: google\nsteps:\n  - args: ['go', 'build', '-tags=${_GO_TAGS}']\n",
      },
      [["google", "builders/build.yaml:4"]],
    ],
    [
      "a variable set in one file and a shell default in another",
      {
        "scripts/build": 'SUBS="${SUBS},_GO_TAGS=${GO_TAGS:-"google"}"\n',
        "cloudbuild.yaml": "args: [build, '-tags=${_GO_TAGS}']\n",
      },
      [["google", "cloudbuild.yaml:1"]],
    ],
    [
      "a Makefile default",
      { Makefile: "TAGS ?= sqlite\nbuild:\n\tgo build -tags $(TAGS)\n" },
      [["sqlite", "Makefile:3"]],
    ],
    [
      "a variable defined nowhere",
      { Makefile: "build:\n\tgo build -tags $(EXTRA)\n" },
      [["?", "Makefile:2"]],
    ],
    [
      "goreleaser's builds[].tags",
      { ".goreleaser.yaml": "builds:\n  - id: cli\n    tags: [osusergo, netgo]\n" },
      [["netgo,osusergo", ".goreleaser.yaml"]],
    ],
    [
      "not a test run, a lint or git's --tags",
      {
        Makefile:
          "test:\n\tgo test -tags=integration ./...\nrelease:\n\tgit push --tags\n\tgit fetch --tags origin\n",
      },
      [],
    ],
  ])("%s", (_, files, expected) => {
    expect(sets(files)).toEqual(expected);
  });

  it("reads build files of the product and its tooling, never a linter's config, docs or examples", () => {
    expect(
      ["Makefile", "build/ci/cloudbuild.yaml", "scripts/release", "Dockerfile.prod", "deploy.sh"].map(
        isBuildFile,
      ),
    ).toEqual([true, true, true, true, true]);
    expect(
      [".golangci.yml", "docs/deploying.md", "examples/aws/Makefile", "cmd/main.go"].map(isBuildFile),
    ).toEqual([false, false, false, false]);
  });
});

describe("judgeVariant", () => {
  const google = { tags: new Set(["google"]), where: "builders/build.yaml:52" };
  it("is built when one build's tags satisfy it, and says which", () => {
    expect(judgeVariant("google || all", [google])).toEqual({ built: true, where: "builders/build.yaml:52" });
  });
  it("is no build's when none does, naming the builds", () => {
    expect(judgeVariant("aws || all", [google])).toEqual({ built: false, builds: ["google"] });
    expect(judgeVariant("enterprise", [])).toEqual({ built: false, builds: [] });
  });
  it("stays built when a build's tags could not be read: not knowing cuts nothing", () => {
    expect(judgeVariant("aws", [google, { tags: undefined, where: "Makefile:3" }])).toEqual({ built: true });
  });
});

describe("variantsByFile: a package only variants import is a variant too", () => {
  const modules = new Map([["", "example.com/app"]]);
  const file = (path: string, imports: string[], variant?: string, main = false): GoFileFacts => ({
    path,
    imports,
    main,
    ...(variant ? { variant } : {}),
  });

  it("carries the importers' constraints down, through more than one package", () => {
    const variants = variantsByFile(
      [
        file("cmd/app/main.go", ["example.com/app/store"], undefined, true),
        file("store/store.go", []),
        file("store/azure.go", ["example.com/app/azureauth"], "azure || all"),
        file("store/aws.go", ["example.com/app/awsauth"], "aws"),
        file("azureauth/auth.go", ["example.com/app/azureauth/token"]),
        file("azureauth/token/token.go", []),
        file("awsauth/auth.go", []),
      ],
      modules,
    );
    expect(Object.fromEntries(variants)).toEqual({
      "store/azure.go": "azure || all",
      "store/aws.go": "aws",
      "azureauth/auth.go": "(azure || all)",
      "azureauth/token/token.go": "((azure || all))",
      "awsauth/auth.go": "(aws)",
    });
  });

  it("leaves a package that a built file imports, a program, and one nothing imports", () => {
    const variants = variantsByFile(
      [
        file("store/aws.go", ["example.com/app/shared", "example.com/app/tool"], "aws"),
        file("api/api.go", ["example.com/app/shared"]),
        file("shared/shared.go", []),
        file("tool/main.go", [], undefined, true),
        file("lonely/lonely.go", []),
      ],
      modules,
    );
    expect([...variants.keys()]).toEqual(["store/aws.go"]);
  });
});

describe("build variants in a repository", async () => {
  const truth = await extract(
    [fileURLToPath(new URL("../fixtures/repos/go-build-variants", import.meta.url))],
    {
      history: false,
    },
  );
  const status = (id: string) => truth.technologies.find((t) => t.id === id)?.status;
  const evidence = (id: string) => truth.technologies.find((t) => t.id === id)?.evidence ?? [];

  it("keeps what the repository's build compiles production, and says which build", () => {
    expect(status("google-cloud-storage")).toBe("production");
    expect(evidence("google-cloud-storage").find((e) => e.path === "internal/storage/gcs.go")?.detail).toBe(
      'import "cloud.google.com/go/storage" (//go:build google || all; built by builders/build.yaml:10)',
    );
  });

  it("reads a variant no build compiles, and the packages only it imports, as examples, go.mod's line too", () => {
    expect(status("amazon-s3")).toBe("example-only");
    expect(status("azure")).toBe("example-only");
    expect(evidence("azure").map((e) => [e.path, e.kind])).toEqual([
      ["go.mod", "example"],
      ["internal/azureauth/auth.go", "example"],
    ]);
    expect(evidence("amazon-s3")[0]?.detail).toBe(
      'import "github.com/aws/aws-sdk-go/service/s3" (//go:build aws || all: a build variant this repository does not build; its builds set -tags google)',
    );
  });
});

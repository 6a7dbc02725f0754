// One Go service with a real history and three people who could point a profile at it: Alex, its main
// author (under an old address the .mailmap maps, and as a co-author of Bo's commit); Casey, whose only
// commits are the release CI, made through GitHub's noreply address; and a stranger with no commit at all.
import { buildRepo } from "./git-repo.js";

export const ALEX = "Alex Main <alex@example.test>";
export const ALEX_OLD = "Alex Main <alex@old.test>";
export const BO = "Bo Other <bo@example.test>";
export const CASEY = "Casey CI <41898282+casey-ci@users.noreply.github.com>";

const goMod = (requires: string[]) =>
  `module github.com/alex/podcast\n\ngo 1.22\n\nrequire (\n${requires.map((r) => `\t${r}\n`).join("")})\n`;
const GRPC = "google.golang.org/grpc v1.62.0";
const REDIS = "github.com/redis/go-redis/v9 v9.5.1";
const COBRA = "github.com/spf13/cobra v1.8.0";
const PROMETHEUS = "github.com/prometheus/client_golang v1.19.0";

const goFile = (pkg: string, imports: string[]) =>
  `package ${pkg}\n\nimport (\n${imports.map((i) => `\t"${i}"\n`).join("")})\n\nfunc Run() {}\n`;

/** Builds the repository in `dir`; returns `dir`. */
export function buildPodcast(dir: string): string {
  return buildRepo(dir, [
    {
      author: ALEX_OLD,
      date: "2019-03-01T10:00:00Z",
      message: "first service",
      files: {
        "go.mod": goMod([COBRA]),
        "cmd/main.go": goFile("main", ["github.com/spf13/cobra"]),
        Dockerfile: "FROM golang:1.22 AS build\nWORKDIR /src\nCOPY . .\nRUN go build ./cmd/podcast\n",
      },
    },
    {
      author: ALEX,
      date: "2020-06-01T10:00:00Z",
      message: "gRPC API",
      files: {
        "go.mod": goMod([COBRA, GRPC]),
        "pkg/api/grpc.go": goFile("api", ["google.golang.org/grpc"]),
      },
    },
    {
      // A squash merge of a pull request Alex paired on: Bo is the author, Alex a co-author.
      author: BO,
      date: "2021-02-01T10:00:00Z",
      message: "Redis cache (#12)",
      coAuthors: [ALEX],
      files: {
        "go.mod": goMod([COBRA, GRPC, REDIS]),
        "pkg/cache/redis.go": goFile("cache", ["github.com/redis/go-redis/v9"]),
      },
    },
    {
      author: BO,
      date: "2022-01-01T10:00:00Z",
      message: "move the command",
      renames: { "cmd/main.go": "cmd/podcast/main.go" },
    },
    {
      author: ALEX,
      date: "2022-05-01T10:00:00Z",
      message: "Helm chart",
      files: {
        "charts/podcast/Chart.yaml": "apiVersion: v2\nname: podcast\nversion: 1.0.0\n",
        "charts/podcast/templates/deployment.yaml":
          "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: podcast\nspec:\n  template:\n    spec:\n      containers:\n        - name: podcast\n          image: ghcr.io/alex/podcast:1.0.0\n",
      },
    },
    {
      author: CASEY,
      date: "2023-01-01T10:00:00Z",
      message: "release workflow",
      files: {
        ".github/workflows/release.yml":
          "name: release\non:\n  push:\n    tags: ['v*']\njobs:\n  release:\n    runs-on: ubuntu-latest\n    steps:\n      - uses: actions/checkout@v4\n      - uses: actions/setup-go@v5\n      - uses: goreleaser/goreleaser-action@v5\n",
        ".goreleaser.yml": "builds:\n  - main: ./cmd/podcast\n",
      },
    },
    {
      author: BO,
      date: "2023-06-01T10:00:00Z",
      message: "metrics",
      files: {
        "go.mod": goMod([COBRA, GRPC, REDIS, PROMETHEUS]),
        "pkg/metrics/prom.go": goFile("metrics", ["github.com/prometheus/client_golang/prometheus"]),
      },
    },
    {
      // A README that tells what the service does: Bo's words, nobody's record of what Alex did.
      author: BO,
      date: "2023-09-01T10:00:00Z",
      message: "readme",
      files: {
        "README.md":
          "# podcast\n\nA small service with readiness and liveness checks and graceful shutdown.\n",
      },
    },
    {
      // The maintainers' .mailmap: Bo unifies Alex's two addresses (a line Alex wrote would not be trusted).
      author: BO,
      date: "2024-02-01T10:00:00Z",
      message: "mailmap",
      files: { ".mailmap": `${ALEX} <alex@old.test>\n` },
    },
    {
      author: ALEX,
      date: "2024-03-01T10:00:00Z",
      message: "context in the API",
      files: {
        "pkg/api/grpc.go": goFile("api", ["google.golang.org/grpc", "context"]),
        "docs/operations.md": "# Operations\n\nThe gRPC API drains its streams before the pod stops.\n",
      },
    },
  ]);
}

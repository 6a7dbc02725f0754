import { beforeAll, describe, expect, it } from "vitest";
import { commandKeys } from "../../../extractors/infra/commands/cli.js";
import { shellScriptDetector } from "../../../extractors/infra/commands/scripts.js";
import { githubWorkflowDetector, travisCiDetector } from "../../../extractors/infra/ci/index.js";
import { evidenceKind } from "../../../extractors/evidence.js";
import type { CatalogEntry } from "../../../extractors/catalog.js";
import { dedent, detect, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(githubWorkflowDetector, travisCiDetector));

const keys = (text: string) => commandKeys(text).map((k) => `${k.space}:${k.name}${k.ships ? " ships" : ""}`);

describe("commandKeys: what a shell command says about where the product runs", () => {
  it.each<[string, string[]]>([
    ["gcloud beta run deploy api --region=europe-west2", ["command:gcloud run", "command:gcloud run deploy"]],
    [
      'gcloud run deploy api --vpc-connector="redis-vpc" \\\n  --add-cloudsql-instances=p:r:db --set-secrets=K=k:1',
      [
        "command:gcloud run",
        "command:gcloud run deploy",
        "command:gcloud --vpc-connector",
        "command:gcloud --add-cloudsql-instances",
        "command:gcloud --set-secrets",
      ],
    ],
    [
      "gcloud --project acme secrets versions add key",
      ["command:gcloud secrets", "command:gcloud secrets versions"],
    ],
    ["aws --region eu-west-1 s3 sync build/ s3://acme-site", ["command:aws s3", "command:aws s3 sync"]],
    ["sudo az webapp up --name shop", ["command:az webapp", "command:az webapp up"]],
    [
      "DATAFLOW_JOB=$(gcloud dataflow jobs run purge)",
      ["command:gcloud dataflow", "command:gcloud dataflow jobs"],
    ],
    ["make build && flyctl deploy --remote-only", ["command:flyctl"]],
    ["fly deploy", ["command:flyctl"]],
    ["kubectl apply -f k8s/", ["command:kubectl"]],
    ["kubectl get pods", []],
    ["netlify dev", []],
    [
      "gcloud auth configure-docker europe-docker.pkg.dev",
      ["command:gcloud auth ships", "command:gcloud auth configure-docker ships"],
    ],
    ["docker push ghcr.io/acme/api:1.2", ["host:ghcr.io ships"]],
    ["docker push acme/api", ["host:docker.io ships"]],
    [
      "docker image push europe-west2-docker.pkg.dev/p/r/api",
      ["host:europe-west2-docker.pkg.dev ships", "host:docker.pkg.dev ships"],
    ],
    ["docker buildx build --push -t eu.gcr.io/p/api .", ["host:eu.gcr.io ships", "host:gcr.io ships"]],
    ["docker push 1234.dkr.ecr.us-east-1.amazonaws.com/api", ["aws-service:ecr ships"]],
    ["docker login -u $USER -p $PASS", ["host:docker.io ships"]],
    ["docker login ghcr.io -u acme", ["host:ghcr.io ships"]],
  ])("%s", (command, expected) => {
    expect(keys(command)).toEqual(expected);
  });

  it.each<[string, string]>([
    ["a local endpoint (LocalStack)", "aws --endpoint-url=http://localhost:4566 s3 mb s3://test"],
    [
      "a local endpoint, as two words",
      "aws --endpoint-url http://localstack:4566 sqs create-queue --queue-name q",
    ],
    ["a push to a local registry", "docker push localhost:5000/api"],
    ["a registry in a variable", "docker push $REGISTRY/api"],
    ["a build that does not push", "docker build -t ghcr.io/acme/api ."],
    ["a word that only looks like a CLI", "echo aws-sdk is installed"],
    ["the CLI's name inside another word", "./install-gcloud.sh"],
  ])("reads nothing from %s", (_, command) => {
    expect(keys(command)).toEqual([]);
  });

  it("reads a command continued over lines", () => {
    expect(keys("gcloud \\\n  --quiet \\\n  run deploy api")).toEqual([
      "command:gcloud run",
      "command:gcloud run deploy",
    ]);
  });
});

describe("deploy scripts", () => {
  it("reads a deploy script's cloud commands and pushes, once each, not its comments", () => {
    const script = dedent(`
      #!/usr/bin/env bash
      # gcloud app deploy was the old way
      set -euo pipefail
      docker push "\${IMAGE}"
      gcloud run deploy api --image="\${IMAGE}"
      gcloud run deploy worker --image="\${IMAGE}"
      docker push ghcr.io/acme/api
    `);
    expect(detect(shellScriptDetector, "ci/deploy_app.sh", script, "ci")).toEqual([
      'command:gcloud run @5 gcloud run deploy api --image="${IMAGE}"',
      'command:gcloud run deploy @5 gcloud run deploy api --image="${IMAGE}"',
      "host:ghcr.io @7 docker push ghcr.io/acme/api",
    ]);
  });

  it("matches shell scripts, Makefiles and the extensionless scripts of deploy folders", () => {
    expect(
      ["deploy.sh", "Makefile", "mk/cloud.mk", "scripts/deploy", "bin/release", "ci/build"].map(
        shellScriptDetector.matches,
      ),
    ).toEqual([true, true, true, true, true, true]);
    expect(["src/app.py", "README", "docs/deploy.md", "lib/aws"].map(shellScriptDetector.matches)).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it("ships from a tooling file by its path (a Makefile), never from an example's", () => {
    const make = "deploy:\n\tgcloud run deploy api\n";
    const [top] = shellScriptDetector.detect({ path: "Makefile", text: make });
    const [example] = shellScriptDetector.detect({ path: "examples/cloud-run/Makefile", text: make });
    const entry = { id: "google-cloud-run", name: "Cloud Run", category: "serverless" } as CatalogEntry;
    expect(evidenceKind("tooling", top!, entry)).toBe("production");
    expect(evidenceKind("example", example!, entry)).toBe("example");
    expect(example!.deploys).toBeUndefined();
  });
});

describe("commands and pushes in CI files", () => {
  it("scopes a command by its job and ships a pushed image from any job, variables resolved", () => {
    const workflow = dedent(`
      on: push
      env:
        GAR_LOCATION: us
        PROJECT: acme-prod
      jobs:
        lint:
          runs-on: ubuntu-latest
          steps:
            - run: aws s3 ls s3://acme-fixtures
        deploy:
          runs-on: ubuntu-latest
          steps:
            - run: |
                gcloud run deploy api --region us-central1
        publish:
          runs-on: ubuntu-latest
          steps:
            - uses: docker/login-action@v3
              with:
                registry: \${{ env.GAR_LOCATION }}-docker.pkg.dev
            - uses: docker/build-push-action@v6
              with:
                push: true
                tags: |
                  ghcr.io/acme/api:latest
                  \${{ env.GAR_LOCATION }}-docker.pkg.dev/\${{ env.PROJECT }}/api:\${{ github.sha }}
        shared:
          uses: acme/workflows/.github/workflows/build.yml@v1
          with:
            docker_registry: quay.io
            cache_registry: type=gha
    `);
    const found = githubWorkflowDetector.detect({ path: ".github/workflows/ci.yml", text: workflow });
    const shown = found
      .filter((d) => ["command", "host"].includes(d.key.space))
      .map((d) => `${d.key.name} @${d.line} ${d.scope ?? "production"}`);
    expect(shown).toEqual([
      "aws s3 @9 dev",
      "aws s3 ls @9 dev",
      "gcloud run @14 production",
      "gcloud run deploy @14 production",
      "us-docker.pkg.dev @18 production",
      "docker.pkg.dev @18 production",
      "ghcr.io @25 production",
      "quay.io @30 production",
    ]);
  });

  it("resolves a variable a step exports (Travis's after_success)", () => {
    const travis = dedent(`
      language: java
      after_success:
        - docker login -u $DOCKER_USER -p $DOCKER_PASS
        - export CONFIG=acme/config
        - docker push $CONFIG
    `);
    expect(
      detect(travisCiDetector, ".travis.yml", travis, "ci").filter((d) => d.startsWith("host:")),
    ).toEqual(["host:docker.io @3 after_success: docker login -u $DOCKER_USER -p $DOCKER_PASS"]);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import {
  azurePipelinesDetector,
  bitbucketPipelinesDetector,
  buildkiteDetector,
  circleCiDetector,
  droneDetector,
  githubActionDetector,
  githubWorkflowDetector,
  gitlabCiDetector,
  jenkinsDetector,
  travisCiDetector,
} from "../../../extractors/infra/ci/index.js";
import type { FileDetector } from "../../../extractors/types.js";
import { dedent, detect, parseError, initDetectors } from "./helpers.js";

beforeAll(() =>
  initDetectors(
    azurePipelinesDetector,
    bitbucketPipelinesDetector,
    buildkiteDetector,
    circleCiDetector,
    droneDetector,
    githubActionDetector,
    githubWorkflowDetector,
    gitlabCiDetector,
    jenkinsDetector,
    travisCiDetector,
  ),
);

interface Case {
  name: string;
  detector: FileDetector;
  path: string;
  text: string;
  expected: string[];
}

const cases: Case[] = [
  {
    name: "GitHub workflow: actions, reusable workflows, container and service images",
    detector: githubWorkflowDetector,
    path: ".github/workflows/ci.yml",
    text: dedent(`
      name: CI
      on: [push]
      jobs:
        test:
          runs-on: ubuntu-latest
          container: node:20-bookworm
          services:
            postgres:
              image: postgres:16
              env:
                POSTGRES_PASSWORD: pw
          steps:
            - uses: actions/checkout@v4
            - uses: Azure/login@v2
            - uses: github/codeql-action/init@v3
            - uses: ./.github/actions/setup
            - uses: docker://alpine:3.19
            - uses: some/action@\${{ matrix.ref }}
            - uses: aquasecurity/trivy-action@0.20.0
              with:
                image: acme/app:latest
        deploy:
          container:
            image: ghcr.io/acme/deployer:1
          uses: acme/workflows/.github/workflows/deploy.yml@main
    `),
    expected: [
      "ci:github-actions @1 GitHub Actions workflow",
      "gh-action:actions/checkout @13 jobs.test.steps[0].uses: actions/checkout@v4",
      "gh-action:azure/login @14 jobs.test.steps[1].uses: Azure/login@v2",
      "gh-action:github/codeql-action @15 jobs.test.steps[2].uses: github/codeql-action/init@v3",
      "image:alpine @17 jobs.test.steps[4].uses: docker://alpine:3.19",
      "gh-action:aquasecurity/trivy-action @19 jobs.test.steps[6].uses: aquasecurity/trivy-action@0.20.0",
      "gh-action:acme/workflows @25 jobs.deploy.uses: acme/workflows/.github/workflows/deploy.yml@main",
      "image:node @6 jobs.test.container: node:20-bookworm",
      "image:postgres @9 jobs.test.services.postgres.image: postgres:16",
      "image:ghcr.io/acme/deployer @24 jobs.deploy.container.image: ghcr.io/acme/deployer:1",
    ],
  },
  {
    name: "composite action metadata",
    detector: githubActionDetector,
    path: ".github/actions/setup/action.yml",
    text: dedent(`
      name: setup
      runs:
        using: composite
        steps:
          - uses: actions/setup-node@v4
          - run: npm ci
            shell: bash
    `),
    expected: [
      "ci:github-actions @1 GitHub Action metadata",
      "gh-action:actions/setup-node @5 runs.steps[0].uses: actions/setup-node@v4",
    ],
  },
  {
    name: "Docker action metadata pointing at an image",
    detector: githubActionDetector,
    path: "action.yaml",
    text: "name: lint\nruns:\n  using: docker\n  image: docker://hadolint/hadolint:v2.12.0\n",
    expected: [
      "ci:github-actions @1 GitHub Action metadata",
      "image:hadolint/hadolint @4 runs.image: docker://hadolint/hadolint:v2.12.0",
    ],
  },
  {
    name: "GitLab CI: default, job and service images, !reference tags",
    detector: gitlabCiDetector,
    path: ".gitlab-ci.yml",
    text: dedent(`
      image: node:20
      variables:
        image: not-an-image
      .setup:
        script: [npm ci]
      test:
        image:
          name: cypress/included:13.6.0
          entrypoint: [""]
        services:
          - postgres:16
          - name: redis:7
            alias: cache
        script:
          - !reference [.setup, script]
      build:
        image: $CI_REGISTRY_IMAGE/builder:latest
    `),
    expected: [
      "ci:gitlab-ci @1 GitLab CI configuration",
      "image:node @1 image: node:20",
      "image:cypress/included @8 test.image.name: cypress/included:13.6.0",
      "image:postgres @11 test.services[0]: postgres:16",
      "image:redis @12 test.services[1].name: redis:7",
    ],
  },
  {
    name: "CircleCI docker executors",
    detector: circleCiDetector,
    path: ".circleci/config.yml",
    text: dedent(`
      version: 2.1
      executors:
        py:
          docker:
            - image: cimg/python:3.12
      jobs:
        test:
          docker:
            - image: cimg/node:20.11
            - image: cimg/postgres:16.1
    `),
    expected: [
      "ci:circleci @1 CircleCI configuration",
      "image:cimg/python @5 executors.py.docker[0].image: cimg/python:3.12",
      "image:cimg/node @9 jobs.test.docker[0].image: cimg/node:20.11",
      "image:cimg/postgres @10 jobs.test.docker[1].image: cimg/postgres:16.1",
    ],
  },
  {
    name: "Azure Pipelines: container resources and job containers, not aliases",
    detector: azurePipelinesDetector,
    path: "azure-pipelines.yml",
    text: dedent(`
      trigger: [main]
      resources:
        containers:
          - container: pg
            image: postgres:15
      jobs:
        - job: build
          container: mcr.microsoft.com/dotnet/sdk:8.0
          services:
            db: pg
        - job: other
          container: pg
    `),
    expected: [
      "ci:azure-pipelines @1 Azure Pipelines definition",
      "image:postgres @5 resources.containers[0].image: postgres:15",
      "image:mcr.microsoft.com/dotnet/sdk @8 jobs[0].container: mcr.microsoft.com/dotnet/sdk:8.0",
    ],
  },
  {
    name: "Travis CI services are not images",
    detector: travisCiDetector,
    path: ".travis.yml",
    text: "language: node_js\nservices:\n  - postgresql\n",
    expected: ["ci:travis-ci @1 Travis CI configuration"],
  },
  {
    name: "Bitbucket Pipelines: step images and service definitions",
    detector: bitbucketPipelinesDetector,
    path: "bitbucket-pipelines.yml",
    text: dedent(`
      image: atlassian/default-image:4
      pipelines:
        default:
          - step:
              image: python:3.12
              services: [mysql]
              script: [pytest]
      definitions:
        services:
          mysql:
            image: mysql:8.0
    `),
    expected: [
      "ci:bitbucket-pipelines @1 Bitbucket Pipelines configuration",
      "image:atlassian/default-image @1 image: atlassian/default-image:4",
      "image:python @5 pipelines.default[0].step.image: python:3.12",
      "image:mysql @11 definitions.services.mysql.image: mysql:8.0",
    ],
  },
  {
    name: "Buildkite plugin images",
    detector: buildkiteDetector,
    path: ".buildkite/pipeline.yml",
    text: dedent(`
      steps:
        - label: test
          command: make test
          plugins:
            - docker#v5.10.0:
                image: golang:1.22
    `),
    expected: [
      "ci:buildkite @1 Buildkite pipeline",
      "image:golang @6 steps[0].plugins[0].docker#v5.10.0.image: golang:1.22",
    ],
  },
  {
    name: "Drone: multi-document pipelines with step and service images",
    detector: droneDetector,
    path: ".drone.yml",
    text: dedent(`
      kind: pipeline
      type: docker
      name: default
      steps:
        - name: test
          image: golang:1.22
          commands: [go test ./...]
      services:
        - name: cache
          image: redis:7
      ---
      kind: secret
      name: token
    `),
    expected: [
      "ci:drone @1 Drone pipeline",
      "image:golang @6 steps[0].image: golang:1.22",
      "image:redis @10 services[0].image: redis:7",
    ],
  },
  {
    name: "Jenkinsfile with docker agents",
    detector: jenkinsDetector,
    path: "Jenkinsfile",
    text: dedent(`

      pipeline {
        agent {
          docker {
            image 'maven:3.9-eclipse-temurin-21'
          }
        }
        stages {
          stage('lint') {
            agent { docker 'hadolint/hadolint:latest' }
            steps { sh 'docker build .' }
          }
          stage('db') {
            steps { script { docker.image("postgres:16").inside { sh 'psql' } } }
          }
        }
      }
    `),
    expected: [
      "ci:jenkins @2 Jenkinsfile",
      "image:maven @5 image 'maven:3.9-eclipse-temurin-21'",
      "image:hadolint/hadolint @10 agent { docker 'hadolint/hadolint:latest' }",
      "image:postgres @14 steps { script { docker.image(\"postgres:16\").inside { sh 'psql' } } }",
    ],
  },
  {
    name: "an empty workflow",
    detector: githubWorkflowDetector,
    path: ".github/workflows/empty.yaml",
    text: "",
    expected: [],
  },
  {
    name: "CRLF and a byte order mark",
    detector: githubWorkflowDetector,
    path: ".github/workflows/crlf.yml",
    text: "\uFEFFon: push\r\njobs:\r\n  a:\r\n    steps:\r\n      - uses: actions/cache@v4\r\n",
    expected: [
      "ci:github-actions @1 GitHub Actions workflow",
      "gh-action:actions/cache @5 jobs.a.steps[0].uses: actions/cache@v4",
    ],
  },
  {
    name: "a malformed action.yml is not claimed by name alone",
    detector: githubActionDetector,
    path: "tools/action.yml",
    text: "runs: [\n",
    expected: [],
  },
];

describe("CI detectors", () => {
  it.each(cases)("$name", ({ detector, path, text, expected }) => {
    expect(detect(detector, path, text, "ci")).toEqual(expected);
  });

  it.each([
    [githubWorkflowDetector, ".github/workflows/release.yaml", "sub/.github/workflows/x.yml"],
    [gitlabCiDetector, "ci/build.gitlab-ci.yml", "gitlab-ci.md"],
    [gitlabCiDetector, ".gitlab/ci/test.yml", "my-gitlab-ci.yml"],
    [azurePipelinesDetector, "build/azure-pipelines.release.yml", "pipelines.yml"],
    [buildkiteDetector, ".buildkite/pipeline.deploy.yml", ".buildkite/hooks/pre-command"],
    [jenkinsDetector, "ci/Jenkinsfile.nightly", "Jenkinsfile.md.bak/x"],
  ] as const)("%s claims %s but not %s", (detector, claimed, ignored) => {
    expect(detector.matches(claimed)).toBe(true);
    expect(detector.matches(ignored)).toBe(false);
  });

  it.each([
    [githubWorkflowDetector, ".github/workflows/ci.yml", "jobs:\n  a:\n    steps: [\n"],
    [gitlabCiDetector, ".gitlab-ci.yml", "test:\n  script: [a\n"],
    [circleCiDetector, ".circleci/config.yml", "jobs:\n\tbuild: {}\n"],
    [droneDetector, ".drone.yml", "kind: pipeline\n---\nsteps: [\n"],
  ] as const)("%s reports malformed %s", (detector, path, text) => {
    const error = parseError(detector, path, text);
    expect(error.message.startsWith(`${path} is not valid YAML: `)).toBe(true);
    expect(error.line).toBeGreaterThan(0);
  });
});

/** `space:name scope`, with no scope shown as production: what evidence.ts turns into the evidence kind. */
function scopes(detector: FileDetector, path: string, text: string): string[] {
  expect(detector.matches(path), `${detector.id} should match ${path}`).toBe(true);
  return detector
    .detect({ path, text })
    .map((found) => `${found.key.space}:${found.key.name} ${found.scope ?? "production"}`);
}

describe("CI evidence is tooling unless it deploys", () => {
  it.each<Case>([
    {
      name: "GitHub: setup, scanning, coverage and release steps of a Terraform module's CI",
      detector: githubWorkflowDetector,
      path: ".github/workflows/ci.yml",
      text: dedent(`
        on: [push, pull_request]
        jobs:
          validate:
            runs-on: ubuntu-latest
            container: hashicorp/terraform:1.8
            services:
              localstack:
                image: localstack/localstack:3
            steps:
              - uses: actions/checkout@v4
              - uses: actions/setup-python@v5
              - uses: actions/setup-node@v4
              - uses: denoland/setup-deno@v1
              - uses: actions/setup-go@v5
              - uses: actions/setup-java@v4
              - uses: hashicorp/setup-terraform@v3
              - run: terraform init && terraform plan
              - uses: github/codeql-action/analyze@v3
              - uses: codecov/codecov-action@v4
              - uses: docker://cypress/included:13.6.0
          release:
            runs-on: ubuntu-latest
            steps:
              - uses: cycjimmy/semantic-release-action@v4
              - uses: googleapis/release-please-action@v4
              - uses: docker/build-push-action@v6
      `),
      expected: [
        "ci:github-actions production",
        "gh-action:actions/checkout dev",
        "gh-action:actions/setup-python dev",
        "gh-action:actions/setup-node dev",
        "gh-action:denoland/setup-deno dev",
        "gh-action:actions/setup-go dev",
        "gh-action:actions/setup-java dev",
        "gh-action:hashicorp/setup-terraform dev",
        "gh-action:github/codeql-action dev",
        "gh-action:codecov/codecov-action test",
        "image:cypress/included test",
        "gh-action:cycjimmy/semantic-release-action build",
        "gh-action:googleapis/release-please-action build",
        "gh-action:docker/build-push-action build",
        "image:hashicorp/terraform dev",
        "image:localstack/localstack test",
      ],
    },
    {
      name: "GitHub: pushing the repository's image to a cloud registry ships it; to Docker Hub it is a release; either registry serves the product",
      detector: githubWorkflowDetector,
      path: ".github/workflows/image.yml",
      text: dedent(`
        on: push
        jobs:
          ecr:
            runs-on: ubuntu-latest
            steps:
              - uses: aws-actions/configure-aws-credentials@v4
              - uses: aws-actions/amazon-ecr-login@v2
              - uses: docker/build-push-action@v6
                with:
                  push: true
          artifact-registry:
            runs-on: ubuntu-latest
            steps:
              - uses: docker/login-action@v3
                with:
                  registry: europe-docker.pkg.dev
              - run: docker push europe-docker.pkg.dev/acme/shop/api:latest
          hub:
            runs-on: ubuntu-latest
            steps:
              - uses: docker/login-action@v3
              - uses: docker/build-push-action@v6
                with:
                  push: true
          build-only:
            runs-on: ubuntu-latest
            steps:
              - uses: aws-actions/amazon-ecr-login@v2
              - uses: docker/build-push-action@v6
      `),
      expected: [
        "ci:github-actions production",
        "gh-action:aws-actions/configure-aws-credentials production",
        "gh-action:aws-actions/amazon-ecr-login production",
        "gh-action:docker/build-push-action build",
        "gh-action:docker/login-action dev",
        "gh-action:docker/login-action dev",
        "gh-action:docker/build-push-action build",
        "gh-action:aws-actions/amazon-ecr-login dev",
        "gh-action:docker/build-push-action build",
        "host:europe-docker.pkg.dev production",
        "host:docker.pkg.dev production",
        "host:docker.io production",
      ],
    },
    {
      name: "GitHub: kubectl and helm against a kind cluster are a test, not a deploy",
      detector: githubWorkflowDetector,
      path: ".github/workflows/e2e.yml",
      text: dedent(`
        on: push
        jobs:
          e2e:
            runs-on: ubuntu-latest
            steps:
              - uses: helm/kind-action@v1
              - uses: azure/setup-helm@v4
              - run: |
                  kubectl apply -f k8s/
                  helm upgrade --install app ./chart
          minikube:
            runs-on: ubuntu-latest
            steps:
              - uses: azure/setup-kubectl@v4
              - run: minikube start && kubectl apply -f k8s/
      `),
      expected: [
        "ci:github-actions production",
        "gh-action:helm/kind-action test",
        "gh-action:azure/setup-helm dev",
        "gh-action:azure/setup-kubectl dev",
        "command:kubectl dev",
      ],
    },
    {
      name: "GitHub: a release job's Flux and Helm pushes are tooling",
      detector: githubWorkflowDetector,
      path: ".github/workflows/release.yml",
      text: dedent(`
        on: { push: { tags: ["v*"] } }
        jobs:
          release:
            runs-on: ubuntu-latest
            steps:
              - uses: fluxcd/flux2/action@main
              - run: flux push artifact oci://ghcr.io/acme/manifests:\${{ github.ref_name }} --path=./deploy
              - uses: helm/chart-releaser-action@v1
              - uses: aws-actions/configure-aws-credentials@v4
      `),
      expected: [
        "ci:github-actions production",
        "gh-action:fluxcd/flux2 dev",
        "gh-action:helm/chart-releaser-action build",
        "gh-action:aws-actions/configure-aws-credentials dev",
      ],
    },
    {
      name: "GitHub: a job with an environment deploys; its setup steps stay tooling",
      detector: githubWorkflowDetector,
      path: ".github/workflows/deploy.yml",
      text: dedent(`
        on: { push: { branches: [main] } }
        jobs:
          ship:
            runs-on: ubuntu-latest
            environment: production
            container: amazon/aws-cli:2
            steps:
              - uses: actions/setup-node@v4
              - uses: aws-actions/configure-aws-credentials@v4
              - uses: aws-actions/amazon-ecr-login@v2
              - uses: docker/build-push-action@v6
              - uses: aws-actions/amazon-ecs-deploy-task-definition@v2
          staging:
            runs-on: ubuntu-latest
            environment: { name: staging, url: "https://staging.example.com" }
            steps:
              - uses: azure/setup-kubectl@v4
              - uses: azure/aks-set-context@v4
              - run: kubectl apply -f k8s/
          integration:
            runs-on: ubuntu-latest
            environment: test
            steps:
              - uses: google-github-actions/auth@v2
      `),
      expected: [
        "ci:github-actions production",
        "gh-action:actions/setup-node dev",
        "gh-action:aws-actions/configure-aws-credentials production",
        "gh-action:aws-actions/amazon-ecr-login production",
        "gh-action:docker/build-push-action build",
        "gh-action:aws-actions/amazon-ecs-deploy-task-definition production",
        "gh-action:azure/setup-kubectl production",
        "gh-action:azure/aks-set-context production",
        "gh-action:google-github-actions/auth dev",
        "image:amazon/aws-cli production",
        "command:kubectl production",
      ],
    },
    {
      name: "GitHub: deploy actions and deploy commands make a deploy job without an environment",
      detector: githubWorkflowDetector,
      path: ".github/workflows/cd.yml",
      text: dedent(`
        on: push
        jobs:
          web:
            runs-on: ubuntu-latest
            steps:
              - uses: azure/login@v2
              - uses: azure/webapps-deploy@v3
          run:
            runs-on: ubuntu-latest
            steps:
              - uses: google-github-actions/auth@v2
              - uses: google-github-actions/deploy-cloudrun@v2
          lambda:
            runs-on: ubuntu-latest
            steps:
              - uses: aws-actions/configure-aws-credentials@v4
              - run: npx serverless deploy --stage prod
          infra:
            runs-on: ubuntu-latest
            steps:
              - uses: hashicorp/setup-terraform@v3
              - run: terraform -chdir=infra apply -auto-approve
          deploy:
            uses: acme/workflows/.github/workflows/deploy.yml@main
      `),
      expected: [
        "ci:github-actions production",
        "gh-action:azure/login production",
        "gh-action:azure/webapps-deploy production",
        "gh-action:google-github-actions/auth production",
        "gh-action:google-github-actions/deploy-cloudrun production",
        "gh-action:aws-actions/configure-aws-credentials production",
        "gh-action:hashicorp/setup-terraform production",
        "gh-action:acme/workflows production",
      ],
    },
    {
      name: "GitHub: Pages deploys a site, and only publishes a documentation or report job's pages",
      detector: githubWorkflowDetector,
      path: ".github/workflows/pages.yml",
      text: dedent(`
        on: push
        jobs:
          site:
            runs-on: ubuntu-latest
            steps:
              - run: npm ci && npm run build
              - uses: actions/upload-pages-artifact@v3
                with:
                  path: out/
              - uses: actions/deploy-pages@v4
          schema-report:
            runs-on: ubuntu-latest
            steps:
              - run: java -jar /tmp/schemaspy.jar -o /tmp/schema
              - uses: peaceiris/actions-gh-pages@v4
                with:
                  publish_dir: /tmp/schema
      `),
      expected: [
        "ci:github-actions production",
        "gh-action:actions/upload-pages-artifact production",
        "gh-action:actions/deploy-pages production",
        "gh-action:peaceiris/actions-gh-pages build",
      ],
    },
    {
      name: "GitHub: a CI helper action under .github/ is tooling",
      detector: githubActionDetector,
      path: ".github/actions/setup/action.yml",
      text: dedent(`
        runs:
          using: composite
          steps:
            - uses: actions/setup-node@v4
            - uses: pnpm/action-setup@v4
      `),
      expected: [
        "ci:github-actions production",
        "gh-action:actions/setup-node dev",
        "gh-action:pnpm/action-setup dev",
      ],
    },
    {
      name: "GitHub: a published action's own steps are the product",
      detector: githubActionDetector,
      path: "action.yml",
      text: dedent(`
        runs:
          using: composite
          steps:
            - uses: actions/setup-node@v4
      `),
      expected: ["ci:github-actions production", "gh-action:actions/setup-node production"],
    },
    {
      name: "GitLab: test jobs and services are tooling or test, the deploy job's image production",
      detector: gitlabCiDetector,
      path: ".gitlab-ci.yml",
      text: dedent(`
        image: node:20
        stages: [test, deploy]
        e2e:
          stage: test
          image: cypress/included:13.6.0
          services: [postgres:16]
          script: [npx cypress run]
        apply:
          stage: deploy
          image: { name: hashicorp/terraform:1.8, entrypoint: [""] }
          script: [terraform apply -auto-approve]
          environment: production
        plan:
          image: hashicorp/terraform:1.8
          script: [terraform plan]
        review:
          image: bitnami/kubectl:1.30
          script: [kubectl apply -f k8s/]
          environment: { name: review/$CI_COMMIT_REF_SLUG }
        kind-test:
          image: bitnami/kubectl:1.30
          script: [kind create cluster, kubectl apply -f k8s/]
      `),
      expected: [
        "ci:gitlab-ci production",
        "image:node dev",
        "image:cypress/included test",
        "image:postgres test",
        "image:hashicorp/terraform production",
        "image:hashicorp/terraform dev",
        "image:bitnami/kubectl production",
        "image:bitnami/kubectl dev",
        "command:kubectl production",
        "command:kubectl dev",
      ],
    },
    {
      name: "CircleCI: a deploy job's image is production",
      detector: circleCiDetector,
      path: ".circleci/config.yml",
      text: dedent(`
        version: 2.1
        jobs:
          test:
            docker: [{ image: cimg/node:20.11 }, { image: cimg/postgres:16.1 }]
          deploy-prod:
            docker: [{ image: cimg/aws:2024.03 }]
            steps: [checkout, { run: aws ecs update-service --cluster prod --service api }]
          publish:
            docker: [{ image: cimg/base:current }]
            steps: [{ run: { command: "sam deploy --no-confirm-changeset" } }]
      `),
      expected: [
        "ci:circleci production",
        "image:cimg/node dev",
        "image:cimg/postgres dev",
        "image:cimg/aws production",
        "image:cimg/base production",
        "command:aws ecs production",
        "command:aws ecs update-service production",
      ],
    },
    {
      name: "Azure Pipelines: deployment jobs deploy",
      detector: azurePipelinesDetector,
      path: "azure-pipelines.yml",
      text: dedent(`
        stages:
          - stage: Build
            jobs:
              - job: build
                container: mcr.microsoft.com/dotnet/sdk:8.0
          - stage: Release
            jobs:
              - deployment: web
                environment: production
                container: mcr.microsoft.com/azure-cli:2.61.0
          - stage: DeployInfra
            jobs:
              - job: apply
                container: hashicorp/terraform:1.8
      `),
      expected: [
        "ci:azure-pipelines production",
        "image:mcr.microsoft.com/dotnet/sdk dev",
        "image:mcr.microsoft.com/azure-cli production",
        "image:hashicorp/terraform production",
      ],
    },
    {
      name: "Bitbucket: a step with a deployment environment deploys",
      detector: bitbucketPipelinesDetector,
      path: "bitbucket-pipelines.yml",
      text: dedent(`
        pipelines:
          branches:
            main:
              - step: { name: Test, image: "python:3.12", services: [db], script: [pytest] }
              - step: { name: Ship, image: "amazon/aws-cli:2", deployment: production, script: [./ship.sh] }
              - step: { name: Smoke, image: "curlimages/curl:8", deployment: test, script: [curl x] }
        definitions:
          services:
            db: { image: "postgres:16" }
      `),
      expected: [
        "ci:bitbucket-pipelines production",
        "image:python dev",
        "image:amazon/aws-cli production",
        "image:curlimages/curl dev",
        "image:postgres test",
      ],
    },
    {
      name: "CircleCI orbs: scoped by where their alias is used",
      detector: circleCiDetector,
      path: ".circleci/config.yml",
      text: dedent(`
        version: 2.1
        orbs:
          node: circleci/node@5.2
          aws-ecr: circleci/aws-ecr@9.0.4
          aws-ecs: circleci/aws-ecs@4.0.0
          aws-cli: circleci/aws-cli@4.1
          cypress: cypress-io/cypress@3
          local:
            commands: { hello: { steps: [{ run: echo hi }] } }
        jobs:
          release:
            docker: [{ image: cimg/base:current }]
            steps: [checkout, aws-cli/setup, { run: aws ecs update-service --cluster prod --service api }]
        workflows:
          main:
            jobs:
              - node/test
              - cypress/run
              - aws-ecr/build_and_push_image: { repo: api }
              - aws-ecs/deploy_service_update: { family: api }
              - release
      `),
      expected: [
        "ci:circleci production",
        "circleci-orb:circleci/node test",
        "circleci-orb:circleci/aws-ecr production",
        "circleci-orb:circleci/aws-ecs production",
        "circleci-orb:circleci/aws-cli production",
        "circleci-orb:cypress-io/cypress test",
        "image:cimg/base production",
        "command:aws ecs production",
        "command:aws ecs update-service production",
      ],
    },
    {
      name: "CircleCI orbs used only to set up a build are tooling",
      detector: circleCiDetector,
      path: ".circleci/config.yml",
      text: dedent(`
        version: 2.1
        orbs: { python: circleci/python@2.1, aws-cli: circleci/aws-cli@4.1, unused: circleci/slack@4 }
        jobs:
          build:
            executor: python/default
            steps: [checkout, aws-cli/setup, python/install-packages]
      `),
      expected: [
        "ci:circleci production",
        "circleci-orb:circleci/python dev",
        "circleci-orb:circleci/aws-cli dev",
        "circleci-orb:circleci/slack dev",
      ],
    },
    {
      name: "Bitbucket pipes: a deploy pipe deploys; others are tooling unless in a deploy step",
      detector: bitbucketPipelinesDetector,
      path: "bitbucket-pipelines.yml",
      text: dedent(`
        pipelines:
          default:
            - step:
                name: Build
                script:
                  - pipe: atlassian/aws-ecr-push-image:2.4.2
                    variables: { IMAGE_NAME: api }
                  - pipe: sonarsource/sonarcloud-scan:2.0.0
                  - pipe: docker://acme/checker:1
            - step:
                name: Release
                deployment: production
                script:
                  - pipe: atlassian/aws-ecs-deploy:1.12.1
                  - pipe: atlassian/aws-eks-kubectl-run:2.8.0
      `),
      expected: [
        "ci:bitbucket-pipelines production",
        "bitbucket-pipe:atlassian/aws-ecr-push-image production",
        "bitbucket-pipe:sonarsource/sonarcloud-scan dev",
        "image:acme/checker dev",
        "bitbucket-pipe:atlassian/aws-ecs-deploy production",
        "bitbucket-pipe:atlassian/aws-eks-kubectl-run production",
      ],
    },
    {
      name: "Azure Pipelines tasks: deploy tasks deploy, test tasks test, the rest is tooling outside a deployment",
      detector: azurePipelinesDetector,
      path: "azure-pipelines.yml",
      text: dedent(`
        stages:
          - stage: Build
            jobs:
              - job: build
                steps:
                  - task: UseDotNet@2
                  - task: DotNetCoreCLI@2
                    inputs: { command: test }
                  - task: PublishTestResults@2
                  - task: AzureCLI@2
          - stage: Release
            jobs:
              - deployment: web
                environment: production
                strategy:
                  runOnce:
                    deploy:
                      steps:
                        - task: AzureCLI@2
                        - task: AzureWebApp@1
                        - task: HelmDeploy@0
      `),
      expected: [
        "ci:azure-pipelines production",
        "azure-task:usedotnet dev",
        "azure-task:dotnetcorecli dev",
        "azure-task:publishtestresults test",
        "azure-task:azurecli dev",
        "azure-task:azurecli production",
        "azure-task:azurewebapp production",
        "azure-task:helmdeploy production",
      ],
    },
    {
      name: "Buildkite: a deploy step's plugin image is production",
      detector: buildkiteDetector,
      path: ".buildkite/pipeline.yml",
      text: dedent(`
        steps:
          - label: ":test_tube: test"
            plugins: [{ "docker#v5.10.0": { image: "golang:1.22" } }]
          - label: ":rocket: Deploy"
            plugins: [{ "docker#v5.10.0": { image: "alpine/helm:3.14" } }]
      `),
      expected: ["ci:buildkite production", "image:golang dev", "image:alpine/helm production"],
    },
    {
      name: "Drone: a promotion pipeline deploys, a test pipeline does not",
      detector: droneDetector,
      path: ".drone.yml",
      text: dedent(`
        kind: pipeline
        name: test
        steps:
          - { name: test, image: "golang:1.22", commands: [go test ./...] }
        ---
        kind: pipeline
        name: production
        trigger: { event: [promote], target: [production] }
        steps:
          - { name: ship, image: "plugins/ecs" }
      `),
      expected: ["ci:drone production", "image:golang dev", "image:plugins/ecs production"],
    },
    {
      name: "Jenkins: images of a deploy stage are production",
      detector: jenkinsDetector,
      path: "Jenkinsfile",
      text: dedent(`
        pipeline {
          agent { docker 'maven:3.9' }
          stages {
            stage('Test') {
              steps { script { docker.image('postgres:16').inside { sh 'mvn verify' } } }
            }
            stage('Deploy to production') {
              agent { docker 'bitnami/kubectl:1.30' }
              steps { sh 'kubectl apply -f k8s/' }
            }
          }
        }
      `),
      expected: [
        "ci:jenkins production",
        "image:maven dev",
        "image:postgres dev",
        "image:bitnami/kubectl production",
      ],
    },
  ])("$name", ({ detector, path, text, expected }) => {
    expect(scopes(detector, path, text)).toEqual(expected);
  });
});

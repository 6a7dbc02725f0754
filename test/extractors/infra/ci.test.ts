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
} from "../../../extractors/infra/ci.js";
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

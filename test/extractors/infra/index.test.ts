import { describe, expect, it } from "vitest";
import { extract } from "../../../extractors/extract.js";
import { infraDetectors } from "../../../extractors/infra/index.js";
import type { TechStatus } from "../../../core/truth.js";

/** Which detectors want each file: the walker hands a file to every detector that matches it. */
const routing: [string, string[]][] = [
  ["main.tf", ["terraform"]],
  [".terraform.lock.hcl", ["terraform-lock"]],
  ["infra/stack.yaml", ["cloudformation", "kubernetes"]],
  ["serverless.yml", ["serverless.yml", "kubernetes"]],
  ["cdk.json", ["cloudformation", "cdk.json"]],
  ["Pulumi.yaml", ["cloudformation", "Pulumi.yaml", "kubernetes"]],
  ["k8s/kustomization.yaml", ["cloudformation", "kustomization.yaml"]],
  ["charts/app/Chart.yaml", ["cloudformation", "kubernetes", "Chart.yaml"]],
  ["charts/app/values.yaml", ["cloudformation", "kubernetes", "values.yaml"]],
  ["Dockerfile", ["Dockerfile"]],
  ["docker-compose.yml", ["cloudformation", "kubernetes", "docker-compose"]],
  [".github/workflows/ci.yml", ["cloudformation", "kubernetes", "github-actions"]],
  [".gitlab-ci.yml", ["cloudformation", "kubernetes", "gitlab-ci"]],
  ["Jenkinsfile", ["jenkins"]],
  ["src/index.ts", []],
];

describe("infraDetectors", () => {
  it("have unique ids", () => {
    const ids = infraDetectors.map((detector) => detector.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it.each(routing)("%s goes to %j", (path, ids) => {
    const matching = infraDetectors
      .filter((detector) => detector.matches(path))
      .map((detector) => detector.id);
    expect(matching).toEqual(ids);
  });
});

/** Extraction over small fixture repositories: what CI sets up and what runs the tests is not production. */
describe("CI and test containers in extraction", { timeout: 30_000 }, () => {
  const statuses = async (name: string): Promise<Record<string, TechStatus>> => {
    const truth = await extract([`test/fixtures/repos/${name}`], { history: false });
    expect(truth.warnings).toEqual([]);
    return Object.fromEntries(truth.technologies.map((t) => [t.id, t.status]));
  };

  it("a pure-HCL Terraform module's CI setup, scanning, release and kind cluster are tooling or test", async () => {
    expect(await statuses("ci-terraform-module")).toEqual({
      "amazon-s3": "production",
      aws: "production",
      codecov: "test-only",
      codeql: "tooling-only",
      deno: "tooling-only",
      flux: "tooling-only",
      "github-actions": "production",
      helm: "tooling-only",
      kind: "test-only",
      nodejs: "tooling-only",
      python: "tooling-only",
      "semantic-release": "tooling-only",
      terraform: "production",
    });
  });

  it("a deploy job's target stays production, its setup steps do not", async () => {
    expect(await statuses("ci-ecs-deploy")).toEqual({
      "amazon-ecr": "production",
      "amazon-ecs": "production",
      aws: "production",
      docker: "tooling-only",
      "github-actions": "production",
      nodejs: "tooling-only",
    });
  });

  it("Playwright, Cypress and Selenium containers and a test compose file are test evidence", async () => {
    expect(await statuses("test-containers-playwright")).toEqual({
      cypress: "test-only",
      docker: "production",
      "docker-compose": "production",
      playwright: "test-only",
      postgresql: "production",
      python: "production",
      redis: "test-only",
      selenium: "test-only",
    });
  });
});

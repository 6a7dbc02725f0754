import { describe, expect, it } from "vitest";
import { infraDetectors } from "../../../extractors/infra/index.js";

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

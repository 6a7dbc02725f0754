// Orbs, pipes and tasks reach the catalog: a deploy step's service is production, a scan is tooling.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { extract } from "../../extractors/extract.js";

describe("CircleCI orbs, Bitbucket pipes and Azure tasks name technologies", async () => {
  const repo = fileURLToPath(new URL("../fixtures/repos/ci-steps", import.meta.url));
  const truth = await extract([repo], { history: false });
  const found = (id: string) => {
    const technology = truth.technologies.find((t) => t.id === id);
    return (
      technology && [technology.status, technology.evidence.map((e) => `${e.path}:${e.line} ${e.detail}`)]
    );
  };

  it.each([
    ["amazon-ecs", "production", ".circleci/config.yml:4 orbs.aws-ecs: circleci/aws-ecs@4.0.0"],
    ["nodejs", "test-only", ".circleci/config.yml:3 orbs.node: circleci/node@5.2"],
    ["azure-functions", "production", "azure-pipelines.yml:10 task: AzureFunctionApp@2"],
    ["snyk", "tooling-only", "bitbucket-pipelines.yml:6 pipe: snyk/snyk-scan:1.0.1"],
  ])("%s is %s", (id, status, evidence) => {
    expect(found(id)).toEqual([status, [evidence]]);
  });
});

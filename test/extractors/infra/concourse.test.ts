import { beforeAll, describe, expect, it } from "vitest";
import { concourseDetector } from "../../../extractors/infra/ci/index.js";
import { dedent, detect, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(concourseDetector));

describe("Concourse CI", () => {
  it("reads a task configuration and the cloud commands it runs, as a deploy script's", () => {
    const text = dedent(`
      platform: linux
      image_resource:
        type: registry-image
        source:
          repository: gcr.io/google.com/cloudsdktool/cloud-sdk
      run:
        path: bash
        args:
          - -exc
          - |
            gcloud config set project "\${PROJECT_ID}"
            DATAFLOW_JOB=$(gcloud dataflow jobs run purge_session \\
              --region europe-west2)
    `);
    expect(detect(concourseDetector, "ci/purge_expired_sessions.yaml", text, "ci")).toEqual([
      "ci:concourse @1 Concourse task configuration",
      'command:gcloud config @11 gcloud config set project "${PROJECT_ID}"',
      'command:gcloud config set @11 gcloud config set project "${PROJECT_ID}"',
      "command:gcloud dataflow @12 DATAFLOW_JOB=$(gcloud dataflow jobs run purge_session \\",
      "command:gcloud dataflow jobs @12 DATAFLOW_JOB=$(gcloud dataflow jobs run purge_session \\",
    ]);
    expect(
      concourseDetector
        .detect({ path: "ci/t.yml", text })
        .slice(1)
        .every((d) => d.deploys),
    ).toBe(true);
  });

  it("reads a pipeline by its jobs' plans", () => {
    const text = dedent(`
      resources:
        - name: repo
          type: git
      jobs:
        - name: deploy
          plan:
            - get: repo
            - task: deploy
              file: repo/ci/deploy.yaml
    `);
    expect(detect(concourseDetector, "concourse/pipeline.yml", text, "ci")).toEqual([
      "ci:concourse @1 Concourse pipeline",
    ]);
  });

  it("is nothing for other YAML in a ci/ folder, or malformed YAML", () => {
    expect(
      concourseDetector.detect({ path: "ci/values.yaml", text: "platform: linux\nreplicas: 2\n" }),
    ).toEqual([]);
    expect(concourseDetector.detect({ path: "ci/jobs.yaml", text: "jobs:\n  - name: a\n" })).toEqual([]);
    expect(concourseDetector.detect({ path: "ci/task.yml", text: "platform: [linux\n" })).toEqual([]);
    expect(concourseDetector.matches("app/config.yml")).toBe(false);
    expect(concourseDetector.matches("ci/tasks/unit.yml")).toBe(true);
  });
});

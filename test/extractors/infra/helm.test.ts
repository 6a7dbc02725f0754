import { beforeAll, describe, expect, it } from "vitest";
import { chartDetector, valuesDetector } from "../../../extractors/infra/helm.js";
import { dedent, detect, parseError, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(chartDetector, valuesDetector));

describe("chartDetector", () => {
  it.each([
    {
      name: "a chart with dependencies",
      text: dedent(`
        apiVersion: v2
        name: shop
        version: 1.0.0
        dependencies:
          - name: postgresql
            version: 15.x.x
            repository: https://charts.bitnami.com/bitnami
          - name: redis
            version: 19.x.x
            repository: oci://registry-1.docker.io/bitnamicharts
            condition: redis.enabled
          - name: common
            repository: file://../common
      `),
      expected: [
        "tool:helm @1 Helm chart shop",
        "tool:kubernetes @1 Helm chart shop (deploys to Kubernetes)",
        "helm:postgresql @5 dependencies: postgresql (https://charts.bitnami.com/bitnami)",
        "helm:redis @8 dependencies: redis (oci://registry-1.docker.io/bitnamicharts)",
      ],
    },
    {
      name: "a chart without dependencies",
      text: "# comment\napiVersion: v2\nname: solo\n",
      expected: [
        "tool:helm @2 Helm chart solo",
        "tool:kubernetes @2 Helm chart solo (deploys to Kubernetes)",
      ],
    },
    { name: "an empty Chart.yaml", text: "", expected: [] },
  ])("$name", ({ text, expected }) => {
    expect(detect(chartDetector, "charts/shop/Chart.yaml", text, "iac")).toEqual(expected);
  });

  it("reports a malformed Chart.yaml with its line", () => {
    const error = parseError(
      chartDetector,
      "Chart.yaml",
      "apiVersion: v2\nname: x\ndependencies:\n  - name: [a\n",
    );
    expect(error.message).toMatch(/^Chart\.yaml is not valid YAML: .+\.$/);
    expect(error.line).toBeGreaterThanOrEqual(4);
  });
});

describe("valuesDetector", () => {
  it.each([
    {
      name: "image strings and repository maps at any depth",
      path: "charts/shop/values.yaml",
      text: dedent(`
        image:
          registry: docker.io
          repository: bitnami/postgresql
          tag: 16.2.0
          pullPolicy: IfNotPresent
        metrics:
          exporterImage:
            repository: quay.io/prometheuscommunity/postgres-exporter
            tag: v0.15.0
        sidecars:
          - name: proxy
            image: envoyproxy/envoy:v1.29
        worker:
          image:
            name: ghcr.io/acme/worker
            tag: "2"
        imagePullSecrets: []
        replicas: 2
      `),
      expected: [
        "image:bitnami/postgresql @3 image.repository: docker.io/bitnami/postgresql",
        "image:quay.io/prometheuscommunity/postgres-exporter @8 metrics.exporterImage.repository: quay.io/prometheuscommunity/postgres-exporter",
        "image:envoyproxy/envoy @12 sidecars[0].image: envoyproxy/envoy:v1.29",
        "image:ghcr.io/acme/worker @15 worker.image.name: ghcr.io/acme/worker",
      ],
    },
    {
      name: "anchors, an empty repository and a boolean are not images",
      path: "values-prod.yaml",
      text: dedent(`
        defaults: &img
          repository: redis
          tag: "7"
        cache:
          image: *img
        other:
          image:
            repository: ""
        flags:
          image: true
      `),
      expected: ["image:redis @2 cache.image.repository: redis"],
    },
    { name: "an empty values file", path: "values.yml", text: "", expected: [] },
  ])("$name", ({ path, text, expected }) => {
    expect(detect(valuesDetector, path, text, "iac")).toEqual(expected);
  });

  it("claims values files and their environment variants only", () => {
    const paths = ["values.yaml", "a/values.dev.yml", "values-staging.yaml", "my-values.yaml", "values.json"];
    expect(paths.map(valuesDetector.matches)).toEqual([true, true, true, false, false]);
  });

  it("reports a malformed values file", () => {
    expect(parseError(valuesDetector, "values.yaml", "image:\n  repository: [x\n").message).toMatch(
      /^values\.yaml is not valid YAML/,
    );
  });
});

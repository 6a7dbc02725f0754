import { beforeAll, describe, expect, it } from "vitest";
import { annotationDetections } from "../../../extractors/infra/annotations.js";
import { valuesDetector } from "../../../extractors/infra/helm.js";
import { kubernetesDetector } from "../../../extractors/infra/kubernetes.js";
import type { FileDetector } from "../../../extractors/types.js";
import { dedent, initDetectors, render } from "./helpers.js";

describe("Kubernetes annotations name the controllers that act on an object", () => {
  it.each([
    {
      name: "an Ingress's controller, by annotation prefix and by class",
      text: dedent(`
        metadata:
          annotations:
            nginx.ingress.kubernetes.io/rewrite-target: /
            "nginx.ingress.kubernetes.io/proxy-body-size": "50m"
            cert-manager.io/cluster-issuer: letsencrypt
        spec:
          ingressClassName: nginx
      `),
      expected: [
        "k8s-annotation:nginx.ingress.kubernetes.io @3 annotation nginx.ingress.kubernetes.io/rewrite-target",
        "k8s-annotation:cert-manager.io @5 annotation cert-manager.io/cluster-issuer",
        "k8s-annotation:ingress-class=nginx @7 ingress class nginx",
      ],
    },
    {
      name: "a Helm values file, at any depth, and a service account's cloud role",
      text: dedent(`
        generic-service:
          serviceAccount:
            annotations:
              eks.amazonaws.com/role-arn: arn:aws:iam::1:role/app
          podAnnotations:
            prometheus.io/scrape: "true"
            kubernetes.io/ingress.class: alb
      `),
      expected: [
        "k8s-annotation:eks.amazonaws.com @4 annotation eks.amazonaws.com/role-arn",
        "k8s-annotation:prometheus.io @6 annotation prometheus.io/scrape",
        "k8s-annotation:ingress-class=alb @7 ingress class alb",
      ],
    },
    {
      name: "Kubernetes' own prefixes, labels of apps and plain keys name nothing",
      text: dedent(`
        metadata:
          labels:
            app.kubernetes.io/name: api
            kubernetes.io/os: linux
          annotations:
            node.kubernetes.io/exclude: "true"
        data:
          url: https://example.com/path
          key: value
      `),
      expected: [],
    },
  ])("$name", ({ text, expected }) => {
    expect(render(annotationDetections(text))).toEqual(expected);
  });
});

describe("the Kubernetes and Helm detectors read annotations", () => {
  beforeAll(() => initDetectors(kubernetesDetector, valuesDetector));
  const keys = (detector: FileDetector, path: string, text: string) =>
    detector
      .detect({ path, text })
      .filter((d) => d.key.space === "k8s-annotation")
      .map((d) => `${d.key.name} ${d.via}`);
  const ingress = dedent(`
    apiVersion: networking.k8s.io/v1
    kind: Ingress
    metadata:
      annotations:
        alb.ingress.kubernetes.io/scheme: internet-facing
  `);

  it("in a manifest, a Helm template and a values file, as configuration", () => {
    expect(keys(kubernetesDetector, "k8s/ingress.yaml", ingress)).toEqual([
      "alb.ingress.kubernetes.io config",
    ]);
    expect(keys(kubernetesDetector, "chart/templates/ingress.yaml", `${ingress}\n{{- end }}\n`)).toEqual([
      "alb.ingress.kubernetes.io config",
    ]);
    expect(
      keys(
        valuesDetector,
        "chart/values.yaml",
        "ingress:\n  annotations:\n    nginx.ingress.kubernetes.io/ssl-redirect: 'true'\n",
      ),
    ).toEqual(["nginx.ingress.kubernetes.io config"]);
  });

  it("never in YAML that is not a Kubernetes object", () => {
    expect(
      keys(kubernetesDetector, "config/app.yaml", "apiVersion: 1\nsettings:\n  cert-manager.io/x: y\n"),
    ).toEqual([]);
  });
});

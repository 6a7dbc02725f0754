import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import {
  helmfileDetector,
  kubernetesDetector,
  kustomizeDetector,
  skaffoldDetector,
} from "../../../extractors/infra/kubernetes.js";
import { extract } from "../../../extractors/extract.js";
import { dedent, detect, parseError, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(helmfileDetector, kubernetesDetector, kustomizeDetector, skaffoldDetector));

interface Case {
  name: string;
  path: string;
  text: string;
  expected: string[];
}

const manifests: Case[] = [
  {
    name: "a multi-document stream with workloads of every shape",
    path: "k8s/app.yaml",
    text: dedent(`
      apiVersion: apps/v1
      kind: Deployment
      metadata:
        name: web
      spec:
        template:
          spec:
            initContainers:
              - name: migrate
                image: flyway/flyway:10
            containers:
              - name: app
                image: ghcr.io/acme/web:1.2.3
              - name: proxy
                image: docker.io/library/nginx@sha256:0123
      ---
      apiVersion: v1
      kind: Service
      metadata:
        name: web
      ---
      ---
      apiVersion: batch/v1
      kind: CronJob
      metadata:
        name: nightly
      spec:
        jobTemplate:
          spec:
            template:
              spec:
                containers:
                  - name: job
                    image: busybox
      ---
      apiVersion: v1
      kind: Pod
      metadata:
        name: debug
      spec:
        containers:
          - image: "\${IMAGE}"
          - image: postgres:16
    `),
    expected: [
      "tool:kubernetes @1 Deployment (apps/v1)",
      "image:flyway/flyway @10 Deployment/web: initContainers.migrate.image: flyway/flyway:10",
      "image:ghcr.io/acme/web @13 Deployment/web: containers.app.image: ghcr.io/acme/web:1.2.3",
      "image:nginx @15 Deployment/web: containers.proxy.image: docker.io/library/nginx@sha256:0123",
      "image:busybox @34 CronJob/nightly: containers.job.image: busybox",
      "image:postgres @43 Pod/debug: containers.1.image: postgres:16",
    ],
  },
  {
    name: "anchors and aliases",
    path: "deploy/stateful.yml",
    text: dedent(`
      apiVersion: apps/v1
      kind: StatefulSet
      metadata: { name: db }
      spec:
        template:
          spec:
            containers:
              - &db
                name: db
                image: mysql:8
            initContainers:
              - *db
    `),
    expected: [
      "tool:kubernetes @1 StatefulSet (apps/v1)",
      "image:mysql @10 StatefulSet/db: containers.db.image: mysql:8",
      "image:mysql @10 StatefulSet/db: initContainers.db.image: mysql:8",
    ],
  },
  {
    name: "CRLF and a byte order mark",
    path: "pod.yaml",
    text: "\uFEFFapiVersion: v1\r\nkind: Pod\r\nspec:\r\n  containers:\r\n    - name: a\r\n      image: redis:7\r\n",
    expected: ["tool:kubernetes @1 Pod (v1)", "image:redis @6 Pod: containers.a.image: redis:7"],
  },
  {
    name: "charts deployed by Flux and Argo CD",
    path: "clusters/prod/apps.yaml",
    text: dedent(`
      apiVersion: helm.toolkit.fluxcd.io/v2
      kind: HelmRelease
      metadata:
        name: ingress
      spec:
        chart:
          spec:
            chart: ingress-nginx
      ---
      apiVersion: argoproj.io/v1alpha1
      kind: Application
      metadata:
        name: monitoring
      spec:
        sources:
          - repoURL: https://prometheus-community.github.io/helm-charts
            chart: kube-prometheus-stack
          - repoURL: https://github.com/acme/config
            path: monitoring
    `),
    expected: [
      "tool:kubernetes @1 HelmRelease (helm.toolkit.fluxcd.io/v2)",
      "api-group:helm.toolkit.fluxcd.io/HelmRelease @1 HelmRelease (helm.toolkit.fluxcd.io/v2)",
      "helm:ingress-nginx @8 HelmRelease/ingress: spec.chart.spec.chart: ingress-nginx",
      "api-group:argoproj.io/Application @10 Application (argoproj.io/v1alpha1)",
      "helm:kube-prometheus-stack @17 Application/monitoring: spec.sources[0].chart: kube-prometheus-stack",
    ],
  },
  {
    name: "a Helm template, not YAML, is read line by line: it renders a Kubernetes object",
    path: "charts/web/templates/deployment.yaml",
    text: 'apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: {{ include "web.fullname" . }}\n{{- if .Values.x }}\n',
    expected: ["tool:kubernetes @1 Deployment (apps/v1) in a Helm template"],
  },
  {
    name: "plain YAML that is not Kubernetes",
    path: "config/settings.yaml",
    text: "server:\n  port: 8080\nimage: nginx\n",
    expected: [],
  },
  {
    name: "tool files that carry apiVersion and kind",
    path: "catalog-info.yaml",
    text: "apiVersion: backstage.io/v1alpha1\nkind: Component\nmetadata:\n  name: web\n",
    expected: ["api-group:backstage.io/Component @1 Component (backstage.io/v1alpha1)"],
  },
  {
    name: "a Crossplane package's metadata names Crossplane, not a cluster",
    path: "package/crossplane.yaml",
    text: "apiVersion: meta.pkg.crossplane.io/v1\nkind: Configuration\nmetadata:\n  name: platform\n",
    expected: ["api-group:meta.pkg.crossplane.io/Configuration @1 Configuration (meta.pkg.crossplane.io/v1)"],
  },
  {
    name: "Istio custom resources name their API group and kind",
    path: "mesh/routing.yaml",
    text: dedent(`
      apiVersion: networking.istio.io/v1beta1
      kind: VirtualService
      metadata:
        name: reviews
      spec:
        hosts: [reviews]
      ---
      apiVersion: security.istio.io/v1
      kind: PeerAuthentication
      metadata:
        name: default
      spec:
        mtls:
          mode: STRICT
    `),
    expected: [
      "tool:kubernetes @1 VirtualService (networking.istio.io/v1beta1)",
      "api-group:networking.istio.io/VirtualService @1 VirtualService (networking.istio.io/v1beta1)",
      "api-group:security.istio.io/PeerAuthentication @8 PeerAuthentication (security.istio.io/v1)",
    ],
  },
  {
    name: "core groups carry no dot and are not reported; named groups of Kubernetes itself are",
    path: "k8s/web.yaml",
    text: dedent(`
      apiVersion: apps/v1
      kind: Deployment
      metadata: { name: web }
      ---
      apiVersion: networking.k8s.io/v1
      kind: Ingress
      metadata: { name: web }
      ---
      apiVersion: gateway.networking.k8s.io/v1
      kind: HTTPRoute
      metadata: { name: web }
      ---
      apiVersion: "karpenter.sh/v1"
      kind: NodePool
      metadata: { name: default }
      ---
      apiVersion: Not A Group/v1
      kind: Thing
    `),
    expected: [
      "tool:kubernetes @1 Deployment (apps/v1)",
      "api-group:networking.k8s.io/Ingress @5 Ingress (networking.k8s.io/v1)",
      "api-group:gateway.networking.k8s.io/HTTPRoute @9 HTTPRoute (gateway.networking.k8s.io/v1)",
      "api-group:karpenter.sh/NodePool @13 NodePool (karpenter.sh/v1)",
    ],
  },
  {
    name: "a Helm template's plain apiVersion and kind lines name its custom resources",
    path: "charts/web/templates/scaledobject.yaml",
    text: dedent(`
      {{- if .Values.autoscaling.enabled }}
      apiVersion: keda.sh/v1alpha1
      kind: ScaledObject
      metadata:
        name: {{ include "web.fullname" . }}
        # kind: NotThis (indented, and a comment)
      {{- end }}
      ---
      apiVersion: {{ .Values.rollout.apiVersion }}
      kind: Rollout
      ---
      apiVersion: "cert-manager.io/v1" # pinned
      kind: Certificate
      ---
      apiVersion: apps/v1
      kind: Deployment
    `),
    expected: [
      "tool:kubernetes @2 ScaledObject (keda.sh/v1alpha1) in a Helm template",
      "api-group:keda.sh/ScaledObject @2 ScaledObject (keda.sh/v1alpha1)",
      "api-group:cert-manager.io/Certificate @12 Certificate (cert-manager.io/v1)",
    ],
  },
  {
    name: "malformed YAML that might have been a manifest",
    path: "broken.yaml",
    text: "apiVersion: v1\nkind: Pod\n  spec: [\n",
    expected: [],
  },
  { name: "an empty file", path: "empty.yml", text: "", expected: [] },
];

describe("kubernetesDetector", () => {
  it.each(manifests)("$name", ({ path, text, expected }) => {
    expect(detect(kubernetesDetector, path, text, "iac")).toEqual(expected);
  });

  it("leaves Kustomize, Skaffold and helmfile files to their detectors", () => {
    expect(
      ["kustomization.yaml", "a/skaffold.yaml", "helmfile.yaml", "x.json"].map(kubernetesDetector.matches),
    ).toEqual([false, false, false, false]);
  });
});

const tools: (Case & { detector: typeof kustomizeDetector })[] = [
  {
    name: "kustomization images (newName wins) and Helm charts",
    detector: kustomizeDetector,
    path: "overlays/prod/kustomization.yaml",
    text: dedent(`
      apiVersion: kustomize.config.k8s.io/v1beta1
      kind: Kustomization
      resources:
        - ../../base
      images:
        - name: nginx
          newTag: "1.25"
        - name: app
          newName: ghcr.io/acme/app
          newTag: v2
      helmCharts:
        - name: redis
          repo: https://charts.bitnami.com/bitnami
    `),
    expected: [
      "tool:kustomize @1 Kustomize kustomization",
      "image:nginx @6 images: nginx",
      "image:ghcr.io/acme/app @9 images: ghcr.io/acme/app",
      "helm:redis @12 helmCharts: redis",
    ],
  },
  {
    name: "skaffold.yaml marks the tool",
    detector: skaffoldDetector,
    path: "skaffold.yaml",
    text: "# dev loop\napiVersion: skaffold/v4beta6\nkind: Config\n",
    expected: ["tool:skaffold @2 Skaffold configuration"],
  },
  {
    name: "helmfile releases report the chart name without its repository",
    detector: helmfileDetector,
    path: "helmfile.yaml",
    text: dedent(`
      repositories:
        - name: bitnami
          url: https://charts.bitnami.com/bitnami
      releases:
        - name: db
          chart: bitnami/postgresql
        - name: app
          chart: ./charts/app
        - name: cache
          chart: oci://registry-1.docker.io/bitnamicharts/redis
    `),
    expected: [
      "helm:postgresql @6 releases.chart: bitnami/postgresql",
      "helm:redis @10 releases.chart: oci://registry-1.docker.io/bitnamicharts/redis",
    ],
  },
  {
    name: "a templated helmfile is read line by line",
    detector: helmfileDetector,
    path: "deploy/helmfile.yaml",
    text: dedent(`
      releases:
      {{- range .Values.apps }}
        - name: {{ . }}
          chart: "ingress-nginx/ingress-nginx"
      {{- end }}
    `),
    expected: ["helm:ingress-nginx @4 releases.chart: ingress-nginx/ingress-nginx"],
  },
  {
    name: "an empty kustomization",
    detector: kustomizeDetector,
    path: "kustomization.yml",
    text: "",
    expected: [],
  },
];

describe("kustomize, skaffold and helmfile detectors", () => {
  it.each(tools)("$name", ({ detector, path, text, expected }) => {
    expect(detect(detector, path, text, "iac")).toEqual(expected);
  });

  it("reports malformed files they claim by name", () => {
    const error = parseError(kustomizeDetector, "kustomization.yaml", "images:\n  - name: [a\n");
    expect(error.message).toMatch(/^kustomization\.yaml is not valid YAML: .+\.$/);
    expect(error.line).toBeDefined();
    expect(parseError(helmfileDetector, "helmfile.yaml", "releases: [\n").message).toMatch(
      /^helmfile\.yaml is not valid YAML/,
    );
    expect(parseError(skaffoldDetector, "skaffold.yaml", "a: b: c\n").message).toMatch(
      /^skaffold\.yaml is not valid YAML/,
    );
  });
});

const FIXTURES = join(import.meta.dirname, "../../fixtures/repos");

/** `vouch extract` on a fixture repository: each technology found, with its status. */
async function extracted(name: string): Promise<Record<string, string>> {
  const truth = await extract([join(FIXTURES, name)], { history: false });
  expect(truth.warnings).toEqual([]);
  return Object.fromEntries(truth.technologies.map((t) => [t.id, t.status]));
}

describe("custom resources in a repository (detect-kubernetes-crds)", () => {
  it("name the projects that define them, by API group and kind", async () => {
    const found = await extracted("detect-kubernetes-crds");
    for (const id of [
      "istio",
      "argo-rollouts",
      "cert-manager",
      "karpenter",
      "keda",
      "kyverno",
      "velero",
      "external-secrets",
      "backstage",
      "kubernetes",
    ])
      expect(found[id], id).toBe("production");
    // Argo Rollouts shares `argoproj.io` with Argo CD and Argo Workflows, which the repository does not use.
    expect(found["argo-cd"]).toBeUndefined();
    expect(found["argo-workflows"]).toBeUndefined();
  });
});

// Kubernetes manifests, Kustomize, Skaffold and helmfile.
import type { Node } from "yaml";
import type { Detection, FileDetector } from "../types.js";
import { annotationDetections } from "./annotations.js";
import { detection } from "./detection.js";
import { baseName, chartName, imageRepository } from "./refs.js";
import type { YamlDoc } from "./yaml-doc.js";
import { loadYaml, parseClaimedYaml, parseYaml, requireYaml, yamlError } from "./yaml-doc.js";

const YAML_FILE = /\.ya?ml$/i;
const KUSTOMIZATION = /^kustomization\.ya?ml$/;
const SKAFFOLD = /^skaffold\.ya?ml$/;
const HELMFILE = /^helmfile\.ya?ml$/;
/** Files with `apiVersion` + `kind` that describe tools, not cluster objects. */
const NOT_KUBERNETES_API =
  /^(backstage\.io|skaffold|kustomize\.config\.k8s\.io|kind\.x-k8s\.io|k3d\.io|ctlptl\.dev|meta\.pkg\.crossplane\.io)\//;
const CONTAINER_LISTS = new Set(["containers", "initContainers", "ephemeralContainers"]);

export const kubernetesDetector: FileDetector = {
  id: "kubernetes",
  matches: (path) =>
    YAML_FILE.test(path) && ![KUSTOMIZATION, SKAFFOLD, HELMFILE].some((name) => name.test(baseName(path))),
  detect(file) {
    // Most YAML files are not manifests; skip them before parsing (and before loading `yaml`).
    if (!file.text.includes("apiVersion") || !/^\s*kind\s*:/m.test(file.text)) return [];
    // Helm templates are Go templates, not YAML; the chart's Chart.yaml and values.yaml speak for their
    // images, and only the kinds of the objects they render are read, line by line.
    if (isHelmTemplate(file.path, file.text))
      return [...templateApiGroups(file.text), ...annotationDetections(file.text)];
    requireYaml();
    const { docs, problem } = parseYaml(file.text);
    if (problem) return [];
    const found: Detection[] = [];
    let cluster = false;
    for (const doc of docs) {
      const apiVersionNode = doc.get(doc.root, "apiVersion");
      const apiVersion = doc.string(apiVersionNode);
      const kind = doc.string(doc.get(doc.root, "kind"));
      if (!apiVersion || !kind) continue;
      const group = apiGroup(apiVersion, kind, doc.line(apiVersionNode));
      if (NOT_KUBERNETES_API.test(apiVersion)) {
        // A tool's own file (a Backstage catalog entry) still names the tool by its API group.
        if (group) found.push(group);
        continue;
      }
      if (!cluster) {
        cluster = true;
        const line = doc.line(doc.entry(doc.root, "apiVersion")?.keyNode);
        found.push(detection("tool", "kubernetes", "iac", line, `${kind} (${apiVersion})`));
      }
      if (group) found.push(group);
      const name = doc.string(doc.getIn(doc.root, ["metadata", "name"]));
      const owner = name ? `${kind}/${name}` : kind;
      found.push(...containerImages(doc, doc.root, owner), ...gitOpsCharts(doc, kind, owner));
    }
    return cluster ? [...found, ...annotationDetections(file.text)] : found;
  },
};

function isHelmTemplate(path: string, text: string): boolean {
  return /(^|\/)templates\//.test(path) && text.includes("{{");
}

/**
 * An object of a named API group (`networking.istio.io/v1beta1`, `argoproj.io/v1alpha1`) as an `api-group`
 * key `group/Kind`: the group names the project that defines the custom resource, the kind tells apart the
 * projects that share one (Argo CD's `Application` and Argo Workflows' `Workflow` are both `argoproj.io`).
 * Core groups (`v1`, `apps/v1`, `batch/v1`) carry no dot and name nothing beyond Kubernetes.
 */
function apiGroup(apiVersion: string, kind: string, line: number | undefined): Detection | undefined {
  const slash = apiVersion.indexOf("/");
  const group = slash > 0 ? apiVersion.slice(0, slash) : "";
  if (!API_GROUP.test(group) || !KIND.test(kind)) return undefined;
  return detection("api-group", `${group}/${kind}`, "iac", line, `${kind} (${apiVersion})`);
}

const API_GROUP = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;
const KIND = /^[A-Za-z][A-Za-z0-9]*$/;
/** A top-level `apiVersion:` or `kind:` line with a plain value (no template expression) in a Helm template. */
const TEMPLATE_FIELD = /^(apiVersion|kind):[ \t]*(["']?)([\w./-]+)\2[ \t]*(?:#.*)?$/;

/**
 * The API groups of the objects a Helm template renders. Each `---` starts an object; its top-level
 * `apiVersion` and `kind` are read when written as plain values, and a templated one (`{{ .Values.x }}`) is
 * left alone. Lines inside `{{- if }}` blocks count: the chart can render them.
 */
function templateApiGroups(text: string): Detection[] {
  const found: Detection[] = [];
  let apiVersion: { value: string; line: number } | undefined;
  let kind: string | undefined;
  let cluster = false;
  const flush = () => {
    const group = apiVersion && kind ? apiGroup(apiVersion.value, kind, apiVersion.line) : undefined;
    // What a chart's template renders is a Kubernetes object, whatever its group.
    if (apiVersion && kind && !cluster && !NOT_KUBERNETES_API.test(apiVersion.value)) {
      cluster = true;
      found.push(
        detection(
          "tool",
          "kubernetes",
          "iac",
          apiVersion.line,
          `${kind} (${apiVersion.value}) in a Helm template`,
        ),
      );
    }
    if (group) found.push(group);
    apiVersion = kind = undefined;
  };
  text.split("\n").forEach((raw, index) => {
    const content = raw.replace(/\r$/, "");
    if (/^---/.test(content)) return flush();
    const match = TEMPLATE_FIELD.exec(content);
    if (match?.[1] === "apiVersion" && !apiVersion) apiVersion = { value: match[3]!, line: index + 1 };
    if (match?.[1] === "kind" && !kind) kind = match[3];
  });
  flush();
  return found;
}

/** Every `containers` / `initContainers` list at any depth, so workloads, CronJobs and CRDs alike are covered. */
function containerImages(doc: YamlDoc, node: Node | undefined, owner: string): Detection[] {
  const found: Detection[] = [];
  for (const { key, value } of doc.entries(node)) {
    if (CONTAINER_LISTS.has(key)) {
      doc.items(value).forEach((container, index) => {
        const imageNode = doc.get(container, "image");
        const reference = doc.string(imageNode);
        const image = reference && imageRepository(reference);
        const label = doc.string(doc.get(container, "name")) ?? String(index);
        if (image)
          found.push(
            detection(
              "image",
              image,
              "iac",
              doc.line(imageNode),
              `${owner}: ${key}.${label}.image: ${reference}`,
            ),
          );
      });
    } else {
      found.push(...containerImages(doc, value, owner));
    }
  }
  for (const item of doc.items(node)) found.push(...containerImages(doc, item, owner));
  return found;
}

/** Charts deployed by GitOps objects: Flux `HelmRelease` and Argo CD `Application` / `ApplicationSet`. */
function gitOpsCharts(doc: YamlDoc, kind: string, owner: string): Detection[] {
  const spec = doc.get(doc.root, "spec");
  const charts: [Node | undefined, string][] = [];
  if (kind === "HelmRelease")
    charts.push([doc.getIn(spec, ["chart", "spec", "chart"]), "spec.chart.spec.chart"]);
  if (kind === "Application" || kind === "ApplicationSet") {
    const app = kind === "ApplicationSet" ? doc.getIn(spec, ["template", "spec"]) : spec;
    const prefix = kind === "ApplicationSet" ? "spec.template.spec" : "spec";
    charts.push([doc.getIn(app, ["source", "chart"]), `${prefix}.source.chart`]);
    doc
      .items(doc.get(app, "sources"))
      .forEach((source, index) =>
        charts.push([doc.get(source, "chart"), `${prefix}.sources[${index}].chart`]),
      );
  }
  return charts.flatMap(([node, path]) => {
    const reference = doc.string(node);
    const name = reference && chartName(reference);
    return name ? [detection("helm", name, "iac", doc.line(node), `${owner}: ${path}: ${reference}`)] : [];
  });
}

export const kustomizeDetector: FileDetector = {
  id: "kustomization.yaml",
  matches: (path) => KUSTOMIZATION.test(baseName(path)),
  init: loadYaml,
  detect(file) {
    const doc = parseClaimedYaml(file.path, file.text)[0];
    const first = doc?.entries(doc.root)[0];
    if (!doc || !first) return [];
    const found = [detection("tool", "kustomize", "iac", doc.line(first.keyNode), "Kustomize kustomization")];
    // `newName` replaces `name` in the manifests, so it is the image that actually runs.
    for (const entry of doc.items(doc.get(doc.root, "images"))) {
      const nameNode = doc.get(entry, "newName") ?? doc.get(entry, "name");
      const reference = doc.string(nameNode);
      const image = reference && imageRepository(reference);
      if (image) found.push(detection("image", image, "iac", doc.line(nameNode), `images: ${reference}`));
    }
    for (const chart of doc.items(doc.get(doc.root, "helmCharts"))) {
      const nameNode = doc.get(chart, "name");
      const name = doc.string(nameNode);
      const chartId = name && chartName(name);
      if (chartId) found.push(detection("helm", chartId, "iac", doc.line(nameNode), `helmCharts: ${name}`));
    }
    return found;
  },
};

export const skaffoldDetector: FileDetector = {
  id: "skaffold.yaml",
  matches: (path) => SKAFFOLD.test(baseName(path)),
  init: loadYaml,
  detect(file) {
    const doc = parseClaimedYaml(file.path, file.text)[0];
    const first = doc?.entries(doc.root)[0];
    if (!doc || !first) return [];
    return [detection("tool", "skaffold", "iac", doc.line(first.keyNode), "Skaffold configuration")];
  },
};

export const helmfileDetector: FileDetector = {
  id: "helmfile.yaml",
  matches: (path) => HELMFILE.test(baseName(path)),
  init: loadYaml,
  detect(file) {
    // helmfile renders Go templates before reading YAML; a templated file is read line by line instead.
    const { docs, problem } = parseYaml(file.text);
    if (problem && file.text.includes("{{")) return chartLines(file.text);
    if (problem) throw yamlError(file.path, problem);
    return docs.flatMap((doc) =>
      doc.items(doc.get(doc.root, "releases")).flatMap((release) => {
        const chartNode = doc.get(release, "chart");
        const reference = doc.string(chartNode);
        const name = reference && chartName(reference);
        return name
          ? [detection("helm", name, "iac", doc.line(chartNode), `releases.chart: ${reference}`)]
          : [];
      }),
    );
  },
};

function chartLines(text: string): Detection[] {
  return text.split("\n").flatMap((content, index) => {
    const reference = /^\s*(?:-\s+)?chart:\s*["']?([^"'\s#]+)/.exec(content)?.[1];
    const name = reference && chartName(reference);
    return name ? [detection("helm", name, "iac", index + 1, `releases.chart: ${reference}`)] : [];
  });
}

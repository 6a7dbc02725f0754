// Kubernetes manifests, Kustomize, Skaffold and helmfile.
import type { Node } from "yaml";
import type { Detection, FileDetector } from "../types.js";
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
  /^(backstage\.io|skaffold|kustomize\.config\.k8s\.io|kind\.x-k8s\.io|k3d\.io|ctlptl\.dev)\//;
const CONTAINER_LISTS = new Set(["containers", "initContainers", "ephemeralContainers"]);

export const kubernetesDetector: FileDetector = {
  id: "kubernetes",
  matches: (path) =>
    YAML_FILE.test(path) && ![KUSTOMIZATION, SKAFFOLD, HELMFILE].some((name) => name.test(baseName(path))),
  detect(file) {
    // Most YAML files are not manifests; skip them before parsing (and before loading `yaml`).
    if (!file.text.includes("apiVersion") || !/^\s*kind\s*:/m.test(file.text)) return [];
    // Helm templates are Go templates, not YAML; the chart's Chart.yaml and values.yaml speak for them.
    if (isHelmTemplate(file.path, file.text)) return [];
    requireYaml();
    const { docs, problem } = parseYaml(file.text);
    if (problem) return [];
    const found: Detection[] = [];
    for (const doc of docs) {
      const apiVersion = doc.string(doc.get(doc.root, "apiVersion"));
      const kind = doc.string(doc.get(doc.root, "kind"));
      if (!apiVersion || !kind || NOT_KUBERNETES_API.test(apiVersion)) continue;
      if (found.length === 0) {
        const line = doc.line(doc.entry(doc.root, "apiVersion")?.keyNode);
        found.push(detection("tool", "kubernetes", "iac", line, `${kind} (${apiVersion})`));
      }
      const name = doc.string(doc.getIn(doc.root, ["metadata", "name"]));
      const owner = name ? `${kind}/${name}` : kind;
      found.push(...containerImages(doc, doc.root, owner), ...gitOpsCharts(doc, kind, owner));
    }
    return found;
  },
};

function isHelmTemplate(path: string, text: string): boolean {
  return /(^|\/)templates\//.test(path) && text.includes("{{");
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

// Helm charts: Chart.yaml (the chart and its dependencies) and values files (the images it deploys).
import type { Node } from "yaml";
import type { Detection, FileDetector } from "../types.js";
import { annotationDetections } from "./annotations.js";
import { detection } from "./detection.js";
import { baseName, chartName, imageRepository } from "./refs.js";
import type { YamlDoc } from "./yaml-doc.js";
import { loadYaml, parseClaimedYaml } from "./yaml-doc.js";

export const chartDetector: FileDetector = {
  id: "Chart.yaml",
  matches: (path) => baseName(path) === "Chart.yaml",
  init: loadYaml,
  detect(file) {
    const doc = parseClaimedYaml(file.path, file.text)[0];
    const first = doc?.entries(doc.root)[0];
    if (!doc || !first) return [];
    const name = doc.string(doc.get(doc.root, "name"));
    const chart = `Helm chart ${name ?? ""}`.trim();
    // A chart is a package of Kubernetes objects: what it deploys runs on Kubernetes.
    const found = [
      detection("tool", "helm", "iac", doc.line(first.keyNode), chart),
      detection("tool", "kubernetes", "iac", doc.line(first.keyNode), `${chart} (deploys to Kubernetes)`),
    ];
    for (const dependency of doc.items(doc.get(doc.root, "dependencies"))) {
      const nameNode = doc.get(dependency, "name");
      const reference = doc.string(nameNode);
      const chart = reference && chartName(reference);
      const repository = doc.string(doc.get(dependency, "repository"));
      const detail = `dependencies: ${reference}${repository ? ` (${repository})` : ""}`;
      // `file://` dependencies are the project's own subcharts.
      if (chart && !repository?.startsWith("file://"))
        found.push(detection("helm", chart, "iac", doc.line(nameNode), detail));
    }
    return found;
  },
};

/** `values.yaml`, `values.yml`, and environment variants such as `values-prod.yaml` or `values.prod.yaml`. */
const VALUES_FILE = /^values(?:[.-][\w.-]+)?\.ya?ml$/;
/** Keys that hold an image: `image`, `initImage`, `sidecarImage`, ... */
const IMAGE_KEY = /image$/i;

export const valuesDetector: FileDetector = {
  id: "values.yaml",
  matches: (path) => VALUES_FILE.test(baseName(path)),
  init: loadYaml,
  detect(file) {
    return [
      ...parseClaimedYaml(file.path, file.text).flatMap((doc) => valuesImages(doc, doc.root, "")),
      ...annotationDetections(file.text),
    ];
  },
};

/** Walks every level for `image: repo:tag` strings and `image: { registry, repository }` maps. */
function valuesImages(doc: YamlDoc, node: Node | undefined, path: string): Detection[] {
  const found: Detection[] = [];
  for (const { key, value } of doc.entries(node)) {
    const here = path ? `${path}.${key}` : key;
    if (IMAGE_KEY.test(key)) {
      const image = imageAt(doc, value, here);
      if (image) {
        found.push(image);
        continue;
      }
    }
    found.push(...valuesImages(doc, value, here));
  }
  doc.items(node).forEach((item, index) => found.push(...valuesImages(doc, item, `${path}[${index}]`)));
  return found;
}

function imageAt(doc: YamlDoc, value: Node | undefined, path: string): Detection | undefined {
  const plain = doc.string(value);
  if (plain) {
    const image = imageRepository(plain);
    return image ? detection("image", image, "iac", doc.line(value), `${path}: ${plain}`) : undefined;
  }
  // Some charts say `name` where most say `repository`; only trust it next to a `tag`.
  const repositoryNode =
    doc.get(value, "repository") ?? (doc.get(value, "tag") ? doc.get(value, "name") : undefined);
  const repository = doc.string(repositoryNode);
  if (!repository) return undefined;
  const registry = doc.string(doc.get(value, "registry"));
  const reference = registry ? `${registry}/${repository}` : repository;
  const image = imageRepository(reference);
  const field = doc.get(value, "repository") ? "repository" : "name";
  return image
    ? detection("image", image, "iac", doc.line(repositoryNode), `${path}.${field}: ${reference}`)
    : undefined;
}

// CI configuration: which CI service a repository uses, the GitHub Actions it calls and the images its jobs run in.
import type { Node, Tags } from "yaml";
import type { Detection, FileDetector } from "../types.js";
import { detection } from "./detection.js";
import { baseName, imageRepository } from "./refs.js";
import type { YamlDoc } from "./yaml-doc.js";
import { loadYaml, parseClaimedYaml, parseYaml, passThroughTags } from "./yaml-doc.js";

interface ImageWalk {
  /** How to read a string under `container:`: always an image (GitHub), or only when it has a tag or path (Azure, where it may name a resource alias). */
  containerStrings?: "image" | "qualified";
  /** GitLab: `services:` lists images, as strings or `{ name: image }` maps. */
  serviceImages?: boolean;
  /** Subtrees that never hold CI images, such as GitHub step inputs under `with`. */
  skipKeys?: Set<string>;
}

interface YamlCi extends ImageWalk {
  id: string;
  ci: string;
  label: string;
  matches: (path: string) => boolean;
  tags?: Tags;
  /** Files whose name alone does not make them CI configuration return [] when malformed. */
  lenient?: boolean;
  extra?: (doc: YamlDoc) => Detection[];
}

function yamlCiDetector(spec: YamlCi): FileDetector {
  return {
    id: spec.id,
    matches: spec.matches,
    init: loadYaml,
    detect(file) {
      const options = spec.tags ? { customTags: spec.tags } : {};
      const docs = spec.lenient
        ? parseLenient(file.text, options)
        : parseClaimedYaml(file.path, file.text, options);
      const found: Detection[] = [];
      for (const doc of docs) {
        const first = doc.entries(doc.root)[0];
        if (!first) continue;
        if (found.length === 0)
          found.push(detection("ci", spec.ci, "ci", doc.line(first.keyNode), spec.label));
        found.push(...(spec.extra?.(doc) ?? []), ...imagesIn(doc, doc.root, "", spec));
      }
      return found;
    },
  };
}

function parseLenient(text: string, options: { customTags?: Tags }): YamlDoc[] {
  const { docs, problem } = parseYaml(text, options);
  return problem ? [] : docs;
}

/** `image:` keys (a string, or a map with `name`) at any depth, plus GitLab services and `container:` strings. */
function imagesIn(doc: YamlDoc, node: Node | undefined, path: string, walk: ImageWalk): Detection[] {
  const found: Detection[] = [];
  for (const { key, value } of doc.entries(node)) {
    const here = path ? `${path}.${key}` : key;
    if (walk.skipKeys?.has(key)) continue;
    if (key === "image") {
      const nameNode = doc.string(value) ? value : doc.get(value, "name");
      found.push(...imageDetection(doc, nameNode, doc.string(value) ? here : `${here}.name`));
    } else if (key === "container" && walk.containerStrings && doc.string(value)) {
      const reference = doc.string(value) ?? "";
      if (walk.containerStrings === "image" || /[:/]/.test(reference))
        found.push(...imageDetection(doc, value, here));
    } else if (key === "services" && walk.serviceImages) {
      doc.items(value).forEach((item, index) => {
        const nameNode = doc.string(item) ? item : doc.get(item, "name");
        found.push(
          ...imageDetection(doc, nameNode, doc.string(item) ? `${here}[${index}]` : `${here}[${index}].name`),
        );
      });
    } else {
      found.push(...imagesIn(doc, value, here, walk));
    }
  }
  doc.items(node).forEach((item, index) => found.push(...imagesIn(doc, item, `${path}[${index}]`, walk)));
  return found;
}

function imageDetection(doc: YamlDoc, node: Node | undefined, path: string): Detection[] {
  const reference = doc.string(node);
  const image = reference && imageRepository(reference);
  return image ? [detection("image", image, "ci", doc.line(node), `${path}: ${reference}`)] : [];
}

// ---- GitHub Actions ----

/** The actions a workflow (or a composite action) calls: `jobs.*.uses`, `jobs.*.steps[].uses`, `runs.steps[].uses`. */
function actionUses(doc: YamlDoc): Detection[] {
  const found: Detection[] = [];
  const check = (node: Node | undefined, path: string) => {
    const reference = doc.string(node);
    if (reference) found.push(...usesDetection(reference, doc.line(node), path));
  };
  for (const { key: job, value } of doc.entries(doc.get(doc.root, "jobs"))) {
    check(doc.get(value, "uses"), `jobs.${job}.uses`);
    doc
      .items(doc.get(value, "steps"))
      .forEach((step, index) => check(doc.get(step, "uses"), `jobs.${job}.steps[${index}].uses`));
  }
  const runs = doc.get(doc.root, "runs");
  doc
    .items(doc.get(runs, "steps"))
    .forEach((step, index) => check(doc.get(step, "uses"), `runs.steps[${index}].uses`));
  check(doc.get(runs, "image"), "runs.image");
  return found;
}

function usesDetection(reference: string, line: number | undefined, path: string): Detection[] {
  const detail = `${path}: ${reference}`;
  if (reference.startsWith("docker://")) {
    const image = imageRepository(reference.slice("docker://".length));
    return image ? [detection("image", image, "ci", line, detail)] : [];
  }
  // `./local-action` and `Dockerfile` (in action.yml `runs.image`) live in the repository itself.
  const action = /^([\w.-]+)\/([\w.-]+)(?:\/[^@]*)?@\S+$/.exec(reference);
  if (!action) return [];
  return [detection("gh-action", `${action[1]}/${action[2]}`.toLowerCase(), "ci", line, detail)];
}

const GITHUB_STEP_INPUTS = new Set(["with", "env", "steps", "runs"]);

export const githubWorkflowDetector = yamlCiDetector({
  id: "github-actions",
  ci: "github-actions",
  label: "GitHub Actions workflow",
  matches: (path) => /^\.github\/workflows\/[^/]+\.ya?ml$/.test(path),
  containerStrings: "image",
  skipKeys: GITHUB_STEP_INPUTS,
  extra: actionUses,
});

/** An action's own metadata (`action.yml`): composite steps call actions, Docker actions name an image. */
export const githubActionDetector = yamlCiDetector({
  id: "github-action",
  ci: "github-actions",
  label: "GitHub Action metadata",
  matches: (path) => /^action\.ya?ml$/.test(baseName(path)),
  lenient: true,
  skipKeys: GITHUB_STEP_INPUTS,
  extra: actionUses,
});

// ---- Other YAML CI services ----

export const gitlabCiDetector = yamlCiDetector({
  id: "gitlab-ci",
  ci: "gitlab-ci",
  label: "GitLab CI configuration",
  matches: (path) => /(^|[/.])\.?gitlab-ci\.ya?ml$/.test(path) || /^\.gitlab\/ci\/.+\.ya?ml$/.test(path),
  tags: passThroughTags(["!reference"]),
  serviceImages: true,
  skipKeys: new Set(["variables", "script", "before_script", "after_script"]),
});

export const circleCiDetector = yamlCiDetector({
  id: "circleci",
  ci: "circleci",
  label: "CircleCI configuration",
  matches: (path) => /^\.circleci\/config\.ya?ml$/.test(path),
});

export const azurePipelinesDetector = yamlCiDetector({
  id: "azure-pipelines",
  ci: "azure-pipelines",
  label: "Azure Pipelines definition",
  matches: (path) =>
    /^azure-pipelines[\w.-]*\.ya?ml$/.test(baseName(path)) || /^\.azure-pipelines\/.+\.ya?ml$/.test(path),
  containerStrings: "qualified",
  skipKeys: new Set(["variables", "script", "bash", "pwsh", "powershell", "inputs"]),
});

export const travisCiDetector = yamlCiDetector({
  id: "travis-ci",
  ci: "travis-ci",
  label: "Travis CI configuration",
  matches: (path) => path === ".travis.yml" || path === ".travis.yaml",
  // Travis `services:` names system services (postgresql, redis), not images.
  skipKeys: new Set(["services"]),
});

export const bitbucketPipelinesDetector = yamlCiDetector({
  id: "bitbucket-pipelines",
  ci: "bitbucket-pipelines",
  label: "Bitbucket Pipelines configuration",
  matches: (path) => path === "bitbucket-pipelines.yml" || path === "bitbucket-pipelines.yaml",
  // Step `services:` lists name entries of `definitions.services`, which carry the images.
  skipKeys: new Set(["script", "variables"]),
});

export const buildkiteDetector = yamlCiDetector({
  id: "buildkite",
  ci: "buildkite",
  label: "Buildkite pipeline",
  matches: (path) => /^\.buildkite\/pipeline[\w.-]*\.ya?ml$/.test(path),
  skipKeys: new Set(["command", "commands", "env"]),
});

export const droneDetector = yamlCiDetector({
  id: "drone",
  ci: "drone",
  label: "Drone pipeline",
  matches: (path) => path === ".drone.yml" || path === ".drone.yaml",
  skipKeys: new Set(["commands", "environment", "settings"]),
});

// ---- Jenkins ----

/** `agent { docker { image 'node:20' } }`, `agent { docker 'node:20' }` and `docker.image('node:20')`. */
const JENKINS_IMAGE = [
  /^\s*image\s+['"]([^'"]+)['"]/,
  /\bdocker\s+['"]([^'"]+)['"]/,
  /\bdocker\.image\(\s*['"]([^'"]+)['"]/,
];

export const jenkinsDetector: FileDetector = {
  id: "jenkins",
  matches: (path) => /^Jenkinsfile(\.[\w-]+)?$/.test(baseName(path)),
  detect(file) {
    const lines = file.text.split("\n");
    const firstIndex = lines.findIndex((line) => line.trim() !== "");
    if (firstIndex < 0) return [];
    const found = [detection("ci", "jenkins", "ci", firstIndex + 1, "Jenkinsfile")];
    lines.forEach((line, index) => {
      for (const pattern of JENKINS_IMAGE) {
        const reference = pattern.exec(line)?.[1];
        const image = reference && imageRepository(reference);
        if (image) found.push(detection("image", image, "ci", index + 1, line.trim()));
      }
    });
    return found;
  },
};

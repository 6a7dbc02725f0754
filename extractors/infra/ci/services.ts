// The other YAML CI services: GitLab, CircleCI, Azure Pipelines, Travis, Bitbucket, Buildkite, Drone.
import type { Node } from "yaml";
import { baseName } from "../refs.js";
import type { YamlDoc } from "../yaml-doc.js";
import { passThroughTags } from "../yaml-doc.js";
import { DEPLOY_NAME, collectDeploys, deploysByNameOrCommand, realEnvironment } from "./deploy.js";
import { azureTasks, bitbucketPipes, circleOrbs } from "./steps.js";
import { yamlCiDetector } from "./yaml-ci.js";

const GITLAB_KEYWORDS = new Set([
  "default",
  "include",
  "stages",
  "variables",
  "workflow",
  "image",
  "services",
  "cache",
  "before_script",
  "after_script",
  "spec",
]);

/** GitLab jobs are top-level maps; `environment:`, a deploy name or stage, `pages` or a deploy command deploy. */
function gitlabDeployJobs(doc: YamlDoc): Set<Node> {
  const deploys = new Set<Node>();
  for (const { key, value } of doc.entries(doc.root)) {
    if (GITLAB_KEYWORDS.has(key) || !value || !doc.isMap(value)) continue;
    if (
      realEnvironment(doc, doc.get(value, "environment")) ||
      key === "pages" ||
      DEPLOY_NAME.test(key) ||
      deploysByNameOrCommand(doc, value, ["stage"])
    )
      deploys.add(value);
  }
  return deploys;
}

export const gitlabCiDetector = yamlCiDetector({
  id: "gitlab-ci",
  ci: "gitlab-ci",
  label: "GitLab CI configuration",
  matches: (path) => /(^|[/.])\.?gitlab-ci\.ya?ml$/.test(path) || /^\.gitlab\/ci\/.+\.ya?ml$/.test(path),
  tags: passThroughTags(["!reference"]),
  serviceImages: true,
  skipKeys: new Set(["variables", "script", "before_script", "after_script"]),
  deployJobs: gitlabDeployJobs,
});

export const circleCiDetector = yamlCiDetector({
  id: "circleci",
  ci: "circleci",
  label: "CircleCI configuration",
  matches: (path) => /^\.circleci\/config\.ya?ml$/.test(path),
  extra: circleOrbs,
  deployJobs: (doc) => {
    const deploys = new Set<Node>();
    for (const { key, value } of doc.entries(doc.get(doc.root, "jobs")))
      if (value && (DEPLOY_NAME.test(key) || deploysByNameOrCommand(doc, value, []))) deploys.add(value);
    return deploys;
  },
});

export const azurePipelinesDetector = yamlCiDetector({
  id: "azure-pipelines",
  ci: "azure-pipelines",
  label: "Azure Pipelines definition",
  matches: (path) =>
    /^azure-pipelines[\w.-]*\.ya?ml$/.test(baseName(path)) || /^\.azure-pipelines\/.+\.ya?ml$/.test(path),
  containerStrings: "qualified",
  skipKeys: new Set(["variables", "script", "bash", "pwsh", "powershell", "inputs"]),
  extra: azureTasks,
  // `- deployment:` jobs run against an environment; a stage or job named for deploying, or running a deploy command.
  deployJobs: (doc) =>
    collectDeploys(doc, (node) => {
      if (doc.string(doc.get(node, "deployment"))) return true;
      if (doc.entry(node, "stage"))
        return ["stage", "displayName"].some((key) => DEPLOY_NAME.test(doc.string(doc.get(node, key)) ?? ""));
      if (doc.entry(node, "job"))
        return (
          realEnvironment(doc, doc.get(node, "environment")) ||
          deploysByNameOrCommand(doc, node, ["job", "displayName"])
        );
      return false;
    }),
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
  extra: bitbucketPipes,
  // `deployment: production` on a step or stage, a step named for deploying or running a deploy command.
  deployJobs: (doc) =>
    collectDeploys(
      doc,
      (node, key) =>
        (key === "step" || key === "stage") &&
        (realEnvironment(doc, doc.get(node, "deployment")) || deploysByNameOrCommand(doc, node, ["name"])),
    ),
});

export const buildkiteDetector = yamlCiDetector({
  id: "buildkite",
  ci: "buildkite",
  label: "Buildkite pipeline",
  matches: (path) => /^\.buildkite\/pipeline[\w.-]*\.ya?ml$/.test(path),
  skipKeys: new Set(["command", "commands", "env"]),
  deployJobs: (doc) => {
    const deploys = new Set<Node>();
    for (const step of doc.items(doc.get(doc.root, "steps")))
      if (deploysByNameOrCommand(doc, step, ["label", "key", "name"])) deploys.add(step);
    return deploys;
  },
});

/** Drone: a pipeline triggered by a promotion (`drone promote … production`) deploys; so does a step named for it. */
function droneDeployJobs(doc: YamlDoc): Set<Node> {
  const deploys = new Set<Node>();
  const trigger = doc.get(doc.root, "trigger");
  const events = [doc.get(trigger, "event"), ...doc.items(doc.get(trigger, "event"))]
    .concat(doc.items(doc.get(doc.get(trigger, "event"), "include")))
    .map((node) => doc.string(node));
  if (doc.root && (events.includes("promote") || doc.get(trigger, "target"))) deploys.add(doc.root);
  for (const step of doc.items(doc.get(doc.root, "steps")))
    if (deploysByNameOrCommand(doc, step, ["name"])) deploys.add(step);
  return deploys;
}

export const droneDetector = yamlCiDetector({
  id: "drone",
  ci: "drone",
  label: "Drone pipeline",
  matches: (path) => path === ".drone.yml" || path === ".drone.yaml",
  skipKeys: new Set(["commands", "environment", "settings"]),
  deployJobs: droneDeployJobs,
});

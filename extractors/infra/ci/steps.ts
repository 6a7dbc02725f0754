// The reusable steps other CI services call, like GitHub's actions: CircleCI orbs, Bitbucket pipes and
// Azure Pipelines tasks. Each is tooling unless it deploys, or reaches the target of a job that deploys.
import type { Node } from "yaml";
import type { DependencyScope, Detection } from "../../types.js";
import { detection, saysTest, scoped } from "../detection.js";
import { imageRepository } from "../refs.js";
import type { YamlDoc } from "../yaml-doc.js";
import { DEPLOY_NAME } from "./deploy.js";
import { type CiContext, enter } from "./context.js";
import { imageScope } from "./yaml-ci.js";

/** A step that puts an artifact in the cloud registry production pulls from ships it, as in GitHub. */
const CLOUD_REGISTRY_STEP =
  /(?:ecr|gcr|acr|artifact-registry|container-registry).*push|push.*(?:ecr|gcr|acr)/i;
/** Cloud logins, cluster access and infrastructure tools: production inside a deploy job, tooling elsewhere. */
const ACCESS_STEP = /aws|azure|gcp|google|gke|eks|aks|kube|helm|terraform|pulumi|cloud|vault|ssh/i;

/** Deploy, reach a deploy's target (production), run tests, or set up a build (tooling). */
function stepScope(name: string, context: CiContext): DependencyScope | undefined {
  if (DEPLOY_NAME.test(name) || CLOUD_REGISTRY_STEP.test(name)) return undefined;
  if (saysTest(name) || /coverage|cypress|playwright/i.test(name)) return "test";
  return ACCESS_STEP.test(name) && context.production ? undefined : "dev";
}

/** Every map holding `key: <string>` under `node`, with the context of the job it sits in. */
function stepsWith(
  doc: YamlDoc,
  key: string,
  node: Node | undefined,
  outer: CiContext,
  out: { node: Node; context: CiContext }[] = [],
): { node: Node; context: CiContext }[] {
  const context = enter(outer, node);
  const value = doc.get(node, key);
  if (value && doc.string(value)) out.push({ node: value, context });
  for (const entry of doc.entries(node)) stepsWith(doc, key, entry.value, context, out);
  for (const item of doc.items(node)) stepsWith(doc, key, item, context, out);
  return out;
}

/**
 * `orbs: { aws-ecr: circleci/aws-ecr@9.0 }`; the orb's scope comes from where its alias is used: a
 * deploy job's steps, or a workflow job `aws-ecs/deploy_service_update` named for deploying.
 */
export function circleOrbs(doc: YamlDoc, outer: CiContext): Detection[] {
  const found: Detection[] = [];
  for (const { key: alias, value } of doc.entries(doc.get(doc.root, "orbs"))) {
    const reference = doc.string(value);
    const orb = reference && /^([\w-]+\/[\w-]+)@\S+$/.exec(reference)?.[1];
    if (!orb) continue; // an inline orb is defined here, not called
    const uses = orbUses(doc, alias, doc.root, outer);
    const scopes = uses.map((use) => stepScope(use.name, use.context));
    const scope = scopes.includes(undefined) ? undefined : (scopes.find((s) => s === "test") ?? "dev");
    found.push(
      scoped(detection("circleci-orb", orb, "ci", doc.line(value), `orbs.${alias}: ${reference}`), scope),
    );
  }
  return found;
}

/** Where `alias/command` or `alias/job` is used: as a string step, or as the key of a step or workflow job. */
function orbUses(
  doc: YamlDoc,
  alias: string,
  node: Node | undefined,
  outer: CiContext,
  out: { name: string; context: CiContext }[] = [],
): { name: string; context: CiContext }[] {
  const context = enter(outer, node);
  const own = (name: string | undefined) => name?.startsWith(`${alias}/`) === true;
  const name = doc.string(node);
  if (own(name)) out.push({ name: name ?? "", context });
  for (const entry of doc.entries(node)) {
    if (own(entry.key)) out.push({ name: entry.key, context });
    if (entry.key !== "orbs") orbUses(doc, alias, entry.value, context, out);
  }
  for (const item of doc.items(node)) orbUses(doc, alias, item, context, out);
  return out;
}

/** `- pipe: atlassian/aws-ecs-deploy:1.6.0` (or `docker://image`) in a step's script. */
export function bitbucketPipes(doc: YamlDoc, outer: CiContext): Detection[] {
  return stepsWith(doc, "pipe", doc.root, outer).flatMap(({ node, context }) => {
    const reference = doc.string(node) ?? "";
    const detail = `pipe: ${reference}`;
    if (reference.startsWith("docker://")) {
      const image = imageRepository(reference.slice("docker://".length));
      return image
        ? [scoped(detection("image", image, "ci", doc.line(node), detail), imageScope(image, context))]
        : [];
    }
    const pipe = /^([\w.-]+\/[\w.-]+)(?::\S+)?$/.exec(reference)?.[1]?.toLowerCase();
    if (!pipe) return [];
    return [
      scoped(detection("bitbucket-pipe", pipe, "ci", doc.line(node), detail), stepScope(pipe, context)),
    ];
  });
}

/** Azure tasks that deploy whatever job runs them. */
const AZURE_DEPLOY_TASKS = new Set([
  "azurewebapp",
  "azurewebappcontainer",
  "azurermwebappdeployment",
  "azurefunctionapp",
  "azurefunctionappcontainer",
  "azurecontainerapps",
  "azurestaticwebapp",
  "azurespringcloud",
  "azureresourcemanagertemplatedeployment",
  "azureresourcegroupdeployment",
  "sqlazuredacpacdeployment",
  "servicefabricdeploy",
  "kubernetesmanifest",
  "helmdeploy",
]);
const AZURE_TEST_TASKS = new Set(["vstest", "publishtestresults", "publishcodecoverageresults"]);

/** `- task: AzureWebApp@1` in any job, stage or template's steps. */
export function azureTasks(doc: YamlDoc, outer: CiContext): Detection[] {
  return stepsWith(doc, "task", doc.root, outer).flatMap(({ node, context }) => {
    const reference = doc.string(node) ?? "";
    const task = /^([\w.-]+)@\d+$/.exec(reference)?.[1]?.toLowerCase();
    if (!task) return [];
    const scope = AZURE_DEPLOY_TASKS.has(task)
      ? stepScope("deploy", context)
      : AZURE_TEST_TASKS.has(task)
        ? "test"
        : stepScope(task, context);
    return [scoped(detection("azure-task", task, "ci", doc.line(node), `task: ${reference}`), scope)];
  });
}

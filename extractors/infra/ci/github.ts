// GitHub Actions: workflows and action metadata, the actions they call and what each action's step does.
import type { Node } from "yaml";
import type { DependencyScope, Detection } from "../../types.js";
import { detection, scoped } from "../detection.js";
import { baseName, imageRepository } from "../refs.js";
import type { YamlDoc } from "../yaml-doc.js";
import { DEPLOY_NAME, commandsIn, deploysByCommand, realEnvironment } from "./deploy.js";
import { type CiContext, enter } from "./context.js";
import { imageScope, yamlCiDetector } from "./yaml-ci.js";

/** What a step's action does, which decides its scope (`actionScope`). */
type ActionRole = "deploy" | "pages" | "access" | "release" | "test" | "setup";

/** GitHub Pages' actions: they deploy a site, or only a report or the docs (`publishesDocs`). */
const PAGES_ACTIONS = new Set([
  "actions/deploy-pages",
  "actions/upload-pages-artifact",
  "actions/configure-pages",
  "peaceiris/actions-gh-pages",
  "jamesives/github-pages-deploy-action",
]);

// What a Pages job builds when it publishes documentation or a report rather than the product's site.
const DOCS_BUILD =
  /\b(?:schemaspy|javadoc|dokka|typedoc|jsdoc|rustdoc|cargo\s+doc|mkdocs|sphinx(?:-build)?|docusaurus|storybook|doxygen|pdoc|redoc|allure|jacoco|coverage|docs?|documentation|reports?)\b/i;

/** A Pages job whose steps build documentation or a report: it publishes them, it deploys no product. */
function publishesDocs(doc: YamlDoc, id: string, job: Node | undefined): boolean {
  const steps = doc.items(doc.get(job, "steps"));
  const words = [
    id,
    doc.string(doc.get(job, "name")) ?? "",
    ...steps.map((step) => doc.string(doc.get(step, "name")) ?? ""),
    ...steps.map((step) => doc.string(doc.getIn(step, ["with", "path"])) ?? ""),
    ...commandsIn(doc, doc.get(job, "steps")),
  ];
  return words.some((text) => DOCS_BUILD.test(text));
}

/** Actions that start a cluster living only as long as the job: it runs tests. */
const THROWAWAY_CLUSTER_ACTIONS = new Set([
  "helm/kind-action",
  "engineerd/setup-kind",
  "container-tools/kind-action",
  "absaoss/k3d-action",
  "nolar/setup-k3d-k3s",
  "medyagh/setup-minikube",
  "manusa/actions-setup-minikube",
  "balchua/microk8s-actions",
]);

const TEST_ACTIONS = new Set([
  ...THROWAWAY_CLUSTER_ACTIONS,
  "cypress-io/github-action",
  "localstack/setup-localstack",
  "grafana/k6-action",
  "grafana/setup-k6-action",
  "grafana/run-k6-action",
  "supercharge/mongodb-github-action",
  "supercharge/redis-github-action",
]);
const TEST_ACTION = /(?:^|[^a-z])(?:tests?|testing|e2e|coverage)(?:[^a-z]|$)|codecov|coveralls|chart-testing/;

/** Actions that deploy, beyond the ones whose name says `deploy` (`azure/webapps-deploy`, `actions/deploy-pages`). */
const DEPLOY_ACTIONS = new Set([
  "azure/functions-action",
  "azure/sql-action",
  "serverless/github-action",
  "cloudflare/wrangler-action",
  "cloudflare/pages-action",
  "amondnet/vercel-action",
  "nwtgck/actions-netlify",
  "dokku/github-action",
  "w9jds/firebase-action",
  "digitalocean/app_action",
  "peaceiris/actions-gh-pages",
  "appleboy/ssh-action",
  "appleboy/scp-action",
  "superfly/flyctl-actions",
]);

/** Release and publishing steps: they build and push artifacts, they do not run them anywhere. */
const RELEASE_ACTION =
  /release|publish|push|docker\/(?:setup-buildx|setup-qemu|metadata|bake)-action|changesets\/action/;

/**
 * Cloud logins, cluster contexts, secrets and deploy tools: production inside a deploy job (they reach the
 * environment it deploys to), tooling elsewhere (a Helm or Flux push in a release job, a plan in a PR).
 */
const ACCESS_OWNERS = new Set([
  "aws-actions",
  "azure",
  "google-github-actions",
  "hashicorp",
  "opentofu",
  "pulumi",
  "gruntwork-io",
  "fluxcd",
  "helmfile",
  "redhat-actions",
  "digitalocean",
  "superfly",
  "tailscale",
  "dopplerhq",
  "infisical",
  "1password",
]);
const ACCESS_ACTIONS = new Set(["dawidd6/action-ansible-playbook"]);

/** `owner/repo[/path]`, lower case, without `@ref`; undefined for local actions and `docker://`. */
function actionPath(reference: string): string | undefined {
  const action = /^([\w.-]+\/[\w.-]+(?:\/[^@]*)?)@\S+$/.exec(reference);
  return action?.[1]?.toLowerCase().replace(/\/+$/, "");
}

function actionRole(reference: string): ActionRole {
  const path = actionPath(reference);
  if (!path) return "setup";
  const [owner = "", repo = ""] = path.split("/");
  const action = `${owner}/${repo}`;
  if (PAGES_ACTIONS.has(action)) return "pages";
  if (TEST_ACTIONS.has(action) || TEST_ACTION.test(path)) return "test";
  // `superfly/flyctl-actions/setup-flyctl` only installs the CLI.
  if (path.includes("/setup-") || path.startsWith("superfly/flyctl-actions/")) {
    return ACCESS_OWNERS.has(owner) ? "access" : "setup";
  }
  if (DEPLOY_ACTIONS.has(action) || /deploy/.test(path)) return "deploy";
  if (RELEASE_ACTION.test(path)) return "release";
  if (ACCESS_OWNERS.has(owner) || ACCESS_ACTIONS.has(action)) return "access";
  return "setup";
}

/** The scope of an action's detection: undefined (production) only for deploying, or reaching a deploy's target. */
function actionScope(role: ActionRole, context: CiContext): DependencyScope | undefined {
  if (context.product) return undefined;
  switch (role) {
    case "deploy":
      return undefined;
    case "pages":
      return context.production ? undefined : "build";
    case "access":
      return context.production ? undefined : "dev";
    case "release":
      return "build";
    case "test":
      return "test";
    default:
      return "dev";
  }
}

/** A GitHub job (or a composite action's `runs`) deploys by its environment, its name, its actions or its commands. */
function githubDeploys(doc: YamlDoc, id: string, job: Node | undefined): boolean {
  if (realEnvironment(doc, doc.get(job, "environment"))) return true;
  if (DEPLOY_NAME.test(id) || DEPLOY_NAME.test(doc.string(doc.get(job, "name")) ?? "")) return true;
  const uses = doc
    .items(doc.get(job, "steps"))
    .map((step) => doc.string(doc.get(step, "uses")))
    .filter((reference): reference is string => reference !== undefined);
  if (uses.some((reference) => actionRole(reference) === "deploy")) return true;
  if (uses.some((reference) => actionRole(reference) === "pages") && !publishesDocs(doc, id, job))
    return true;
  if (publishesToCloudRegistry(doc, job)) return true;
  const throwaway = uses.some((reference) => {
    const [owner = "", repo = ""] = (actionPath(reference) ?? "").split("/");
    return THROWAWAY_CLUSTER_ACTIONS.has(`${owner}/${repo}`);
  });
  return deploysByCommand(commandsIn(doc, doc.get(job, "steps")), throwaway);
}

/** Logins to a cloud provider's container registry, the one its production pulls from. */
const CLOUD_REGISTRY_LOGINS = new Set(["aws-actions/amazon-ecr-login", "azure/docker-login"]);
const CLOUD_REGISTRY = /\.ecr\.|(?:^|[./])gcr\.io|-docker\.pkg\.dev|\.azurecr\.io|\.ocir\.io/;

/**
 * A job that pushes the repository's own image to a cloud provider's registry ships it to the environment
 * that runs it (ECR for ECS or EKS): it deploys, though no deploy step follows in the same workflow.
 */
function publishesToCloudRegistry(doc: YamlDoc, job: Node | undefined): boolean {
  const steps = doc.items(doc.get(job, "steps"));
  const logsIn = steps.some((step) => {
    const action = actionPath(doc.string(doc.get(step, "uses")) ?? "") ?? "";
    const registry = doc.string(doc.get(doc.get(step, "with"), "registry")) ?? "";
    return (
      CLOUD_REGISTRY_LOGINS.has(action) || (action === "docker/login-action" && CLOUD_REGISTRY.test(registry))
    );
  });
  if (!logsIn) return false;
  const pushes = steps.some((step) => {
    const action = actionPath(doc.string(doc.get(step, "uses")) ?? "") ?? "";
    // `push: true`, or an expression that may be (`push: ${{ github.ref == 'refs/heads/main' }}`).
    const push = doc.get(doc.get(step, "with"), "push");
    const pushing = doc.boolean(push) === true || /^(?:true|\$\{\{)/.test(doc.string(push) ?? "");
    return action === "docker/build-push-action" && pushing;
  });
  return (
    pushes || commandsIn(doc, doc.get(job, "steps")).some((command) => /\bdocker\s+push\b/.test(command))
  );
}

function githubDeployJobs(doc: YamlDoc): Set<Node> {
  const deploys = new Set<Node>();
  for (const { key, value } of doc.entries(doc.get(doc.root, "jobs")))
    if (value && githubDeploys(doc, key, value)) deploys.add(value);
  const runs = doc.get(doc.root, "runs");
  if (runs && githubDeploys(doc, "", runs)) deploys.add(runs);
  return deploys;
}

/** The actions a workflow (or a composite action) calls: `jobs.*.uses`, `jobs.*.steps[].uses`, `runs.steps[].uses`. */
function actionUses(doc: YamlDoc, outer: CiContext): Detection[] {
  const found: Detection[] = [];
  const check = (node: Node | undefined, path: string, context: CiContext, reusable = false) => {
    const reference = doc.string(node);
    if (reference) found.push(...usesDetection(reference, doc.line(node), path, context, reusable));
  };
  for (const { key: job, value } of doc.entries(doc.get(doc.root, "jobs"))) {
    const context = enter(outer, value);
    check(doc.get(value, "uses"), `jobs.${job}.uses`, context, true);
    doc
      .items(doc.get(value, "steps"))
      .forEach((step, index) => check(doc.get(step, "uses"), `jobs.${job}.steps[${index}].uses`, context));
  }
  const runs = doc.get(doc.root, "runs");
  const context = enter(outer, runs);
  doc
    .items(doc.get(runs, "steps"))
    .forEach((step, index) => check(doc.get(step, "uses"), `runs.steps[${index}].uses`, context));
  check(doc.get(runs, "image"), "runs.image", context);
  return found;
}

function usesDetection(
  reference: string,
  line: number | undefined,
  path: string,
  context: CiContext,
  reusable: boolean,
): Detection[] {
  const detail = `${path}: ${reference}`;
  if (reference.startsWith("docker://")) {
    const image = imageRepository(reference.slice("docker://".length));
    return image ? [scoped(detection("image", image, "ci", line, detail), imageScope(image, context))] : [];
  }
  // `./local-action` and `Dockerfile` (in action.yml `runs.image`) live in the repository itself.
  const action = /^([\w.-]+)\/([\w.-]+)(?:\/[^@]*)?@\S+$/.exec(reference);
  if (!action) return [];
  // A reusable workflow is a job of its own: it deploys when the calling job does.
  const scope = reusable
    ? context.production || context.product
      ? undefined
      : "dev"
    : actionScope(actionRole(reference), context);
  return [
    scoped(detection("gh-action", `${action[1]}/${action[2]}`.toLowerCase(), "ci", line, detail), scope),
  ];
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
  deployJobs: githubDeployJobs,
});

/**
 * An action's own metadata (`action.yml`): composite steps call actions, Docker actions name an image.
 * Outside `.github/` the action is what the repository publishes, so its steps are the product; under
 * `.github/actions/` it is a helper of the repository's CI and scoped like a workflow's steps.
 */
export const githubActionDetector = yamlCiDetector({
  id: "github-action",
  ci: "github-actions",
  label: "GitHub Action metadata",
  matches: (path) => /^action\.ya?ml$/.test(baseName(path)),
  lenient: true,
  skipKeys: GITHUB_STEP_INPUTS,
  extra: actionUses,
  deployJobs: githubDeployJobs,
  product: (path) => !/(^|\/)\.github\//.test(path),
});

// CI configuration: which CI service a repository uses, the GitHub Actions it calls and the images its jobs run in.
//
// What CI runs is tooling or test evidence unless it deploys the repository's own artifacts to a real
// environment: setup, lint, test and release steps carry a non-runtime `scope` ("dev", "test", "build"),
// while deploy steps (and, inside a deploy job, the cloud logins and deploy tools they need) stay production.
import type { Node, Tags } from "yaml";
import type { DependencyScope, Detection, FileDetector } from "../types.js";
import { detection, isTestRunnerImage, scoped } from "./detection.js";
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

/** Where in a CI file a walk is: which jobs deploy, and whether the walk is inside one. */
interface CiContext {
  /** The job (step, stage, pipeline) nodes that deploy; what runs inside them keeps production. */
  deploys: ReadonlySet<Node>;
  /** Inside a deploy job, or in a file that is the repository's product (a published action's metadata). */
  production: boolean;
  /** The file is the repository's product, not its CI. */
  product?: boolean;
  /** Under `services:`: sidecar containers for the job (databases for the tests). */
  service?: boolean;
}

interface YamlCi extends ImageWalk {
  id: string;
  ci: string;
  label: string;
  matches: (path: string) => boolean;
  tags?: Tags;
  /** Files whose name alone does not make them CI configuration return [] when malformed. */
  lenient?: boolean;
  extra?: (doc: YamlDoc, context: CiContext) => Detection[];
  /** The nodes of the jobs that deploy (see `DEPLOY_COMMAND` and `realEnvironment`). */
  deployJobs?: (doc: YamlDoc) => Set<Node>;
  /** Whether the file is the repository's product rather than its CI: then nothing in it is scoped. */
  product?: (path: string) => boolean;
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
      const product = spec.product?.(file.path) ?? false;
      const found: Detection[] = [];
      for (const doc of docs) {
        const first = doc.entries(doc.root)[0];
        if (!first) continue;
        if (found.length === 0)
          found.push(detection("ci", spec.ci, "ci", doc.line(first.keyNode), spec.label));
        const context: CiContext = {
          deploys: product ? new Set() : (spec.deployJobs?.(doc) ?? new Set()),
          production: product,
          product,
        };
        found.push(...(spec.extra?.(doc, context) ?? []), ...imagesIn(doc, doc.root, "", spec, context));
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
function imagesIn(
  doc: YamlDoc,
  node: Node | undefined,
  path: string,
  walk: ImageWalk,
  outer: CiContext,
): Detection[] {
  const context = enter(outer, node);
  const found: Detection[] = [];
  for (const { key, value } of doc.entries(node)) {
    const here = path ? `${path}.${key}` : key;
    if (walk.skipKeys?.has(key)) continue;
    if (key === "image") {
      const nameNode = doc.string(value) ? value : doc.get(value, "name");
      found.push(...imageDetection(doc, nameNode, doc.string(value) ? here : `${here}.name`, context));
    } else if (key === "container" && walk.containerStrings && doc.string(value)) {
      const reference = doc.string(value) ?? "";
      if (walk.containerStrings === "image" || /[:/]/.test(reference))
        found.push(...imageDetection(doc, value, here, context));
    } else if (key === "services" && walk.serviceImages) {
      const services = { ...context, service: true };
      doc.items(value).forEach((item, index) => {
        const nameNode = doc.string(item) ? item : doc.get(item, "name");
        const itemPath = doc.string(item) ? `${here}[${index}]` : `${here}[${index}].name`;
        found.push(...imageDetection(doc, nameNode, itemPath, enter(services, item)));
      });
    } else {
      const inner = key === "services" ? { ...context, service: true } : context;
      found.push(...imagesIn(doc, value, here, walk, inner));
    }
  }
  doc
    .items(node)
    .forEach((item, index) => found.push(...imagesIn(doc, item, `${path}[${index}]`, walk, context)));
  return found;
}

function enter(context: CiContext, node: Node | undefined): CiContext {
  return !context.production && node && context.deploys.has(node)
    ? { ...context, production: true }
    : context;
}

function imageDetection(doc: YamlDoc, node: Node | undefined, path: string, context: CiContext): Detection[] {
  const reference = doc.string(node);
  const image = reference && imageRepository(reference);
  if (!image) return [];
  return [
    scoped(
      detection("image", image, "ci", doc.line(node), `${path}: ${reference}`),
      imageScope(image, context),
    ),
  ];
}

/** A CI container: test when it runs tests or sits beside the job as a service, dev otherwise. */
function imageScope(image: string, context: CiContext): DependencyScope | undefined {
  if (context.product) return undefined;
  if (isTestRunnerImage(image)) return "test";
  if (context.production) return context.service ? "dev" : undefined;
  return context.service ? "test" : "dev";
}

// ---- Deploy or tooling ----

/**
 * Commands that put the repository's artifacts into a real environment. `kubectl` and `helm` count only
 * in a job that does not start a throwaway cluster (kind, k3d, minikube): there they set up a test.
 */
const DEPLOY_COMMAND = new RegExp(
  [
    String.raw`kubectl\s+(?:[-\w=.]+\s+)*(?:apply|create|replace|rollout|set\s+image)\b`,
    String.raw`helm\s+(?:[-\w=.]+\s+)*(?:upgrade|install)\b`,
    String.raw`helmfile\s+(?:[-\w=.]+\s+)*(?:apply|sync)\b`,
    String.raw`(?:terraform|tofu|terragrunt)\s+(?:-chdir=\S+\s+)?(?:run-all\s+)?apply\b`,
    String.raw`(?:serverless|sls)\s+deploy\b`,
    String.raw`pulumi\s+up\b`,
    String.raw`(?:cdk|sam|eb|firebase|netlify|kamal)\s+deploy\b`,
    String.raw`aws\s+(?:ecs\s+update-service|cloudformation\s+deploy|lambda\s+update-function-code)\b`,
    String.raw`gcloud\s+(?:(?:beta|alpha)\s+)?(?:run|app|functions)\s+deploy\b`,
    String.raw`az\s+(?:webapp|functionapp|containerapp)\s+(?:deploy|up|update)\b`,
    String.raw`fly(?:ctl)?\s+deploy\b`,
    String.raw`wrangler\s+(?:deploy|publish|pages\s+deploy)\b`,
    String.raw`vercel\s+(?:deploy\b|.*--prod\b)`,
    String.raw`skaffold\s+(?:run|deploy)\b`,
    String.raw`argocd\s+app\s+sync\b`,
  ]
    .map((pattern) => `(?:^|[\\s;&|(])${pattern}`)
    .join("|"),
);

/** Commands that start a cluster that lives only as long as the job. */
const THROWAWAY_CLUSTER_COMMAND =
  /\b(?:kind\s+create\s+cluster|k3d\s+cluster\s+create|minikube\s+start|microk8s\s+(?:start|install))\b/;
const CLUSTER_COMMAND = /\b(?:kubectl|helm|helmfile|skaffold|argocd)\b/;

/** A job, step or stage named for deploying: `deploy`, `deploy-prod`, `Deploy to ECS`, `.deploy_template`. */
const DEPLOY_NAME = /(?:^|[^a-z])deploy/i;
/** Environments that CI creates for itself are not real ones. */
const TEST_ENVIRONMENT = /^(?:tests?|testing|ci|e2e|integration(?:[-_ ]?tests?)?)$/i;
const NOT_A_DEPLOY_ACTION = new Set(["stop", "prepare", "access", "verify"]);

/** Keys whose strings are shell commands, in every CI system ci.ts reads. */
const COMMAND_KEYS = new Set([
  "run",
  "script",
  "before_script",
  "after_script",
  "commands",
  "command",
  "inline",
  "inlineScript",
  "bash",
  "pwsh",
  "powershell",
  "sh",
]);

/** `environment: production` or `environment: { name: production }` (GitHub, GitLab, Azure, Bitbucket). */
function realEnvironment(doc: YamlDoc, node: Node | undefined): boolean {
  const name = doc.string(node) ?? doc.string(doc.get(node, "name"));
  if (!name || TEST_ENVIRONMENT.test(name)) return false;
  return !NOT_A_DEPLOY_ACTION.has(doc.string(doc.get(node, "action")) ?? "");
}

function commandsIn(doc: YamlDoc, node: Node | undefined, out: string[] = []): string[] {
  for (const { key, value } of doc.entries(node)) {
    if (COMMAND_KEYS.has(key)) {
      for (const item of [value, ...doc.items(value)]) {
        const text = doc.string(item);
        if (text) out.push(text);
      }
    }
    commandsIn(doc, value, out);
  }
  for (const item of doc.items(node)) commandsIn(doc, item, out);
  return out;
}

/** Whether these commands deploy; `throwaway` says the job already started a throwaway cluster. */
function deploysByCommand(commands: readonly string[], throwaway = false): boolean {
  const script = commands.join("\n");
  const testCluster = throwaway || THROWAWAY_CLUSTER_COMMAND.test(script);
  return script.split(/\r?\n|&&|;/).some((line) => {
    if (!DEPLOY_COMMAND.test(line)) return false;
    return !(testCluster && CLUSTER_COMMAND.test(line));
  });
}

/** A job-like node that deploys by its name or its commands. */
function deploysByNameOrCommand(doc: YamlDoc, node: Node | undefined, nameKeys: string[]): boolean {
  if (nameKeys.some((key) => DEPLOY_NAME.test(doc.string(doc.get(node, key)) ?? ""))) return true;
  return deploysByCommand(commandsIn(doc, node));
}

/** Every map under `node` that `judge` says deploys (a deploy node's children are not judged again). */
function collectDeploys(
  doc: YamlDoc,
  judge: (node: Node, key: string | undefined) => boolean,
  node: Node | undefined = doc.root,
  key?: string,
  out = new Set<Node>(),
): Set<Node> {
  if (!node) return out;
  if (doc.isMap(node) && judge(node, key)) return out.add(node);
  for (const entry of doc.entries(node)) collectDeploys(doc, judge, entry.value, entry.key, out);
  for (const item of doc.items(node)) collectDeploys(doc, judge, item, undefined, out);
  return out;
}

// ---- GitHub Actions ----

/** What a step's action does, which decides its scope (`actionScope`). */
type ActionRole = "deploy" | "access" | "release" | "test" | "setup";

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

// ---- Other YAML CI services ----

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

// ---- Jenkins ----

/** `agent { docker { image 'node:20' } }`, `agent { docker 'node:20' }` and `docker.image('node:20')`. */
const JENKINS_IMAGE = [
  /^\s*image\s+['"]([^'"]+)['"]/,
  /\bdocker\s+['"]([^'"]+)['"]/,
  /\bdocker\.image\(\s*['"]([^'"]+)['"]/,
];
const JENKINS_STAGE = /\bstage\s*\(\s*['"]([^'"]*)['"]/;

/**
 * A Jenkinsfile's lines, each with whether it belongs to a deploy stage: one named for deploying or
 * running a deploy command. Stages are found by their `stage('…')` line; a stage runs to the next one.
 */
function jenkinsDeployLines(lines: readonly string[]): boolean[] {
  const starts = lines.flatMap((line, index) => (JENKINS_STAGE.test(line) ? [index] : []));
  const deploy = lines.map(() => false);
  starts.forEach((start, n) => {
    const end = starts[n + 1] ?? lines.length;
    const name = JENKINS_STAGE.exec(lines[start] ?? "")?.[1] ?? "";
    if (DEPLOY_NAME.test(name) || deploysByCommand(lines.slice(start, end)))
      for (let index = start; index < end; index++) deploy[index] = true;
  });
  return deploy;
}

export const jenkinsDetector: FileDetector = {
  id: "jenkins",
  matches: (path) => /^Jenkinsfile(\.[\w-]+)?$/.test(baseName(path)),
  detect(file) {
    const lines = file.text.split("\n");
    const firstIndex = lines.findIndex((line) => line.trim() !== "");
    if (firstIndex < 0) return [];
    const deploy = jenkinsDeployLines(lines);
    const found = [detection("ci", "jenkins", "ci", firstIndex + 1, "Jenkinsfile")];
    lines.forEach((line, index) => {
      for (const pattern of JENKINS_IMAGE) {
        const reference = pattern.exec(line)?.[1];
        const image = reference && imageRepository(reference);
        if (image)
          found.push(
            scoped(
              detection("image", image, "ci", index + 1, line.trim()),
              imageScope(image, { deploys: new Set(), production: deploy[index] ?? false }),
            ),
          );
      }
    });
    return found;
  },
};

// Deploy or tooling: what puts the repository's own artifacts into a real environment, in any CI system.
import type { Node } from "yaml";
import type { YamlDoc } from "../yaml-doc.js";

/**
 * Commands that put the repository's artifacts into a real environment. `kubectl` and `helm` count only
 * in a job that does not start a throwaway cluster (kind, k3d, minikube): there they set up a test.
 */
export const DEPLOY_COMMAND = new RegExp(
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
export const THROWAWAY_CLUSTER_COMMAND =
  /\b(?:kind\s+create\s+cluster|k3d\s+cluster\s+create|minikube\s+start|microk8s\s+(?:start|install))\b/;
export const CLUSTER_COMMAND = /\b(?:kubectl|helm|helmfile|skaffold|argocd)\b/;

/** A job, step or stage named for deploying: `deploy`, `deploy-prod`, `Deploy to ECS`, `.deploy_template`. */
export const DEPLOY_NAME = /(?:^|[^a-z])deploy/i;
/** Environments that CI creates for itself are not real ones. */
const TEST_ENVIRONMENT = /^(?:tests?|testing|ci|e2e|integration(?:[-_ ]?tests?)?)$/i;
const NOT_A_DEPLOY_ACTION = new Set(["stop", "prepare", "access", "verify"]);

/** Keys whose strings are shell commands, in every CI system ci.ts reads. */
export const COMMAND_KEYS: ReadonlySet<string> = new Set([
  "run",
  "script",
  "before_script",
  "after_script",
  // Travis CI's phases
  "before_install",
  "install",
  "after_success",
  "after_failure",
  "before_deploy",
  "after_deploy",
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
export function realEnvironment(doc: YamlDoc, node: Node | undefined): boolean {
  const name = doc.string(node) ?? doc.string(doc.get(node, "name"));
  if (!name || TEST_ENVIRONMENT.test(name)) return false;
  return !NOT_A_DEPLOY_ACTION.has(doc.string(doc.get(node, "action")) ?? "");
}

export function commandsIn(doc: YamlDoc, node: Node | undefined, out: string[] = []): string[] {
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
export function deploysByCommand(commands: readonly string[], throwaway = false): boolean {
  const script = commands.join("\n");
  const testCluster = throwaway || THROWAWAY_CLUSTER_COMMAND.test(script);
  return script.split(/\r?\n|&&|;/).some((line) => {
    if (!DEPLOY_COMMAND.test(line)) return false;
    return !(testCluster && CLUSTER_COMMAND.test(line));
  });
}

/** A job-like node that deploys by its name or its commands. */
export function deploysByNameOrCommand(doc: YamlDoc, node: Node | undefined, nameKeys: string[]): boolean {
  if (nameKeys.some((key) => DEPLOY_NAME.test(doc.string(doc.get(node, key)) ?? ""))) return true;
  return deploysByCommand(commandsIn(doc, node));
}

/** Every map under `node` that `judge` says deploys (a deploy node's children are not judged again). */
export function collectDeploys(
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

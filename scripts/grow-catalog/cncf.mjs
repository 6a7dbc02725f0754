// CNCF projects (graduated, incubating, sandbox) from the landscape snapshot, with the keys their repository
// reveals: the Go module of the repository, its images on GitHub's, Quay's and Docker Hub's registries under
// the same name, and a Helm chart named as the project. Hand-checked keys (Kubernetes API groups, npm and
// PyPI packages) come from cncf-keys.json.
import { kebabId, proseRule } from "./merge.mjs";

const CATEGORY_BY_SUBCATEGORY = {
  "Application Definition & Image Build": "build-tool",
  "Continuous Integration & Delivery": "deployment",
  Database: "database",
  "Streaming & Messaging": "message-broker",
  Framework: "ml",
  "Chaos Engineering": "testing",
  "Continuous Optimization": "observability",
  "Feature Flagging": "deployment",
  Observability: "observability",
  "API Gateway": "api",
  "Coordination & Service Discovery": "networking",
  "Remote Procedure Call": "api",
  "Scheduling & Orchestration": "container-orchestration",
  "Service Mesh": "networking",
  "Service Proxy": "networking",
  "Certified Kubernetes - Distribution": "container-orchestration",
  "Certified Kubernetes - Installer": "container-orchestration",
  "Automation & Configuration": "infrastructure-as-code",
  "Container Registry": "container",
  "Key Management": "secrets",
  "Security & Compliance": "container-orchestration",
  "Cloud Native Network": "networking",
  "Cloud Native Storage": "storage",
  "Container Runtime": "container",
  "Installable Platform": "serverless",
  "Application Frameworks": "runtime",
  "Orchestration & Management": "container-orchestration",
};

/** `https://github.com/org/repo` → `{ org, repo }`; other hosts and bare organisations give nothing. */
export function githubRepo(url) {
  const m = /^https?:\/\/github\.com\/([\w.-]+)\/([\w.-]+?)(?:\.git)?\/?$/i.exec(url ?? "");
  return m ? { org: m[1].toLowerCase(), repo: m[2].toLowerCase() } : undefined;
}

// Repositories named for what they hold, not for the project: no package or image is named after them.
const GENERIC_REPOS = new Set(["spec", "specification", "community", "api", "docs", "website", "model-spec"]);

/** `Open Policy Agent (OPA)` → the name and its short form. */
function splitName(raw) {
  const m = /^(.+?)\s*\(([^)]+)\)$/.exec(raw.trim());
  return m ? { name: m[1], aliases: [m[2]] } : { name: raw.trim(), aliases: [] };
}

export function cncfCandidates(snapshot, extras, words) {
  const orgs = new Map();
  for (const p of snapshot.projects) {
    const gh = githubRepo(p.repo);
    if (gh) orgs.set(gh.org, (orgs.get(gh.org) ?? 0) + 1);
  }
  const unknown = [];
  const kept = snapshot.projects.filter((p) => !extras[p.name]?.skip);
  const candidates = kept.map((project) => {
    const extra = extras[project.name] ?? {};
    const split = splitName(project.name);
    const name = extra.name ?? split.name;
    const aliases = extra.aliases ?? split.aliases;
    const id = kebabId(name);
    const category = CATEGORY_BY_SUBCATEGORY[project.subcategory];
    if (!category) unknown.push(`${project.name}: ${project.subcategory}`);
    return {
      id,
      name,
      ...(aliases.length > 0 ? { aliases } : {}),
      category: extra.category ?? category ?? "container-orchestration",
      ...proseRule([name, ...aliases], words),
      ...(extra.same ? { sameAs: extra.same } : {}),
      keys: joinKeys(derivedKeys(project, id, orgs), extra.keys ?? {}),
    };
  });
  if (unknown.length > 0) throw new Error(`cncf: no category for ${unknown.join("; ")}`);
  return candidates;
}

function derivedKeys(project, id, orgs) {
  const gh = githubRepo(project.repo);
  if (!gh) return {};
  const { org, repo } = gh;
  // ghcr.io's namespaces are GitHub's: an organisation holding one project publishes only its images there.
  const ghcr = orgs.get(org) === 1 ? `ghcr.io/${org}/*` : `ghcr.io/${org}/${repo}`;
  if (GENERIC_REPOS.has(repo)) return orgs.get(org) === 1 ? { image: [ghcr] } : {};
  const named = repo === id || repo === id.replace(/-/g, "");
  return {
    go: [`github.com/${org}/${repo}`],
    image: [ghcr, `quay.io/${org}/${repo}`, `${org}/${repo}`],
    ...(named ? { helm: [repo] } : {}),
  };
}

function joinKeys(a, b) {
  const keys = { ...a };
  for (const [space, list] of Object.entries(b))
    keys[space] = [...new Set([...(keys[space] ?? []), ...list])];
  return keys;
}

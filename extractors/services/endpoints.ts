// Services named by the addresses a repository's code and configuration hold: AWS ARNs
// (`arn:aws:sqs:…`), IAM actions (`"s3:GetObject"`), AWS, Azure and Google Cloud host names
// (`sqs.us-east-1.amazonaws.com`, `acct.blob.core.windows.net`, `pubsub.googleapis.com`) and URL schemes
// (`s3://`, `sqs://`, `redis://`, `postgresql+asyncpg://`). The seed write-up's next step: a value
// scanner for the services an umbrella SDK does not name. CI files and compose files are left to their
// own detectors, which know a test database from a deployed one.
import type { EvidenceVia } from "../../core/truth.js";
import { hasExtension } from "../imports/common.js";
import type { DetectionKey, FileDetector } from "../types.js";
import { textDetections } from "../text-hits.js";

// prettier-ignore
const CODE = [".py", ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx", ".go", ".java", ".kt",
  ".scala", ".rb", ".php", ".cs", ".rs", ".ex", ".exs", ".sh"];
const CONFIG = [
  ".yaml",
  ".yml",
  ".json",
  ".toml",
  ".ini",
  ".cfg",
  ".conf",
  ".properties",
  ".tf",
  ".tfvars",
  ".hcl",
];
const ENV_FILE = /(?:^|\/)\.env(?:\.[\w.-]+)?$|\.env$/;
const SKIPPED = [
  /(?:^|\/)(?:docker-)?compose(?:[.-][\w.-]+)?\.ya?ml$/,
  /(?:^|\/)\.github\/workflows\//,
  /(?:^|\/)(?:\.gitlab-ci\.ya?ml|\.travis\.ya?ml|azure-pipelines\.ya?ml|bitbucket-pipelines\.ya?ml|\.drone\.ya?ml)$/,
  /(?:^|\/)\.(?:circleci|buildkite)\//,
  /(?:-lock\.json|\.lock|\.min\.js|\.map|\.snap)$/,
  /(?:^|\/)(?:package-lock|npm-shrinkwrap|composer)\.json$/,
];

// Where IAM actions are written: a policy document's `Action`, Terraform's `actions = [`, CDK's
// `PolicyStatement({ actions: [`. Anywhere else `"name:Value"` is rarely an action and not worth the scan.
const POLICY_CONFIG = /\bAction\b|\bactions\s*[=:]/;
const POLICY_CODE = /PolicyStatement|\bactions\s*[=:]\s*\[/;
const ARN = /\barn:aws(?:-cn|-us-gov)?:([a-z0-9-]+):/g;
const IAM_ACTION = /(['"])([a-z][a-z0-9-]*):(?:[A-Z][a-z][A-Za-z0-9]*\*?|\*)\1/g;
const HOST_CHAR = /[a-z0-9.-]/;
const WORD_CHAR = /[\w-]/;
const SCHEME_CHAR = /[a-z0-9+]/;
const AFTER_SCHEME = /[\w$%{[@/.'"`-]/;
// Schemes of the web and of version control, never a service.
const GENERIC_SCHEMES = new Set([
  "http",
  "https",
  "ws",
  "wss",
  "ftp",
  "sftp",
  "file",
  "git",
  "ssh",
  "data",
  "mailto",
]);
const HOST_SUFFIXES = [
  "amazonaws.com",
  "windows.net",
  "azure.com",
  "azure.net",
  "azurecr.io",
  "azurewebsites.net",
  "googleapis.com",
  "run.app",
  "firebaseio.com",
  "cloudfunctions.net",
  "appspot.com",
  // S3-compatible object stores, named by the endpoint an S3 client is pointed at.
  "r2.cloudflarestorage.com",
  "digitaloceanspaces.com",
  "backblazeb2.com",
  // Analytics a page loads, allowed by the app's Content-Security-Policy or set in its settings.
  "googletagmanager.com",
  "google-analytics.com",
];
// One pass over the text for every suffix: faster than an indexOf per suffix on large files.
const HOST_SUFFIX = new RegExp(HOST_SUFFIXES.map((suffix) => suffix.replace(/\./g, "\\.")).join("|"), "g");
const REGION = /^(?:[a-z]{2}(?:-gov)?-[a-z]+-\d|dualstack|fips)$/;

/**
 * The service an AWS endpoint names: `sqs.us-east-1`, `x.us-east-1.rds`, `123.dkr.ecr.eu-west-1`,
 * `bucket.s3`. A bare `<service>.amazonaws.com` is left out: it is mostly a service principal in a trust
 * policy (`ec2.amazonaws.com` trusted by a node role) or an annotation's prefix (`eks.amazonaws.com/role-arn`),
 * which say what may act on the account, not what the code calls.
 */
function awsHostService(labels: readonly string[]): string | undefined {
  const last = labels.at(-1)?.replace(/^s3-.*/, "s3");
  // `s3-eu-west-1.amazonaws.com`: S3's legacy regional endpoints carry the region in the label.
  if (labels.length === 1) return last === "s3" ? last : undefined;
  // `sqs.us-east-1`: the service before the region; `db.c9x.eu-west-1.rds`: the service after it.
  if (REGION.test(labels.at(-1) ?? "")) return labels.at(-2);
  return labels.some((label) => REGION.test(label)) || labels.length > 1 ? last : undefined;
}

function hostKeys(labels: readonly string[], suffix: string): DetectionKey[] {
  if (suffix === "amazonaws.com") {
    const service = awsHostService(labels);
    return service ? [{ space: "aws-service", name: service }] : [];
  }
  // Azure hosts start with the account (`acct.blob.core.windows.net`); Google's with the API.
  const full = [...labels, suffix].join(".");
  const withoutFirst = [...labels.slice(1), suffix].join(".");
  return [...new Set([full, withoutFirst])].map((name) => ({ space: "host", name }));
}

/** The scheme of the `://` at `at`, without its driver (`postgresql+asyncpg` → postgresql). */
function schemeBefore(text: string, at: number): { name: string; start: number } | undefined {
  if (!AFTER_SCHEME.test(text[at + 3] ?? "")) return undefined;
  let start = at;
  while (start > 0 && SCHEME_CHAR.test(text[start - 1] ?? "")) start--;
  if (/[\w.-]/.test(text[start - 1] ?? "")) return undefined;
  const name = text.slice(start, at).split("+")[0] ?? "";
  return /^[a-z][a-z0-9]*$/.test(name) ? { name, start } : undefined;
}

/**
 * The labels before `suffix` at `at` (`sqs.us-east-1.` before `amazonaws.com`), read backwards over host
 * characters: linear, where a regular expression for hosts backtracks on long dotted text.
 */
function hostBefore(
  text: string,
  at: number,
  suffix: string,
): { labels: string[]; start: number } | undefined {
  if (WORD_CHAR.test(text[at + suffix.length] ?? "") || text[at - 1] !== ".") return undefined;
  let start = at - 1;
  while (start > 0 && HOST_CHAR.test(text[start - 1] ?? "")) start--;
  const raw = text.slice(start, at - 1);
  // A templated first label (`<%= ENV["ACCOUNT"] %>.r2.cloudflarestorage.com`, `${bucket}.s3.amazonaws.com`)
  // leaves the labels after it.
  const labels = raw === "" ? [] : raw.replace(/^\.+/, "").split(".");
  return labels.every((label) => /^[a-z0-9-]+$/.test(label)) ? { labels, start } : undefined;
}

interface Found {
  key: DetectionKey;
  at: number;
}

/** `policies`: whether `"s3:GetObject"` is read as an IAM action (configuration, IaC, policy code). */
function findAll(text: string, policies: boolean): Found[] {
  const found: Found[] = [];
  if (text.includes("arn:aws"))
    for (const m of text.matchAll(ARN))
      found.push({ key: { space: "aws-service", name: m[1] ?? "" }, at: m.index });
  if (policies)
    for (const m of text.matchAll(IAM_ACTION))
      found.push({ key: { space: "aws-service", name: m[2] ?? "" }, at: m.index });
  for (const m of text.matchAll(HOST_SUFFIX)) {
    const host = hostBefore(text, m.index, m[0]);
    if (host) for (const key of hostKeys(host.labels, m[0])) found.push({ key, at: host.start });
  }
  for (let at = text.indexOf("://"); at !== -1; at = text.indexOf("://", at + 3)) {
    const scheme = schemeBefore(text, at);
    if (scheme && !GENERIC_SCHEMES.has(scheme.name))
      found.push({ key: { space: "url-scheme", name: scheme.name }, at: scheme.start });
  }
  return found;
}

function viaOf(path: string): EvidenceVia {
  if (hasExtension(path, [".tf", ".tfvars", ".hcl"])) return "iac";
  return hasExtension(path, CODE) ? "import" : "config";
}

export const endpointDetector: FileDetector = {
  id: "services:endpoints",
  matches: (path) =>
    (hasExtension(path, CODE) || hasExtension(path, CONFIG) || ENV_FILE.test(path)) &&
    !SKIPPED.some((pattern) => pattern.test(path)),
  detect(file) {
    const via = viaOf(file.path);
    // A substring first: most files name no action at all, and includes() is far cheaper than the pattern.
    const mayHoldPolicy = file.text.includes(via === "import" ? "ctions" : "ction");
    const policies = mayHoldPolicy && (via === "import" ? POLICY_CODE : POLICY_CONFIG).test(file.text);
    return textDetections(file.text, findAll(file.text, policies), via, {
      python: hasExtension(file.path, [".py"]),
    });
  },
};

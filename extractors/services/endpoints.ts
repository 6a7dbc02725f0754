// Services named by the addresses a repository's code and configuration hold: AWS ARNs
// (`arn:aws:sqs:…`), IAM actions (`"s3:GetObject"`), AWS, Azure and Google Cloud host names
// (`sqs.us-east-1.amazonaws.com`, `acct.blob.core.windows.net`, `pubsub.googleapis.com`) and URL schemes
// (`s3://`, `sqs://`, `redis://`, `postgresql+asyncpg://`). The seed write-up's next step: a value
// scanner for the services an umbrella SDK does not name. CI files and compose files are left to their
// own detectors, which know a test database from a deployed one.
import type { EvidenceVia } from "../../core/truth.js";
import { hasExtension } from "../imports/common.js";
import type { Detection, DetectionKey, FileDetector } from "../types.js";
import { isCommentAt, lineAt, lineStarts, lineText } from "../lines.js";

const CODE = [".py", ".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx", ".go", ".java", ".kt"];
const MORE_CODE = [".scala", ".rb", ".php", ".cs", ".rs", ".ex", ".exs", ".sh"];
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

const ARN = /\barn:aws(?:-cn|-us-gov)?:([a-z0-9-]+):/g;
const IAM_ACTION = /(['"])([a-z][a-z0-9-]*):(?:[A-Z][a-z][A-Za-z0-9]*\*?|\*)\1/g;
const HOST =
  /\b((?:[a-z0-9-]+\.)+)(amazonaws\.com|windows\.net|azure\.com|azure\.net|azurecr\.io|azurewebsites\.net|googleapis\.com|run\.app|firebaseio\.com|cloudfunctions\.net|appspot\.com)\b/g;
const SCHEME = /(?<![\w+.-])([a-z][a-z0-9]*)(?:\+[a-z0-9]+)*:\/\/(?=[\w$%{[@/.'"`-])/g;
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
];
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
  if (HOST_SUFFIXES.some((suffix) => text.includes(suffix)))
    for (const m of text.matchAll(HOST)) {
      const labels = (m[1] ?? "").slice(0, -1).split(".");
      for (const key of hostKeys(labels, m[2] ?? "")) found.push({ key, at: m.index });
    }
  if (text.includes("://"))
    for (const m of text.matchAll(SCHEME))
      if (!GENERIC_SCHEMES.has(m[1] ?? ""))
        found.push({ key: { space: "url-scheme", name: m[1] ?? "" }, at: m.index });
  return found;
}

function viaOf(path: string): EvidenceVia {
  if (hasExtension(path, [".tf", ".tfvars", ".hcl"])) return "iac";
  return hasExtension(path, [...CODE, ...MORE_CODE]) ? "import" : "config";
}

export const endpointDetector: FileDetector = {
  id: "services:endpoints",
  matches: (path) =>
    (hasExtension(path, CODE) ||
      hasExtension(path, MORE_CODE) ||
      hasExtension(path, CONFIG) ||
      ENV_FILE.test(path)) &&
    !SKIPPED.some((pattern) => pattern.test(path)),
  detect(file) {
    const via = viaOf(file.path);
    const found = findAll(file.text, via !== "import" || /PolicyStatement|\bactions?\b/i.test(file.text));
    if (found.length === 0) return [];
    const starts = lineStarts(file.text);
    const seen = new Set<string>();
    const out: Detection[] = [];
    for (const { key, at } of found.sort((a, b) => a.at - b.at)) {
      const id = `${key.space}\0${key.name}`;
      if (seen.has(id) || isCommentAt(file.text, starts, at)) continue;
      seen.add(id);
      const line = lineAt(starts, at);
      out.push({ key, line, via, detail: lineText(file.text, starts, line) });
    }
    return out;
  },
};

// AWS services named by a string or a class in SDK calls, where no package names the service: boto3's
// `client("sqs")` and `resource("dynamodb")`, the JavaScript SDK v2's `new AWS.SQS()`, Ruby's
// `Aws::S3::Client` and PHP's `Aws\S3\S3Client`. Each reports the service under `aws-service`, the space
// the catalog's AWS entries answer to by boto3 client name and by SDK class name.
import { hasExtension } from "../imports/common.js";
import type { FileDetector } from "../types.js";
import { textDetections } from "../text-hits.js";

const PYTHON_CALL =
  /(?<![\w$])(?:client|resource|create_client)\(\s*(?:service_name\s*=\s*)?(['"])([a-z0-9-]+)\1/g;
const RUBY_CLIENT = /\bAws::([A-Z][A-Za-z0-9]*)::(?:Client|Resource)\b/g;
const PHP_CLIENT = /\bAws\\([A-Z][A-Za-z0-9]*)\\\1Client\b/g;
const JS_NAMESPACE =
  /(?:(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*=\s*require\(\s*['"]aws-sdk['"]\s*\)|import\s+(?:\*\s+as\s+)?([A-Za-z_$][\w$]*)\s+from\s+['"]aws-sdk['"])/g;
const JS_NAMED =
  /(?:(?:const|let|var)\s*\{([^}]*)\}\s*=\s*require\(\s*['"]aws-sdk['"]\s*\)|import\s*\{([^}]*)\}\s*from\s*['"]aws-sdk['"])/g;
// The file loads the SDK: a call or class of a file that only mentions it (a docstring's example) is none.
const BOTO_IMPORT = /^[ \t]*(?:import|from)[ \t]+(?:boto3|aioboto3|botocore|aiobotocore)\b/m;
const AWS_SDK_LOAD = /(?:require\(\s*|\bfrom\s+|\bimport\s+)['"]aws-sdk['"]/;
// The SDK v2's classes that are no service.
const JS_NOT_SERVICES = new Set(["Config", "Credentials", "Endpoint", "Request", "Response", "Service"]);

interface Found {
  name: string;
  at: number;
}

function pythonCalls(text: string): Found[] {
  if (!text.includes("boto") || !BOTO_IMPORT.test(text)) return [];
  return [...text.matchAll(PYTHON_CALL)].map((m) => ({ name: m[2] ?? "", at: m.index }));
}

function escaped(name: string): string {
  return name.replace(/\$/g, "\\$");
}

function jsClasses(text: string): Found[] {
  if (!text.includes("aws-sdk") || !AWS_SDK_LOAD.test(text)) return [];
  const found: Found[] = [];
  const namespaces = new Set(["AWS"]);
  for (const m of text.matchAll(JS_NAMESPACE)) namespaces.add(m[1] ?? m[2] ?? "AWS");
  for (const m of text.matchAll(JS_NAMED)) {
    for (const part of (m[1] ?? m[2] ?? "").split(",")) {
      const name = part.trim().split(/\s*(?:as|:)\s*/)[0] ?? "";
      if (/^[A-Z][A-Za-z0-9]*$/.test(name)) found.push({ name, at: m.index });
    }
  }
  const uses = new RegExp(
    String.raw`(?:\bnew\s+(?:${[...namespaces].map(escaped).join("|")})\.([A-Z][A-Za-z0-9]*)|\b(?:${[...namespaces].map(escaped).join("|")})\.([A-Z][A-Za-z0-9]*)\.DocumentClient\b)`,
    "g",
  );
  for (const m of text.matchAll(uses)) found.push({ name: m[1] ?? m[2] ?? "", at: m.index });
  return found.filter((f) => !JS_NOT_SERVICES.has(f.name));
}

function matchesOf(pattern: RegExp, marker: string) {
  return (text: string): Found[] =>
    text.includes(marker) ? [...text.matchAll(pattern)].map((m) => ({ name: m[1] ?? "", at: m.index })) : [];
}

const READERS: [readonly string[], (text: string) => Found[]][] = [
  [[".py"], pythonCalls],
  [[".js", ".mjs", ".cjs", ".jsx", ".ts", ".mts", ".cts", ".tsx"], jsClasses],
  [[".rb"], matchesOf(RUBY_CLIENT, "Aws::")],
  [[".php"], matchesOf(PHP_CLIENT, "Aws\\")],
];

function readerFor(path: string): ((text: string) => Found[]) | undefined {
  return READERS.find(([extensions]) => hasExtension(path, extensions))?.[1];
}

export const awsSdkCallDetector: FileDetector = {
  id: "services:aws-sdk",
  matches: (path) => readerFor(path) !== undefined,
  detect(file) {
    const found = readerFor(file.path)?.(file.text) ?? [];
    const hits = found.map(({ name, at }) => ({
      key: { space: "aws-service", name: name.toLowerCase() },
      at,
    }));
    return textDetections(file.text, hits, "import", { python: hasExtension(file.path, [".py"]) });
  },
};

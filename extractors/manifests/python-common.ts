// PEP 508 requirement names and the scopes Python projects give by group or file name.
import { type DependencyScope, ParseError } from "../types.js";

const NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?/;
// After the name: extras, a version, markers, a direct URL, or nothing.
const AFTER_NAME = /^\s*(?:$|[[(<>=!~;@])/;

/** The distribution name a PEP 508 requirement starts with, or undefined when it does not parse. */
export function requirementName(requirement: string): string | undefined {
  const text = requirement.trim();
  const name = NAME.exec(text)?.[0];
  if (name === undefined || !AFTER_NAME.test(text.slice(name.length))) return undefined;
  return name;
}

const EXTRAS = /^\s*\[([^\]]*)\]/;

/** The extras a PEP 508 requirement asks for, lower-cased: `celery[sqs, redis]>=5` → [sqs, redis]. */
export function requirementExtras(requirement: string, name: string): string[] {
  const list = EXTRAS.exec(requirement.trim().slice(name.length))?.[1] ?? "";
  return list
    .split(",")
    .map((extra) => extra.trim().toLowerCase())
    .filter((extra) => /^[a-z0-9][a-z0-9._-]*$/.test(extra));
}

/**
 * The detection of a requirement, then one per extra keyed `name[extra]`: an extra can choose a service
 * (`celery[sqs]` is Amazon SQS, `django-storages[google]` Google Cloud Storage) the bare name does not.
 */
export function withExtras<T extends { key: { space: string; name: string } }>(
  detection: T,
  requirement: string,
): T[] {
  const { name } = detection.key;
  const extras = requirementExtras(requirement, name);
  return [
    detection,
    ...extras.map((extra) => ({ ...detection, key: { ...detection.key, name: `${name}[${extra}]` } })),
  ];
}

/** Like `requirementName`, but a requirement that does not parse is a malformed file. */
export function requireName(requirement: string, where: string, line: number | undefined): string {
  const name = requirementName(requirement);
  if (name === undefined) {
    throw new ParseError(
      `${where} on line ${line} is not a valid PEP 508 requirement: "${requirement.trim()}".`,
      line,
    );
  }
  return name;
}

const TEST_WORDS = new Set(["test", "tests", "testing"]);
const DEV_WORDS = new Set([
  "dev",
  "develop",
  "development",
  "lint",
  "linting",
  "docs",
  "doc",
  "typing",
  "types",
  "style",
  "format",
  "ci",
  "local",
]);

function words(name: string): string[] {
  return name.toLowerCase().split(/[-_.\s]+/);
}

/** A group or file tag meant for tests (`test`, `unit-tests`) or development (`dev`, `lint`, `docs`)? */
export function toolingScope(name: string): "test" | "dev" | undefined {
  const parts = words(name);
  if (parts.some((w) => TEST_WORDS.has(w))) return "test";
  if (parts.some((w) => DEV_WORDS.has(w))) return "dev";
  return undefined;
}

/** An extra (optional-dependencies, extras_require): tooling groups are dev/test, the rest optional. */
export function extraScope(group: string): DependencyScope {
  return toolingScope(group) ?? "optional";
}

/** A dependency group (PEP 735, Poetry, PDM, uv): never runtime, except Poetry's `main`. */
export function groupScope(group: string): DependencyScope {
  if (group === "main") return "runtime";
  return toolingScope(group) ?? "dev";
}

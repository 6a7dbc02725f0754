import type { DependencyScope, Detection } from "../types.js";
import type { EvidenceVia } from "../../core/truth.js";

/** Shorthand for a Detection; `line` is omitted rather than set to undefined when unknown. */
export function detection(
  space: string,
  name: string,
  via: EvidenceVia,
  line: number | undefined,
  detail: string,
): Detection {
  return line === undefined
    ? { key: { space, name }, via, detail }
    : { key: { space, name }, line, via, detail };
}

/** The detection with `scope` set; undefined leaves it as it is (production unless the file says otherwise). */
export function scoped(found: Detection, scope: DependencyScope | undefined): Detection {
  return scope ? { ...found, scope } : found;
}

/**
 * A name or path that says "this runs the tests": `Dockerfile.playwright`, `e2e/Dockerfile`,
 * `docker-compose.test.yml`, `compose.ci.yaml`, a compose service `integration-tests`. Whole words only,
 * split on anything but letters and digits (`latest`, `circleci` and `contest` do not count).
 */
export function saysTest(name: string): boolean {
  return name
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .some((word) => TEST_WORDS.has(word));
}

const TEST_WORDS = new Set([
  "test",
  "tests",
  "testing",
  "e2e",
  "ci",
  "integration",
  "acceptance",
  "playwright",
  "cypress",
  "selenium",
  "puppeteer",
]);

/**
 * Images that exist to run tests (browsers and test runners): a container built on one, or a service
 * running one, runs the tests, not the product.
 */
export function isTestRunnerImage(image: string): boolean {
  return TEST_RUNNER_IMAGE.test(image.toLowerCase());
}

const TEST_RUNNER_IMAGE =
  /^(?:mcr\.microsoft\.com\/playwright(?:\/.*)?|(?:[\w.-]+\/)*playwright|cypress\/.+|(?:[\w.-]+\/)?selenium\/.+|(?:[\w.-]+\/)?seleniarm\/.+|(?:ghcr\.io\/)?browserless\/.+|ghcr\.io\/puppeteer\/puppeteer|testcontainers\/.+)$/;

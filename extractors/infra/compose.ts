// Docker Compose files: the tool, and the image each service pulls.
// Services that only run tests are test evidence: a compose file named for tests
// (`docker-compose.test.yml`, `compose.ci.yaml`, `e2e/compose.yaml`), or a service whose name, profile,
// command or image says it runs tests (`e2e`, `profiles: [test]`, `command: npx playwright test`,
// `cypress/included`). A file for local development is tooling: named dev, local or override, or one of
// whose services mounts the project's source, runs a dev server or an emulator, or sets a dev environment.
// No deployment bind-mounts its source; the datastores such a file starts are found, if the product uses
// them, by the code and settings that connect to them.
import type { Detection, FileDetector } from "../types.js";
import { detection, isTestRunnerImage, saysTest, scoped } from "./detection.js";
import { baseName, imageRepository } from "./refs.js";
import { runsLocally, saysLocal } from "./compose-local.js";
import type { YamlDoc } from "./yaml-doc.js";
import { loadYaml, parseClaimedYaml } from "./yaml-doc.js";

/** compose.yaml, docker-compose.yml, docker-compose.override.yml, docker-compose-dev.yaml, compose.prod.yml, ... */
const COMPOSE_FILE = /^(?:docker-)?compose(?:[.-][\w.-]+)?\.ya?ml$/;

/** Commands that run a test suite. */
const TEST_COMMAND = new RegExp(
  [
    String.raw`(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?(?:test|e2e|cypress|playwright)[\w:-]*`,
    String.raw`npx\s+(?:playwright|cypress|jest|vitest|mocha)`,
    String.raw`(?:pytest|tox|nox|jest|vitest|mocha|rspec|phpunit|behave|robot)`,
    String.raw`(?:go|cargo|dotnet|mix)\s+test`,
    String.raw`mvnw?\s+(?:\S+\s+)*(?:test|verify)`,
    String.raw`gradlew?\s+(?:\S+\s+)*test`,
    String.raw`cypress\s+run`,
    String.raw`playwright\s+test`,
  ]
    .map((pattern) => `(?:^|[\\s;&|/"'\\[,])${pattern}(?:$|[\\s;&|"'\\],])`)
    .join("|"),
);

export const composeDetector: FileDetector = {
  id: "docker-compose",
  matches: (path) => COMPOSE_FILE.test(baseName(path)),
  init: loadYaml,
  detect(file) {
    const found: Detection[] = [];
    const fileIsTest = saysTest(file.path);
    let local = saysLocal(file.path);
    for (const doc of parseClaimedYaml(file.path, file.text)) {
      const services = doc.entry(doc.root, "services");
      const first = services ?? doc.entries(doc.root)[0];
      if (!first) continue;
      const serviceEntries = doc.entries(services?.value);
      const testServices = serviceEntries.map(({ key, value }) => fileIsTest || runsTests(doc, key, value));
      // A service that runs the tests (a mock server, a browser) does not make the file a dev setup.
      local ||= serviceEntries.some(({ value }, index) => !testServices[index] && runsLocally(doc, value));
      if (found.length === 0) {
        const allTests = fileIsTest || (testServices.length > 0 && testServices.every(Boolean));
        found.push(
          scoped(
            detection("tool", "docker-compose", "container", doc.line(first.keyNode), "Docker Compose file"),
            allTests ? "test" : undefined,
          ),
        );
      }
      serviceEntries.forEach(({ key: service, value }, index) => {
        // With `build`, `image` names the image Compose builds, not one it pulls.
        if (doc.entry(value, "build")) return;
        const imageNode = doc.get(value, "image");
        const reference = doc.string(imageNode);
        const image = reference && imageRepository(withDefaults(reference));
        if (image)
          found.push(
            scoped(
              detection(
                "image",
                image,
                "container",
                doc.line(imageNode),
                `services.${service}.image: ${reference}`,
              ),
              testServices[index] ? "test" : undefined,
            ),
          );
      });
    }
    return local ? found.map((item) => (item.scope ? item : scoped(item, "dev"))) : found;
  },
};

/** A service that runs tests: by its name, a profile, its command or entrypoint, or a test-runner image. */
function runsTests(doc: YamlDoc, name: string, service: ReturnType<YamlDoc["get"]>): boolean {
  if (saysTest(name)) return true;
  const profiles = doc.items(doc.get(service, "profiles")).map((item) => doc.string(item) ?? "");
  if (profiles.some(saysTest)) return true;
  for (const key of ["command", "entrypoint"]) {
    const node = doc.get(service, key);
    const parts = [node, ...doc.items(node)].map((item) => doc.string(item)).filter(Boolean);
    if (TEST_COMMAND.test(parts.join(" "))) return true;
  }
  const reference = doc.string(doc.get(service, "image"));
  const image = reference && imageRepository(withDefaults(reference));
  return Boolean(image && isTestRunnerImage(image));
}

/** Compose interpolation: `${VAR:-default}` and `${VAR-default}` fall back to the default. */
function withDefaults(reference: string): string {
  return reference.replace(/\$\{[A-Za-z_]\w*:?-([^}]*)\}/g, "$1");
}

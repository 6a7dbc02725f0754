// Docker Compose files: the tool, and the image each service pulls.
import type { Detection, FileDetector } from "../types.js";
import { detection } from "./detection.js";
import { baseName, imageRepository } from "./refs.js";
import { loadYaml, parseClaimedYaml } from "./yaml-doc.js";

/** compose.yaml, docker-compose.yml, docker-compose.override.yml, docker-compose-dev.yaml, compose.prod.yml, ... */
const COMPOSE_FILE = /^(?:docker-)?compose(?:[.-][\w.-]+)?\.ya?ml$/;

export const composeDetector: FileDetector = {
  id: "docker-compose",
  matches: (path) => COMPOSE_FILE.test(baseName(path)),
  init: loadYaml,
  detect(file) {
    const found: Detection[] = [];
    for (const doc of parseClaimedYaml(file.path, file.text)) {
      const services = doc.entry(doc.root, "services");
      const first = services ?? doc.entries(doc.root)[0];
      if (!first) continue;
      if (found.length === 0)
        found.push(
          detection("tool", "docker-compose", "container", doc.line(first.keyNode), "Docker Compose file"),
        );
      for (const { key: service, value } of doc.entries(services?.value)) {
        // With `build`, `image` names the image Compose builds, not one it pulls.
        if (doc.entry(value, "build")) continue;
        const imageNode = doc.get(value, "image");
        const reference = doc.string(imageNode);
        const image = reference && imageRepository(withDefaults(reference));
        if (image)
          found.push(
            detection(
              "image",
              image,
              "container",
              doc.line(imageNode),
              `services.${service}.image: ${reference}`,
            ),
          );
      }
    }
    return found;
  },
};

/** Compose interpolation: `${VAR:-default}` and `${VAR-default}` fall back to the default. */
function withDefaults(reference: string): string {
  return reference.replace(/\$\{[A-Za-z_]\w*:?-([^}]*)\}/g, "$1");
}

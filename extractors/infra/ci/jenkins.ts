// Jenkins: a Jenkinsfile's agent images, scoped by the stage they run in.
import type { FileDetector } from "../../types.js";
import { detection, scoped } from "../detection.js";
import { baseName, imageRepository } from "../refs.js";
import { DEPLOY_NAME, deploysByCommand } from "./deploy.js";
import { imageScope } from "./yaml-ci.js";

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

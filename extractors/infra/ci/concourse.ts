// Concourse CI: task configurations (`platform` + `run`) and pipelines (`jobs` whose steps are a `plan`),
// which have no fixed file name; they live in `ci/`, `concourse/` or `pipelines/` folders. What a task runs
// (`gcloud dataflow jobs run`, `cf push`) reaches the product's environment as a deploy script does.
import type { Detection, FileDetector } from "../../types.js";
import { textDetections } from "../../text-hits.js";
import { commandKeys } from "../commands/cli.js";
import { detection } from "../detection.js";
import { type YamlDoc, loadYaml, parseYaml } from "../yaml-doc.js";

const CONCOURSE_FILE =
  /(?:^|\/)(?:\.?ci|\.?concourse|pipelines?)\/(?:[^/]+\/)*[^/]+\.ya?ml$|(?:^|\/)pipeline[\w.-]*\.ya?ml$/;

function isTask(doc: YamlDoc): boolean {
  return doc.string(doc.get(doc.root, "platform")) !== undefined && doc.isMap(doc.get(doc.root, "run"));
}

function isPipeline(doc: YamlDoc): boolean {
  return doc.items(doc.get(doc.root, "jobs")).some((job) => doc.items(doc.get(job, "plan")).length > 0);
}

export const concourseDetector: FileDetector = {
  id: "concourse",
  matches: (path) => CONCOURSE_FILE.test(path),
  init: loadYaml,
  detect({ text }): Detection[] {
    if (!/^(?:platform|jobs)\s*:/m.test(text)) return [];
    const { docs, problem } = parseYaml(text);
    const doc = docs[0];
    if (problem || !doc || !(isTask(doc) || isPipeline(doc))) return [];
    const label = isTask(doc) ? "Concourse task configuration" : "Concourse pipeline";
    const first = doc.entries(doc.root)[0];
    const hits = commandKeys(text).map(({ space, name, at }) => ({ key: { space, name }, at }));
    return [
      detection("ci", "concourse", "ci", doc.line(first?.keyNode), label),
      ...textDetections(text, hits, "ci").map((found) => ({ ...found, deploys: true as const })),
    ];
  },
};

// The YAML CI reader every YAML CI service shares: the service itself, the images its jobs run in, and the
// context (deploy job or not) that decides each detection's scope.
import type { Node, Tags } from "yaml";
import type { DependencyScope, Detection, FileDetector } from "../../types.js";
import { detection, isTestRunnerImage, scoped } from "../detection.js";
import { imageRepository } from "../refs.js";
import type { YamlDoc } from "../yaml-doc.js";
import { loadYaml, parseClaimedYaml, parseYaml } from "../yaml-doc.js";
import { ciCommands } from "./commands.js";
import { type CiContext, enter } from "./context.js";

export interface ImageWalk {
  /** How to read a string under `container:`: always an image (GitHub), or only when it has a tag or path (Azure, where it may name a resource alias). */
  containerStrings?: "image" | "qualified";
  /** GitLab: `services:` lists images, as strings or `{ name: image }` maps. */
  serviceImages?: boolean;
  /** Subtrees that never hold CI images, such as GitHub step inputs under `with`. */
  skipKeys?: Set<string>;
}

export interface YamlCi extends ImageWalk {
  id: string;
  ci: string;
  label: string;
  matches: (path: string) => boolean;
  tags?: Tags;
  /** Files whose name alone does not make them CI configuration return [] when malformed. */
  lenient?: boolean;
  extra?: (doc: YamlDoc, context: CiContext) => Detection[];
  /** The nodes of the jobs that deploy (see `DEPLOY_COMMAND` and `realEnvironment`). */
  deployJobs?: (doc: YamlDoc) => Set<Node>;
  /** Whether the file is the repository's product rather than its CI: then nothing in it is scoped. */
  product?: (path: string) => boolean;
}

export function yamlCiDetector(spec: YamlCi): FileDetector {
  return {
    id: spec.id,
    matches: spec.matches,
    init: loadYaml,
    detect(file) {
      const options = spec.tags ? { customTags: spec.tags } : {};
      const docs = spec.lenient
        ? parseLenient(file.text, options)
        : parseClaimedYaml(file.path, file.text, options);
      const product = spec.product?.(file.path) ?? false;
      const found: Detection[] = [];
      for (const doc of docs) {
        const first = doc.entries(doc.root)[0];
        if (!first) continue;
        if (found.length === 0)
          found.push(detection("ci", spec.ci, "ci", doc.line(first.keyNode), spec.label));
        const context: CiContext = {
          deploys: product ? new Set() : (spec.deployJobs?.(doc) ?? new Set()),
          production: product,
          product,
        };
        found.push(
          ...(spec.extra?.(doc, context) ?? []),
          ...imagesIn(doc, doc.root, "", spec, context),
          ...ciCommands(doc, context),
        );
      }
      return found;
    },
  };
}

function parseLenient(text: string, options: { customTags?: Tags }): YamlDoc[] {
  const { docs, problem } = parseYaml(text, options);
  return problem ? [] : docs;
}

/** `image:` keys (a string, or a map with `name`) at any depth, plus GitLab services and `container:` strings. */
function imagesIn(
  doc: YamlDoc,
  node: Node | undefined,
  path: string,
  walk: ImageWalk,
  outer: CiContext,
): Detection[] {
  const context = enter(outer, node);
  const found: Detection[] = [];
  for (const { key, value } of doc.entries(node)) {
    const here = path ? `${path}.${key}` : key;
    if (walk.skipKeys?.has(key)) continue;
    if (key === "image") {
      const nameNode = doc.string(value) ? value : doc.get(value, "name");
      found.push(...imageDetection(doc, nameNode, doc.string(value) ? here : `${here}.name`, context));
    } else if (key === "container" && walk.containerStrings && doc.string(value)) {
      const reference = doc.string(value) ?? "";
      if (walk.containerStrings === "image" || /[:/]/.test(reference))
        found.push(...imageDetection(doc, value, here, context));
    } else if (key === "services" && walk.serviceImages) {
      const services = { ...context, service: true };
      doc.items(value).forEach((item, index) => {
        const nameNode = doc.string(item) ? item : doc.get(item, "name");
        const itemPath = doc.string(item) ? `${here}[${index}]` : `${here}[${index}].name`;
        found.push(...imageDetection(doc, nameNode, itemPath, enter(services, item)));
      });
    } else {
      const inner = key === "services" ? { ...context, service: true } : context;
      found.push(...imagesIn(doc, value, here, walk, inner));
    }
  }
  doc
    .items(node)
    .forEach((item, index) => found.push(...imagesIn(doc, item, `${path}[${index}]`, walk, context)));
  return found;
}

function imageDetection(doc: YamlDoc, node: Node | undefined, path: string, context: CiContext): Detection[] {
  const reference = doc.string(node);
  const image = reference && imageRepository(reference);
  if (!image) return [];
  return [
    scoped(
      detection("image", image, "ci", doc.line(node), `${path}: ${reference}`),
      imageScope(image, context),
    ),
  ];
}

/** A CI container: test when it runs tests or sits beside the job as a service, dev otherwise. */
export function imageScope(image: string, context: CiContext): DependencyScope | undefined {
  if (context.product) return undefined;
  if (isTestRunnerImage(image)) return "test";
  if (context.production) return context.service ? "dev" : undefined;
  return context.service ? "test" : "dev";
}

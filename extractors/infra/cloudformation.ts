// AWS CloudFormation / SAM templates, Serverless Framework, AWS CDK and Pulumi project files.
import type { Node } from "yaml";
import type { Detection, FileDetector } from "../types.js";
import { ParseError } from "../types.js";
import { detection } from "./detection.js";
import { baseName, imageRepository } from "./refs.js";
import type { YamlDoc } from "./yaml-doc.js";
import { loadYaml, parseClaimedYaml, parseYaml, passThroughTags, requireYaml } from "./yaml-doc.js";

const INTRINSIC_TAGS = passThroughTags(
  [
    "Ref",
    "Sub",
    "GetAtt",
    "If",
    "Join",
    "Select",
    "Split",
    "FindInMap",
    "Base64",
    "Cidr",
    "ImportValue",
    "GetAZs",
    "Equals",
    "And",
    "Or",
    "Not",
    "Condition",
    "Transform",
    "ToJsonString",
    "Length",
  ].map((name) => `!${name}`),
);
const SAM_TRANSFORM = "AWS::Serverless-2016-10-31";
/** Managed database resources whose `Engine` property names the engine. */
const ENGINE_TYPES = new Set([
  "AWS::RDS::DBInstance",
  "AWS::RDS::DBCluster",
  "AWS::RDS::GlobalCluster",
  "AWS::ElastiCache::CacheCluster",
  "AWS::ElastiCache::ReplicationGroup",
  "AWS::ElastiCache::ServerlessCache",
  "AWS::MemoryDB::Cluster",
]);

export const cloudFormationDetector: FileDetector = {
  id: "cloudformation",
  matches: (path) => /\.(ya?ml|json|template)$/i.test(path) && !isServerlessConfig(path),
  detect(file) {
    // Cheap gate: most YAML and JSON files in a repository are not templates, so `yaml` loads only once
    // a file passes it.
    if (!file.text.includes("AWS::") && !file.text.includes("AWSTemplateFormatVersion")) return [];
    requireYaml();
    // A file that declares itself a template must parse; any other file is only a candidate.
    const claimed = /AWSTemplateFormatVersion|AWS::Serverless-2016-10-31/.test(file.text);
    const { docs, problem } = parseYaml(file.text, { customTags: INTRINSIC_TAGS });
    if (problem && claimed) {
      throw new ParseError(
        `${file.path} is not a valid CloudFormation template: ${problem.message}.`,
        problem.line,
      );
    }
    const doc = docs[0];
    if (problem || !doc || !isTemplate(doc)) return [];
    return template(doc);
  },
};

function isTemplate(doc: YamlDoc): boolean {
  if (doc.entry(doc.root, "AWSTemplateFormatVersion")) return true;
  return doc
    .entries(doc.get(doc.root, "Resources"))
    .some((resource) => doc.string(doc.get(resource.value, "Type"))?.startsWith("AWS::"));
}

function template(doc: YamlDoc): Detection[] {
  const transform = doc.entry(doc.root, "Transform");
  const transforms = doc.items(transform?.value).concat(transform?.value ? [transform.value] : []);
  const isSam = transforms.some((node) => doc.string(node) === SAM_TRANSFORM);
  const marker = isSam
    ? transform
    : (doc.entry(doc.root, "AWSTemplateFormatVersion") ?? doc.entry(doc.root, "Resources"));
  const line = doc.line(marker?.keyNode);
  const markerDetail = isSam ? `Transform: ${SAM_TRANSFORM}` : "CloudFormation template";
  return [
    detection("tool", isSam ? "aws-sam" : "cloudformation", "iac", line, markerDetail),
    detection("cloud", "aws", "iac", line, markerDetail),
    ...resources(doc, doc.get(doc.root, "Resources"), "Resources"),
  ];
}

/** Each resource's type, plus the engine of managed databases and images of ECS task definitions. */
function resources(doc: YamlDoc, section: Node | undefined, prefix: string): Detection[] {
  const found: Detection[] = [];
  for (const { key: name, value } of doc.entries(section)) {
    const typeNode = doc.get(value, "Type");
    const type = doc.string(typeNode);
    if (!type || !/^[A-Za-z0-9]+::/.test(type) || type.startsWith("Custom::")) continue;
    const path = `${prefix}.${name}`;
    found.push(detection("cloudformation", type, "iac", doc.line(typeNode), `${path}: Type: ${type}`));
    const properties = doc.get(value, "Properties");
    const engineNode = doc.get(properties, "Engine");
    const engine = doc.string(engineNode);
    if (ENGINE_TYPES.has(type) && engine) {
      found.push(
        detection("db-engine", engine, "iac", doc.line(engineNode), `${path}.Properties.Engine: ${engine}`),
      );
    }
    if (type === "AWS::ECS::TaskDefinition") {
      for (const container of doc.items(doc.get(properties, "ContainerDefinitions"))) {
        const imageNode = doc.get(container, "Image");
        const reference = doc.string(imageNode);
        const image = reference && imageRepository(reference);
        if (image)
          found.push(detection("image", image, "iac", doc.line(imageNode), `${path}: Image: ${reference}`));
      }
    }
  }
  return found;
}

// ---- Serverless Framework ----

function isServerlessConfig(path: string): boolean {
  return /^serverless\.ya?ml$/.test(baseName(path));
}

export const serverlessDetector: FileDetector = {
  id: "serverless.yml",
  matches: isServerlessConfig,
  init: loadYaml,
  detect(file) {
    const doc = parseClaimedYaml(file.path, file.text, { customTags: INTRINSIC_TAGS })[0];
    const root = doc?.root;
    if (!doc || !doc.isMap(root)) return [];
    const first = doc.entries(root)[0];
    const service = doc.string(doc.get(root, "service")) ?? doc.string(doc.getIn(root, ["service", "name"]));
    const found = [
      detection(
        "tool",
        "serverless",
        "iac",
        doc.line(first?.keyNode),
        `Serverless Framework service ${service ?? ""}`.trim(),
      ),
    ];
    const provider = doc.get(root, "provider");
    const providerNameNode = doc.isMap(provider) ? doc.get(provider, "name") : provider;
    const cloud = doc.string(providerNameNode)?.toLowerCase();
    if (cloud && /^[a-z][a-z0-9-]*$/.test(cloud)) {
      found.push(detection("cloud", cloud, "iac", doc.line(providerNameNode), `provider.name: ${cloud}`));
    }
    if (cloud === "aws") {
      for (const fn of doc.entries(doc.get(root, "functions"))) {
        found.push(
          detection(
            "cloudformation",
            "AWS::Lambda::Function",
            "iac",
            doc.line(fn.keyNode),
            `functions.${fn.key}`,
          ),
        );
      }
    }
    // `resources` is a map or a list of maps (the list may also hold `${file(...)}` includes, skipped).
    const resourceSections = doc.isMap(doc.get(root, "resources"))
      ? [doc.get(root, "resources")]
      : doc.items(doc.get(root, "resources"));
    for (const section of resourceSections) {
      found.push(...resources(doc, doc.get(section, "Resources"), "resources.Resources"));
    }
    return found;
  },
};

// ---- AWS CDK and Pulumi: the project file marks the tool ----

export const cdkDetector: FileDetector = {
  id: "cdk.json",
  matches: (path) => baseName(path) === "cdk.json",
  detect(file) {
    let app: unknown;
    try {
      app =
        file.text.trim() === ""
          ? undefined
          : (JSON.parse(file.text.replace(/^\uFEFF/, "")) as { app?: unknown }).app;
    } catch {
      throw new ParseError(`${file.path} is not valid JSON.`);
    }
    const lineIndex = file.text.split("\n").findIndex((line) => line.includes('"app"'));
    const line = lineIndex >= 0 ? lineIndex + 1 : 1;
    const detail = typeof app === "string" ? `cdk.json app: ${app}` : "cdk.json";
    return [
      detection("tool", "aws-cdk", "iac", line, detail),
      detection("cloud", "aws", "iac", line, detail),
    ];
  },
};

export const pulumiDetector: FileDetector = {
  id: "Pulumi.yaml",
  matches: (path) => /^Pulumi\.ya?ml$/.test(baseName(path)),
  init: loadYaml,
  detect(file) {
    const doc = parseClaimedYaml(file.path, file.text)[0];
    const nameEntry = doc?.entry(doc.root, "name") ?? doc?.entries(doc.root)[0];
    if (!doc || !nameEntry) return [];
    const runtime =
      doc.string(doc.get(doc.root, "runtime")) ?? doc.string(doc.getIn(doc.root, ["runtime", "name"]));
    const project = doc.string(doc.get(doc.root, "name"));
    const detail = ["Pulumi project", project, runtime && `(runtime: ${runtime})`].filter(Boolean).join(" ");
    return [detection("tool", "pulumi", "iac", doc.line(nameEntry.keyNode), detail)];
  },
};

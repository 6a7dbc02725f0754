import { beforeAll, describe, expect, it } from "vitest";
import {
  cdkDetector,
  cloudFormationDetector,
  pulumiDetector,
  serverlessDetector,
} from "../../../extractors/infra/cloudformation.js";
import { dedent, detect, parseError, initDetectors } from "./helpers.js";

beforeAll(() => initDetectors(cdkDetector, cloudFormationDetector, pulumiDetector, serverlessDetector));

interface Case {
  name: string;
  path: string;
  text: string;
  expected: string[];
}

const templates: Case[] = [
  {
    name: "a YAML template with intrinsic function tags",
    path: "infra/stack.yaml",
    text: dedent(`
      AWSTemplateFormatVersion: "2010-09-09"
      Parameters:
        Engine:
          Type: String
      Conditions:
        IsProd: !Equals [!Ref Env, prod]
      Resources:
        Db:
          Type: AWS::RDS::DBInstance
          Properties:
            Engine: postgres
            DBName: !Sub "\${AWS::StackName}-db"
        Cache:
          Type: AWS::ElastiCache::ReplicationGroup
          Properties:
            Engine: !Ref Engine
        Bucket:
          Type: AWS::S3::Bucket
          Properties:
            BucketName: !If [IsProd, !GetAtt Other.Arn, !Join ["-", [a, b]]]
            Tags:
              - !FindInMap
                - Map
                - Key
        Hook:
          Type: Custom::Seeder
        Task:
          Type: AWS::ECS::TaskDefinition
          Properties:
            ContainerDefinitions:
              - Name: app
                Image: nginx:1.25
              - Name: own
                Image: !Sub "\${AWS::AccountId}.dkr.ecr.amazonaws.com/app"
    `),
    expected: [
      "tool:cloudformation @1 CloudFormation template",
      "cloud:aws @1 CloudFormation template",
      "cloudformation:AWS::RDS::DBInstance @9 Resources.Db: Type: AWS::RDS::DBInstance",
      "db-engine:postgres @11 Resources.Db.Properties.Engine: postgres",
      "cloudformation:AWS::ElastiCache::ReplicationGroup @14 Resources.Cache: Type: AWS::ElastiCache::ReplicationGroup",
      "cloudformation:AWS::S3::Bucket @18 Resources.Bucket: Type: AWS::S3::Bucket",
      "cloudformation:AWS::ECS::TaskDefinition @28 Resources.Task: Type: AWS::ECS::TaskDefinition",
      "image:nginx @32 Resources.Task: Image: nginx:1.25",
    ],
  },
  {
    name: "a SAM template (Transform) without a format version",
    path: "template.yml",
    text: dedent(`
      Transform: AWS::Serverless-2016-10-31
      Resources:
        Fn:
          Type: AWS::Serverless::Function
          Properties:
            Runtime: python3.12
            Events:
              Api:
                Type: Api
    `),
    expected: [
      "tool:aws-sam @1 Transform: AWS::Serverless-2016-10-31",
      "cloud:aws @1 Transform: AWS::Serverless-2016-10-31",
      "cloudformation:AWS::Serverless::Function @4 Resources.Fn: Type: AWS::Serverless::Function",
    ],
  },
  {
    name: "a JSON template with tabs, CRLF and a list of transforms",
    path: "cfn/stack.template",
    text: '{\r\n\t"Transform": ["AWS::Serverless-2016-10-31"],\r\n\t"Resources": {\r\n\t\t"Cluster": {\r\n\t\t\t"Type": "AWS::RDS::DBCluster",\r\n\t\t\t"Properties": { "Engine": "aurora-postgresql" }\r\n\t\t}\r\n\t}\r\n}\r\n',
    expected: [
      "tool:aws-sam @2 Transform: AWS::Serverless-2016-10-31",
      "cloud:aws @2 Transform: AWS::Serverless-2016-10-31",
      "cloudformation:AWS::RDS::DBCluster @5 Resources.Cluster: Type: AWS::RDS::DBCluster",
      "db-engine:aurora-postgresql @6 Resources.Cluster.Properties.Engine: aurora-postgresql",
    ],
  },
  {
    name: "a Resources map of AWS types is enough",
    path: "stack.json",
    text: '{ "Resources": { "Q": { "Type": "AWS::SQS::Queue" } } }',
    expected: [
      "tool:cloudformation @1 CloudFormation template",
      "cloud:aws @1 CloudFormation template",
      "cloudformation:AWS::SQS::Queue @1 Resources.Q: Type: AWS::SQS::Queue",
    ],
  },
  {
    name: "YAML that mentions AWS:: but is no template",
    path: "docs/notes.yml",
    text: "policy: AWS::IAM::Role is used\nResources: []\n",
    expected: [],
  },
  {
    name: "a malformed candidate without a format version is skipped quietly",
    path: "config.yaml",
    text: "Resources: { Type: AWS::S3::Bucket\n",
    expected: [],
  },
  { name: "an empty file", path: "empty.yaml", text: "", expected: [] },
  { name: "package.json-like JSON", path: "package.json", text: '{ "name": "x" }', expected: [] },
];

describe("cloudFormationDetector", () => {
  it.each(templates)("$name", ({ path, text, expected }) => {
    expect(detect(cloudFormationDetector, path, text, "iac")).toEqual(expected);
  });

  it("leaves serverless.yml to its own detector", () => {
    expect(cloudFormationDetector.matches("serverless.yml")).toBe(false);
  });

  it("reports a malformed template that declares its format version", () => {
    const error = parseError(
      cloudFormationDetector,
      "stack.yaml",
      'AWSTemplateFormatVersion: "2010-09-09"\nResources:\n  A: [\n',
    );
    expect(error.message).toMatch(/^stack\.yaml is not a valid CloudFormation template: .+\.$/);
    expect(error.line).toBe(4);
  });
});

const serverless: Case[] = [
  {
    name: "AWS functions and extra CloudFormation resources",
    path: "serverless.yml",
    text: dedent(`
      service: orders
      provider:
        name: aws
        runtime: nodejs20.x
        stage: \${opt:stage, 'dev'}
      functions:
        create:
          handler: src/create.handler
        list:
          handler: src/list.handler
      resources:
        Resources:
          Table:
            Type: AWS::DynamoDB::Table
            Properties:
              TableName: !Sub "\${self:service}-orders"
    `),
    expected: [
      "tool:serverless @1 Serverless Framework service orders",
      "cloud:aws @3 provider.name: aws",
      "cloudformation:AWS::Lambda::Function @7 functions.create",
      "cloudformation:AWS::Lambda::Function @9 functions.list",
      "cloudformation:AWS::DynamoDB::Table @14 resources.Resources.Table: Type: AWS::DynamoDB::Table",
    ],
  },
  {
    name: "another provider and a resources list with file includes",
    path: "svc/serverless.yaml",
    text: dedent(`
      service:
        name: legacy
      provider:
        name: google
      functions:
        hello:
          handler: hello
      resources:
        - \${file(resources/extra.yml)}
        - Resources:
            Topic:
              Type: AWS::SNS::Topic
    `),
    expected: [
      "tool:serverless @1 Serverless Framework service legacy",
      "cloud:google @4 provider.name: google",
      "cloudformation:AWS::SNS::Topic @12 resources.Resources.Topic: Type: AWS::SNS::Topic",
    ],
  },
  { name: "an empty file", path: "serverless.yml", text: "", expected: [] },
];

describe("serverlessDetector", () => {
  it.each(serverless)("$name", ({ path, text, expected }) => {
    expect(detect(serverlessDetector, path, text, "iac")).toEqual(expected);
  });

  it("reports malformed YAML with its line", () => {
    const error = parseError(
      serverlessDetector,
      "serverless.yml",
      "service: a\nprovider:\n  name: aws\n bad: [\n",
    );
    expect(error.message).toMatch(/^serverless\.yml is not valid YAML: .+\.$/);
    expect(error.line).toBeGreaterThanOrEqual(4);
  });
});

describe("cdkDetector and pulumiDetector", () => {
  it.each([
    {
      name: "cdk.json names the app",
      detector: cdkDetector,
      path: "cdk.json",
      text: '{\n  "app": "npx ts-node bin/app.ts",\n  "context": {}\n}\n',
      expected: [
        "tool:aws-cdk @2 cdk.json app: npx ts-node bin/app.ts",
        "cloud:aws @2 cdk.json app: npx ts-node bin/app.ts",
      ],
    },
    {
      name: "an empty cdk.json still marks the tool",
      detector: cdkDetector,
      path: "infra/cdk.json",
      text: "",
      expected: ["tool:aws-cdk @1 cdk.json", "cloud:aws @1 cdk.json"],
    },
    {
      name: "Pulumi.yaml with a runtime",
      detector: pulumiDetector,
      path: "Pulumi.yaml",
      text: "# project\nname: web\nruntime:\n  name: nodejs\ndescription: site\n",
      expected: ["tool:pulumi @2 Pulumi project web (runtime: nodejs)"],
    },
    { name: "an empty Pulumi.yaml", detector: pulumiDetector, path: "Pulumi.yml", text: "", expected: [] },
  ])("$name", ({ detector, path, text, expected }) => {
    expect(detect(detector, path, text, "iac")).toEqual(expected);
  });

  it("does not claim Pulumi stack files", () => {
    expect(pulumiDetector.matches("Pulumi.dev.yaml")).toBe(false);
  });

  it("reports malformed cdk.json and Pulumi.yaml", () => {
    expect(parseError(cdkDetector, "cdk.json", "{ app: ").message).toBe("cdk.json is not valid JSON.");
    expect(parseError(pulumiDetector, "Pulumi.yaml", "name: [a\n").message).toMatch(
      /^Pulumi\.yaml is not valid YAML/,
    );
  });
});

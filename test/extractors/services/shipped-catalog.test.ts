// The shipped catalog answers the keys the service detectors report, and a repository's settings, SDK
// calls and deploy values come out as the services they name, production or not by where they live.
import { describe, expect, it } from "vitest";
import { analyzeRepo } from "../../../extractors/analyze.js";
import { defaultCatalog } from "../../../extractors/catalog.js";
import { allDetectors } from "../../../extractors/detectors.js";
import { statusOf } from "../../../extractors/evidence.js";
import type { DetectionKey } from "../../../extractors/types.js";
import { memoryRepo } from "../../helpers/memory-repo.js";

const catalog = await defaultCatalog();

async function statuses(files: Record<string, string>): Promise<Record<string, string>> {
  const { found } = await analyzeRepo(memoryRepo(files), { catalog, detectors: allDetectors });
  const byTechnology = new Map<string, (typeof found)[number]["evidence"][]>();
  for (const item of found)
    byTechnology.set(item.technology, [...(byTechnology.get(item.technology) ?? []), item.evidence]);
  return Object.fromEntries([...byTechnology].map(([id, evidence]) => [id, statusOf(evidence)]));
}

describe("the shipped catalog and the service detectors", () => {
  const cases: [DetectionKey, string[]][] = [
    [{ space: "aws-service", name: "sqs" }, ["amazon-sqs"]],
    [{ space: "aws-service", name: "DynamoDB" }, ["amazon-dynamodb"]],
    [{ space: "aws-service", name: "states" }, ["aws-step-functions"]],
    [{ space: "aws-service", name: "stepfunctions" }, ["aws-step-functions"]],
    [{ space: "aws-service", name: "logs" }, ["amazon-cloudwatch"]],
    [{ space: "aws-service", name: "cloudwatchlogs" }, ["amazon-cloudwatch"]],
    [{ space: "aws-service", name: "execute-api" }, []],
    [{ space: "url-scheme", name: "sqs" }, ["amazon-sqs"]],
    [{ space: "url-scheme", name: "gs" }, ["google-cloud-storage"]],
    [{ space: "url-scheme", name: "postgresql" }, ["postgresql"]],
    [{ space: "host", name: "blob.core.windows.net" }, ["azure-storage"]],
    [{ space: "host", name: "pubsub.googleapis.com" }, ["google-cloud-pubsub"]],
    [{ space: "import:python", name: "storages.backends.s3boto3.S3Boto3Storage" }, ["amazon-s3"]],
    [{ space: "import:python", name: "django.db.backends.postgresql" }, ["django", "postgresql"]],
    [{ space: "pypi", name: "celery[sqs]" }, ["amazon-sqs"]],
    [{ space: "cargo", name: "diesel/mysql" }, ["mysql"]],
    [{ space: "cargo", name: "sqlx/postgres" }, ["postgresql"]],
    [{ space: "tool", name: "maven" }, ["maven"]],
    [{ space: "host", name: "js.stripe.com" }, ["stripe"]],
    [{ space: "host", name: "www.googletagmanager.com" }, ["google-analytics"]],
  ];
  it.each(cases)("%j → %j", (key, ids) => {
    expect([...catalog.lookup(key)].sort()).toEqual([...ids].sort());
  });

  it("finds the services a Django app's settings, tasks and requirements name, and none its tests name", async () => {
    const found = await statuses({
      "requirements.txt": "Django>=5.0\ncelery[sqs]>=5.3\ndjango-storages[s3]\nboto3\n",
      "app/settings.py": [
        'DATABASES = {"default": {"ENGINE": "django.db.backends.postgresql"}}',
        'STORAGES = {"default": {"BACKEND": "storages.backends.s3boto3.S3Boto3Storage"}}',
        'CELERY_BROKER_URL = "sqs://"',
      ].join("\n"),
      "app/notify.py": 'import boto3\n\nsns = boto3.client("sns")\n',
      "tests/test_exports.py":
        'import boto3\n\nkinesis = boto3.client("kinesis")\nURL = "mongodb://localhost"\n',
    });
    expect(found).toMatchObject({
      "amazon-sqs": "production",
      "amazon-s3": "production",
      "amazon-sns": "production",
      postgresql: "production",
      "amazon-kinesis": "test-only",
      mongodb: "test-only",
    });
  });

  it("finds a JavaScript SDK v2 app's services and a Terraform policy's, and none in a compose file's URLs", async () => {
    const found = await statuses({
      "package.json": JSON.stringify({ name: "jobs", dependencies: { "aws-sdk": "^2.1500.0" } }),
      "src/worker.js":
        "const AWS = require('aws-sdk');\nconst q = new AWS.SQS();\nconst t = new AWS.DynamoDB.DocumentClient();\n",
      "infra/iam.tf":
        'data "aws_iam_policy_document" "run" {\n  statement {\n    actions   = ["states:StartExecution"]\n    resources = ["*"]\n  }\n}\n',
      "docker-compose.yml": "services:\n  app:\n    environment:\n      CACHE_URL: redis://cache:6379\n",
    });
    expect(found).toMatchObject({
      "amazon-sqs": "production",
      "amazon-dynamodb": "production",
      "aws-step-functions": "production",
    });
    expect(found.redis).toBeUndefined();
  });
});

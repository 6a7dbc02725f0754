import { describe, expect, it } from "vitest";
import { awsSdkCallDetector } from "../../../extractors/services/sdk-calls.js";

const found = (path: string, text: string) =>
  awsSdkCallDetector.detect({ path, text }).map((d) => [d.key.space, d.key.name, d.line, d.via]);

describe("AWS services named in SDK calls", () => {
  it("reads boto3's clients and resources by name, positional or keyword, on sessions and aioboto3 too", () => {
    const py = [
      "import boto3",
      'sqs = boto3.client("sqs", region_name="eu-west-1")',
      "table = boto3.resource('dynamodb').Table(name)",
      'client = session.client(service_name="secretsmanager")',
      "async with aioboto3.Session().client('s3') as s3:",
      'logs = boto3.client("logs")  # the CloudWatch Logs client',
      'again = boto3.client("sqs")',
    ].join("\n");
    expect(found("app/queue.py", py)).toEqual([
      ["aws-service", "sqs", 2, "import"],
      ["aws-service", "dynamodb", 3, "import"],
      ["aws-service", "secretsmanager", 4, "import"],
      ["aws-service", "s3", 5, "import"],
      ["aws-service", "logs", 6, "import"],
    ]);
  });

  it("reads nothing from a file that never names boto, a commented call, or a client of another SDK", () => {
    expect(found("app/x.py", 'redis.client("x")\nhttp.client("sqs")')).toEqual([]);
    expect(found("app/x.py", 'import boto3\n# sqs = boto3.client("sqs")\n')).toEqual([]);
    expect(found("app/x.py", 'import boto3\nboto3.client(name)\nboto3.client(f"{x}")')).toEqual([]);
    // A docstring's example, in a file that never imports boto3, is no call.
    expect(found("app/x.py", '"""Use it as:\n    >>> boto3.client("sqs")\n"""\nimport json\n')).toEqual([]);
    expect(found("app/x.py", 'import boto3\n\ndef f():\n    """>>> boto3.client("kinesis")"""\n')).toEqual(
      [],
    );
  });

  it("reads the JavaScript SDK v2's service classes, by namespace, destructured require or named import", () => {
    const js = [
      "const AWS = require('aws-sdk');",
      "const sqs = new AWS.SQS({ apiVersion: '2012-11-05' });",
      "const docs = new AWS.DynamoDB.DocumentClient();",
      "AWS.config.update({ region });",
      "const creds = new AWS.Credentials(key, secret);",
    ].join("\n");
    expect(found("src/jobs.js", js)).toEqual([
      ["aws-service", "sqs", 2, "import"],
      ["aws-service", "dynamodb", 3, "import"],
    ]);
    expect(found("src/a.ts", "import { S3, SNS as Topics, config } from 'aws-sdk';\nnew S3();")).toEqual([
      ["aws-service", "s3", 1, "import"],
      ["aws-service", "sns", 1, "import"],
    ]);
    expect(found("src/b.js", 'const sdk = require("aws-sdk");\nconst lambda = new sdk.Lambda();')).toEqual([
      ["aws-service", "lambda", 2, "import"],
    ]);
    expect(found("src/c.js", "const { Kinesis } = require('aws-sdk');")).toEqual([
      ["aws-service", "kinesis", 1, "import"],
    ]);
  });

  it("reads nothing from JavaScript that never loads aws-sdk (v3 clients are packages, read as imports)", () => {
    expect(found("src/a.js", "const q = new AWS.SQS();")).toEqual([]);
    expect(found("src/a.js", "// migrated off aws-sdk\nconst q = new AWS.SQS();")).toEqual([]);
    expect(found("src/a.ts", 'import { SQSClient } from "@aws-sdk/client-sqs";')).toEqual([]);
  });

  it("reads Ruby's and PHP's service clients", () => {
    expect(
      found(
        "app/models/upload.rb",
        "client = Aws::S3::Client.new(region: 'us-east-1')\nAws::SQS::Resource.new",
      ),
    ).toEqual([
      ["aws-service", "s3", 1, "import"],
      ["aws-service", "sqs", 2, "import"],
    ]);
    expect(found("src/Storage.php", "use Aws\\S3\\S3Client;\n$c = new Aws\\Sqs\\SqsClient([]);")).toEqual([
      ["aws-service", "s3", 1, "import"],
      ["aws-service", "sqs", 2, "import"],
    ]);
    expect(found("app/a.rb", "Aws.config.update(region: 'x')\nAws::Credentials.new(a, b)")).toEqual([]);
  });

  it("wants only the languages it reads", () => {
    expect(["a.py", "b.mjs", "c.tsx", "d.rb", "e.php"].every((p) => awsSdkCallDetector.matches(p))).toBe(
      true,
    );
    expect(["a.go", "b.java", "c.yaml", "README.md"].some((p) => awsSdkCallDetector.matches(p))).toBe(false);
  });
});

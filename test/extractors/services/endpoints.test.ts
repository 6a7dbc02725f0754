import { describe, expect, it } from "vitest";
import { endpointDetector } from "../../../extractors/services/endpoints.js";

const found = (path: string, text: string) =>
  endpointDetector.detect({ path, text }).map((d) => [d.key.space, d.key.name, d.line]);

describe("services named by ARNs, host names and URL schemes", () => {
  it("reads the service of an ARN and of an IAM action in a policy", () => {
    const policy = JSON.stringify(
      {
        Statement: [
          {
            Effect: "Allow",
            Action: ["sqs:SendMessage", "sqs:ReceiveMessage"],
            Resource: "arn:aws:sqs:eu-west-1:123456789012:jobs",
          },
          {
            Effect: "Allow",
            Action: "states:StartExecution",
            Resource: "arn:aws-us-gov:states:us-gov-west-1:1:stateMachine:x",
          },
        ],
      },
      null,
      2,
    );
    expect(found("deploy/policy.json", policy)).toEqual([
      ["aws-service", "sqs", 6],
      ["aws-service", "states", 13],
    ]);
  });

  it("reads IAM actions in code only where the file writes policies", () => {
    expect(found("lib/stack.ts", 'new iam.PolicyStatement({ actions: ["dynamodb:GetItem"] });')).toEqual([
      ["aws-service", "dynamodb", 1],
    ]);
    expect(found("src/bus.ts", 'bus.emit("config:Changed"); bus.on("events:Update", f);')).toEqual([]);
  });

  it("reads an S3-compatible store's endpoint and a page's analytics, a templated first label and all", () => {
    expect(
      found(
        "config/storage.yml",
        'endpoint: https://<%= ENV["CLOUDFLARE_ACCOUNT_ID"] %>.r2.cloudflarestorage.com\nspaces: https://nyc3.digitaloceanspaces.com',
      ),
    ).toEqual([
      ["host", "r2.cloudflarestorage.com", 1],
      ["host", "nyc3.digitaloceanspaces.com", 2],
      ["host", "digitaloceanspaces.com", 2],
    ]);
    expect(found("app/setup.py", 'CSP = {"script-src": ["https://*.googletagmanager.com"]}')).toEqual([
      ["host", "googletagmanager.com", 1],
    ]);
    expect(found("src/upload.ts", "const url = `https://${bucket}.s3.amazonaws.com/${key}`;")).toEqual([
      ["aws-service", "s3", 1],
    ]);
  });

  it("reads AWS host names by their service label, with or without a region, a bucket or an account", () => {
    const env = [
      "QUEUE_URL=https://sqs.us-east-1.amazonaws.com/123456789012/jobs",
      "BUCKET_HOST=media.s3.eu-west-2.amazonaws.com",
      "DB_HOST=app.c9akciq32.eu-west-1.rds.amazonaws.com",
      "REGISTRY=123456789012.dkr.ecr.us-east-1.amazonaws.com/api",
      "LEGACY=s3-eu-west-1.amazonaws.com",
    ].join("\n");
    expect(found(".env.production", env)).toEqual(
      [
        ["aws-service", "sqs", 1],
        ["aws-service", "s3", 2],
        ["aws-service", "rds", 3],
        ["aws-service", "ecr", 4],
        ["aws-service", "s3", 5],
      ].filter((row, i, rows) => rows.findIndex((r) => r[1] === row[1]) === i),
    );
    // A service principal or an annotation's prefix says what may act on the account, not what code calls.
    expect(found("iam.tf", 'principals { identifiers = ["lambda.amazonaws.com"] }')).toEqual([]);
    expect(found("sa.yaml", "annotations:\n  eks.amazonaws.com/role-arn: x\n")).toEqual([]);
  });

  it("reads Azure and Google Cloud hosts with and without the account label", () => {
    expect(found("config/settings.py", 'URL = "https://mediastore.blob.core.windows.net/uploads"')).toEqual([
      ["host", "mediastore.blob.core.windows.net", 1],
      ["host", "blob.core.windows.net", 1],
    ]);
    expect(found("main.go", 'const endpoint = "pubsub.googleapis.com:443"')).toEqual([
      ["host", "pubsub.googleapis.com", 1],
      ["host", "googleapis.com", 1],
    ]);
  });

  it("reads a URL's scheme without its driver, and never a web or version-control scheme", () => {
    const settings = [
      'DATABASE_URL = "postgresql+asyncpg://app@db/app"',
      'BROKER = "sqs://"',
      'CACHE = f"rediss://{host}:6380/0"',
      'DOCS = "https://example.com"',
      'REPO = "git://github.com/x/y"',
      'EXPORTS = "s3://exports-bucket/daily/"',
    ].join("\n");
    expect(found("app/settings.py", settings)).toEqual([
      ["url-scheme", "postgresql", 1],
      ["url-scheme", "sqs", 2],
      ["url-scheme", "rediss", 3],
      ["url-scheme", "s3", 6],
    ]);
  });

  it("reads a scheme after a JDBC prefix, not one glued to a word or with nothing after it", () => {
    expect(found("application.yml", "url: jdbc:postgresql://db:5432/app\n")).toEqual([
      ["url-scheme", "postgresql", 1],
    ]);
    expect(found("a.yaml", "a: x.redis://h\nb: my_amqp://h\nc: 'mysql:// '\n")).toEqual([]);
  });

  it("reads nothing in a comment line or after a comment's marker", () => {
    expect(found("app/settings.py", '# e.g. redis://localhost:6379\nX = 1  # or "s3://bucket"\n')).toEqual(
      [],
    );
    expect(found("config.yaml", "# broker: amqp://guest@localhost//\n")).toEqual([]);
    expect(found("src/a.ts", "// see arn:aws:sqs:us-east-1:1:q\n")).toEqual([]);
  });

  it("leaves compose, CI, lock and minified files to others", () => {
    for (const path of [
      "docker-compose.yml",
      "compose.dev.yaml",
      ".github/workflows/test.yml",
      ".gitlab-ci.yml",
      ".circleci/config.yml",
      "package-lock.json",
      "static/app.min.js",
    ])
      expect(endpointDetector.matches(path)).toBe(false);
    for (const path of [
      "settings.py",
      "deploy/values.yaml",
      ".env",
      ".env.example",
      "main.tf",
      "app.config.json",
    ])
      expect(endpointDetector.matches(path)).toBe(true);
  });

  it("reports evidence as code, configuration or IaC by the file", () => {
    const via = (path: string) => endpointDetector.detect({ path, text: 'x = "redis://cache:6379"' })[0]?.via;
    expect([via("app.py"), via("values.yaml"), via("main.tf")]).toEqual(["import", "config", "iac"]);
  });
});

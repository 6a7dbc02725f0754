// Every AWS service botocore describes, with the package each SDK names after the service's `serviceId`:
// JS v3 `@aws-sdk/client-<kebab>`, Go v1 and v2, Java v1 and v2, .NET, Ruby and Rust `<lowercase, no
// spaces>`, the Python type stubs after boto3's client name; and under `aws-service` the names code uses
// for a service without a package of its own: boto3's client name, the SDK class name, and the endpoint
// and signing prefixes ARNs and IAM actions use, when no other service shares them.
import { kebabId } from "./merge.mjs";

// First match wins; read against the service's full name and id.
const CATEGORY_RULES = [
  [/HealthLake|Health Imaging|Connect Health|AppStream|GameLift Streams/, "cloud-provider"],
  [/Fault Injection|Device Farm/, "testing"],
  [/Synthetics/, "observability"],
  [/DSQL|SimpleDB/, "database"],
  [/Kubernetes|\bEKS\b/, "kubernetes-hosting"],
  [/Container|\bECR\b|\bECS\b/, "container"],
  [/Lambda|Serverless|Step Functions|SFN/, "serverless"],
  [
    /SageMaker|Machine Learning|Forecast|Personalize|Fraud Detector|Lookout|Comprehend|Rekognition|Textract/,
    "ml",
  ],
  [/Bedrock|Q Business|Q Connect|Kendra|Lex|Polly|Transcribe|Translate/, "ai-llm"],
  [/Cache|DAX/, "cache"],
  [/Search/, "search"],
  [/Database|DB|Keyspaces|Timestream|Ledger|Neptune|Redshift|RDS|Dynamo/, "database"],
  [/Queue|Notification|Kinesis|Stream|Event|\bMQ\b|Kafka|Messaging/, "message-broker"],
  [/Log|Trail/, "logging"],
  [/CloudWatch|X-Ray|Monitor|Health|Insights|Observab|Trace|Grafana|Prometheus|DevOps Guru/, "observability"],
  [/Secret|Key Management|KMS|Certificate|HSM|Cryptography|Signer/, "secrets"],
  [/Identity|IAM|Cognito|Sign-On|SSO|Directory|Permission|Security Token|Access/, "identity"],
  [/Storage|S3|Glacier|Backup|File|EFS|FSx|Snow|DataSync|Transfer|EBS/, "storage"],
  [/CloudFront|Accelerator/, "cdn"],
  [
    /CloudFormation|Config|Systems Manager|Proton|Service Catalog|OpsWorks|Resource/,
    "infrastructure-as-code",
  ],
  [/CodeBuild|CodePipeline|CodeCommit|CodeArtifact|CodeCatalyst|CodeGuru/, "ci"],
  [/Deploy|Amplify|Beanstalk|App Runner|AppConfig/, "deployment"],
  [
    /Glue|Athena|EMR|Data Pipeline|Lake|DataBrew|Data Exchange|Clean Rooms|Entity Resolution|Batch/,
    "data-processing",
  ],
  [/QuickSight|Analytics|Pinpoint/, "analytics"],
  [/Email|\bSES\b/, "email"],
  [/API|AppSync|GraphQL/, "api"],
  [
    /Route 53|VPC|Network|Load Balanc|Direct Connect|Gateway|Mesh|Cloud Map|Firewall|WAF|Shield|Lattice/,
    "networking",
  ],
  [
    /EC2|Compute|Lightsail|Outposts|GameLift|Auto Scaling|Elastic Inference|Braket|ParallelCluster/,
    "compute",
  ],
];

// Services of an AWS account, not of a system built on it: `your AWS Account`, `contact AWS Support` in a
// README are no technology. Their SDK packages still count; their names are never read in prose.
const ACCOUNT_SERVICES =
  /^(?:account|artifact|bcm-.*|billing.*|budgets|ce|cur|freetier|invoicing|marketplace.*|meteringmarketplace|partnercentral-.*|pricing.*|savingsplans|support.*|sustainability|taxsettings|trustedadvisor)$/;

const VENDORED = /^(?:AWS|Amazon)\s/;

/** The service's display name, vendor first, without a trailing `(SSM)`; `AWSBillingConductor` spaced. */
function awsName(service) {
  const [full, short] = [service.fullName, service.abbreviation ?? ""].map((n) =>
    n.replace(/\s*\([^)]*\)$/, "").replace(/^(AWS|Amazon)(?=[A-Z][a-z])/, "$1 "),
  );
  if (VENDORED.test(full)) return full;
  if (VENDORED.test(short)) return short;
  return `AWS ${full}`;
}

function category(service) {
  const text = `${service.fullName} ${service.serviceId}`;
  return CATEGORY_RULES.find(([pattern]) => pattern.test(text))?.[1] ?? "cloud-provider";
}

const compactId = (service) => service.serviceId.toLowerCase().replace(/[\s-]+/g, "");

// The AWS CLI names its commands after botocore's folders, except these (`aws s3` is the high-level one).
const CLI_NAMES = { s3: ["s3", "s3api"], config: ["configservice"], codedeploy: ["deploy"] };
const cliCommands = (service) => (CLI_NAMES[service.folder] ?? [service.folder]).map((name) => `aws ${name}`);

function serviceKeys(service, prefixes) {
  const compact = compactId(service);
  const kebab = service.serviceId.toLowerCase().replace(/\s+/g, "-");
  return {
    npm: [`@aws-sdk/client-${kebab}`],
    pypi: [`mypy-boto3-${service.folder}`, `types-boto3-${service.folder}`],
    go: [`github.com/aws/aws-sdk-go-v2/service/${compact}`, `github.com/aws/aws-sdk-go/service/${compact}`],
    maven: [`software.amazon.awssdk:${compact}`, `com.amazonaws:aws-java-sdk-${compact}`],
    "import:java": [`software.amazon.awssdk.services.${compact}`, `com.amazonaws.services.${compact}`],
    nuget: [`AWSSDK.${service.serviceId.replace(/[\s-]+/g, "")}`],
    gem: [`aws-sdk-${compact}`],
    cargo: [`aws-sdk-${compact}`],
    "aws-service": [...new Set([service.folder, compact, ...prefixes(service)])],
    command: cliCommands(service),
  };
}

/**
 * The endpoint and signing prefixes of `service` that name it alone: `states` is Step Functions', but
 * `rds` signs for RDS, DocumentDB and Neptune, and `bedrock` for every Bedrock API, so they stay with the
 * service whose client name they are. `nameOf` groups API versions under one entry.
 */
function uniquePrefixes(services, nameOf) {
  const names = new Map();
  const folders = new Set(services.flatMap((s) => [s.folder, compactId(s)]));
  for (const service of services) {
    for (const prefix of [service.endpointPrefix, service.signingName]) {
      if (!prefix || folders.has(prefix)) continue;
      const set = names.get(prefix) ?? new Set();
      set.add(nameOf(service));
      names.set(prefix, set);
    }
  }
  return (service) =>
    [service.endpointPrefix, service.signingName].filter(
      (prefix) => prefix && !folders.has(prefix) && names.get(prefix)?.size === 1,
    );
}

/** One candidate a service name; API versions of one service (SES and SESv2) share their entry. */
export function awsCandidates(snapshot) {
  const byName = new Map();
  const prefixes = uniquePrefixes(snapshot.services, awsName);
  for (const service of snapshot.services) {
    const name = awsName(service);
    const keys = serviceKeys(service, prefixes);
    const known = byName.get(name);
    if (known) {
      for (const [space, list] of Object.entries(keys)) known.keys[space] = [...known.keys[space], ...list];
      continue;
    }
    const alias = service.abbreviation;
    const aliases =
      alias && alias.toLowerCase() !== name.toLowerCase() && VENDORED.test(alias) ? [alias] : [];
    byName.set(name, {
      id: kebabId(name),
      name,
      ...(aliases.length > 0 ? { aliases } : {}),
      category: category(service),
      vendor: "AWS",
      // Case-sensitive: `an AWS account`, `the AWS config file` are not AWS Account or AWS Config.
      text: ACCOUNT_SERVICES.test(service.folder) ? "none" : "exact",
      keys,
    });
  }
  return [...byName.values()];
}

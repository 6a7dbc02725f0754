// Every AWS service botocore describes, with the package each SDK names after the service's `serviceId`:
// JS v3 `@aws-sdk/client-<kebab>`, Go v2, Java v2, Ruby and Rust `<lowercase, no spaces>`, and the
// Python type stubs after boto3's client name.
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

function serviceKeys(service) {
  const compact = service.serviceId.toLowerCase().replace(/[\s-]+/g, "");
  const kebab = service.serviceId.toLowerCase().replace(/\s+/g, "-");
  return {
    npm: [`@aws-sdk/client-${kebab}`],
    pypi: [`mypy-boto3-${service.folder}`, `types-boto3-${service.folder}`],
    go: [`github.com/aws/aws-sdk-go-v2/service/${compact}`],
    maven: [`software.amazon.awssdk:${compact}`],
    "import:java": [`software.amazon.awssdk.services.${compact}`],
    gem: [`aws-sdk-${compact}`],
    cargo: [`aws-sdk-${compact}`],
  };
}

/** One candidate a service name; API versions of one service (SES and SESv2) share their entry. */
export function awsCandidates(snapshot) {
  const byName = new Map();
  for (const service of snapshot.services) {
    const name = awsName(service);
    const keys = serviceKeys(service);
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

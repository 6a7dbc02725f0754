import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { CATEGORIES, catalogFileSchema } from "../../extractors/catalog-schema.js";
import { readCatalog } from "../../extractors/catalog-yaml.js";
import { catalogDir, defaultCatalog } from "../../extractors/catalog.js";
import languageTable from "../../extractors/languages.json" with { type: "json" };
import type { DetectionKey } from "../../extractors/types.js";

const dir = catalogDir();
const files = readdirSync(dir).filter((f) => f.endsWith(".yaml"));
const catalog = await defaultCatalog();
const entries = catalog.entries;

/**
 * Entries no detector can reveal, each with why: they are named in prose (docs, the profile) and judged
 * there. Languages need no key: the byte counter finds them by file extension (languages.json).
 */
const KEYLESS = new Map<string, string>([
  ["appveyor", "no detector reads appveyor.yml yet"],
  ["semaphore", "no detector reads .semaphore/semaphore.yml yet"],
  ["github-packages", "publishing to GitHub Packages is configured in registries and scripts, not keys"],
  ["docker-hub", "Docker Hub is every image's default registry: an image names no choice of registry"],
  ["github-container-registry", "pulling an image from ghcr.io says nothing of where the project publishes"],
  ["docker-swarm", "a compose file deployed to a swarm looks like any other compose file"],
  ["ios", "an Xcode project, not a package, makes an iOS app; no detector reads Xcode projects"],
  ["swiftui", "no detector reads Swift imports"],
  ["uikit", "no detector reads Swift imports"],
  ["yarn", "the lockfile, not a dependency, shows Yarn; lockfiles are not read"],
  ["bundler", "every Gemfile is Bundler's: the Gemfile detector speaks for the gems, not the tool"],
  ["phoenix", "no detector reads Elixir's mix.exs yet"],
]);

/** Names that deliberately appear in more than one entry (none today; add `name` here with a reason). */
const SHARED_NAMES = new Set<string>();

describe("catalog files", () => {
  it("has several area files", () => {
    expect(files.length).toBeGreaterThanOrEqual(10);
  });

  it.each(files)("%s validates against the schema", (file) => {
    const parsed = catalogFileSchema.safeParse(parse(readFileSync(join(dir, file), "utf8")));
    expect(parsed.success, parsed.success ? "" : JSON.stringify(parsed.error.issues[0])).toBe(true);
    expect(parsed.data?.length).toBeGreaterThan(0);
  });

  it("loads whole through readCatalog() and defaultCatalog()", () => {
    expect(readCatalog(dir).length).toBe(entries.length);
    expect(entries.length).toBeGreaterThanOrEqual(300);
  });
});

describe("catalog entries", () => {
  it("have unique ids", () => {
    const seen = new Set<string>();
    const dupes = entries.map((e) => e.id).filter((id) => (seen.has(id) ? true : (seen.add(id), false)));
    expect(dupes).toEqual([]);
  });

  it("do not share a name or alias with another entry (case-insensitively)", () => {
    const owner = new Map<string, string>();
    const clashes: string[] = [];
    for (const e of entries) {
      const names = new Set([e.name, ...(e.aliases ?? [])].map((n) => n.toLowerCase()));
      for (const n of names) {
        const other = owner.get(n);
        if (other && !SHARED_NAMES.has(n)) clashes.push(`"${n}": ${other} and ${e.id}`);
        owner.set(n, e.id);
      }
    }
    expect(clashes).toEqual([]);
  });

  it("do not repeat a name or alias inside one entry (case variants only where matching is exact)", () => {
    const repeats = entries.filter((e) => {
      if (e.text === "exact") return false;
      const names = [e.name, ...(e.aliases ?? [])].map((n) => n.toLowerCase());
      return new Set(names).size !== names.length;
    });
    expect(repeats.map((e) => e.id)).toEqual([]);
  });

  it("use every category", () => {
    const used = new Set(entries.map((e) => e.category));
    expect(CATEGORIES.filter((c) => !used.has(c))).toEqual([]);
  });

  it("spell the big three vendors one way", () => {
    const vendors = new Set(entries.map((e) => e.vendor).filter((v): v is string => v !== undefined));
    for (const v of vendors) {
      if (/amazon|aws/i.test(v)) expect(v).toBe("AWS");
      if (/azure/i.test(v)) expect(v).toBe("Microsoft Azure");
      if (/google cloud|gcp/i.test(v)) expect(v).toBe("Google Cloud");
    }
    expect(catalog.get("amazon-eks")?.vendor).toBe("AWS");
    expect(catalog.get("google-kubernetes-engine")?.vendor).toBe("Google Cloud");
    expect(catalog.get("azure-kubernetes-service")?.vendor).toBe("Microsoft Azure");
  });

  it("give every non-language entry a key or a way to be named in prose", () => {
    const mute = entries.filter(
      (e) => e.category !== "language" && e.text === "none" && Object.keys(e.keys ?? {}).length === 0,
    );
    expect(mute.map((e) => e.id)).toEqual([]);
  });

  it("give every entry a detection key, but for languages and the few listed here", () => {
    const keyless = entries
      .filter((e) => e.category !== "language" && Object.keys(e.keys ?? {}).length === 0)
      .map((e) => e.id)
      .filter((id) => !KEYLESS.has(id));
    expect(keyless).toEqual([]);
  });

  it("list as keyless only entries that exist", () => {
    expect([...KEYLESS.keys()].filter((id) => !catalog.get(id))).toEqual([]);
  });

  it("write keys the matcher can use: no spaces (one between a command's words), `*` only as a trailing wildcard", () => {
    const bad = entries.flatMap((e) =>
      Object.entries(e.keys ?? {}).flatMap(([space, keys]) =>
        (keys ?? [])
          .filter(
            (k) =>
              // A CLI command is words, one space apart (`gcloud run`).
              (space === "command" ? !/^\S+(?: \S+)*$/.test(k) : /\s/.test(k)) ||
              k.slice(0, -1).includes("*") ||
              // A bare `*` matches the whole space: only "any Gradle plugin means Gradle" may do that.
              (k === "*" && space !== "gradle-plugin"),
          )
          .map((k) => `${e.id} ${space}: ${k}`),
      ),
    );
    expect(bad).toEqual([]);
  });

  it("name languages as linguist does, so prose and byte counts meet", () => {
    const linguist = new Set(
      [...Object.values(languageTable.extensions), ...Object.values(languageTable.filenames)].filter(
        (n): n is string => typeof n === "string",
      ),
    );
    // `.sql` files are data to the byte counter, but SQL is still a language people name.
    const notCounted = new Set(["SQL"]);
    const unknown = entries
      .filter((e) => e.category === "language" && !linguist.has(e.name) && !notCounted.has(e.name))
      .map((e) => e.name);
    expect(unknown).toEqual([]);
  });

  it("keep roles meaningful: every role is shared by at least two entries", () => {
    const count = new Map<string, number>();
    for (const e of entries) for (const r of e.roles ?? []) count.set(r, (count.get(r) ?? 0) + 1);
    expect([...count].filter(([, n]) => n < 2).map(([r]) => r)).toEqual([]);
  });
});

describe("Catalog.lookup", () => {
  const exactly: [DetectionKey, string[]][] = [
    [{ space: "npm", name: "pg" }, ["postgresql"]],
    [{ space: "npm", name: "kafkajs" }, ["kafka"]],
    [{ space: "npm", name: "ioredis" }, ["redis"]],
    [{ space: "npm", name: "express" }, ["express"]],
    [{ space: "npm", name: "@opentelemetry/api" }, ["opentelemetry"]],
    [{ space: "npm", name: "@anthropic-ai/sdk" }, ["anthropic"]],
    [{ space: "npm", name: "openai" }, ["openai"]],
    [{ space: "npm", name: "react-dom/client" }, ["react"]],
    [{ space: "pypi", name: "Psycopg2_Binary" }, ["postgresql"]],
    [{ space: "pypi", name: "anthropic" }, ["anthropic"]],
    [{ space: "pypi", name: "fastapi" }, ["fastapi"]],
    [{ space: "import:python", name: "sqlalchemy.orm" }, ["sqlalchemy"]],
    [{ space: "go", name: "github.com/jackc/pgx/v5/pgxpool" }, ["postgresql"]],
    [{ space: "go", name: "github.com/redis/go-redis/v9" }, ["redis"]],
    [{ space: "go", name: "github.com/segmentio/kafka-go" }, ["kafka"]],
    [{ space: "go", name: "github.com/IBM/sarama" }, ["kafka"]],
    [{ space: "go", name: "go.opentelemetry.io/otel/trace" }, ["opentelemetry"]],
    [{ space: "maven", name: "org.springframework.boot:spring-boot-starter-web" }, ["spring-boot"]],
    [{ space: "maven", name: "org.apache.kafka:kafka-clients" }, ["kafka"]],
    [{ space: "maven", name: "io.micrometer:micrometer-core" }, ["micrometer"]],
    [{ space: "cargo", name: "axum" }, ["axum"]],
    [{ space: "gem", name: "rails" }, ["rails"]],
    [{ space: "composer", name: "laravel/framework" }, ["laravel"]],
    [{ space: "nuget", name: "npgsql.entityframeworkcore.postgresql" }, ["postgresql"]],
    [{ space: "image", name: "bitnami/postgresql" }, ["postgresql"]],
    [{ space: "image", name: "postgres" }, ["postgresql"]],
    [{ space: "image", name: "mongo" }, ["mongodb"]],
    [{ space: "image", name: "node" }, ["nodejs"]],
    [{ space: "image", name: "golang" }, ["go"]],
    [{ space: "image", name: "eclipse-temurin" }, ["java"]],
    [{ space: "image", name: "amazoncorretto" }, ["java"]],
    [{ space: "helm", name: "ingress-nginx" }, ["nginx"]],
    [{ space: "gh-action", name: "hashicorp/setup-terraform" }, ["terraform"]],
    [{ space: "gh-action", name: "aws-actions/configure-aws-credentials" }, ["aws"]],
    [{ space: "gh-action", name: "google-github-actions/auth" }, ["google-cloud"]],
    [{ space: "gh-action", name: "Azure/login" }, ["azure"]],
    [{ space: "ci", name: "github-actions" }, ["github-actions"]],
    [{ space: "ci", name: "gitlab-ci" }, ["gitlab-ci"]],
    [{ space: "cloud", name: "aws" }, ["aws"]],
    [{ space: "cloud", name: "google" }, ["google-cloud"]],
    [{ space: "tool", name: "kubernetes" }, ["kubernetes"]],
    [{ space: "tool", name: "docker-compose" }, ["docker-compose"]],
    [{ space: "terraform-provider", name: "hashicorp/aws" }, ["aws"]],
    [{ space: "npm", name: "left-pad" }, []],
  ];

  it.each(exactly)("%j reveals exactly %j", (key, ids) => {
    expect(catalog.lookup(key).sort()).toEqual([...ids].sort());
  });

  const including: [DetectionKey, string[]][] = [
    [{ space: "terraform-resource", name: "aws_eks_cluster" }, ["amazon-eks", "aws"]],
    [{ space: "terraform-resource", name: "aws_eks_node_group" }, ["amazon-eks"]],
    [{ space: "terraform-resource", name: "aws_db_instance" }, ["amazon-rds"]],
    [{ space: "terraform-resource", name: "aws_rds_cluster" }, ["amazon-rds"]],
    [{ space: "terraform-resource", name: "aws_lambda_function" }, ["aws-lambda"]],
    [{ space: "terraform-resource", name: "aws_s3_bucket" }, ["amazon-s3"]],
    [{ space: "terraform-resource", name: "aws_sqs_queue" }, ["amazon-sqs"]],
    [
      { space: "terraform-resource", name: "google_container_cluster" },
      ["google-kubernetes-engine", "google-cloud"],
    ],
    [
      { space: "terraform-resource", name: "azurerm_kubernetes_cluster" },
      ["azure-kubernetes-service", "azure"],
    ],
    [{ space: "terraform-resource", name: "azurerm_postgresql_flexible_server" }, ["postgresql"]],
    [{ space: "cloudformation", name: "AWS::EKS::Cluster" }, ["amazon-eks", "aws"]],
    [{ space: "cloudformation", name: "AWS::Serverless::Function" }, ["aws-lambda", "aws-sam"]],
    [{ space: "npm", name: "aws-cdk-lib/aws-eks" }, ["amazon-eks", "aws-cdk"]],
    [{ space: "npm", name: "@aws-sdk/client-s3" }, ["amazon-s3", "aws"]],
    [{ space: "npm", name: "@aws-sdk/client-bedrock-runtime" }, ["amazon-bedrock"]],
    [{ space: "import:python", name: "aws_cdk.aws_eks" }, ["amazon-eks"]],
    [{ space: "import:java", name: "software.amazon.awscdk.services.eks.Cluster" }, ["amazon-eks"]],
    [{ space: "import:java", name: "software.amazon.awssdk.services.s3.S3Client" }, ["amazon-s3", "aws"]],
    [{ space: "go", name: "github.com/aws/aws-sdk-go-v2/service/s3" }, ["amazon-s3", "aws"]],
    [{ space: "maven", name: "software.amazon.awssdk:s3" }, ["amazon-s3", "aws"]],
    [{ space: "pypi", name: "boto3" }, ["aws"]],
    [{ space: "pypi", name: "opentelemetry-sdk" }, ["opentelemetry"]],
    [{ space: "npm", name: "@prisma/client" }, ["prisma"]],
    [{ space: "npm", name: "prisma" }, ["prisma"]],
    [{ space: "db-engine", name: "aurora-postgresql" }, ["postgresql", "amazon-aurora"]],
    [{ space: "db-engine", name: "postgres" }, ["postgresql"]],
    [{ space: "db-engine", name: "aurora-mysql" }, ["mysql", "amazon-aurora"]],
    [{ space: "db-engine", name: "sqlserver-ee" }, ["sql-server"]],
    [{ space: "db-engine", name: "oracle-se2" }, ["oracle-database"]],
    [{ space: "import:python", name: "google.cloud.storage" }, ["google-cloud-storage", "google-cloud"]],
    [{ space: "image", name: "public.ecr.aws/lambda/python" }, ["aws-lambda"]],
    [{ space: "npm", name: "@nestjs/platform-express" }, ["nestjs", "express"]],
    [{ space: "npm", name: "@langchain/openai" }, ["langchain", "openai"]],
    // Kubernetes API groups: a whole group, or one kind where projects share a group.
    [{ space: "api-group", name: "networking.istio.io/VirtualService" }, ["istio"]],
    [{ space: "api-group", name: "security.istio.io/AuthorizationPolicy" }, ["istio"]],
    [{ space: "api-group", name: "argoproj.io/Application" }, ["argo-cd"]],
    [{ space: "api-group", name: "argoproj.io/Rollout" }, ["argo-rollouts"]],
    [{ space: "api-group", name: "argoproj.io/CronWorkflow" }, ["argo-workflows"]],
    [{ space: "api-group", name: "cert-manager.io/ClusterIssuer" }, ["cert-manager"]],
    [{ space: "api-group", name: "karpenter.sh/NodePool" }, ["karpenter"]],
    [{ space: "api-group", name: "karpenter.k8s.aws/EC2NodeClass" }, ["karpenter"]],
    [{ space: "api-group", name: "keda.sh/ScaledObject" }, ["keda"]],
    [{ space: "api-group", name: "kyverno.io/ClusterPolicy" }, ["kyverno"]],
    [{ space: "api-group", name: "apiextensions.crossplane.io/Composition" }, ["crossplane"]],
    [{ space: "api-group", name: "kustomize.toolkit.fluxcd.io/Kustomization" }, ["flux"]],
    [{ space: "api-group", name: "templates.gatekeeper.sh/ConstraintTemplate" }, ["gatekeeper"]],
    [{ space: "api-group", name: "velero.io/Schedule" }, ["velero"]],
    [{ space: "api-group", name: "flagger.app/Canary" }, ["flagger"]],
    [{ space: "api-group", name: "external-secrets.io/ExternalSecret" }, ["external-secrets"]],
    [{ space: "api-group", name: "backstage.io/Component" }, ["backstage"]],
    [{ space: "api-group", name: "kafka.strimzi.io/Kafka" }, ["kafka", "strimzi"]],
    [{ space: "api-group", name: "postgresql.cnpg.io/Cluster" }, ["postgresql", "cloudnativepg"]],
    [{ space: "api-group", name: "monitoring.coreos.com/ServiceMonitor" }, ["prometheus"]],
    [{ space: "api-group", name: "s3.services.k8s.aws/Bucket" }, ["amazon-s3"]],
    // Project SDKs, shared frameworks, Prisma providers and WebJars.
    [{ space: "msbuild-sdk", name: "Microsoft.NET.Sdk.Web" }, ["aspnet-core", "dotnet"]],
    [{ space: "msbuild-sdk", name: "Aspire.AppHost.Sdk" }, ["aspire"]],
    [{ space: "nuget", name: "Microsoft.AspNetCore.App" }, ["aspnet-core"]],
    [{ space: "nuget", name: "Grpc.AspNetCore" }, ["aspnet-core", "grpc"]],
    [{ space: "db-engine", name: "postgresql" }, ["postgresql"]],
    [{ space: "db-engine", name: "sqlserver" }, ["sql-server"]],
    [{ space: "db-engine", name: "mongodb" }, ["mongodb"]],
    [{ space: "db-engine", name: "sqlite" }, ["sqlite"]],
    [{ space: "db-engine", name: "cockroachdb" }, ["cockroachdb"]],
    [{ space: "tool", name: "prisma" }, ["prisma"]],
    [{ space: "maven", name: "org.webjars:bootstrap" }, ["bootstrap"]],
    [{ space: "maven", name: "org.webjars.npm:jquery" }, ["jquery"]],
    [{ space: "maven", name: "org.springframework.boot:spring-boot-starter-thymeleaf" }, ["thymeleaf"]],
    [{ space: "maven", name: "com.h2database:h2" }, ["h2"]],
    [{ space: "npm", name: "@tanstack/react-router" }, ["tanstack-router"]],
    [{ space: "go", name: "github.com/spf13/cobra" }, ["cobra"]],
    [{ space: "go", name: "github.com/spf13/viper" }, ["viper"]],
    [{ space: "gh-action", name: "stefanprodan/timoni" }, ["timoni"]],
    [{ space: "gh-action", name: "sigstore/cosign-installer" }, ["cosign"]],
    [{ space: "image", name: "public.ecr.aws/bottlerocket/bottlerocket-admin" }, ["bottlerocket"]],
    [{ space: "helm", name: "velero" }, ["velero"]],
    [{ space: "gh-action", name: "temporalio/setup-temporal" }, ["temporal"]],
    [{ space: "api-group", name: "pulumi.com/Stack" }, ["pulumi"]],
  ];

  it("reads no technology from a core Kubernetes group or an unknown one", () => {
    expect(catalog.lookup({ space: "api-group", name: "networking.k8s.io/Ingress" })).toEqual([]);
    expect(catalog.lookup({ space: "api-group", name: "example.com/Widget" })).toEqual([]);
    // Argo's projects share `argoproj.io`: a kind names one of them, never all.
    expect(catalog.lookup({ space: "api-group", name: "argoproj.io/Rollout" })).toEqual(["argo-rollouts"]);
    // Flagger's images live beside Flux's without being Flux.
    expect(catalog.lookup({ space: "image", name: "ghcr.io/fluxcd/flagger" })).toEqual(["flagger"]);
  });

  it.each(including)("%j reveals at least %j", (key, ids) => {
    expect(catalog.lookup(key)).toEqual(expect.arrayContaining(ids));
  });

  it("does not mistake a plain Kubernetes manifest for a hosting choice", () => {
    expect(catalog.lookup({ space: "tool", name: "kubernetes" })).not.toContain("amazon-eks");
    expect(catalog.lookup({ space: "terraform-resource", name: "aws_eks_cluster" })).not.toContain(
      "kubernetes",
    );
  });
});

describe("Catalog.findMentions", () => {
  const ids = (text: string): string[] => [...new Set(catalog.findMentions(text).map((m) => m.id))].sort();

  const table: [string, string[]][] = [
    ["We run on self-hosted Kubernetes (kubeadm) with Postgres", ["postgresql", "self-hosted-kubernetes"]],
    ["Deployed to Amazon EKS", ["amazon-eks"]],
    ["Deployed to EKS on AWS", ["amazon-eks", "aws"]],
    ["Runs on K8s", ["kubernetes"]],
    ["go to the store", []],
    ["Built in Go", ["go"]],
    ["Written in Golang", ["go"]],
    ["Node.js 20 and TypeScript", ["nodejs", "typescript"]],
    [".NET 8", ["dotnet"]],
    ["An ASP.NET Core API", ["aspnet-core"]],
    ["C# and C++", ["cpp", "csharp"]],
    ["react to incidents", []],
    ["A React front end", ["react"]],
    ["Data lives in Google Cloud Storage and BigQuery", ["google-bigquery", "google-cloud-storage"]],
    ["a pub/sub model", []],
    ["Events flow through Google Cloud Pub/Sub", ["google-cloud-pubsub"]],
    ["Messages go through Kafka and RabbitMQ", ["kafka", "rabbitmq"]],
    ["Caching with Redis, search with Elasticsearch", ["elasticsearch", "redis"]],
    ["Uses MS SQL Server and SQLite for tests", ["sql-server", "sqlite"]],
    ["Infrastructure is Terraform on GCP", ["google-cloud", "terraform"]],
    ["Hosted on Microsoft Azure (AKS)", ["azure", "azure-kubernetes-service"]],
    ["Tests use Jest and Playwright", ["jest", "playwright"]],
    ["Calls the OpenAI and Anthropic APIs", ["anthropic", "openai"]],
    ["Backed by Amazon RDS for PostgreSQL", ["amazon-rds", "postgresql"]],
    ["make sure the rust is removed", []],
    ["Make the output prettier; this is error prone", []],
    ["A plausible story, the tip of the iceberg", []],
    ["Angular CDK overlays", ["angular-cdk"]],
    ["Provisioned with the AWS CDK", ["aws-cdk"]],
    // Names of the most-depended-on packages that are also resume words.
    ["Rich experience building Kafka pipelines.", ["kafka"]],
    ["Rack servers in the data center, cabled by hand", []],
    ["Requests to the API were cached in Redis.", ["redis"]],
    ["Improved the flow of orders; flow control in the Go services", ["go"]],
    ["Liquid cooling and a Unicorn startup", []],
    ["Liquid templates for Shopify themes", ["liquid", "shopify"]],
    ["Led the Gulp to Vite migration", ["gulp", "vite"]],
    ["Installed packages with pip and npm", ["npm", "pip"]],
  ];

  it.each(table)("%j names %j", (text, expected) => {
    expect(ids(text)).toEqual(expected);
  });

  it("reports where a mention is", () => {
    const [mention] = catalog.findMentions("Deployed to Amazon EKS.");
    expect(mention).toMatchObject({ id: "amazon-eks", start: 12, end: 22, matched: "Amazon EKS" });
  });
});

describe("Catalog.competitors", () => {
  it("pits Kubernetes hosts against each other, not against Kubernetes itself", () => {
    const rivals = catalog.competitors("amazon-eks");
    expect(rivals).toEqual(
      expect.arrayContaining([
        "self-hosted-kubernetes",
        "google-kubernetes-engine",
        "azure-kubernetes-service",
      ]),
    );
    expect(rivals).not.toContain("kubernetes");
    expect(rivals).not.toContain("amazon-eks");
  });

  it("pits relational databases against each other", () => {
    expect(catalog.competitors("postgresql")).toEqual(
      expect.arrayContaining(["mysql", "mariadb", "sql-server", "oracle-database"]),
    );
    expect(catalog.competitors("postgresql")).not.toContain("redis");
    // SQLite mostly backs tests and local runs beside a production database: naming it is no contradiction.
    expect(catalog.competitors("postgresql")).not.toContain("sqlite");
  });

  it("pits clouds, caches, brokers and CI systems within their role", () => {
    expect(catalog.competitors("aws")).toEqual(expect.arrayContaining(["google-cloud", "azure"]));
    expect(catalog.competitors("redis")).toEqual(expect.arrayContaining(["memcached", "valkey"]));
    expect(catalog.competitors("kafka")).toEqual(expect.arrayContaining(["rabbitmq", "amazon-sqs"]));
    expect(catalog.competitors("github-actions")).toEqual(expect.arrayContaining(["gitlab-ci", "circleci"]));
    expect(catalog.competitors("amazon-rds")).toEqual(expect.arrayContaining(["google-cloud-sql"]));
  });

  it("pits Kubernetes only against other orchestrators", () => {
    const rivals = catalog.competitors("kubernetes");
    expect(rivals).toEqual(expect.arrayContaining(["nomad", "docker-swarm"]));
    expect(rivals.filter((id) => catalog.get(id)?.category === "kubernetes-hosting")).toEqual([]);
  });

  it("gives no rivals to a technology without a role", () => {
    expect(catalog.competitors("typescript")).toEqual([]);
    expect(catalog.competitors("opentelemetry")).toEqual([]);
  });
});

describe("implies: the technologies an entry's users have used too", () => {
  it("names only entries of the catalog, never the entry itself", async () => {
    const { defaultCatalog } = await import("../../extractors/catalog.js");
    const catalog = await defaultCatalog();
    const implying = catalog.entries.filter((e) => e.implies);
    expect(implying.map((e) => e.id)).toContain("amazon-eks");
    for (const entry of implying)
      for (const id of entry.implies ?? []) {
        expect(catalog.get(id), `${entry.id} implies ${id}`).toBeDefined();
        expect(id).not.toBe(entry.id);
      }
  });
});

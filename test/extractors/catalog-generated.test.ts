// The generated catalog files (scripts/grow-catalog.mjs): up to date with their sources, never beside a
// hand-written entry, and silent on ordinary English.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import type { CatalogEntry } from "../../extractors/catalog-schema.js";
import { catalogDir, defaultCatalog } from "../../extractors/catalog.js";
// @ts-expect-error: a plain .mjs script without types
import { growCatalog } from "../../scripts/grow-catalog.mjs";
// @ts-expect-error: a plain .mjs script without types
import { awsCandidates } from "../../scripts/grow-catalog/aws.mjs";
// @ts-expect-error: a plain .mjs script without types
import { CatalogIndex } from "../../scripts/grow-catalog/existing.mjs";
// @ts-expect-error: a plain .mjs script without types
import { mergeCandidates, proseRule } from "../../scripts/grow-catalog/merge.mjs";

const dir = catalogDir();
const catalog = await defaultCatalog();
const GENERATED = [
  "generated-cncf.yaml",
  "generated-aws-services.yaml",
  "generated-azure-services.yaml",
  "generated-gcp-services.yaml",
];
const generated = new Map<string, CatalogEntry[]>(
  GENERATED.map((f) => [f, parse(readFileSync(join(dir, f), "utf8")) as CatalogEntry[]]),
);
const generatedIds = new Set([...generated.values()].flat().map((e) => e.id));
const ids = (text: string): string[] => [...new Set(catalog.findMentions(text).map((m) => m.id))].sort();

describe("the generated files", () => {
  it("are what the generator writes from the committed sources (run node scripts/grow-catalog.mjs)", async () => {
    const files = (await growCatalog()) as Record<string, string>;
    expect(Object.keys(files).sort()).toEqual([...GENERATED].sort());
    for (const [file, text] of Object.entries(files)) {
      expect(readFileSync(join(dir, file), "utf8"), file).toBe(text);
    }
  }, 60_000);

  it("hold hundreds of entries, all loaded into the shipped catalog", () => {
    expect(generated.get("generated-cncf.yaml")!.length).toBeGreaterThanOrEqual(150);
    expect(generated.get("generated-aws-services.yaml")!.length).toBeGreaterThanOrEqual(300);
    expect(generated.get("generated-azure-services.yaml")!.length).toBeGreaterThanOrEqual(250);
    expect(generated.get("generated-gcp-services.yaml")!.length).toBeGreaterThanOrEqual(140);
    for (const id of generatedIds) expect(catalog.get(id), id).toBeDefined();
  });

  it("write a CNCF project with its repository's keys and hand-checked API groups", () => {
    expect(generated.get("generated-cncf.yaml")!.find((e) => e.id === "karmada")).toEqual({
      id: "karmada",
      name: "Karmada",
      category: "container-orchestration",
      text: "exact",
      keys: {
        go: ["github.com/karmada-io/karmada"],
        image: ["ghcr.io/karmada-io/*", "quay.io/karmada-io/karmada", "karmada-io/karmada"],
        helm: ["karmada"],
        "api-group": ["policy.karmada.io/*", "work.karmada.io/*", "cluster.karmada.io/*"],
      },
    });
  });

  it("write an AWS service with every SDK's package for it", () => {
    expect(generated.get("generated-aws-services.yaml")!.find((e) => e.id === "aws-ground-station")).toEqual({
      id: "aws-ground-station",
      name: "AWS Ground Station",
      category: "cloud-provider",
      vendor: "AWS",
      text: "exact",
      keys: {
        npm: ["@aws-sdk/client-groundstation"],
        pypi: ["mypy-boto3-groundstation", "types-boto3-groundstation"],
        go: [
          "github.com/aws/aws-sdk-go-v2/service/groundstation",
          "github.com/aws/aws-sdk-go/service/groundstation",
        ],
        maven: ["software.amazon.awssdk:groundstation", "com.amazonaws:aws-java-sdk-groundstation"],
        "import:java": [
          "software.amazon.awssdk.services.groundstation",
          "com.amazonaws.services.groundstation",
        ],
        nuget: ["AWSSDK.GroundStation"],
        gem: ["aws-sdk-groundstation"],
        cargo: ["aws-sdk-groundstation"],
        "aws-service": ["groundstation"],
        command: ["aws groundstation"],
      },
    });
  });

  it("write an Azure service with each language's client and management packages", () => {
    expect(generated.get("generated-azure-services.yaml")!.find((e) => e.id === "azure-batch")).toEqual({
      id: "azure-batch",
      name: "Azure Batch",
      category: "data-processing",
      vendor: "Microsoft Azure",
      text: "exact",
      keys: {
        npm: ["@azure-rest/batch", "@azure/arm-batch", "@azure/batch"],
        pypi: ["azure-batch", "azure-mgmt-batch"],
        "import:python": ["azure.batch", "azure.mgmt.batch"],
        go: [
          "github.com/Azure/azure-sdk-for-go/sdk/batch/azbatch",
          "github.com/Azure/azure-sdk-for-go/sdk/resourcemanager/batch/armbatch",
        ],
        maven: [
          "com.azure.resourcemanager:azure-resourcemanager-batch",
          "com.azure:azure-compute-batch",
          "com.microsoft.azure:azure-batch",
        ],
        nuget: [
          "Azure.Compute.Batch",
          "Azure.Provisioning.Batch",
          "Azure.ResourceManager.Batch",
          "Microsoft.Azure.Batch",
          "Microsoft.Azure.Batch.Apps.Cryptography",
          "Microsoft.Azure.Batch.Conventions.Files",
          "Microsoft.Azure.Batch.FileStaging",
        ],
      },
    });
  });

  it("leave a service the hand-written catalog holds to it, and never read an account service in prose", () => {
    const azure = generated.get("generated-azure-services.yaml")!;
    expect(azure.find((e) => e.name === "Azure API Management")).toBeUndefined();
    expect(catalog.lookup({ space: "npm", name: "@azure/arm-apimanagement" })).toEqual(["azure"]);
    expect(azure.find((e) => e.id === "azure-subscriptions")?.text).toBe("none");
    expect(azure.find((e) => e.id === "azure-red-hat-openshift")?.aliases).toEqual(["ARO"]);
  });

  it("write a Google Cloud API vendor first, with its Rust crates and its Python module", () => {
    const gcp = generated.get("generated-gcp-services.yaml")!;
    expect(gcp.find((e) => e.id === "google-cloud-workflows")).toEqual({
      id: "google-cloud-workflows",
      name: "Google Cloud Workflows",
      category: "serverless",
      vendor: "Google Cloud",
      text: "exact",
      keys: { "import:python": ["google.cloud.workflows_v1"], cargo: ["google-cloud-workflows-v1"] },
    });
    // Named without the vendor by hand (`Vertex AI`, `Google Kubernetes Engine`): left to that entry.
    expect(gcp.map((e) => e.name)).not.toContain("Google Cloud Vertex AI");
    expect(gcp.map((e) => e.name)).not.toContain("Google Cloud Kubernetes Engine");
    expect(gcp.find((e) => e.id === "google-cloud-billing")?.text).toBe("none");
    expect(gcp.filter((e) => /Types$|Showcase/.test(e.name))).toEqual([]);
  });

  it("share no key with another entry (only an umbrella `aws`, `azure`, `google-cloud` answers to a service's package too)", () => {
    const shared = [...generated.values()].flat().flatMap((entry) =>
      Object.entries(entry.keys ?? {}).flatMap(([space, keys]) =>
        (keys ?? []).flatMap((key) => {
          const name = key.endsWith("*") ? `${key.slice(0, -1)}x` : key;
          const others = catalog
            .lookup({ space: space as never, name })
            .filter((id) => id !== entry.id && !["aws", "azure", "google-cloud"].includes(id));
          return others.length > 0 ? [`${entry.id} ${space}: ${key} → ${others.join(", ")}`] : [];
        }),
      ),
    );
    expect(shared).toEqual([]);
  });
});

describe("the named technologies of issue 14", () => {
  const table: [string, string, string][] = [
    ["thymeleaf", "maven", "org.thymeleaf:thymeleaf-spring6"],
    ["h2", "maven", "com.h2database:h2"],
    ["bootstrap", "maven", "org.webjars:bootstrap"],
    ["tanstack-router", "npm", "@tanstack/react-router"],
    ["cobra", "go", "github.com/spf13/cobra"],
    ["viper", "go", "github.com/spf13/viper"],
    ["timoni", "gh-action", "stefanprodan/timoni"],
    ["backstage", "api-group", "backstage.io/Component"],
    ["flagger", "api-group", "flagger.app/Canary"],
    ["cosign", "gh-action", "sigstore/cosign-installer"],
    ["karpenter", "api-group", "karpenter.sh/NodePool"],
    ["bottlerocket", "image", "public.ecr.aws/bottlerocket/bottlerocket-admin"],
    ["keda", "api-group", "keda.sh/ScaledObject"],
    ["kyverno", "api-group", "kyverno.io/ClusterPolicy"],
    ["open-policy-agent", "go", "github.com/open-policy-agent/opa/rego"],
    ["gatekeeper", "api-group", "templates.gatekeeper.sh/ConstraintTemplate"],
    ["velero", "api-group", "velero.io/Schedule"],
    ["argo-cd", "api-group", "argoproj.io/Application"],
    ["argo-workflows", "api-group", "argoproj.io/Workflow"],
    ["argo-rollouts", "api-group", "argoproj.io/Rollout"],
    ["crossplane", "api-group", "apiextensions.crossplane.io/Composition"],
    ["pulumi", "npm", "@pulumi/pulumi"],
    ["temporal", "go", "go.temporal.io/sdk/client"],
  ];

  it.each(table)("%s is in the catalog, revealed by %s %s", (id, space, name) => {
    expect(catalog.get(id)).toBeDefined();
    expect(catalog.lookup({ space: space as never, name })).toContain(id);
  });
});

describe("keys two entries share", () => {
  /** Every key written in two entries, on purpose: a product and what it runs, or a host and its engine. */
  const INTENDED = new Map<string, string>([
    ["image pgvector/pgvector", "pgvector,postgresql"],
    // Spring Boot's OAuth 2.0 starters are Spring Security's OAuth client and resource server.
    ["maven org.springframework.boot:spring-boot-starter-oauth2-*", "oauth-libraries,spring-security"],
    ["image ankane/pgvector", "pgvector,postgresql"],
    ["npm @aws-lambda-powertools/*", "aws,aws-lambda"],
    ["nuget amazon.lambda.*", "aws,aws-lambda"],
    ["nuget aws.logger.*", "amazon-cloudwatch,aws"],
    ["db-engine aurora", "amazon-aurora,mysql"],
    ["db-engine aurora-mysql", "amazon-aurora,mysql"],
    ["db-engine aurora-postgresql", "amazon-aurora,postgresql"],
    [
      "helm aws-load-balancer-controller",
      "amazon-eks,aws-elastic-load-balancing,aws-load-balancer-controller",
    ],
    ["helm aws-efs-csi-driver", "amazon-efs,amazon-eks"],
    ["api-group elbv2.k8s.aws/*", "aws-elastic-load-balancing,aws-load-balancer-controller"],
    ["terraform-resource aws_opensearch_*", "amazon-opensearch-service,opensearch"],
    ["terraform-resource aws_opensearchserverless_*", "amazon-opensearch-service,opensearch"],
    ["terraform-resource aws_msk_*", "amazon-msk,kafka"],
    ["terraform-resource azurerm_mssql_*", "azure-sql-database,sql-server"],
    ["terraform-resource azurerm_sql_*", "azure-sql-database,sql-server"],
    ["terraform-resource azurerm_postgresql_*", "azure-database-for-postgresql,postgresql"],
    ["terraform-resource azurerm_cosmosdb_postgresql_*", "azure-database-for-postgresql,postgresql"],
    ["terraform-resource azurerm_mysql_*", "azure-database-for-mysql,mysql"],
    ["terraform-resource azurerm_redis_*", "azure-cache-for-redis,redis"],
    ["terraform-resource google_alloydb_*", "google-alloydb,postgresql"],
    ["image timescale/timescaledb*", "postgresql,timescaledb"],
    ["helm cloudnative-pg", "cloudnativepg,postgresql"],
    ["npm @planetscale/database", "mysql,planetscale"],
    ["npm mongoose", "mongodb,mongoose"],
    ["npm @nestjs/mongoose", "mongodb,mongoose"],
    ["image mongodb/mongodb-atlas-local", "mongodb,mongodb-atlas"],
    ["terraform-resource google_memcache_*", "google-cloud-memorystore,memcached"],
    ["helm rook-ceph", "ceph,rook"],
    ["helm rook-ceph-cluster", "ceph,rook"],
    ["api-group ceph.rook.io/*", "ceph,rook"],
    ["pypi flask-sqlalchemy", "flask,sqlalchemy"],
    // A GraphQL server library is GraphQL too; an OAuth provider is one of the OAuth libraries.
    ["pypi graphene", "graphene,graphql"],
    ["pypi graphene-django", "graphene,graphql"],
    ["import:python graphene", "graphene,graphql"],
    ["import:python graphene_django", "graphene,graphql"],
    ["pypi strawberry-graphql", "graphql,strawberry-graphql"],
    ["import:python strawberry", "graphql,strawberry-graphql"],
    ["gem doorkeeper", "doorkeeper,oauth-libraries"],
    ["import:python flask_sqlalchemy", "flask,sqlalchemy"],
    ["maven com.google.cloud.sql:*", "google-cloud,google-cloud-sql"],
    ["maven com.google.cloud.functions:*", "google-cloud,google-cloud-functions"],
    ["maven com.google.cloud.bigtable:*", "google-cloud,google-cloud-bigtable"],
    ["image gcr.io/kaniko-project/executor", "google-cloud-build,kaniko"],
    ["api-group kafka.strimzi.io/*", "kafka,strimzi"],
    ["helm strimzi-kafka-operator", "kafka,strimzi"],
    ["api-group monitoring.coreos.com/*", "prometheus,prometheus-operator"],
    ["helm kube-prometheus-stack", "prometheus,prometheus-operator"],
    ["helm prometheus-operator", "prometheus,prometheus-operator"],
    ["api-group serving.kserve.io/*", "kserve,kubeflow"],
    ["pypi delta-spark", "apache-spark,delta-lake"],
    ["image cloudflare/cloudflared", "cloudflare,cloudflare-tunnel"],
    ["gh-action cloudflare/wrangler-action", "cloudflare,cloudflare-workers"],
    ["gh-action cloudflare/pages-action", "cloudflare,cloudflare-pages"],
    // A loader, preset or bridge of two tools is both of them (the most-depended-on packages).
    ["npm awesome-typescript-loader", "typescript,webpack"],
    ["npm babelify", "babel,browserify"],
    ["npm codelyzer", "angular,tslint"],
    ["npm eslint-loader", "eslint,webpack"],
    ["npm fast-sass-loader", "sass,webpack"],
    ["npm less-loader", "less,webpack"],
    ["npm sass-loader", "sass,webpack"],
    ["npm sinon-chai", "chai,sinon"],
    ["npm ts-loader", "typescript,webpack"],
    ["npm tslint-config-prettier", "prettier,tslint"],
    ["npm vue-loader", "vue,webpack"],
    ["npm vue-style-loader", "vue,webpack"],
    ["npm vue-tsc", "typescript,vue"],
    ["pypi rich-click", "click,rich"],
    ["import:python rich_click", "click,rich"],
  ]);

  it("are only the intended ones", () => {
    const owners = new Map<string, Set<string>>();
    for (const entry of catalog.entries) {
      for (const [space, keys] of Object.entries(entry.keys ?? {})) {
        for (const key of keys ?? []) {
          const name = space === "pypi" ? key.toLowerCase().replace(/[-_.]+/g, "-") : key;
          const at = `${space} ${space === "import:java" ? name : name.toLowerCase()}`;
          owners.set(at, (owners.get(at) ?? new Set()).add(entry.id));
        }
      }
    }
    const shared = new Map(
      [...owners].filter(([, set]) => set.size > 1).map(([key, set]) => [key, [...set].sort().join(",")]),
    );
    expect([...shared].sort()).toEqual([...INTENDED].sort());
  });
});

describe("generated names in prose", () => {
  const notTechnology: [string, string[]][] = [
    ["The score was computed within a radius of five miles.", []],
    ["Score: 5 of 10", []],
    ["Distribution of packages is handled by the release team.", []],
    ["Ratify the change before the porter moves the capsule to the harbor.", []],
    ["A Spin around the Armada of Fluid Cedar boxes", []],
    ["GPA: 3.9, Score 98", []],
    ["Radius 5 km around the office", []],
    ["Porter 2 stemming in Python", ["python"]],
    ["You need an AWS account and AWS Support to follow along.", ["aws"]],
    ["Check AWS Budgets and your AWS Account before you deploy.", ["aws"]],
    ["Set the region in your AWS config file.", ["aws"]],
    ["Cloud Custodian", ["cloud-custodian"]],
  ];

  it.each(notTechnology)("%j names %j", (text, expected) => {
    expect(ids(text)).toEqual(expected);
  });

  const uses: [string, string[]][] = [
    ["Policies run through Kubewarden and Kyverno", ["kubewarden", "kyverno"]],
    ["Clusters are federated with Karmada", ["karmada"]],
    ["Tenancy uses Capsule on Kubernetes", ["kubernetes"]],
    ["Accounts are audited with Cloud Custodian", ["cloud-custodian"]],
    // The longest name wins at a place: AWS Ground Station, not AWS.
    ["Satellite data arrives through AWS Ground Station", ["aws-ground-station"]],
    ["Events follow the CloudEvents spec", ["cloudevents"]],
  ];

  it.each(uses)("%j names %j", (text, expected) => {
    expect(ids(text)).toEqual(expected);
  });
});

describe("the generator's rules", () => {
  const words = new Set(["cloud", "custodian", "harbor", "score"]);

  it.each([
    [["Harbor"], { text: "none" }],
    [["Harbor", "Harbor Registry"], { text: "none" }],
    [["Cloud Custodian"], { text: "exact", ambiguous: { word: ["Cloud Custodian"] } }],
    [["The Score"], { text: "exact", ambiguous: { word: ["The Score"] } }],
    [["Kyverno"], { text: "exact" }],
    [["Cloud Kyverno"], { text: "exact" }],
    [["Open Policy Agent", "OPA"], { text: "exact" }],
  ])("proseRule(%j) is %j", (names, rule) => {
    expect(proseRule(names, words)).toEqual(rule);
  });

  const index = new CatalogIndex();
  index.add({ id: "aws", name: "AWS", keys: { npm: ["@aws-sdk/*"] } });
  index.add({ id: "amazon-sqs", name: "Amazon SQS", keys: { npm: ["@aws-sdk/client-sqs"] } });
  index.add({
    id: "argo-rollouts",
    name: "Argo Rollouts",
    keys: { image: ["ghcr.io/argoproj/argo-rollouts"] },
  });

  it("leaves a candidate to the entry holding its name, id or any key, and lists the keys it lacks", () => {
    const candidate = (id: string, name: string, keys: Record<string, string[]>) => ({
      id,
      name,
      category: "cloud-provider",
      keys,
    });
    const { entries, skipped } = mergeCandidates(
      [
        candidate("sqs-again", "amazon sqs", { npm: ["@aws-sdk/client-sqs"], gem: ["aws-sdk-sqs"] }),
        candidate("queue", "Queue Service", { npm: ["@aws-sdk/client-sqs"], cargo: ["aws-sdk-sqs"] }),
        candidate("argo", "Argo", { image: ["ghcr.io/argoproj/*"] }),
        candidate("ground", "AWS Ground Station", { npm: ["@aws-sdk/client-groundstation"] }),
        candidate("ground-2", "AWS Ground Station 2", { npm: ["@aws-sdk/client-groundstation"] }),
        candidate("bare", "Bare", {}),
      ],
      index,
      new Set(["aws"]),
    );
    expect(entries.map((e: CatalogEntry) => e.id)).toEqual(["ground"]);
    expect(skipped).toEqual([
      { name: "amazon sqs", owner: "amazon-sqs", missing: ["gem: aws-sdk-sqs"] },
      { name: "Queue Service", owner: "amazon-sqs", missing: ["cargo: aws-sdk-sqs"] },
      { name: "Argo", owner: "argo-rollouts", missing: [] },
      { name: "AWS Ground Station 2", owner: "ground", missing: [] },
      { name: "Bare", owner: "", missing: [] },
    ]);
  });

  it("names an AWS service vendor first and merges its API versions", () => {
    const services = [
      {
        folder: "ses",
        serviceId: "SES",
        fullName: "Amazon Simple Email Service",
        abbreviation: "Amazon SES",
      },
      {
        folder: "sesv2",
        serviceId: "SESv2",
        fullName: "Amazon Simple Email Service",
        abbreviation: "Amazon SES V2",
      },
      { folder: "billingconductor", serviceId: "billingconductor", fullName: "AWSBillingConductor" },
      {
        folder: "elbv2",
        serviceId: "Elastic Load Balancing v2",
        fullName: "Elastic Load Balancing",
        endpointPrefix: "elasticloadbalancing",
      },
      {
        folder: "stepfunctions",
        serviceId: "SFN",
        fullName: "AWS Step Functions",
        endpointPrefix: "states",
        signingName: "states",
      },
      {
        folder: "docdb",
        serviceId: "DocDB",
        fullName: "Amazon DocumentDB",
        endpointPrefix: "rds",
        signingName: "rds",
      },
      { folder: "rds", serviceId: "RDS", fullName: "Amazon Relational Database Service" },
      {
        folder: "ssm",
        serviceId: "SSM",
        fullName: "Amazon Simple Systems Manager (SSM)",
        abbreviation: "Amazon SSM",
      },
    ];
    const candidates = awsCandidates({ origin: "test", services }) as CatalogEntry[];
    expect(candidates.map((c) => [c.name, c.aliases ?? [], c.text])).toEqual([
      ["Amazon Simple Email Service", ["Amazon SES"], "exact"],
      ["AWS BillingConductor", [], "none"],
      ["AWS Elastic Load Balancing", [], "exact"],
      ["AWS Step Functions", [], "exact"],
      ["Amazon DocumentDB", [], "exact"],
      ["Amazon Relational Database Service", [], "exact"],
      ["Amazon Simple Systems Manager", ["Amazon SSM"], "exact"],
    ]);
    expect(candidates[0]!.keys?.npm).toEqual(["@aws-sdk/client-ses", "@aws-sdk/client-sesv2"]);
    expect(candidates[2]!.keys?.npm).toEqual(["@aws-sdk/client-elastic-load-balancing-v2"]);
    expect(candidates[2]!.keys?.go).toEqual([
      "github.com/aws/aws-sdk-go-v2/service/elasticloadbalancingv2",
      "github.com/aws/aws-sdk-go/service/elasticloadbalancingv2",
    ]);
    // Code names a service by boto3's client name, its SDK class, and the prefix of its ARNs and IAM
    // actions when that prefix is its alone: `states` is Step Functions', but `rds` signs for DocumentDB
    // as well as RDS, whose client name it is.
    expect(candidates.map((c) => c.keys?.["aws-service"])).toEqual([
      ["ses", "sesv2"],
      ["billingconductor"],
      ["elbv2", "elasticloadbalancingv2", "elasticloadbalancing"],
      ["stepfunctions", "sfn", "states"],
      ["docdb"],
      ["rds"],
      ["ssm"],
    ]);
  });
});

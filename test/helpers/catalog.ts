import { Catalog, type CatalogEntry } from "../../extractors/catalog.js";

/** A small catalog for unit tests, independent of the shipped data. */
export const testEntries: CatalogEntry[] = [
  {
    id: "postgresql",
    name: "PostgreSQL",
    aliases: ["Postgres"],
    category: "database",
    roles: ["relational-database"],
    keys: { npm: ["pg"], "db-engine": ["postgres"], image: ["postgres"] },
  },
  { id: "sqlite", name: "SQLite", category: "database", roles: ["relational-database"] },
  {
    id: "mysql",
    name: "MySQL",
    category: "database",
    roles: ["relational-database"],
    keys: { npm: ["mysql2"], "db-engine": ["mysql"] },
  },
  {
    id: "amazon-eks",
    name: "Amazon EKS",
    aliases: ["EKS"],
    category: "kubernetes-hosting",
    vendor: "AWS",
    roles: ["kubernetes-hosting"],
    implies: ["kubernetes"],
    keys: { "terraform-resource": ["aws_eks_*"] },
  },
  {
    id: "self-hosted-kubernetes",
    name: "self-hosted Kubernetes",
    aliases: ["kubeadm"],
    category: "kubernetes-hosting",
    roles: ["kubernetes-hosting"],
  },
  {
    id: "kubernetes",
    name: "Kubernetes",
    aliases: ["K8s"],
    category: "container-orchestration",
    keys: { tool: ["kubernetes"] },
  },
  {
    id: "openai",
    name: "OpenAI",
    category: "ai-llm",
    vendor: "OpenAI",
    keys: { npm: ["openai"], pypi: ["openai"], "import:python": ["openai"] },
  },
  { id: "vitest", name: "Vitest", category: "testing", keys: { npm: ["vitest"] } },
  { id: "eslint", name: "ESLint", category: "linting", keys: { npm: ["eslint"] } },
  { id: "go", name: "Go", aliases: ["Golang"], category: "language", text: "exact" },
  { id: "dotnet", name: ".NET", category: "runtime" },
  { id: "nodejs", name: "Node.js", aliases: ["Node"], category: "runtime", text: "exact" },
  {
    id: "aws-sdk-s3",
    name: "Amazon S3",
    aliases: ["S3"],
    category: "storage",
    vendor: "AWS",
    keys: {
      npm: ["@aws-sdk/client-s3"],
      "import:java": ["software.amazon.awssdk.services.s3"],
      go: ["github.com/aws/aws-sdk-go-v2/service/s3"],
    },
  },
  {
    id: "amazon-eks-cdk",
    name: "EKS construct",
    category: "kubernetes-hosting",
    text: "none",
    keys: { npm: ["aws-cdk-lib/aws-eks"] },
  },
  { id: "psycopg", name: "psycopg", category: "database", keys: { pypi: ["psycopg2-binary"] } },
];

export function testCatalog(): Catalog {
  return new Catalog(testEntries);
}

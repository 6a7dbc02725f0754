export interface Project {
  slug: string;
  name: string;
  summary: string;
  stack: readonly string[];
  year: number;
}

// Kept in step with each repository's README; the stack lists only what the code actually uses.
export const projects: readonly Project[] = [
  {
    slug: "payments-api",
    name: "payments-api",
    summary: "Idempotent payments API that hands settlements to a worker through a FIFO queue.",
    stack: ["TypeScript", "Express", "PostgreSQL", "Redis", "SQS"],
    year: 2024,
  },
  {
    slug: "ledger-service",
    name: "ledger-service",
    summary: "Double-entry ledger with daily CSV exports for finance.",
    stack: ["Python", "FastAPI", "SQLAlchemy", "PostgreSQL", "S3"],
    year: 2024,
  },
  {
    slug: "platform-infra",
    name: "platform-infra",
    summary: "Terraform, Helm and Kustomize for the order pipeline, plus the Go orders service.",
    stack: ["Terraform", "EKS", "Helm", "Go"],
    year: 2023,
  },
  {
    slug: "stream-analytics",
    name: "stream-analytics",
    summary: "Per-minute page-view counts from Kafka, with spike alerts through SQS and Lambda.",
    stack: ["Java", "Spring Boot", "Kafka", "PostgreSQL"],
    year: 2023,
  },
];

// A small run's inputs for the evidence tests: one repository from GitHub at a commit, one local, a KB
// chunk, and a profile with figures a highlight derives from.
import type { Chunk } from "../../../../core/chunk.js";
import { chunkFacts } from "../../../../core/chunk.js";
import type { JsonResume } from "../../../../core/resume.js";
import type { ExtractResult } from "../../../../core/truth.js";
import { buildContext } from "../../../../guards/index.js";
import { testCatalog } from "../../../helpers/catalog.js";

export const COMMIT = "0123456789abcdef0123456789abcdef01234567";

export const profile: JsonResume = {
  basics: { name: "Dana Reyes", summary: "Backend engineer." },
  work: [
    {
      name: "Fernhill",
      position: "Engineer",
      highlights: ["Cut checkout latency from 820 ms to 140 ms."],
    },
  ],
};

export const truth: ExtractResult = {
  repos: [
    { name: "dana/payments", source: "github:dana/payments", commit: COMMIT, filesScanned: 4, languages: {} },
    { name: "ledger", source: "./ledger", filesScanned: 2, languages: {} },
  ],
  technologies: [
    {
      id: "amazon-eks",
      name: "Amazon EKS",
      category: "kubernetes-hosting",
      status: "production",
      evidence: [
        {
          repo: "dana/payments",
          path: "infra/eks cluster.tf",
          line: 21,
          kind: "production",
          via: "iac",
          detail: 'resource "aws_eks_cluster" "main"',
        },
      ],
    },
    {
      id: "postgresql",
      name: "PostgreSQL",
      category: "database",
      status: "production",
      evidence: [
        {
          repo: "ledger",
          path: "package.json",
          line: 12,
          kind: "production",
          via: "manifest",
          detail: "pg@^8",
        },
      ],
    },
  ],
  docClaims: [],
  warnings: [],
};

export const chunk: Chunk = {
  id: "c-openai",
  text: "The summariser calls OpenAI in production for every statement.",
  uri: "dana/payments/docs/ai.md",
  kind: "production-doc",
  repo: "dana/payments",
  path: "docs/ai.md",
  lines: [3, 9],
};

export function context() {
  return buildContext({
    catalog: testCatalog(),
    profile,
    truth,
    facts: chunkFacts([chunk]),
    asOf: "2026-01-01",
  });
}

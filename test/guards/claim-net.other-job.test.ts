// A technology stays with the job it was used in: the profile ties Kafka to Quillmark, so a Fernhill bullet
// that names it is not backed, unless Fernhill's own entry says it (or one that implies it), or the
// candidate's commits on it fall within Fernhill's dates.
import type { ExtractResult } from "../../core/truth.js";
import type { JsonResume } from "../../core/resume.js";
import { claimNet } from "../../guards/claim-net.js";
import { testTextGuard } from "./rule-tester.js";

const profile: JsonResume = {
  work: [
    {
      name: "Fernhill Supply",
      startDate: "2021-04",
      highlights: ["Moved the order platform to Amazon EKS with Terraform", "Built the orders service in Go"],
    },
    {
      name: "Quillmark",
      startDate: "2018-06",
      endDate: "2021-03",
      highlights: ["Built a Kafka and Spring Boot pipeline for page views", "Ran the pipeline on Kubernetes"],
    },
  ],
  skills: [{ name: "Data", keywords: ["PostgreSQL"] }],
};
const fernhill = { field: "work[0].highlights[1]", entry: "work[0]" };
const kafkaTruth = (first: string, last: string): ExtractResult => ({
  repos: [],
  docClaims: [],
  warnings: [],
  authors: ["dana@example.com"],
  technologies: [
    {
      id: "kafka",
      name: "Apache Kafka",
      category: "messaging",
      status: "production",
      authored: { commits: 3, total: 3, first, last },
      evidence: [
        {
          repo: "stream",
          path: "pom.xml",
          line: 9,
          kind: "production",
          via: "manifest",
          detail: "kafka",
          author: "candidate",
        },
      ],
    },
  ],
});

testTextGuard(claimNet, {
  valid: [
    {
      name: "the entry's own technology",
      ...fernhill,
      text: "Built the orders service in Go with Terraform",
      original: "Built the orders service in Go",
      context: { profile },
    },
    {
      name: "one the entry implies: Amazon EKS is Kubernetes",
      ...fernhill,
      text: "Built the orders service in Go on Kubernetes",
      original: "Built the orders service in Go",
      context: { profile },
    },
    {
      name: "one the profile ties to no job (skills only)",
      ...fernhill,
      text: "Built the orders service in Go on PostgreSQL",
      original: "Built the orders service in Go",
      context: { profile },
    },
    {
      name: "one the candidate committed to during this job",
      ...fernhill,
      text: "Built the orders service in Go with Kafka",
      original: "Built the orders service in Go",
      context: { profile, truth: kafkaTruth("2022-01-10", "2023-05-02"), asOf: "2026-12-01" },
    },
  ],
  invalid: [
    {
      name: "Kafka moved from Quillmark to Fernhill",
      ...fernhill,
      text: "Built the orders service in Go with Kafka",
      original: "Built the orders service in Go",
      context: { profile, asOf: "2026-12-01" },
      findings: [{ rule: "other-job-technology", actual: "Kafka", action: "fallback" }],
      output: "Built the orders service in Go",
    },
    {
      name: "commits from the other job's years do not back it here",
      ...fernhill,
      text: "Built the orders service in Go with Kafka",
      original: "Built the orders service in Go",
      context: { profile, truth: kafkaTruth("2018-09-10", "2019-11-05"), asOf: "2026-12-01" },
      findings: [{ rule: "other-job-technology", actual: "Kafka", action: "fallback" }],
      output: "Built the orders service in Go",
    },
  ],
});

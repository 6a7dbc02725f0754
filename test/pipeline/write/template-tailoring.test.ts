// Tailoring with the template writer: highlights that evidence more backed requirements first, the
// summary led by the job's required backed technologies, skills the job asks for that production code
// backs added (IAM, KMS, VPC from "AWS (EKS, IAM, VPC, KMS)"), and nothing the candidate lacks.
import { beforeAll, describe, expect, it } from "vitest";
import { type Catalog, defaultCatalog } from "../../../extractors/catalog.js";
import type { MatchStatus } from "../../../core/match.js";
import type { JsonResume } from "../../../core/resume.js";
import { fromText } from "../../../pipeline/inputs/job.js";
import { type Requirement, jobRequirements } from "../../../pipeline/requirements.js";
import type { StrategyMatch } from "../../../pipeline/stages/strategize.js";
import { backedEvidence } from "../../../pipeline/write/relevance.js";
import { ADDITIONAL_SKILLS, writeFromTemplate } from "../../../pipeline/write/template.js";

let catalog: Catalog;
beforeAll(async () => {
  catalog = await defaultCatalog();
});

const JOB = [
  "## What you will do",
  "- Own the platform on AWS (EKS, IAM, VPC, KMS).",
  "- Write runbooks and lead incident reviews.",
  "- Experience with Meltano.",
  "## Nice to have",
  "- Snowflake and Kafka.",
].join("\n");

/** Every requirement matched with the status `statusOf` gives its technology, name or text. */
function setup(statusOf: (r: Requirement) => MatchStatus) {
  const job = fromText("job.md", JOB);
  const requirements = jobRequirements(job, catalog);
  const matches: StrategyMatch[] = requirements.map((r) => ({
    requirementId: r.id,
    requirement: r.text,
    kind: r.kind,
    optional: r.optional,
    ...(r.technology ? { technology: r.technology } : {}),
    status: statusOf(r),
    evidence: [],
  }));
  return { job, requirements, matches };
}

const profile: JsonResume = {
  basics: { name: "Dana", summary: "Builds platforms." },
  work: [
    {
      name: "Fernhill",
      startDate: "2019-01",
      highlights: [
        "Wrote the on-call guide.",
        "Ran Snowflake and Kafka reporting.",
        "Moved services to Amazon EKS.",
        "Wrote runbooks and led incident reviews for Amazon EKS on AWS.",
        "Ran Meltano pipelines.",
      ],
    },
  ],
  skills: [{ name: "Cloud", keywords: ["AWS", "Amazon EKS"] }],
};

const write = (statusOf: (r: Requirement) => MatchStatus, sentences = ["{technologies}"]) => {
  const { job, requirements, matches } = setup(statusOf);
  return writeFromTemplate(
    { profile, job, requirements, matches, chunks: [], catalog, asOf: "2024-06-01" },
    { sentences },
  );
};

const PRODUCTION = new Set(["aws", "amazon-eks", "aws-iam", "amazon-vpc", "aws-kms", "kafka"]);
const realistic = (r: Requirement): MatchStatus =>
  r.technology && PRODUCTION.has(r.technology)
    ? "production-backed"
    : r.kind === "domain" || r.kind === "name"
      ? "profile-stated"
      : "unsupported";

describe("the template writer tailors to the backed requirements", () => {
  it("orders highlights by how many backed requirements they evidence, ties by relevance", () => {
    expect(write(realistic).work![0]!.highlights).toEqual([
      // AWS, Amazon EKS and the runbooks duty
      "Wrote runbooks and led incident reviews for Amazon EKS on AWS.",
      // Kafka; a tie with the next, broken by relevance (the job names Snowflake too)
      "Ran Snowflake and Kafka reporting.",
      // Amazon EKS
      "Moved services to Amazon EKS.",
      // Meltano, a product the catalog does not know, backed by the profile
      "Ran Meltano pipelines.",
      "Wrote the on-call guide.",
    ]);
  });

  it("orders projects the same way: a backed product before an unbacked technology", () => {
    const { job, requirements, matches } = setup(realistic);
    const projects = [
      { name: "warehouse", description: "Snowflake models." },
      { name: "ingest", description: "Meltano taps." },
      { name: "ingest", description: "Meltano taps." },
    ];
    const draft = writeFromTemplate(
      {
        profile: { ...profile, projects },
        job,
        requirements,
        matches,
        chunks: [],
        catalog,
        asOf: "2024-06-01",
      },
      { sentences: [] },
    );
    expect(draft.projects).toEqual([projects[1], projects[2], projects[0]]);
  });

  it("adds the production technologies the job asks for that the profile leaves out, and nothing unbacked", () => {
    expect(write(realistic).skills).toEqual([
      { name: "Cloud", keywords: ["AWS", "Amazon EKS"] },
      { name: ADDITIONAL_SKILLS, keywords: ["AWS IAM", "Amazon VPC", "AWS KMS", "Apache Kafka"] },
    ]);
    const none = write(() => "unsupported");
    expect(none.skills).toEqual(profile.skills);
    const exampleOnly = write((r) => (r.technology === "aws-kms" ? "example-only" : "unsupported"));
    expect(exampleOnly.skills).toEqual(profile.skills);
  });

  it("leads the summary with the required backed technologies, the nice-to-haves after", () => {
    const statuses = (r: Requirement): MatchStatus =>
      r.technology === "kafka" || r.technology === "aws-kms" ? "production-backed" : "unsupported";
    expect(write(statuses).basics?.summary).toBe("AWS KMS and Apache Kafka");
    const kafkaFirst = write((r) => (r.technology === "kafka" ? "production-backed" : realistic(r)));
    expect(kafkaFirst.basics?.summary).toBe("AWS, Amazon EKS, AWS IAM, Amazon VPC, AWS KMS and Apache Kafka");
  });
});

describe("backedEvidence", () => {
  it("counts backed technologies, names and duties a text evidences", () => {
    const { requirements, matches } = setup(realistic);
    const count = backedEvidence(requirements, matches, catalog);
    expect(
      [
        "Wrote runbooks and led incident reviews for Amazon EKS on AWS.",
        "Ran Snowflake reporting.",
        "ran meltano nightly",
        "Reviewed incidents.",
        "Reviewed code.",
        "",
      ].map(count),
    ).toEqual([3, 0, 1, 1, 0, 0]);
  });
});

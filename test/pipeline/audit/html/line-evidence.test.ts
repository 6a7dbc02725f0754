import { describe, expect, it } from "vitest";
import { lineEvidence } from "../../../../pipeline/audit/html/line-evidence.js";
import type { JsonResume } from "../../../../core/resume.js";
import { COMMIT, chunk, context } from "./evidence-fixture.js";

const resume: JsonResume = {
  basics: { name: "Dana Reyes", email: "dana@example.com", summary: "Backend engineer." },
  work: [
    {
      name: "Fernhill",
      position: "Engineer",
      highlights: [
        "Cut checkout latency from 820 ms to 140 ms.",
        "Made checkout 5.9x faster.",
        "Ran the platform on Amazon EKS and PostgreSQL.",
        "Summarised statements with OpenAI.",
      ],
    },
  ],
};

const SOURCE = "Cut checkout latency from 820 ms to 140 ms.";
const evidence = () =>
  lineEvidence(resume, { context: context(), chunks: [chunk], profileName: "profile.yaml" });

describe("lineEvidence", () => {
  it("cites the profile field a kept line repeats word for word, and each figure's source", () => {
    expect(evidence().get("work[0].highlights[0]")).toEqual([
      {
        kind: "profile",
        subject: "the line",
        summary: "The profile states this, word for word (work[0].highlights[0]).",
        places: [{ label: "profile.yaml#work[0].highlights[0]" }],
      },
      {
        kind: "figure",
        subject: "820 ms",
        summary: "820 ms is stated by a source (820 ms).",
        places: [{ label: "profile.yaml#work[0].highlights[0]", quote: SOURCE }],
      },
      {
        kind: "figure",
        subject: "140 ms",
        summary: "140 ms is stated by a source (140 ms).",
        places: [{ label: "profile.yaml#work[0].highlights[0]", quote: SOURCE }],
      },
    ]);
  });

  it("shows a derived figure with both source figures", () => {
    expect(evidence().get("work[0].highlights[1]")).toEqual([
      {
        kind: "derived",
        subject: "5.9x",
        summary: "5.9x is derived: the ratio of 820 ms and 140 ms (5.86).",
        places: [
          { label: "profile.yaml#work[0].highlights[0]", quote: SOURCE },
          { label: "profile.yaml#work[0].highlights[0]", quote: SOURCE },
        ],
      },
    ]);
  });

  it("cites the repository file and line per technology, linked at the commit for a github: repository", () => {
    const items = evidence().get("work[0].highlights[2]")!;
    expect(items.map((i) => [i.subject, i.places])).toEqual([
      [
        "Amazon EKS",
        [
          {
            label: "dana/payments/infra/eks cluster.tf:21",
            href: `https://github.com/dana/payments/blob/${COMMIT}/infra/eks%20cluster.tf#L21`,
            quote: 'resource "aws_eks_cluster" "main"',
          },
        ],
      ],
      ["PostgreSQL", [{ label: "ledger/package.json:12", quote: "pg@^8" }]],
    ]);
  });

  it("cites the KB chunk's source path and lines for a technology only a chunk names", () => {
    const [openai] = evidence().get("work[0].highlights[3]")!;
    expect(openai!.subject).toBe("OpenAI");
    expect(openai!.places).toEqual([
      {
        label: "dana/payments/docs/ai.md lines 3–9",
        href: `https://github.com/dana/payments/blob/${COMMIT}/docs/ai.md#L3`,
        quote: chunk.text,
      },
    ]);
  });

  it("leaves identity and contact out, and keeps an entry for every other rendered field", () => {
    const fields = [...evidence().keys()];
    expect(fields).not.toContain("basics.name");
    expect(fields).not.toContain("basics.email");
    expect(fields).toEqual(expect.arrayContaining(["basics.summary", "work[0].position", "work[0].name"]));
  });
});

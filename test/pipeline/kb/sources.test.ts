import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ExtractResult } from "../../../core/truth.js";
import { InputError } from "../../../core/errors.js";
import { profileDocs, truthDocs } from "../../../pipeline/kb/fact-docs.js";
import { buildLocalKb } from "../../../pipeline/kb/index.js";
import { docChunkKind, findDocFiles, isKbDoc, staleLines } from "../../../pipeline/kb/sources.js";
import { readProfile } from "../../../pipeline/inputs/profile.js";
import { copySamples } from "./samples.js";
import { platformTruth, sample } from "./samples.js";

let truth: ExtractResult;
let scratch: string;

async function put(path: string, text: string): Promise<void> {
  await mkdir(dirname(join(scratch, path)), { recursive: true });
  await writeFile(join(scratch, path), text);
}

beforeAll(async () => {
  truth = await platformTruth();
  scratch = await mkdtemp(join(tmpdir(), "vouch-kb-sources-"));
  await put("tool/README.md", "# tool\n\nThe tool.\n");
  await put("tool/docs/guide.md", "# Guide\n\nHow to use it.\n");
  await put("tool/docs/notes.txt", "Plain notes.\n");
  await put("tool/design.rst", "Design\n======\n\nWhy.\n");
  await put("tool/site/page.mdx", "# Page\n");
  await put("tool/CHANGELOG.md", "# Changes\n");
  await put("tool/requirements.txt", "openai==1.0\n");
  await put("tool/examples/openai-demo/README.md", "# Demo\n\nCalls OpenAI.\n");
  await put("tool/node_modules/dep/README.md", "# dep\n");
  await put("tool/.gitignore", "drafts/\n");
  await put("tool/drafts/README.md", "# draft\n");
});
afterAll(async () => {
  await rm(scratch, { recursive: true, force: true });
});

describe("isKbDoc", () => {
  it.each([
    ["README.md", true],
    ["README", true],
    ["readme.rst", true],
    ["services/orders/README.md", true],
    ["docs/architecture.md", true],
    ["site/docs/deep/guide.markdown", true],
    ["docs/notes.txt", true],
    ["pages/intro.mdx", true],
    ["guide.rst", true],
    ["CHANGELOG.md", false],
    ["requirements.txt", false],
    ["public/robots.txt", false],
    ["README.png", false],
    ["src/index.ts", false],
  ])("%s → %s", (path, expected) => {
    expect(isKbDoc(path)).toBe(expected);
  });
});

describe("findDocFiles", () => {
  it("walks a folder for READMEs and docs, honouring .gitignore and skipping node_modules", async () => {
    const files = await findDocFiles([join(scratch, "tool")]);
    expect(files.map((f) => f.uri).sort()).toEqual([
      "tool/README.md",
      "tool/design.rst",
      "tool/docs/guide.md",
      "tool/docs/notes.txt",
      "tool/examples/openai-demo/README.md",
      "tool/site/page.mdx",
    ]);
    expect(files.find((f) => f.path === "docs/guide.md")).toMatchObject({ repo: "tool" });
  });

  it("names a file's repository by the nearest folder that holds .git", async () => {
    const files = await findDocFiles([sample("repos")]);
    expect(files.map((f) => f.uri)).toContain("payments-api/README.md");
  });

  it("names a file's repository by the nearest folder the truth knows, else the folder given", async () => {
    const copy = await copySamples();
    const files = await findDocFiles([join(copy, "repos")], new Set(["platform-infra"]));
    const uris = files.map((f) => f.uri);
    expect(uris).toContain("platform-infra/README.md");
    expect(uris).toContain("platform-infra/docs/architecture.md");
    expect(uris).toContain("repos/payments-api/README.md");
    expect(files.find((f) => f.uri === "platform-infra/README.md")).toMatchObject({
      repo: "platform-infra",
      path: "README.md",
    });
  });

  it("takes a docs folder named directly, and a file named directly", async () => {
    const docs = await findDocFiles([sample("docs")]);
    expect(docs.map((f) => f.uri)).toEqual(["docs/fernhill-eks-migration.md"]);
    const one = await findDocFiles([
      join(scratch, "tool", "CHANGELOG.md"),
      join(scratch, "tool", "CHANGELOG.md"),
    ]);
    expect(one).toHaveLength(1);
    expect(one[0]?.path).toBe("CHANGELOG.md");
  });

  it("never takes vouch's own outputs as documents, walked or named directly", async () => {
    await put("site/docs/guide.md", "# Guide\n");
    await put("site/docs/out/report.json", '{\n  "format": 1,\n  "runId": "a1"\n}\n');
    await put("site/docs/out/resume.md", "# Dana\n\nLed a team of 40.\n");
    const walked = await findDocFiles([join(scratch, "site")]);
    expect(walked.map((f) => f.uri)).toEqual(["site/docs/guide.md"]);
    const named = await findDocFiles([join(scratch, "site/docs/out/resume.md")]);
    expect(named).toEqual([]);
  });

  it("names two docs folders of the same name apart by the folder above, not by the machine's layout", async () => {
    await put("team-a/docs/guide.md", "# A\n");
    await put("team-b/docs/guide.md", "# B\n");
    const files = await findDocFiles([join(scratch, "team-a/docs"), join(scratch, "team-b/docs")]);
    expect(files.map((f) => f.uri)).toEqual(["docs/guide.md", "team-b/docs/guide.md"]);
  });

  it("rejects a missing path, naming it", async () => {
    const missing = join(scratch, "nope");
    await expect(findDocFiles([missing])).rejects.toThrow(
      new InputError(`${missing}: no such file or folder.`),
    );
    await expect(findDocFiles([join(scratch, "tool", ".gitignore")])).rejects.toThrow(
      /not a Markdown or text/,
    );
  });
});

describe("kinds of document chunks", () => {
  it("marks a chunk holding a line the code contradicts as a stale claim", () => {
    const stale = staleLines(truth);
    expect(stale.get("platform-infra/README.md")).toContain(7);
    expect(docChunkKind({ repo: "platform-infra", path: "README.md", lines: [5, 9] }, stale)).toBe(
      "stale-claim",
    );
    expect(docChunkKind({ repo: "platform-infra", path: "README.md", lines: [16, 36] }, stale)).toBe(
      "production-doc",
    );
    expect(docChunkKind({ repo: "other", path: "README.md", lines: [5, 9] }, stale)).toBe("production-doc");
  });

  it("marks a README under examples/ (or tests) as an example, whatever its extension", () => {
    const none = staleLines(undefined);
    expect(docChunkKind({ path: "examples/openai-demo/README.md", lines: [1, 3] }, none)).toBe("example");
    expect(docChunkKind({ path: "tests/fixtures/README.md" }, none)).toBe("example");
    expect(docChunkKind({ path: "docs/guide.md" }, none)).toBe("production-doc");
    expect(docChunkKind({ path: "README.md" }, none)).toBe("production-doc");
  });

  it("labels ingested chunks: example README, stale README only with the truth, production docs", async () => {
    const withTruth = await buildLocalKb({
      paths: [join(scratch, "tool"), sample("repos", "platform-infra")],
      truth,
    });
    const kindOf = async (query: string, uri: string) =>
      (await withTruth.kb.retrieve([query], { topK: 20 })).find((c) => c.uri === uri)?.kind;
    expect(await kindOf("Calls OpenAI", "tool/examples/openai-demo/README.md")).toBe("example");
    expect(await kindOf("kubeadm", "platform-infra/README.md")).toBe("stale-claim");
    expect(await kindOf("guide", "tool/docs/guide.md")).toBe("production-doc");

    const without = await buildLocalKb({ paths: [sample("repos", "platform-infra")] });
    const readme = (await without.kb.retrieve(["kubeadm"])).find((c) => c.uri === "platform-infra/README.md");
    expect(readme?.kind).toBe("production-doc");
  });
});

describe("profile and truth as documents", () => {
  it("makes one profile document per work entry, project and degree, for the summary and for the skills", async () => {
    const { profile } = await readProfile(sample("profile.yaml"));
    const docs = profileDocs(profile, "profile.yaml");
    expect(docs.map((d) => d.uri)).toEqual([
      "profile.yaml#basics.summary",
      "profile.yaml#work[0]",
      "profile.yaml#work[1]",
      "profile.yaml#projects[0]",
      "profile.yaml#education[0]",
      "profile.yaml#skills",
    ]);
    for (const d of docs) expect(d).toMatchObject({ kind: "profile", path: "profile.yaml", lines: false });
    const work = docs[1];
    expect(work?.title).toBe("Senior Platform Engineer at Fernhill Supply");
    expect(work?.text.split("\n")).toEqual([
      "Senior Platform Engineer at Fernhill Supply (2021-04 – present).",
      "Platform team for an online supply store; owns the order pipeline and the AWS platform.",
      "- Moved the order platform from self-managed VMs to Amazon EKS with Terraform and Helm.",
      "- Built the orders service in Go with PostgreSQL on Amazon RDS and events on Amazon SQS.",
      "- Cut p95 checkout latency from 820 ms to 140 ms by caching idempotency keys in Redis.",
      "- Wrote the payments API in TypeScript with Express, PostgreSQL and SQS, tested with Vitest.",
      "- Reduced the monthly AWS bill by 23.4% by right-sizing node groups.",
    ]);
    expect(docs[4]).toMatchObject({
      title: "BSc in Computer Science at Oregon State University",
      text: "BSc in Computer Science at Oregon State University (2014-09 – 2018-06).",
    });
    expect(docs[5]?.text).toContain(
      "Cloud and infrastructure: AWS, Amazon EKS, Terraform, Helm, Kubernetes, Docker.",
    );
    expect(docs[3]?.text).toContain("portfolio-site: Personal site built with Next.js");
  });

  it("writes each degree, certificate and award as a line of the record", () => {
    const docs = profileDocs(
      {
        education: [
          {
            institution: "Oregon State University",
            area: "Computer Science",
            studyType: "BSc",
            startDate: "2014-09",
            endDate: "2018-06",
            score: "3.7",
            courses: ["Operating Systems", "Databases"],
          },
          { institution: "Lund University", studyType: "MSc", startDate: "2019-09" },
          { institution: "Portland Community College" },
          { area: "Physics", endDate: "2012" },
          { institution: "  " },
        ],
        certificates: [{ name: "AWS Certified Developer", issuer: "Amazon Web Services", date: "2022-03" }],
        awards: [{ title: "Hackathon winner", awarder: "Fernhill Supply", summary: "Built a returns bot." }],
      },
      "profile.yaml",
    );
    expect(docs.map((d) => [d.uri, d.title, d.text])).toEqual([
      [
        "profile.yaml#education[0]",
        "BSc in Computer Science at Oregon State University",
        "BSc in Computer Science at Oregon State University (2014-09 – 2018-06).\nScore: 3.7.\nCourses: Operating Systems, Databases.",
      ],
      ["profile.yaml#education[1]", "MSc at Lund University", "MSc at Lund University (2019-09 – present)."],
      [
        "profile.yaml#education[2]",
        "Studied at Portland Community College",
        "Studied at Portland Community College.",
      ],
      ["profile.yaml#education[3]", "Physics", "Physics."],
      [
        "profile.yaml#certificates[0]",
        "AWS Certified Developer",
        "Certificate: AWS Certified Developer (Amazon Web Services, 2022-03).",
      ],
      [
        "profile.yaml#awards[0]",
        "Hackathon winner",
        "Award: Hackathon winner (Fernhill Supply).\nBuilt a returns bot.",
      ],
    ]);
  });

  it("states each production technology as a fact naming where it is used", () => {
    const docs = truthDocs(truth);
    const eks = docs.find((d) => d.title === "Amazon EKS");
    expect(eks).toMatchObject({
      kind: "truth",
      repo: "platform-infra",
      // The first evidence by path: the bootstrap script's `aws eks update-kubeconfig`.
      path: "scripts/bootstrap.sh",
      lines: [19, 19],
      metadata: { technology: "amazon-eks", vendor: "AWS" },
    });
    expect(eks?.text).toMatch(
      /^Amazon EKS is used in production: platform-infra\/scripts\/bootstrap\.sh:19, platform-infra\/terraform\/eks\.tf:21(, |\.)/,
    );
    const production = truth.technologies.filter((t) => t.status === "production");
    expect(docs).toHaveLength(production.length);
  });

  it("leaves out technologies that are not in production", () => {
    const result: ExtractResult = {
      repos: [],
      docClaims: [],
      warnings: [],
      technologies: [
        {
          id: "openai",
          name: "OpenAI",
          category: "ai",
          status: "example-only",
          evidence: [{ repo: "r", path: "examples/x.py", kind: "example", via: "import", detail: "openai" }],
        },
      ],
    };
    expect(truthDocs(result)).toEqual([]);
  });
});

// `vouch generate` end to end on the sample candidate: the DOCX is ATS-friendly, planted fabrications are
// gone while grounded content stays, the log verifies and reverts, and bad input leaves nothing behind.
import { existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../helpers/cli.js";
import { readDocx } from "../helpers/docx.js";

const samples = resolve(import.meta.dirname, "../../samples");
const profile = join(samples, "profile.yaml");
const job = join(samples, "jobs/platform-engineer.md");
const fabricated = join(samples, "drafts/fabricated.json");
const temp = () => mkdtempSync(join(tmpdir(), "vouch-generate-"));
const generate = (out: string, ...args: string[]) =>
  runCli(["generate", "--profile", profile, "--job", job, "--out", out, "--no-history", ...args]);
const json = (path: string) => JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>;
const logOf = (dir: string) =>
  readFileSync(join(dir, "redaction-log.jsonl"), "utf8")
    .trim()
    .split("\n")
    .map(
      (line) =>
        JSON.parse(line) as {
          guard: string;
          action: string;
          field: string;
          original: string;
          reason: string;
          evidence: { source: string; ref: string }[];
        },
    );

const FILES = [
  "audit.html",
  "redaction-log.jsonl",
  "report.json",
  "resume.docx",
  "resume.json",
  "resume.md",
  "resume.pdf",
  "resume.review.docx",
];

describe("the embedded defaults (template writer, local KB, local verifier)", () => {
  const out = temp();
  let code: number;
  beforeAll(async () => {
    code = (await generate(out)).code;
  });

  it("writes every output and nothing else", () => {
    expect(code).toBe(0);
    expect(readdirSync(out).sort()).toEqual(FILES);
  });

  it("renders an ATS-friendly DOCX: one column, real bullets, standard headings, no tables or text boxes", () => {
    const docx = readDocx(join(out, "resume.docx"));
    expect(docx.document).not.toMatch(/<w:tbl>|<w:txbxContent|<v:textbox|<w:cols w:num="[2-9]"/);
    expect(docx.parts.filter((p) => /word\/(header|footer)/.test(p))).toEqual([]);
    expect(docx.paragraphs[0]).toBe("Dana Reyes");
    const headings = ["Summary", "Experience", "Projects", "Skills", "Education"];
    expect(docx.paragraphs.filter((p) => headings.includes(p))).toEqual(headings);
    expect(docx.document.match(/<w:numPr>/g)?.length).toBeGreaterThanOrEqual(8);
    expect(docx.paragraphs).toContain(
      "Cut p95 checkout latency from 820 ms to 140 ms by caching idempotency keys in Redis.",
    );
  });

  it("tailors without inventing: the job's production technologies lead the summary, highlights are the candidate's", () => {
    const resume = json(join(out, "resume.json")) as {
      basics: { summary: string };
      work: { highlights: string[] }[];
    };
    expect(resume.basics.summary).toMatch(
      /^Backend and platform engineer who builds .* \d+ years of experience, with production work in /,
    );
    expect(resume.basics.summary).toMatch(/production work in .*Amazon EKS.*Terraform/);
    const own = readFileSync(profile, "utf8");
    for (const h of resume.work.flatMap((w) => w.highlights)) expect(own).toContain(h);
  });

  it("reports every stage in order with timings, the matches and the verdicts", () => {
    const report = json(join(out, "report.json")) as {
      stages: { stage: string; ms: number }[];
      matches: { technology?: string; status: string }[];
      verdicts: { verdict: string }[];
      chain: { records: number };
      outputs: { file: string; sha256: string }[];
    };
    expect(report.stages.map((s) => s.stage)).toEqual([
      "extract",
      "ingest",
      "retrieve",
      "strategize",
      "pre-writer guards",
      "write",
      "fit",
      "post-writer guards",
      "verify",
      "render",
    ]);
    expect(report.matches).toContainEqual(
      expect.objectContaining({ technology: "openai", status: "example-only" }),
    );
    expect(report.matches).toContainEqual(
      expect.objectContaining({ technology: "amazon-eks", status: "production-backed" }),
    );
    expect(report.verdicts.every((v) => v.verdict === "GROUNDED")).toBe(true);
    expect(report.outputs.map((o) => o.file).sort()).toEqual(FILES.filter((f) => f !== "report.json"));
  });

  it("names the portfolio's folders as the profile does, not by this machine's layout", () => {
    const { inputs } = json(join(out, "report.json")) as { inputs: { repos: string[]; docs: string[] } };
    expect(inputs.repos).toEqual([
      "repos/payments-api",
      "repos/ledger-service",
      "repos/platform-infra",
      "repos/stream-analytics",
      "repos/portfolio-site",
    ]);
    expect(inputs.docs).toEqual(["docs"]);
    // Only the profile and job stay as given on the command line (here absolute).
    const { inputs: _inputs, ...rest } = json(join(out, "report.json"));
    expect(JSON.stringify(rest)).not.toContain(samples);
    // The evidence view names its log by the name it has beside it.
    const page = readFileSync(join(out, "audit.html"), "utf8");
    expect(page).not.toContain(out);
    expect(page).not.toContain(join(samples, "repos"));
    expect(page).not.toContain(join(samples, "docs"));
  });

  it("--debug names them by their absolute paths", async () => {
    const debug = temp();
    expect((await generate(debug, "--debug")).code).toBe(0);
    const { inputs } = json(join(debug, "report.json")) as { inputs: { docs: string[] } };
    expect(inputs.docs).toEqual([join(samples, "docs")]);
  });
});

describe("a profile summary without a final full stop", () => {
  it("the template writer's summary passes its own verifier", async () => {
    const dir = temp();
    const text = readFileSync(profile, "utf8")
      .replace("with Terraform and Kubernetes.", "with Terraform and Kubernetes")
      .replace(/\.\/(repos|docs)/g, (_m, folder: string) => join(samples, folder));
    writeFileSync(join(dir, "profile.yaml"), text);
    const run = await runCli([
      "generate",
      "--profile",
      join(dir, "profile.yaml"),
      "--job",
      job,
      "--out",
      join(dir, "out"),
      "--no-history",
    ]);
    expect(run.code).toBe(0);
    const report = json(join(dir, "out", "report.json")) as {
      verdicts: { section: string; verdict: string }[];
    };
    expect(report.verdicts).toEqual([expect.objectContaining({ section: "basics", verdict: "GROUNDED" })]);
    const resume = json(join(dir, "out", "resume.json")) as { basics: { summary: string } };
    expect(resume.basics.summary).toMatch(/with Terraform and Kubernetes\. Brings \d+ years/);
  });
});

describe("a scripted draft full of fabrications", () => {
  const out = temp();
  beforeAll(async () => {
    expect((await generate(out, "--writer", `scripted:${fabricated}`)).code).toBe(0);
  });

  it("removes every planted fabrication and keeps grounded content", () => {
    const text = readDocx(join(out, "resume.docx")).paragraphs.join("\n");
    const resume = readFileSync(join(out, "resume.json"), "utf8");
    for (const planted of [
      "50,000 requests per second",
      "$2M",
      "Snowflake",
      "OpenAI",
      "kubeadm",
      "self-hosted Kubernetes",
      "40%",
      "9 years",
    ]) {
      expect(text).not.toContain(planted);
      expect(resume).not.toContain(planted);
    }
    for (const kept of ["820 ms to 140 ms", "23%", "Amazon EKS", "1.2M page views"])
      expect(text).toContain(kept);
  });

  it("keeps a figure derived from the profile's own figures, with its record", () => {
    const text = readDocx(join(out, "resume.docx")).paragraphs.join("\n");
    expect(text).toContain("Made checkout 5.9x faster");
    const derived = readFileSync(join(out, "redaction-log.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as Record<string, unknown>)
      .filter((r) => r.rule === "derived-number");
    expect(derived).toMatchObject([
      {
        guard: "number-provenance",
        action: "annotate",
        original: "5.9x",
        evidence: [
          { source: "profile", ref: "work[0].highlights[2]" },
          { source: "profile", ref: "work[0].highlights[2]" },
        ],
      },
    ]);
  });

  it("gives each verifier record its own string's claim and reason, citing chunks by path and line", () => {
    const verifier = logOf(out).filter((r) => r.guard === "verifier");
    expect(verifier.length).toBeGreaterThan(0);
    for (const record of verifier) {
      const claim = /^The local verifier found "(.+?)" not grounded: /.exec(record.reason)?.[1];
      expect(record.original).toContain(claim);
      expect(record.evidence.length).toBeGreaterThan(0);
      for (const e of record.evidence.filter((e) => e.source === "chunk"))
        expect(e.ref).toMatch(/^profile\.yaml#|:\d+(-\d+)?$/);
    }
    // The invented award is the record's to catch (a win and a leadership claim nothing holds), before
    // the verifier sees it.
    expect(logOf(out)).toContainEqual(
      expect.objectContaining({
        guard: "record-provenance",
        action: "remove",
        original: "Won the Quillmark Engineering Excellence Award for leading the analytics platform team.",
        reason: expect.stringMatching(
          /it names the win "Won" and the leadership claim "leading the analytics platform team"/,
        ),
      }),
    );
  });

  it("anchors a Word comment in the review copy at every change", () => {
    const records = readFileSync(join(out, "redaction-log.jsonl"), "utf8").trim().split("\n");
    const review = readDocx(join(out, "resume.review.docx"));
    expect(review.comments?.match(/<w:comment /g)?.length).toBe(records.length);
    expect(review.document.match(/<w:commentRangeStart /g)?.length).toBe(records.length);
  });

  it("writes a log that verifies and reverts to the draft exactly", async () => {
    expect((await runCli(["audit", out, "--verify"])).code).toBe(0);
    expect((await runCli(["audit", out, "--restore"])).code).toBe(0);
    // Byte for byte: the restored draft is the scripted file as JSON writes it, keys in their order.
    expect(readFileSync(join(out, "resume.restored.json"), "utf8")).toBe(
      `${JSON.stringify(json(fabricated), null, 2)}\n`,
    );
  });

  it("warn mode keeps ungrounded sections, annotated", async () => {
    const warned = temp();
    expect((await generate(warned, "--writer", `scripted:${fabricated}`, "--mode", "warn")).code).toBe(0);
    const records = readFileSync(join(warned, "redaction-log.jsonl"), "utf8")
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line) as { guard: string; action: string });
    const verifier = records.filter((r) => r.guard === "verifier");
    expect(verifier.map((r) => r.action)).toEqual(["annotate"]);
    // The guards are not the verifier: warn mode does not let an inflated title through.
    expect(records).toContainEqual(
      expect.objectContaining({ guard: "record-provenance", action: "fallback", field: "work[1].position" }),
    );
  });

  it("--fail-on-block exits 1 when the verifier blocked a section", async () => {
    expect((await generate(temp(), "--writer", `scripted:${fabricated}`, "--fail-on-block")).code).toBe(1);
  });
});

describe("a fallback that would repeat a bullet of its entry", () => {
  const out = temp();
  const draft = json(fabricated) as { work: { highlights: string[] }[] };
  draft.work[0]!.highlights = [
    "Reduced the monthly AWS bill by 23% by right-sizing node groups.",
    // Snowflake is unbacked: the fallback would be the profile's "… by 23.4% …", which the first one says.
    "Reduced the monthly AWS bill by 23.4% by right-sizing node groups on Snowflake.",
  ];
  const scripted = join(temp(), "draft.json");
  beforeAll(async () => {
    writeFileSync(scripted, JSON.stringify(draft, null, 2));
    expect((await generate(out, "--writer", `scripted:${scripted}`)).code).toBe(0);
  });

  it("removes the item instead, saying why, and the log still restores the draft exactly", async () => {
    const resume = json(join(out, "resume.json")) as { work: { highlights: string[] }[] };
    expect(resume.work[0]!.highlights).toEqual([
      "Reduced the monthly AWS bill by 23% by right-sizing node groups.",
    ]);
    expect(logOf(out).filter((r) => r.field === "work[0].highlights[1]")).toMatchObject([
      {
        guard: "claim-net",
        action: "remove",
        original: "Reduced the monthly AWS bill by 23.4% by right-sizing node groups on Snowflake.",
        reason: expect.stringContaining(
          'The candidate\'s own wording for it, "Reduced the monthly AWS bill by 23.4% by right-sizing node groups.", is already in this entry at work[0].highlights[0]',
        ),
      },
    ]);
    expect((await runCli(["audit", out, "--restore"])).code).toBe(0);
    expect(readFileSync(join(out, "resume.restored.json"), "utf8")).toBe(
      `${JSON.stringify(draft, null, 2)}\n`,
    );
  });
});

describe("bad input: one sentence, exit 2, no partial outputs, nothing lost", () => {
  const write = (dir: string, name: string, text: string) => {
    const path = join(dir, name);
    writeFileSync(path, text);
    return path;
  };

  it.each([
    [
      "an invalid profile",
      (dir: string) => [
        "--profile",
        write(dir, "p.yaml", "basics:\n  name: Dana\nwork:\n  - name: X\n    startDate: Spring 2021\n"),
      ],
      /p\.yaml: line 5: field "work\[0\]\.startDate": expected a date/,
    ],
    [
      "a profile that is not YAML",
      (dir: string) => ["--profile", write(dir, "p.yaml", "basics: [\n")],
      /p\.yaml: line \d+:/,
    ],
    [
      "a missing job file",
      (dir: string) => ["--job", join(dir, "nope.md")],
      /nope\.md: no such job description file\./,
    ],
    [
      "a repository that is missing",
      (dir: string) => [
        "--profile",
        write(dir, "p.yaml", "basics:\n  name: Dana\nportfolio:\n  repos: [./missing-repo]\n"),
      ],
      /missing-repo/,
    ],
    [
      "an unknown writer",
      () => ["--writer", "scripted:/nonexistent/draft.json"],
      /draft\.json: no such file/,
    ],
    ["an unknown layout", () => ["--layout", "fancy"], /fancy/],
    ["Bedrock without a region", () => ["--verifier", "bedrock"], /Bedrock needs an AWS region/],
  ])("%s", async (_name, args, message) => {
    const dir = temp();
    const out = join(dir, "out");
    const noAws = { AWS_REGION: undefined, AWS_DEFAULT_REGION: undefined, AWS_PROFILE: undefined, HOME: dir };
    const run = await runCli(
      ["generate", "--profile", profile, "--job", job, "--out", out, "--no-history", ...args(dir)],
      noAws,
    );
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(existsSync(out)).toBe(false);
  });

  it("an output folder that cannot be written", async () => {
    const dir = temp();
    const blocker = write(dir, "file", "not a folder");
    const run = await generate(join(blocker, "out"));
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/the output folder cannot be written/);
  });

  it("keeps the previous outputs when a run fails", async () => {
    const out = temp();
    writeFileSync(join(out, "resume.docx"), "previous run");
    const run = await runCli(["generate", "--profile", profile, "--job", join(out, "nope.md"), "--out", out]);
    expect(run.code).toBe(2);
    expect(readFileSync(join(out, "resume.docx"), "utf8")).toBe("previous run");
  });
});

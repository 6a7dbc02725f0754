// The sceptical recruiter's first test, end to end: three people point a profile at the same checkout (its
// main author, a contributor whose commits are only the release CI, someone with no commit), and each gets
// a resume, a report and a chatbot that know whose work is whose.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { JsonResume } from "../../core/resume.js";
import type { RunReport } from "../../pipeline/outputs/report.js";
import { buildApp } from "../../server/app.js";
import { loadServerDeps } from "../../server/start.js";
import { runCli } from "../helpers/cli.js";
import { settingsOf } from "../helpers/settings.js";
import { buildPodcast } from "../helpers/three-candidates.js";

const scratch = mkdtempSync(join(tmpdir(), "vouch-three-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));
const STACK = ["go", "helm", "grpc", "redis", "prometheus", "cobra"];

const JOB = [
  "# Senior Go Engineer, Example Co",
  "",
  "## What you will do",
  "",
  "- Build gRPC services in Go with Cobra command-line tools.",
  "- Cache with Redis and ship with Helm charts.",
  "- Instrument everything with Prometheus.",
  "",
  "## What you bring",
  "",
  "- 4+ years of Go.",
].join("\n");

function profile(name: string, email: string, login: string): JsonResume & { portfolio: unknown } {
  return {
    basics: { name, email, profiles: [{ network: "GitHub", username: login }] },
    work: [
      {
        name: "Example Co",
        position: "Software Engineer",
        startDate: "2023-01",
        highlights: ["Maintained backend services and their release process."],
      },
    ],
    skills: [{ name: "Practices", keywords: ["Code review"] }],
    portfolio: { repos: ["./podcast"] },
  };
}

const PEOPLE = {
  alex: profile("Alex Main", "alex@example.test", "alex-main"),
  casey: profile("Casey CI", "casey@example.test", "casey-ci"),
  stranger: profile("Sam Stranger", "sam@example.test", "sam-stranger"),
};
type Person = keyof typeof PEOPLE;

const runs = new Map<Person, { code: number; stderr: string; resume: JsonResume; report: RunReport }>();

beforeAll(async () => {
  buildPodcast(join(scratch, "podcast"));
  writeFileSync(join(scratch, "job.md"), JOB);
  for (const [person, body] of Object.entries(PEOPLE) as [Person, (typeof PEOPLE)[Person]][]) {
    writeFileSync(join(scratch, `${person}.json`), JSON.stringify(body));
    const out = join(scratch, `out-${person}`);
    const run = await runCli([
      "generate",
      "--profile",
      join(scratch, `${person}.json`),
      "--job",
      join(scratch, "job.md"),
      "--out",
      out,
    ]);
    runs.set(person, {
      ...run,
      resume: JSON.parse(readFileSync(join(out, "resume.json"), "utf8")) as JsonResume,
      report: JSON.parse(readFileSync(join(out, "report.json"), "utf8")) as RunReport,
    });
  }
}, 120_000);

const statusOf = (person: Person, technology: string) =>
  runs.get(person)!.report.matches.find((m) => m.technology === technology)?.status;
const skillWords = (person: Person) =>
  (runs.get(person)!.resume.skills ?? []).flatMap((s) => [s.name ?? "", ...(s.keywords ?? [])]).join(" ");

describe("generate: the resume and the report", () => {
  it("the main author's stack is production-backed, with years from commits; Bo's Prometheus is not", () => {
    const alex = runs.get("alex")!;
    expect(alex.code).toBe(0);
    expect(statusOf("alex", "grpc")).toBe("production-backed");
    expect(statusOf("alex", "helm")).toBe("production-backed");
    expect(statusOf("alex", "redis")).toBe("production-backed");
    expect(statusOf("alex", "prometheus")).toBe("others-only");
    // The profile's dates give Go 3.9 years; her commits on Go run from 2019-03.
    const years = alex.report.matches.find((m) => m.label === "4+ years Go");
    expect(years).toMatchObject({ status: "production-backed" });
    expect(years?.evidence[0]).toMatchObject({
      source: "truth",
      ref: "podcast",
      text: "4 of 5 commits by the candidate, 2019-03 to 2024-03",
    });
    expect(skillWords("alex")).toMatch(/gRPC/);
    expect(skillWords("alex")).not.toMatch(/Prometheus/);
  });

  it.each(["casey", "stranger"] as const)(
    "%s gets none of the stack, in the report or the resume",
    (person) => {
      const run = runs.get(person)!;
      expect(run.code).toBe(0);
      for (const id of STACK) expect(statusOf(person, id)).toBe("others-only");
      expect(run.report.coverage.line).toMatch(/^0 of \d+ requirements backed/);
      expect(skillWords(person)).not.toMatch(/\b(Go|gRPC|Helm|Redis|Prometheus|Cobra)\b/);
      const helm = run.report.matches.find((m) => m.technology === "helm");
      expect(helm?.note).toBe(
        `podcast uses Helm (podcast/charts/podcast/Chart.yaml:1); none of its Helm files are ${PEOPLE[person].basics!.name}'s.`,
      );
    },
  );

  it("the report says whose work the truth is, repository by repository", () => {
    expect(runs.get("casey")!.report.truth?.authorship).toEqual({
      authors: ["casey@example.test", "github:casey-ci"],
      mode: "verify",
      repos: [
        {
          name: "podcast",
          verified: true,
          commits: 10,
          candidateCommits: 1,
          languages: {},
          othersDocs: ["README.md", "docs/operations.md"],
        },
      ],
    });
    expect(runs.get("stranger")!.stderr).toContain(
      "vouch: warning: podcast: none of its 10 commits is by sam@example.test, github:sam-stranger",
    );
  });
});

describe("serve: what the chatbot tells a recruiter", () => {
  async function ask(person: Person, question: string): Promise<string> {
    const deps = await loadServerDeps({
      profile: join(scratch, `${person}.json`),
      settings: settingsOf({}),
      history: false,
    });
    const app = await buildApp({ ...deps, options: { rateLimit: 0 } });
    try {
      const response = await app.inject({ method: "POST", url: "/v1/chat", payload: { question } });
      expect(response.statusCode).toBe(200);
      return (response.json() as { answer: string }).answer;
    } finally {
      await app.close();
    }
  }

  it("asked whether the stranger has used Helm in production: the repository does, none of its commits are theirs", async () => {
    const answer = await ask("stranger", "Has Sam used Helm in production?");
    expect(answer).toMatch(/podcast uses it in production code \(podcast\/charts\/podcast\/Chart\.yaml:1\)/);
    expect(answer).toMatch(/none of its commits that touch it are Sam's/);
  });

  it("asked about the main author's gRPC: production code, with her commits", async () => {
    const answer = await ask("alex", "Has Alex used gRPC?");
    expect(answer).toMatch(
      /gRPC: production code in podcast \(.*\) \(2 commits by the candidate, 2020-06 to 2024-03\)/,
    );
  });

  it("a README someone else wrote grounds nothing: it is not in the candidate's knowledge base", async () => {
    for (const person of ["alex", "stranger"] as const) {
      const deps = await loadServerDeps({
        profile: join(scratch, `${person}.json`),
        settings: settingsOf({}),
        history: false,
      });
      const uris = (await deps.kb.retrieve(["graceful shutdown readiness liveness"], { topK: 20 })).map(
        (c) => c.uri,
      );
      expect(uris).not.toContain("podcast/README.md");
      const mine = (await deps.kb.retrieve(["drains its streams before the pod stops"], { topK: 20 })).map(
        (c) => c.uri,
      );
      if (person === "alex") expect(mine).toContain("podcast/docs/operations.md");
      else expect(mine).not.toContain("podcast/docs/operations.md");
    }
  });

  it("never tells a recruiter the contributor wrote the Go", async () => {
    const answer = await ask("casey", "What has Casey built with Go?");
    expect(answer).not.toMatch(/Go: production code/);
  });
});

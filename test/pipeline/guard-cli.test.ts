import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { extract } from "../../extractors/extract.js";
import { revertDraft } from "../../guards/index.js";
import { type RedactionRecord, verifyChain } from "../../guards/redaction-record.js";
import type { JsonResume } from "../../core/resume.js";
import { GUARD_IDS } from "../../guards/types.js";
import { runCli } from "../helpers/cli.js";

const samples = resolve(import.meta.dirname, "../../samples");
let dir: string;
let draft: JsonResume;
let guarded: { draft: JsonResume; records: RedactionRecord[] };

const write = async (name: string, value: unknown) => {
  const path = join(dir, name);
  await writeFile(path, typeof value === "string" ? value : JSON.stringify(value));
  return path;
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "vouch-guard-cli-"));
  const profile = parse(await readFile(join(samples, "profile.yaml"), "utf8")) as JsonResume;
  draft = JSON.parse(await readFile(join(samples, "drafts/fabricated.json"), "utf8")) as JsonResume;
  const truth = await extract(
    ["payments-api", "ledger-service", "platform-infra", "stream-analytics", "portfolio-site"].map((r) =>
      join(samples, "repos", r),
    ),
    { history: false },
  );
  const facts = [
    {
      id: "docs/fernhill-eks-migration.md",
      text: await readFile(join(samples, "docs/fernhill-eks-migration.md"), "utf8"),
    },
  ];
  const path = await write("case.json", { draft, sources: { profile, facts, truth } });
  const run = await runCli(["guard", "--case", path, "--json"]);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  guarded = JSON.parse(run.stdout);
});
afterAll(() => rm(dir, { recursive: true, force: true }));

describe("vouch guard --case on the fabricated sample draft", () => {
  const text = () => JSON.stringify(guarded.draft);

  it("prints exactly { draft, records }", () => {
    expect(Object.keys(guarded).sort()).toEqual(["draft", "records"]);
  });

  it.each([
    ["an inflated cost saving", "40%"],
    ["an invented experience length", "9 years"],
    ["an invented throughput", "50,000 requests per second"],
    ["an invented saving", "$2M"],
    ["a vendor seen only in examples/", "OpenAI"],
    ["a stale README claim", "kubeadm"],
    ["a stale README claim", "self-hosted Kubernetes"],
    ["an invented skill", "Snowflake"],
  ])("removes %s (%s)", (_name, fabricated) => {
    expect(text()).not.toContain(fabricated);
  });

  it.each([
    ["a sourced latency", "from 820 ms to 140 ms"],
    ["a sourced figure rounded within its precision", "23%"],
    ["a sourced volume in another notation", "1.2M page views"],
    ["a production-backed technology", "Amazon EKS"],
    ["the candidate's own skills", "Kafka"],
  ])("keeps %s (%s)", (_name, grounded) => {
    expect(text()).toContain(grounded);
  });

  it("keeps the skills lists minus what is not backed, and drops the group left empty", () => {
    expect(guarded.draft.skills?.map((s) => [s.name, s.keywords])).toEqual([
      ["Cloud and infrastructure", ["AWS", "Amazon EKS", "Terraform", "Helm"]],
      ["Data", ["PostgreSQL", "Redis", "Kafka"]],
    ]);
    expect(guarded.records.at(-1)).toMatchObject({
      guard: "record-provenance",
      rule: "empty-group",
      action: "remove",
      field: "skills[2]",
      original: '{"name":"AI","keywords":[]}',
    });
  });

  it("puts back the contact details and the education the draft left out", () => {
    expect(guarded.draft.basics).toMatchObject({ phone: "+1 555 0100", location: { city: "Portland" } });
    expect(guarded.draft.education?.map((e) => e.institution)).toEqual(["Oregon State University"]);
  });

  it("writes records that form a valid chain and revert to the draft exactly", () => {
    expect(guarded.records.length).toBeGreaterThan(5);
    expect(verifyChain(guarded.records)).toEqual({ ok: true });
    expect(JSON.stringify(revertDraft(guarded.draft, guarded.records))).toBe(JSON.stringify(draft));
    for (const r of guarded.records) {
      expect(r.reason).toMatch(/\S.*[.!]$/);
      expect(GUARD_IDS).toContain(r.guard);
    }
  });

  it("runs on a plain text case", async () => {
    const path = await write("text.json", {
      text: "Cut latency by 38% and served 1,200 customers.",
      sources: { facts: ["Latency fell by 38.0 percent.", "We served 1200 customers."] },
    });
    const run = await runCli(["guard", "--case", path, "--json"]);
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toMatchObject({
      text: "Cut latency by 38% and served 1,200 customers.",
      records: [],
    });
  });
});

describe("vouch guard: bad input", () => {
  it.each([
    ["a missing file", "missing.json", null, /missing\.json: no such file\./],
    [
      "a file that is not JSON",
      "broken.json",
      '{\n  "text": "x",\n  oops\n}',
      /broken\.json: not valid JSON at line 3, column 3/,
    ],
    [
      "neither text nor draft",
      "empty.json",
      { sources: {} },
      /empty\.json: field "text": give exactly one of "text" and "draft"\./,
    ],
    [
      "both text and draft",
      "both.json",
      { text: "x", draft: {}, sources: {} },
      /field "text": give exactly one/,
    ],
    ["no sources", "nosources.json", { text: "x" }, /field "sources": /],
    [
      "a fact of the wrong type",
      "badfact.json",
      { text: "x", sources: { facts: ["ok", 5] } },
      /field "sources\.facts\[1\]": /,
    ],
    ["text of the wrong type", "badtext.json", { text: 42, sources: {} }, /field "text": /],
    ["an unknown key", "extra.json", { text: "x", sources: {}, prompt: "y" }, /field "prompt": /],
    [
      "a match status outside the closed set",
      "status.json",
      { text: "x", sources: {}, matches: [{ requirement: "Go", status: "verified", evidence: [] }] },
      /field "matches\[0\]\.status": Invalid option: expected one of "production-backed"\|"profile-stated"/,
    ],
  ])("rejects %s with exit 2 naming the field", async (_name, file, content, message) => {
    const path = content === null ? join(dir, file) : await write(file, content);
    const run = await runCli(["guard", "--case", path, "--json"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
    expect(run.stdout).toBe("");
  });

  it("needs --case", async () => {
    const run = await runCli(["guard"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/required option '--case <file>'/);
  });
});

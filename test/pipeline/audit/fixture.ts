// A real redaction log for the audit tests: the guard chain runs on a small draft with planted
// fabrications, and its records are sealed and written the way `vouch generate --out DIR` writes them.
import { createHash } from "node:crypto";
import { mkdtemp, readFile, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { ExtractResult } from "../../../core/truth.js";
import { GUARDS, buildContext, guardDraft, guardMatches, sealRecords } from "../../../guards/index.js";
import type { RedactionRecord } from "../../../guards/redaction-record.js";
import type { JsonResume } from "../../../core/resume.js";
import type { Match } from "../../../core/match.js";
import { testCatalog } from "../../helpers/catalog.js";
import { type Signer, signatureFileText } from "../../../pipeline/audit/signing.js";

export const profile: JsonResume = {
  basics: { name: "Dana Reyes", summary: "Backend engineer." },
  work: [
    {
      name: "Fernhill",
      position: "Engineer",
      highlights: ["Cut checkout latency from 820 ms to 140 ms.", "Built the payments API on PostgreSQL."],
    },
  ],
  skills: [{ name: "Data", keywords: ["PostgreSQL"] }],
};

/** The writer's draft: an inflated number, an invented one, and a vendor seen only in examples. */
export const draft: JsonResume = {
  basics: { name: "Dana Reyes", summary: "Backend engineer who cut costs by 40%, saving $2M." },
  work: [
    {
      name: "Fernhill",
      position: "Engineer",
      highlights: [
        "Cut checkout latency from 820 ms to 140 ms.",
        'Built the payments API on PostgreSQL, serving 50,000 requests per second, "fast", at scale.',
      ],
    },
  ],
  skills: [{ name: "Data", keywords: ["PostgreSQL", "OpenAI"] }],
};

const truth: ExtractResult = {
  repos: [{ name: "ledger", source: "./ledger", filesScanned: 3, languages: { Python: 1000 } }],
  technologies: [
    {
      id: "openai",
      name: "OpenAI",
      category: "ai-llm",
      vendor: "OpenAI",
      status: "example-only",
      evidence: [
        {
          repo: "ledger",
          path: "examples/summarize.py",
          line: 2,
          kind: "example",
          via: "import",
          detail: "import openai",
        },
      ],
    },
  ],
  docClaims: [],
  warnings: [],
};

const matches: Match[] = [
  {
    requirement: "LLM integration",
    technology: "openai",
    status: "production-backed",
    evidence: truth.technologies[0]!.evidence,
  },
];

export interface Fixture {
  dir: string;
  logPath: string;
  records: RedactionRecord[];
  guarded: JsonResume;
}

/** Run the chain on the draft: the guarded draft and its sealed records, in memory. */
export function buildLog(): { records: RedactionRecord[]; guarded: JsonResume } {
  const context = buildContext({ catalog: testCatalog(), profile, truth, facts: [] });
  const pre = guardMatches(matches, context, GUARDS);
  const post = guardDraft(draft, context, GUARDS);
  const records = sealRecords([...pre.records, ...post.records], {
    runId: "run-1",
    ts: "2025-01-02T03:04:05.000Z",
  });
  return { records, guarded: post.draft };
}

/** The files of a run besides resume.json and the log: their bytes only matter to their SHA-256. */
export const OTHER_OUTPUTS: Record<string, string> = {
  "resume.docx": "PK docx",
  "resume.review.docx": "PK review docx",
  "resume.md": "# Dana Reyes\n",
};

/**
 * A run's output folder as `vouch generate --out DIR` writes it, in a new temporary folder: resume.json,
 * redaction-log.jsonl, the other outputs, and report.json anchoring the log and listing each output's
 * SHA-256 (signed into report.json.sig when a signer is given).
 */
export async function writeFixture(prefix = "vouch-audit-", signer?: Signer): Promise<Fixture> {
  const { records, guarded } = buildLog();
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const logPath = join(dir, "redaction-log.jsonl");
  await writeFile(join(dir, "resume.json"), `${JSON.stringify(guarded, null, 2)}\n`);
  await writeFile(logPath, records.map((r) => `${JSON.stringify(r)}\n`).join(""));
  for (const [file, text] of Object.entries(OTHER_OUTPUTS)) await writeFile(join(dir, file), text);
  await writeReport(dir, records, signer);
  return { dir, logPath, records, guarded };
}

/** report.json for the files now in `dir` (and its signature): what the run would have written. */
export async function writeReport(
  dir: string,
  records: readonly RedactionRecord[],
  signer?: Signer,
): Promise<void> {
  const files = ["resume.docx", "resume.review.docx", "resume.json", "resume.md", "redaction-log.jsonl"];
  const outputs = await Promise.all(
    files.map(async (file) => {
      const bytes = await readFile(join(dir, file));
      return { file, bytes: bytes.length, sha256: createHash("sha256").update(bytes).digest("hex") };
    }),
  );
  const report = {
    format: 1,
    runId: "run-1",
    chain: { records: records.length, lastHash: records.at(-1)?.hash ?? null },
    outputs,
    ...(signer
      ? { signature: { file: "report.json.sig", algorithm: "ed25519", publicKeySha256: signer.keyId } }
      : {}),
  };
  const text = `${JSON.stringify(report, null, 2)}\n`;
  await writeFile(join(dir, "report.json"), text);
  if (signer)
    await writeFile(
      join(dir, "report.json.sig"),
      signatureFileText(signer, "report.json", Buffer.from(text)),
    );
}

/** Every file of a fixture's folder, sorted. */
export const FIXTURE_FILES = [
  "redaction-log.jsonl",
  "report.json",
  "resume.docx",
  "resume.json",
  "resume.md",
  "resume.review.docx",
];

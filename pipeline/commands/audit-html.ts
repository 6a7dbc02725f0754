// `vouch audit <DIR> --html [FILE]`: the evidence view. I/O only: read the log, verify it with
// pipeline/audit/verify-chain.ts, read report.json and resume.json, re-derive each line's evidence from the
// run's inputs when they are all on this machine, then write the page (pipeline/audit/html/) atomically.
import { stat } from "node:fs/promises";
import { basename, dirname, join, resolve } from "node:path";
import { defaultCatalog } from "../../extractors/catalog.js";
import { chunkFacts, mergeChunks } from "../../core/chunk.js";
import type { JsonResume } from "../../core/resume.js";
import { EXIT, InputError, VouchError } from "../../core/errors.js";
import { readRegularFile } from "../../core/regular-file.js";
import { buildContext, type RedactionRecord } from "../../guards/index.js";
import { lineEvidence } from "../audit/html/line-evidence.js";
import { buildAuditPage } from "../audit/html/page.js";
import type { LineEvidence, Verification } from "../audit/html/types.js";
import { runFacts } from "../audit/html/for-run.js";
import { unreadable, verificationOf } from "../audit/html/verification.js";
import { resolveLogPath } from "../audit/read-log.js";
import { type PublicKeyInput, verifyRun } from "../audit/verify-run.js";
import { writeFileAtomic } from "../outputs/atomic.js";
import { loadSettings } from "../inputs/config.js";
import { groundingChunks } from "../grounding-chunks.js";
import { readJob } from "../inputs/job.js";
import { readProfile } from "../inputs/profile.js";
import type { RunReport } from "../outputs/report.js";
import type { BlockOptions } from "../render/blocks.js";
import { loadLayout } from "../render/layout.js";
import { DEFAULT_BLOCK_OPTIONS } from "../render/review.js";
import { jobRequirements } from "../requirements.js";
import { extractPortfolio } from "../stages/extract.js";
import { ingest } from "../stages/ingest.js";
import { isGithubSource } from "../../extractors/sources/index.js";
import { retrieve } from "../stages/retrieve.js";

export const AUDIT_PAGE_NAME = "audit.html";

function listsOwnPage(report: RunReport | undefined): boolean {
  return report?.outputs?.some((output) => output.file === AUDIT_PAGE_NAME) === true;
}

/** Write the page; exit 1 when the folder fails verification, 2 when there is no readable log. */
export async function runAuditHtml(
  target: string,
  file: string | true,
  publicKey?: PublicKeyInput,
): Promise<number> {
  const logPath = await resolveLogPath(target);
  const dir = dirname(logPath);
  const out = typeof file === "string" ? file : join(dir, AUDIT_PAGE_NAME);

  let records: RedactionRecord[] = [];
  let verification: Verification;
  let failure: string | undefined;
  try {
    const run = await verifyRun(target, publicKey);
    records = run.log.records;
    verification = verificationOf(run);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    verification = unreadable(error.message);
    failure = error.message;
  }

  const report = await readJsonIn<RunReport>(join(dir, "report.json"));
  // The run's own page is one of its outputs (its SHA-256 is in report.json, maybe signed): never rewrite it.
  if (resolve(out) === resolve(dir, AUDIT_PAGE_NAME) && listsOwnPage(report)) {
    throw new InputError(
      `${out} is the run's own evidence view (report.json lists its SHA-256); it is not rewritten: give --html FILE to write another page.`,
    );
  }
  const resume = await readJsonIn<JsonResume>(join(dir, "resume.json"));
  const blockOptions = layoutOf(report);
  const { evidence, note } = resume
    ? await deriveEvidence(report, resume, blockOptions).catch((error: unknown) => {
        // Evidence is a help to the reader; a run whose inputs moved still gets its records shown.
        if (!(error instanceof VouchError)) throw error;
        return { evidence: new Map() as LineEvidence, note: `Line evidence is not shown: ${error.message}` };
      })
    : { evidence: new Map() as LineEvidence, note: "No resume.json beside the log." };

  const page = buildAuditPage({
    logPath,
    records,
    verification,
    run: runFacts(report),
    ...(resume ? { resume } : {}),
    blockOptions,
    evidence,
    evidenceNote: note,
  });
  await writeFileAtomic(out, page).catch((error: NodeJS.ErrnoException) => {
    if (error instanceof VouchError) throw error;
    throw new InputError(`${out}: cannot be written (${error.code ?? error.message}).`);
  });

  if (failure) {
    process.stderr.write(`vouch: ${failure} The page ${out} says so.\n`);
    return EXIT.badInput;
  }
  const ok = verification.status === "intact" && verification.problems.length === 0;
  if (!ok) process.stderr.write(`vouch: ${[verification.headline, ...verification.problems].join(" ")}\n`);
  process.stdout.write(`wrote ${out} (${verification.headline})\n`);
  return ok ? EXIT.ok : EXIT.problem;
}

/** A JSON file of the output folder, or undefined when it is missing or not JSON (the page says what it lacks). */
async function readJsonIn<T>(path: string): Promise<T | undefined> {
  const text = (await readRegularFile(path, basename(path)))?.toString("utf8");
  if (text === undefined) return undefined;
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

/** The run's layout (section order, labels), or the default when report.json names none or one that is gone. */
function layoutOf(report: RunReport | undefined): BlockOptions {
  const layout = report?.inputs.layout;
  try {
    return loadLayout(typeof layout === "string" ? layout : undefined);
  } catch {
    return DEFAULT_BLOCK_OPTIONS;
  }
}

/**
 * Each line's evidence, from the same stages generate runs up to the grounding chunks (extract, ingest,
 * retrieve), on the inputs report.json names. Only when they are all local files: an audit fetches nothing.
 */
async function deriveEvidence(
  report: RunReport | undefined,
  resume: JsonResume,
  blockOptions: BlockOptions,
): Promise<{ evidence: LineEvidence; note: string }> {
  const none = (why: string) => ({
    evidence: new Map() as LineEvidence,
    note: `Line evidence is not shown: ${why}.`,
  });
  if (!report) return none("there is no report.json naming the run's inputs");
  const { profile: profileInput, job: jobInput, kb } = report.inputs as Record<string, unknown>;
  if (typeof profileInput !== "string" || typeof jobInput !== "string")
    return none("report.json names no profile or job");
  if (typeof kb === "string" && kb !== "local")
    return none(`the run used the knowledge base ${kb}, which an audit does not call`);
  const profilePath = resolve(profileInput);
  if (!(await exists(profilePath)))
    return none(`the run's profile ${profileInput} is not found from ${process.cwd()}`);
  const loaded = await readProfile(profilePath);
  const remote = loaded.portfolio.repos.find((r) => isGithubSource(r));
  if (remote)
    return none(
      `the portfolio names ${remote}, which an audit does not fetch; vouch generate writes this page with it`,
    );
  const catalog = await defaultCatalog();
  const settings = await loadSettings(process.cwd());
  const extracted = loaded.portfolio.repos.length
    ? await extractPortfolio(loaded.portfolio, { catalog, settings, history: false })
    : undefined;
  const opened = await ingest({ remote: undefined, loaded, extracted, kbDir: undefined });
  const requirements = jobRequirements(await readJob(resolve(jobInput)), catalog);
  const retrieval = await retrieve(opened.kb, requirements, settings.get("topK"));
  const truth = extracted?.truth;
  const chunks = groundingChunks({
    profile: loaded.profile,
    profilePath: basename(loaded.path),
    truth,
    retrieved: mergeChunks([...retrieval.values()].flat()),
    asOf: report.asOf,
  });
  const context = buildContext({
    catalog,
    profile: loaded.profile,
    facts: chunkFacts(chunks),
    truth,
    asOf: report.asOf,
  });
  const evidence = lineEvidence(
    resume,
    { context, chunks, profileName: basename(loaded.path) },
    blockOptions,
  );
  return {
    evidence,
    note: `Line evidence re-derived when this page was written from the run's inputs (${profileInput}, ${loaded.portfolio.repos.length} repositories as they are now).`,
  };
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}

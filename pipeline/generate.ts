// `vouch generate`: the list of stages, each timed into report.json: extract → ingest → retrieve →
// strategize → pre-writer guards → write → post-writer guards → verify → render (pipeline/stages/, the
// guards' chain, and the writer). I/O happens at the two ends; every stage between takes values and returns
// values.
import { randomUUID } from "node:crypto";
import { rmdir } from "node:fs/promises";
import { basename, join, relative } from "node:path";
import { defaultCatalog } from "../extractors/catalog.js";
import {
  buildContext,
  guardDraft,
  guardMatches,
  GUARDS,
  type RedactionRecord,
  sealRecords,
} from "../guards/index.js";
import type { JsonResume } from "../core/resume.js";
import { UsageLedger } from "./backends/types.js";
import { chunkFacts, mergeChunks } from "../core/chunk.js";
import { type Settings, loadSettings } from "./inputs/config.js";
import { groundingChunks } from "./grounding-chunks.js";
import { readJob } from "./inputs/job.js";
import { remoteKnowledgeBase } from "./kb/open.js";
import { type WrittenOutputs, prepareOutDir, writeOutputs } from "./outputs/files.js";
import { portfolioPathHolding } from "./outputs/output-path.js";
import { loadSigner } from "./audit/signing.js";
import { loadLayout } from "./render/layout.js";
import { readLegacyKeys } from "./inputs/profile-legacy.js";
import { readProfile } from "./inputs/profile.js";
import type { RunReport } from "./outputs/report.js";
import { jobRequirements } from "./requirements.js";
import { StageClock } from "./clock.js";
import { openPortfolio } from "./open-portfolio.js";
import { render } from "./stages/render.js";
import { retrieve } from "./stages/retrieve.js";
import { strategize } from "./stages/strategize.js";
import { verifyDraft } from "./stages/verify.js";
import { createVerifier } from "./verify/create.js";
import type { VerifyMode } from "./verify/types.js";
import { isGithubSource } from "../extractors/sources/index.js";
import { createWriter } from "./write/create.js";
import { backedEvidence, relevance } from "./write/relevance.js";
import { defaultPageLimit, fitPages } from "./render/budget/fit.js";
import { measurePages } from "./render/pdf/pdf.js";
import { experienceYears } from "./years.js";

export interface GenerateOptions {
  profile: string;
  job: string;
  out: string;
  writer?: string;
  verifier?: "local" | "bedrock" | "openai" | "off";
  mode?: VerifyMode;
  /** `local` or `bedrock:<id>`. */
  kb?: string;
  /** Persist the local KB here and reuse it on the next run. */
  kbDir?: string;
  topK?: number;
  layout?: string;
  /** The page budget of resume.pdf (default: 2, or 1 for a profile under five years of work). */
  pages?: number;
  /** Ask git when stale doc lines changed (default true). */
  history?: boolean;
  /** Evidence in a folder without history counts as others' (default: the profile's portfolio.authorship). */
  requireAuthorship?: boolean;
  /** An Ed25519 private key (PEM): report.json is signed into report.json.sig. */
  signKey?: string;
  /** report.json names the portfolio's folders by their absolute paths on this machine. */
  debug?: boolean;
  now?: Date;
  /** The run's id (default: a random UUID); with `now`, a run whose outputs are the same bytes every time. */
  runId?: string;
  settings?: Settings;
  onStage?: (stage: string) => void;
  /** A warning a person should read (a doc that holds a secret, left out of the KB); default: stderr. */
  onWarning?: (message: string) => void;
}

export interface GenerateResult {
  report: RunReport;
  records: RedactionRecord[];
  resume: JsonResume;
  outputs: WrittenOutputs;
}

export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  const now = options.now ?? new Date();
  const asOf = now.toISOString().slice(0, 10);
  const settings = options.settings ?? (await loadSettings(process.cwd()));
  const choice = {
    writer: options.writer ?? settings.get("writer") ?? "template",
    verifier: options.verifier ?? settings.get("verifier") ?? "local",
    mode: options.mode ?? settings.get("mode") ?? "block",
    kb: options.kb ?? settings.get("kb") ?? "local",
    topK: options.topK ?? settings.get("topK"),
    layout: options.layout ?? "classic",
  };
  const clock = new StageClock(options.onStage);
  const ledger = new UsageLedger();

  // Everything that can be wrong with the input fails here, before any work or network call.
  const [catalog, loaded, job] = await Promise.all([
    defaultCatalog(),
    readProfile(options.profile),
    readJob(options.job),
  ]);
  const layout = loadLayout(choice.layout);
  const writer = await createWriter(choice.writer, settings, ledger);
  const verifier =
    choice.verifier === "off"
      ? undefined
      : await createVerifier(choice.verifier, { catalog, settings, ledger });
  const remoteKb = await remoteKnowledgeBase(choice.kb, settings);
  const signer = options.signKey ? await loadSigner(options.signKey) : undefined;
  const created = await prepareOutDir(options.out);
  const warn = options.onWarning ?? ((message) => process.stderr.write(`vouch: warning: ${message}\n`));
  const { repos, docs } = loaded.portfolio;
  const asNamed = (path: string) =>
    options.debug || isGithubSource(path) ? path : relative(loaded.dir, path) || ".";
  const holder = await portfolioPathHolding(options.out, [...repos, ...docs]);
  if (holder !== undefined) {
    const field = holder < repos.length ? `repos[${holder}]` : `docs[${holder - repos.length}]`;
    warn(
      `--out ${options.out} is inside portfolio.${field} of ${basename(loaded.path)}: vouch never reads its own outputs as evidence (a folder holding its report.json is skipped).`,
    );
  }
  try {
    const { profile } = loaded;
    const { truth, kb } = await openPortfolio(loaded, {
      catalog,
      settings,
      remote: remoteKb,
      history: options.history,
      ...(options.requireAuthorship ? { requireAuthorship: true } : {}),
      kbDir: options.kbDir,
      clock,
      warn,
    });

    const requirements = jobRequirements(job, catalog);
    const pageLimit = options.pages ?? defaultPageLimit(experienceYears(profile, asOf).years);
    const retrieval = await clock.run(
      "retrieve",
      () => retrieve(kb, requirements, choice.topK),
      (m) => ({ queries: m.size, chunks: new Set([...m.values()].flat().map((c) => c.id)).size }),
    );
    const retrieved = mergeChunks([...retrieval.values()].flat());
    const grounding = groundingChunks({
      profile,
      profilePath: basename(loaded.path),
      truth,
      retrieved,
      asOf,
    });
    const context = buildContext({ catalog, profile, facts: chunkFacts(grounding), truth, asOf });

    const matches = await clock.run(
      "strategize",
      () => strategize({ requirements, catalog, profile, truth, chunks: retrieval, asOf }),
      (m) => ({ requirements: requirements.length, matches: m.length }),
    );
    const pre = await clock.run(
      "pre-writer guards",
      () => guardMatches(matches, context, GUARDS),
      (r) => ({ records: r.records.length }),
    );
    const writtenDraft = await clock.run("write", () =>
      writer.write({
        profile,
        job,
        requirements,
        matches: pre.matches,
        truth,
        chunks: retrieved,
        catalog,
        asOf,
        pages: pageLimit,
      }),
    );
    // A model shown a 0.x profile writes its keys back (`work[].company`): read them as the profile's were.
    const legacyDraft = readLegacyKeys(writtenDraft, "the draft");
    if (legacyDraft.renamed) warn(legacyDraft.notes[0]!);
    const fitted = await clock.run(
      "fit",
      () =>
        fitPages({
          draft: legacyDraft.profile,
          limit: pageLimit,
          source: options.pages ? "option" : "default",
          rank: {
            backed: backedEvidence(requirements, pre.matches, catalog),
            score: relevance(requirements, catalog).score,
          },
          asOf,
          measure: (resume) => measurePages(resume, layout),
        }),
      ({ budget }) => ({ pages: budget.limit, leftOut: budget.leftOut.length }),
    );
    const draft = fitted.draft;
    const post = await clock.run(
      "post-writer guards",
      () => guardDraft(draft, context, GUARDS),
      (r) => ({ records: r.records.length, unsure: r.skipped.length }),
    );
    const verified = verifier
      ? await clock.run(
          "verify",
          () =>
            verifyDraft({
              draft: post.draft,
              records: post.records,
              profile,
              chunks: grounding,
              verifier,
              mode: choice.mode,
            }),
          (v) => ({
            sections: v.sections.length,
            notGrounded: v.sections.filter((s) => s.verdict !== "GROUNDED").length,
          }),
        )
      : { draft: post.draft, records: [], sections: [] };

    const runId = options.runId ?? randomUUID();
    const records = sealRecords([...pre.records, ...post.records, ...verified.records], {
      runId,
      ts: now.toISOString(),
    });
    const outputs = await clock.run(
      "render",
      () =>
        render({
          runId,
          now,
          asOf,
          inputs: {
            profile: options.profile,
            job: options.job,
            // As the profile names them (relative to its folder): the machine's layout only with --debug.
            repos: repos.map(asNamed),
            docs: docs.map(asNamed),
            ...choice,
          },
          stages: clock.stages,
          requirements,
          matches: pre.matches,
          records,
          verdicts: verified.sections,
          usage: ledger,
          truth,
          resume: verified.draft,
          layout,
          budget: fitted.budget,
          page: {
            // The page lies beside the log: its name says where, without the machine's layout.
            logPath: options.debug ? join(options.out, "redaction-log.jsonl") : "redaction-log.jsonl",
            context,
            chunks: grounding,
            profileName: basename(options.profile),
            ...(signer ? { signed: true } : {}),
          },
        }),
      (o) => ({ files: o.files.size }),
    );
    // The render stage's own time is known only now; the report on disk carries every stage.
    outputs.report.stages = clock.stages;
    const written = await writeOutputs(options.out, outputs.files, outputs.report, signer);
    return { report: outputs.report, records, resume: verified.draft, outputs: written };
  } catch (error) {
    // A folder this run created holds nothing yet (outputs are written last, all or nothing).
    if (created) await rmdir(created).catch(() => undefined);
    throw error;
  }
}

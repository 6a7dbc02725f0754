// The portfolio a run stands on: the truth extracted from the candidate's repositories and the knowledge
// base built from their documents (or the remote KB the settings name), with what the candidate should be
// told about them. `vouch generate` and `vouch serve` open it the same way.
import { basename } from "node:path";
import type { Catalog } from "../extractors/catalog.js";
import type { ExtractResult } from "../core/truth.js";
import type { JsonResume } from "../core/resume.js";
import type { StageClock } from "./clock.js";
import type { Settings } from "./inputs/config.js";
import type { LoadedProfile } from "./inputs/profile.js";
import { type SecretFinding, describeSecret } from "./kb/secrets.js";
import type { KnowledgeBase } from "./kb/types.js";
import { authorshipWarnings, extractPortfolio } from "./stages/extract.js";
import { ingest } from "./stages/ingest.js";

export interface OpenPortfolioOptions {
  catalog: Catalog;
  settings: Settings;
  /** A Bedrock KB (`--kb bedrock:<id>`); absent for the local one. */
  remote: KnowledgeBase | undefined;
  /** Ask git when stale doc lines changed (default true). */
  history?: boolean;
  requireAuthorship?: boolean;
  /** Persist the local KB here and reuse it on the next run. */
  kbDir?: string;
  /** The profile the KB is built from when it is not the one read: the chatbot's, what it may tell. */
  kbProfile?: JsonResume;
  /** Times the extract and ingest stages (generate's report); they simply run when absent. */
  clock?: StageClock;
  /** A note for the candidate: the profile reader's, an authorship problem, a line the KB left out. */
  warn: (message: string, secret?: SecretFinding) => void;
}

export interface OpenedPortfolio {
  truth?: ExtractResult;
  kb: KnowledgeBase;
}

export async function openPortfolio(
  loaded: LoadedProfile,
  options: OpenPortfolioOptions,
): Promise<OpenedPortfolio> {
  const { portfolio } = loaded;
  const run: StageClock["run"] = options.clock
    ? options.clock.run.bind(options.clock)
    : async (_stage, work) => work();
  const extracted =
    portfolio.repos.length === 0
      ? undefined
      : await run(
          "extract",
          () =>
            extractPortfolio(portfolio, {
              catalog: options.catalog,
              settings: options.settings,
              history: options.history,
              ...(options.requireAuthorship ? { requireAuthorship: true } : {}),
            }),
          ({ truth: t }) => ({
            repos: t.repos.length,
            technologies: t.technologies.length,
            docClaims: t.docClaims.length,
          }),
        );
  const truth = extracted?.truth;
  for (const note of loaded.notes) options.warn(note);
  if (truth)
    for (const message of authorshipWarnings(truth, portfolio, basename(loaded.path))) options.warn(message);
  // The snapshots go when this returns: what is kept is the truth and the KB built from them.
  const { kb, secrets } = await run(
    "ingest",
    () =>
      ingest({
        remote: options.remote,
        loaded: options.kbProfile ? { ...loaded, profile: options.kbProfile } : loaded,
        extracted,
        kbDir: options.kbDir,
      }),
    (k) => k.counts,
  );
  for (const finding of secrets) options.warn(describeSecret(finding), finding);
  return { kb, ...(truth ? { truth } : {}) };
}

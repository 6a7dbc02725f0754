import type { Catalog } from "../../extractors/catalog.js";
import type { ExtractResult } from "../../core/truth.js";
import type { JsonResume } from "../../core/resume.js";
import type { Chunk } from "../../core/chunk.js";
import type { Job } from "../inputs/job.js";
import type { Requirement } from "../requirements.js";
import type { StrategyMatch } from "../stages/strategize.js";

export interface WriterInput {
  /** The candidate's profile without vouch's `portfolio` key. */
  profile: JsonResume;
  job: Job;
  requirements: readonly Requirement[];
  /** After the pre-writer guards. */
  matches: readonly StrategyMatch[];
  truth?: ExtractResult;
  chunks: readonly Chunk[];
  catalog: Catalog;
  asOf: string;
  /** The page budget of resume.pdf: a model writer is told it; every draft is fitted to it after. */
  pages?: number;
}

/** Turns the inputs into a tailored JSON Resume draft; the guards and the verifier judge it after. */
export interface Writer {
  readonly name: string;
  write(input: WriterInput): Promise<JsonResume>;
}

// pipeline/'s front door: what the server (and a program using vouch as a library) may import. The other
// files are the pipeline's own; the lint config refuses an import of them from another layer.
import type { GenerateOptions, GenerateResult } from "./generate.js";
import type { CommandModule } from "./cli/program.js";
import type { createBackend } from "./backends/index.js";
import type { ModelBackend } from "./backends/types.js";

export type { GenerateOptions, GenerateResult, CommandModule };

// generate and the CLI load the renderers (Typst, docx, the PDF reader) and every command: loaded when
// called, so the chatbot, which imports this door too, starts without them.

/** Run `vouch generate` (pipeline/generate.ts). */
export async function generate(options: GenerateOptions): Promise<GenerateResult> {
  return (await import("./generate.js")).generate(options);
}

/** Run the CLI on `argv`, with the server's extra commands (pipeline/cli/program.ts); resolves to the exit code. */
export async function main(argv: string[], more: readonly CommandModule[] = []): Promise<number> {
  return (await import("./cli/program.js")).main(argv, more);
}

export { endQuietlyOnClosedPipe } from "./cli/closed-pipe.js";
export { type Settings, loadSettings } from "./inputs/config.js";
export { readProfile } from "./inputs/profile.js";
export { fromText } from "./inputs/job.js";
export type { ChatPrivateField } from "./inputs/chat-private.js";
export { contentStems, jobRequirements } from "./requirements.js";
export { type OpenPortfolioOptions, type OpenedPortfolio, openPortfolio } from "./open-portfolio.js";
export { type StrategyMatch, strategize } from "./stages/strategize.js";
export { coverage } from "./stages/strategize/coverage.js";
export { namesWord } from "./stages/strategize/words.js";
export { technologyYears } from "./stages/strategize/technology-years.js";
export { groundingChunks } from "./grounding-chunks.js";
export type { KnowledgeBase } from "./kb/types.js";
export { remoteKnowledgeBase } from "./kb/open.js";
export { type SecretFinding, withoutSecretLines } from "./kb/secrets.js";
export type { ModelBackend, ToolSpec } from "./backends/types.js";

/** A model backend (pipeline/backends/), with its SDK loaded only when a run asks for one. */
export async function loadBackend(...args: Parameters<typeof createBackend>): Promise<ModelBackend> {
  return (await import("./backends/index.js")).createBackend(...args);
}

export {
  type VerdictValue,
  type Verifier,
  type VerifierResult,
  type VerifyMode,
  claimsEvidence,
  claimsReason,
} from "./verify/types.js";
export { createVerifier } from "./verify/create.js";
export { decide } from "./verify/mode.js";
export { redactedStrings, redactionsByField, withRedactions } from "./verify/redactions.js";
export { emfLine, falsePositiveEmf } from "./audit/emf.js";

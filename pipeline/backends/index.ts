// Picks and configures a model backend for the writer or the verifier from the settings, and counts the
// tokens of every call it makes into the run's usage ledger.
import type { Settings } from "../inputs/config.js";
import { InputError } from "../../core/errors.js";
import type { AwsClientOptions } from "./aws.js";
import { createBedrockBackend } from "./bedrock.js";
import { createOpenAiBackend, type OpenAiBackendOptions } from "./openai.js";
import type { ModelBackend, UsageLedger } from "./types.js";

export type BackendKind = "bedrock" | "openai";
export type BackendPurpose = "writer" | "verifier";

/** Claude Haiku 4.5 through the US cross-region inference profile: cheap and fast for yes/no checks. */
export const DEFAULT_VERIFIER_MODEL = "us.anthropic.claude-haiku-4-5-20251001-v1:0";
export const DEFAULT_WRITER_MODEL = "us.anthropic.claude-sonnet-4-5-20250929-v1:0";
/** Ollama's OpenAI-compatible endpoint, the usual local server. */
export const DEFAULT_OPENAI_BASE_URL = "http://127.0.0.1:11434/v1";

/** Transport knobs that are not settings (tests shorten retries and timeouts with them). */
export interface BackendOverrides {
  aws?: AwsClientOptions;
  openai?: Partial<OpenAiBackendOptions>;
}

/**
 * Bedrock uses writerModel / verifierModel (defaults above) and awsRegion; openai uses openaiBaseUrl
 * (else OPENAI_BASE_URL, else local Ollama) and openaiModel, shared by the writer and the verifier.
 * Missing region, credentials or model: InputError here, before any network call.
 */
export function createBackend(
  kind: BackendKind,
  purpose: BackendPurpose,
  settings: Settings,
  ledger?: UsageLedger,
  overrides: BackendOverrides = {},
): ModelBackend {
  const backend = kind === "bedrock" ? bedrock(purpose, settings, overrides) : openai(settings, overrides);
  return ledger ? withLedger(backend, purpose, ledger) : backend;
}

function bedrock(purpose: BackendPurpose, settings: Settings, overrides: BackendOverrides): ModelBackend {
  const model =
    purpose === "writer"
      ? (settings.get("writerModel") ?? DEFAULT_WRITER_MODEL)
      : (settings.get("verifierModel") ?? DEFAULT_VERIFIER_MODEL);
  return createBedrockBackend({
    ...overrides.aws,
    model,
    region: settings.get("awsRegion", overrides.aws?.region),
  });
}

function openai(settings: Settings, overrides: BackendOverrides): ModelBackend {
  const env = overrides.openai?.env ?? process.env;
  const model = settings.get("openaiModel", overrides.openai?.model);
  if (!model)
    throw new InputError(
      "The openai backend needs a model name: set openaiModel in vouch.config.yaml or VOUCH_OPENAI_MODEL.",
    );
  const baseUrl =
    settings.get("openaiBaseUrl", overrides.openai?.baseUrl) ||
    env.OPENAI_BASE_URL ||
    DEFAULT_OPENAI_BASE_URL;
  return createOpenAiBackend({ ...overrides.openai, baseUrl, model });
}

function withLedger(backend: ModelBackend, purpose: BackendPurpose, ledger: UsageLedger): ModelBackend {
  return {
    name: backend.name,
    model: backend.model,
    async complete(request) {
      const response = await backend.complete(request);
      ledger.add({
        backend: backend.name,
        model: response.model,
        purpose: request.purpose || purpose,
        ...response.usage,
      });
      return response;
    },
  };
}

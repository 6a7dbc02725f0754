// Any OpenAI-compatible Chat Completions endpoint (Ollama, vLLM, llama.cpp server, OpenAI) over plain fetch.
import { InputError, ServiceError } from "../../core/errors.js";
import { preview } from "./preview.js";
import type { ModelBackend, ModelRequest, ModelResponse } from "./types.js";

export const DEFAULT_OPENAI_TIMEOUT_MS = 120_000; // local models on a laptop are slow
const DEFAULT_ATTEMPTS = 3;
const DEFAULT_RETRY_DELAY_MS = 500;
const DEFAULT_MAX_RETRY_AFTER_MS = 30_000;

export interface OpenAiBackendOptions {
  /** Up to and including the version, e.g. `http://127.0.0.1:11434/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  /** Sent as a Bearer token; default OPENAI_API_KEY when set (local servers need none). */
  apiKey?: string;
  timeoutMs?: number;
  /** Attempts per call including the first; 429 and 5xx answers and network errors are retried. */
  maxAttempts?: number;
  /** First backoff; it doubles per attempt. A Retry-After header (seconds) wins, up to maxRetryAfterMs. */
  retryDelayMs?: number;
  maxRetryAfterMs?: number;
  env?: NodeJS.ProcessEnv;
}

export function createOpenAiBackend(options: OpenAiBackendOptions): ModelBackend {
  const url = completionsUrl(options.baseUrl);
  const env = options.env ?? process.env;
  const apiKey = options.apiKey ?? (env.OPENAI_API_KEY || undefined);
  const timeoutMs = options.timeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS;
  const maxAttempts = options.maxAttempts ?? DEFAULT_ATTEMPTS;
  const subject = `The OpenAI-compatible model ${options.model} at ${url}`;

  async function post(body: string): Promise<unknown> {
    for (let attempt = 1; ; attempt++) {
      const last = attempt >= maxAttempts;
      let res: Response;
      let text: string;
      try {
        res = await fetch(url, {
          method: "POST",
          headers: {
            "content-type": "application/json",
            ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          },
          body,
          signal: AbortSignal.timeout(timeoutMs),
        });
        text = await res.text();
      } catch (error) {
        if (isTimeout(error))
          throw new ServiceError(`${subject} did not answer within ${Math.round(timeoutMs / 1000)} s.`);
        if (last) throw new ServiceError(`${subject} could not be reached: ${causeOf(error)}.`);
        await sleep(backoff(attempt));
        continue;
      }
      if (res.ok) return parseJson(text, subject);
      if ((res.status === 429 || res.status >= 500) && !last) {
        await sleep(retryAfterMs(res.headers.get("retry-after"), options) ?? backoff(attempt));
        continue;
      }
      throw httpError(subject, res.status, text, attempt);
    }
  }

  function backoff(attempt: number): number {
    return (options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS) * 2 ** (attempt - 1);
  }

  return {
    name: "openai",
    model: options.model,
    async complete(request: ModelRequest): Promise<ModelResponse> {
      const payload = await post(JSON.stringify(chatRequest(options.model, request)));
      return mapChatResponse(options.model, payload);
    },
  };
}

/** The Chat Completions body; a given tool is forced through `tool_choice`. */
export function chatRequest(model: string, request: ModelRequest): Record<string, unknown> {
  const messages = [
    ...(request.system.trim() !== "" ? [{ role: "system", content: request.system }] : []),
    { role: "user", content: request.prompt },
  ];
  const tool = request.tool;
  return {
    model,
    messages,
    ...(request.maxTokens !== undefined ? { max_tokens: request.maxTokens } : {}),
    ...(request.temperature !== undefined ? { temperature: request.temperature } : {}),
    ...(tool
      ? {
          tools: [
            {
              type: "function",
              function: { name: tool.name, description: tool.description, parameters: tool.inputSchema },
            },
          ],
          tool_choice: { type: "function", function: { name: tool.name } },
        }
      : {}),
  };
}

/** Reads `choices[0].message`; tool arguments that are not JSON stay a string, so a verifier fails safe. */
export function mapChatResponse(model: string, payload: unknown): ModelResponse {
  const choice = at(at(payload, "choices"), 0);
  const message = at(choice, "message");
  const content = at(message, "content");
  const refusal = at(message, "refusal");
  const text =
    typeof content === "string"
      ? content
      : Array.isArray(content)
        ? content.map((part) => (typeof at(part, "text") === "string" ? at(part, "text") : "")).join("")
        : typeof refusal === "string"
          ? refusal
          : "";
  const fn = at(at(at(message, "tool_calls"), 0), "function");
  const name = at(fn, "name");
  const args = at(fn, "arguments");
  const finish = at(choice, "finish_reason");
  const usage = at(payload, "usage");
  return {
    model,
    text,
    ...(fn !== undefined
      ? { toolCall: { name: typeof name === "string" ? name : "", input: parseArgs(args) } }
      : {}),
    ...(typeof finish === "string" ? { stopReason: finish } : {}),
    usage: {
      inputTokens: count(at(usage, "prompt_tokens")),
      outputTokens: count(at(usage, "completion_tokens")),
    },
    preview: preview(message ?? payload),
  };
}

function completionsUrl(baseUrl: string): string {
  try {
    const url = new URL(baseUrl);
    if (url.protocol !== "http:" && url.protocol !== "https:") throw new Error("not http");
  } catch {
    throw new InputError(
      `The OpenAI base URL "${baseUrl}" is not an http(s) URL like http://127.0.0.1:11434/v1.`,
    );
  }
  return `${baseUrl.replace(/\/+$/, "")}/chat/completions`;
}

function parseArgs(args: unknown): unknown {
  if (typeof args !== "string") return args; // some servers send the object itself
  try {
    return JSON.parse(args) as unknown;
  } catch {
    return args;
  }
}

function parseJson(text: string, subject: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ServiceError(`${subject} answered with something that is not JSON: ${preview(text)}`);
  }
}

function httpError(subject: string, status: number, body: string, attempts: number): ServiceError {
  let detail = body;
  try {
    const message = at(at(JSON.parse(body) as unknown, "error"), "message");
    if (typeof message === "string") detail = message;
  } catch {
    // not JSON: keep the raw text
  }
  detail = detail.replace(/\s+/g, " ").trim().slice(0, 200);
  const after = attempts > 1 ? ` after ${attempts} attempts` : "";
  if (status === 401 || status === 403)
    return new ServiceError(
      `${subject} refused the API key (HTTP ${status}: ${detail}); check OPENAI_API_KEY.`,
    );
  return new ServiceError(`${subject} failed${after} (HTTP ${status}${detail ? `: ${detail}` : ""}).`);
}

/** Retry-After in seconds (or an HTTP date), capped so a hostile header cannot park the run. */
function retryAfterMs(header: string | null, options: OpenAiBackendOptions): number | undefined {
  if (header === null || header.trim() === "") return undefined;
  const cap = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const seconds = Number(header);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(header) - Date.now();
  if (!Number.isFinite(ms)) return undefined;
  return Math.min(Math.max(ms, 0), cap);
}

function isTimeout(error: unknown): boolean {
  return error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
}

function causeOf(error: unknown): string {
  const cause =
    error instanceof Error ? (error.cause as { code?: string; message?: string } | undefined) : undefined;
  return cause?.code ?? cause?.message ?? (error instanceof Error ? error.message : String(error));
}

function at(value: unknown, key: string | number): unknown {
  if (value === null || typeof value !== "object") return undefined;
  return (value as Record<string | number, unknown>)[key];
}

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

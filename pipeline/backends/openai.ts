// Any OpenAI-compatible Chat Completions endpoint (Ollama, vLLM, llama.cpp server, OpenAI) through the
// official `openai` SDK, which sends, retries and times out. What stays here: the forced-tool request, a
// lenient reading of answers from servers that are not OpenAI, and one ServiceError sentence per failure.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, type ClientOptions } from "openai";
import type { ChatCompletionCreateParamsNonStreaming } from "openai/resources/chat/completions";
import { InputError, ServiceError } from "../../core/errors.js";
import { preview } from "./preview.js";
import { refuseInsecureSecret } from "../../core/secret-destination.js";
import type { ModelBackend, ModelRequest, ModelResponse } from "./types.js";

export const DEFAULT_OPENAI_TIMEOUT_MS = 120_000; // local models on a laptop are slow
const DEFAULT_ATTEMPTS = 3;
const DEFAULT_MAX_RETRY_AFTER_MS = 30_000;

export interface OpenAiBackendOptions {
  /** Up to and including the version, e.g. `http://127.0.0.1:11434/v1`; `/chat/completions` is appended. */
  baseUrl: string;
  model: string;
  /** Sent as a Bearer token; default OPENAI_API_KEY when set (local servers need none). */
  apiKey?: string;
  /** Send the key over http to a loopback address (default: VOUCH_ALLOW_HTTP_LOOPBACK in `env`). */
  allowHttpLoopback?: boolean;
  /** Per attempt, the answer's body included. A timed-out attempt ends the call: it is not retried. */
  timeoutMs?: number;
  /** Attempts per call including the first; 429 and 5xx answers and network errors are retried. */
  maxAttempts?: number;
  /**
   * A wait before retrying a 429 or 5xx answer that has no Retry-After, doubling per retry, instead of the
   * SDK's backoff (0.5 s, 1 s, with jitter): tests keep retries fast with it. Network errors always wait
   * the SDK's backoff.
   */
  retryDelayMs?: number;
  /** The most a Retry-After (or retry-after-ms) header may make a retry wait. */
  maxRetryAfterMs?: number;
  /**
   * Where OPENAI_API_KEY is read; default process.env. Of the SDK's own variables only
   * OPENAI_CUSTOM_HEADERS (extra headers) still applies, and the SDK reads it from process.env.
   */
  env?: NodeJS.ProcessEnv;
}

type Fetch = NonNullable<ClientOptions["fetch"]>;

/** What one call saw across its attempts, for the error sentence. */
interface Call {
  attempts: number;
  timedOut: boolean;
  /** The body of the last error answer, as sent (the SDK keeps only its parsed `error` field). */
  errorBody: string;
  readonly abort: AbortController;
}

export function createOpenAiBackend(options: OpenAiBackendOptions): ModelBackend {
  const baseURL = checkedBaseUrl(options.baseUrl);
  const env = options.env ?? process.env;
  const apiKey = options.apiKey ?? (env.OPENAI_API_KEY || undefined);
  if (apiKey)
    refuseInsecureSecret({
      secret: "OPENAI_API_KEY",
      url: baseURL,
      setting: "the OpenAI base URL (openaiBaseUrl, VOUCH_OPENAI_BASE_URL)",
      env,
      ...(options.allowHttpLoopback !== undefined ? { allowHttpLoopback: options.allowHttpLoopback } : {}),
    });
  const timeoutMs = options.timeoutMs ?? DEFAULT_OPENAI_TIMEOUT_MS;
  const subject = `The OpenAI-compatible model ${options.model} at ${shownUrl(baseURL)}/chat/completions`;
  const client = new OpenAI({
    baseURL,
    // The SDK insists on a key; without one the Authorization header is removed, as local servers expect.
    apiKey: apiKey ?? "unused",
    ...(apiKey ? {} : { defaultHeaders: { Authorization: null } }),
    // Explicit, so that the SDK reads none of OPENAI_ORG_ID, OPENAI_PROJECT_ID, ... from process.env.
    organization: null,
    project: null,
    adminAPIKey: null,
    webhookSecret: null,
    maxRetries: Math.max(0, (options.maxAttempts ?? DEFAULT_ATTEMPTS) - 1),
    timeout: timeoutMs,
    logLevel: "off", // failures reach the user as one ServiceError sentence, not console lines
  });

  return {
    name: "openai",
    model: options.model,
    async complete(request: ModelRequest): Promise<ModelResponse> {
      const call: Call = { attempts: 0, timedOut: false, errorBody: "", abort: new AbortController() };
      let body: string;
      try {
        const response = await client
          .withOptions({ fetch: attemptFetch(call, options) })
          .chat.completions.create(chatRequest(options.model, request), { signal: call.abort.signal })
          .asResponse();
        body = await response.text(); // already read by attemptFetch: this cannot stall
      } catch (error) {
        throw serviceError(subject, error, call, timeoutMs);
      }
      return mapChatResponse(options.model, parseJson(body, subject));
    },
  };
}

/**
 * The SDK's fetch, wrapped. It reads each body inside the attempt (so the timeout covers it), makes a
 * timeout end the call (the SDK would retry it, and a slow local model stays slow), keeps the retry rule
 * to 429 and 5xx, and caps the Retry-After wait so a hostile header cannot park the run.
 */
function attemptFetch(call: Call, options: OpenAiBackendOptions): Fetch {
  return async (url, init) => {
    call.attempts += 1;
    // The SDK aborts an attempt's own signal only when its timeout passes.
    const signal = init?.signal ?? undefined;
    const timedOut = () => {
      call.timedOut = true;
      call.abort.abort(); // the SDK does not retry a call whose signal is aborted
    };
    signal?.addEventListener("abort", timedOut, { once: true });
    try {
      const res = await fetch(url, init);
      const text = await res.text();
      const headers = new Headers(res.headers);
      if (!res.ok) {
        call.errorBody = text;
        headers.set("x-should-retry", String(res.status === 429 || res.status >= 500));
        const wait =
          retryAfterMs(res.headers, options) ??
          (options.retryDelayMs !== undefined ? options.retryDelayMs * 2 ** (call.attempts - 1) : undefined);
        headers.delete("retry-after");
        if (wait === undefined) headers.delete("retry-after-ms");
        else headers.set("retry-after-ms", String(wait)); // the SDK waits this long, else its own backoff
      }
      return new Response(text === "" ? null : text, {
        status: res.status,
        statusText: res.statusText,
        headers,
      });
    } finally {
      signal?.removeEventListener("abort", timedOut);
    }
  };
}

/** The Chat Completions body; a given tool is forced through `tool_choice`. */
export function chatRequest(model: string, request: ModelRequest): ChatCompletionCreateParamsNonStreaming {
  const tool = request.tool;
  return {
    model,
    messages: [
      ...(request.system.trim() !== "" ? [{ role: "system" as const, content: request.system }] : []),
      { role: "user", content: request.prompt },
    ],
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

/** The base URL without trailing slashes; InputError unless it is http(s) without credentials. */
function checkedBaseUrl(baseUrl: string): string {
  // Neither message echoes the value: a mistyped URL may still hold a password.
  const url = URL.parse(baseUrl);
  if (!url || (url.protocol !== "http:" && url.protocol !== "https:")) {
    throw new InputError(
      "The OpenAI base URL (openaiBaseUrl, VOUCH_OPENAI_BASE_URL) is not an http(s) URL like http://127.0.0.1:11434/v1.",
    );
  }
  if (url.username !== "" || url.password !== "") {
    throw new InputError(
      "The OpenAI base URL (openaiBaseUrl, VOUCH_OPENAI_BASE_URL) holds a user or password, which HTTP clients refuse to send: put the key in OPENAI_API_KEY.",
    );
  }
  return baseUrl.replace(/\/+$/, "");
}

/** The URL as an error may show it: user, password and query (which may carry a key) masked. */
export function shownUrl(baseUrl: string): string {
  const url = new URL(baseUrl);
  const user = url.username || url.password ? "***@" : "";
  return `${url.protocol}//${user}${url.host}${url.pathname.replace(/\/+$/, "")}`;
}

/** What the SDK threw after its retries, as one sentence naming the model, the URL and the cause. */
function serviceError(subject: string, error: unknown, call: Call, timeoutMs: number): ServiceError {
  if (call.timedOut)
    return new ServiceError(`${subject} did not answer within ${Math.round(timeoutMs / 1000)} s.`);
  if (error instanceof APIConnectionTimeoutError)
    return new ServiceError(`${subject} could not be reached: the connection timed out.`);
  if (error instanceof APIConnectionError)
    return new ServiceError(`${subject} could not be reached: ${causeOf(error.cause ?? error)}.`);
  if (error instanceof APIError && error.status !== undefined)
    return httpError(subject, error.status, call.errorBody, call.attempts);
  return new ServiceError(`${subject} failed: ${causeOf(error)}.`);
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

/** Retry-After in seconds or an HTTP date (retry-after-ms first, as the SDK reads it), capped. */
function retryAfterMs(headers: Headers, options: OpenAiBackendOptions): number | undefined {
  const cap = options.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  const inMs = Number.parseFloat(headers.get("retry-after-ms") ?? "");
  const header = headers.get("retry-after")?.trim() ?? "";
  const seconds = Number(header);
  const ms = Number.isFinite(inMs)
    ? inMs
    : header === ""
      ? NaN
      : Number.isFinite(seconds)
        ? seconds * 1000
        : Date.parse(header) - Date.now();
  return Number.isFinite(ms) ? Math.min(Math.max(ms, 0), cap) : undefined;
}

/** The innermost error code (ECONNREFUSED, ENOTFOUND, ...) or message of a network failure. */
function causeOf(error: unknown): string {
  // A library's message may quote a URL with its credentials.
  return rawCauseOf(error).replace(/\/\/[^/\s@]*@/g, "//***@");
}

function rawCauseOf(error: unknown): string {
  let e = error;
  for (let depth = 0; depth < 5 && e instanceof Error; depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    if (!(e.cause instanceof Error)) return e.message;
    e = e.cause;
  }
  return String(e);
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

function at(value: unknown, key: string | number): unknown {
  if (value === null || typeof value !== "object") return undefined;
  return (value as Record<string | number, unknown>)[key];
}

function count(value: unknown): number {
  return typeof value === "number" && Number.isFinite(value) ? value : 0;
}

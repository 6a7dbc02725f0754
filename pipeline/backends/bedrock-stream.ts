// A long generation through ConverseStream: judged by the silence between its events, never sent twice
// once output has started or after a timeout. Throttling and server errors before any output (an HTTP
// error, or an exception event before the first content) are retried here: the client itself retries
// nothing (maxAttempts 1), so one budget counts every request.
import {
  type BedrockRuntimeClient,
  ConverseStreamCommand,
  type ConverseStreamCommandInput,
  type ConverseStreamOutput,
} from "@aws-sdk/client-bedrock-runtime";
import { ServiceError } from "../../core/errors.js";
import { awsServiceError } from "./aws-errors.js";
import { preview } from "./preview.js";
import type { ModelResponse } from "./types.js";

export interface StreamSettings {
  model: string;
  /** A stream with no event (or no answer at all) for this long fails. */
  idleTimeoutMs: number;
  /** Requests per call, retries included. */
  maxAttempts: number;
  /** A fixed wait between attempts (tests); else exponential backoff with jitter, as the SDK's. */
  retryDelayMs?: number;
}

/** Exception events that mean "try again later": worth a new request only when nothing was generated. */
const RETRYABLE_EVENTS = new Set([
  "ThrottlingException",
  "ServiceUnavailableException",
  "InternalServerException",
  "ModelStreamErrorException",
]);

interface Block {
  text: string;
  tool?: { name: string; input: string };
}

/** What one request's stream delivered, and whether any content had arrived when it ended. */
interface Attempt {
  outputStarted: boolean;
  blocks: Map<number, Block>;
  stopReason?: string;
  usage?: { inputTokens?: number; outputTokens?: number };
}

export async function converseStream(
  client: BedrockRuntimeClient,
  input: ConverseStreamCommandInput,
  settings: StreamSettings,
): Promise<ModelResponse> {
  const subject = `Bedrock model ${settings.model}`;
  for (let attempts = 1; ; attempts++) {
    const attempt: Attempt = { outputStarted: false, blocks: new Map() };
    const failure = await streamOnce(client, input, settings, attempt);
    if (!failure) return response(settings.model, attempt, attempts);
    if (retryable(failure, attempt) && attempts < settings.maxAttempts) {
      await sleep(backoff(attempts, failure, settings.retryDelayMs));
      continue;
    }
    throw explain(subject, failure, attempt, attempts, settings);
  }
}

/** Only what failed before any output: throttling, an unavailable or failing service. Never a timeout. */
function retryable(failure: Failure, attempt: Attempt): boolean {
  if (failure.kind === "event") return !attempt.outputStarted && RETRYABLE_EVENTS.has(failure.type);
  if (failure.kind !== "sdk") return false;
  const error = failure.error as { name?: string; $metadata?: { httpStatusCode?: number } };
  const status = error.$metadata?.httpStatusCode ?? 0;
  return status === 429 || status >= 500 || RETRYABLE_EVENTS.has(error.name ?? "");
}

/** The SDK's standard backoff: 100 ms (500 ms when throttled) doubling, full jitter, at most 20 s. */
function backoff(attempts: number, failure: Failure, fixed: number | undefined): number {
  if (fixed !== undefined) return fixed;
  const name =
    failure.kind === "event" ? failure.type : (failure as { error?: { name?: string } }).error?.name;
  const base = /Throttl/.test(name ?? "") ? 500 : 100;
  return Math.random() * Math.min(20_000, base * 2 ** (attempts - 1));
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Failure =
  | { kind: "sdk"; error: unknown }
  | { kind: "event"; type: string; error: unknown }
  | { kind: "stalled"; answered: boolean }
  | { kind: "truncated" };

/** One request and its stream; a failure is returned (not thrown) so the caller decides about retrying. */
async function streamOnce(
  client: BedrockRuntimeClient,
  input: ConverseStreamCommandInput,
  settings: StreamSettings,
  attempt: Attempt,
): Promise<Failure | undefined> {
  const abort = new AbortController();
  let stalled = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = () => {
    clearTimeout(timer);
    timer = setTimeout(() => {
      stalled = true;
      abort.abort();
    }, settings.idleTimeoutMs);
  };
  arm();
  let answered = false;
  try {
    // The SDK's own timeout is only a backstop behind the idle timer.
    const output = await client.send(new ConverseStreamCommand(input), {
      abortSignal: abort.signal,
      requestTimeout: settings.idleTimeoutMs * 2,
    });
    answered = true;
    arm();
    let stopped = false;
    for await (const event of output.stream ?? []) {
      arm();
      stopped = take(event, attempt) || stopped;
    }
    if (stalled) return { kind: "stalled", answered };
    return stopped ? undefined : { kind: "truncated" };
  } catch (error) {
    if (stalled) return { kind: "stalled", answered };
    if (!answered) return { kind: "sdk", error };
    return { kind: "event", type: errorType(error), error };
  } finally {
    clearTimeout(timer);
  }
}

/** Folds one event into the attempt; true for messageStop. */
function take(event: ConverseStreamOutput, attempt: Attempt): boolean {
  const block = (index: number | undefined) => {
    const key = index ?? 0;
    let found = attempt.blocks.get(key);
    if (!found) attempt.blocks.set(key, (found = { text: "" }));
    return found;
  };
  if (event.contentBlockStart) {
    attempt.outputStarted = true;
    const tool = event.contentBlockStart.start?.toolUse;
    if (tool) block(event.contentBlockStart.contentBlockIndex).tool = { name: tool.name ?? "", input: "" };
  } else if (event.contentBlockDelta) {
    attempt.outputStarted = true;
    const { delta, contentBlockIndex } = event.contentBlockDelta;
    const target = block(contentBlockIndex);
    if (delta?.text !== undefined) target.text += delta.text;
    if (delta?.toolUse?.input !== undefined)
      (target.tool ??= { name: "", input: "" }).input += delta.toolUse.input;
  } else if (event.messageStop) {
    attempt.stopReason = event.messageStop.stopReason;
    return true;
  } else if (event.metadata) {
    attempt.usage = event.metadata.usage;
  }
  return false;
}

function response(model: string, attempt: Attempt, attempts: number): ModelResponse {
  const blocks = [...attempt.blocks.entries()].sort(([a], [b]) => a - b).map(([, b]) => b);
  const text = blocks
    .filter((b) => !b.tool)
    .map((b) => b.text)
    .join("\n");
  const tool = blocks.find((b) => b.tool)?.tool;
  const content = blocks.map((b) => (b.tool ? { toolUse: b.tool } : { text: b.text }));
  const shown = preview({ output: { message: { content } }, stopReason: attempt.stopReason });
  let toolCall: ModelResponse["toolCall"];
  if (tool) {
    try {
      toolCall = { name: tool.name, input: tool.input.trim() === "" ? {} : JSON.parse(tool.input) };
    } catch {
      throw new ServiceError(
        `Bedrock model ${model} streamed a call of ${tool.name || "a tool"} whose input is not valid JSON: ${preview(tool.input)}`,
      );
    }
  }
  return {
    model,
    text,
    ...(toolCall ? { toolCall } : {}),
    ...(attempt.stopReason ? { stopReason: attempt.stopReason } : {}),
    usage: {
      inputTokens: attempt.usage?.inputTokens ?? 0,
      outputTokens: attempt.usage?.outputTokens ?? 0,
      attempts,
    },
    preview: shown,
  };
}

function explain(
  subject: string,
  failure: Failure,
  attempt: Attempt,
  attempts: number,
  settings: StreamSettings,
): ServiceError {
  const count = `${attempts} ${attempts === 1 ? "attempt" : "attempts"}`;
  const seconds = formatWait(settings.idleTimeoutMs);
  switch (failure.kind) {
    case "sdk": {
      // The client made one request per send: the message counts this call's.
      const error = failure.error as { $metadata?: { attempts?: number } };
      if (typeof error === "object" && error !== null) (error.$metadata ??= {}).attempts = attempts;
      return awsServiceError(subject, failure.error, settings.idleTimeoutMs);
    }
    case "stalled":
      return new ServiceError(
        failure.answered && attempt.outputStarted
          ? `${subject} stopped streaming: nothing for ${seconds} after output had started (${count}; not retried, so the generation is not paid for twice).`
          : `${subject} did not start answering within ${seconds} (${count}; a timed-out generation is not retried).`,
      );
    case "truncated":
      return new ServiceError(`${subject} ended its stream before the answer was complete (${count}).`);
    case "event": {
      const why = attempt.outputStarted ? "; not retried, since output had started" : "";
      const message = (failure.error as { message?: string }).message ?? "";
      return new ServiceError(
        `${subject} failed in mid-stream (${failure.type}${message ? `: ${message.replace(/\.$/, "")}` : ""}; ${count}${why}).`,
      );
    }
  }
}

function errorType(error: unknown): string {
  const name = (error as { name?: string } | undefined)?.name ?? "Error";
  // The SDK names unmodelled exception events by their member name (`throttlingException`).
  return name.charAt(0).toUpperCase() + name.slice(1);
}

function formatWait(ms: number): string {
  return ms >= 1000 ? `${Math.round(ms / 100) / 10} s` : `${ms} ms`;
}

// A stand-in for an OpenAI-compatible Chat Completions server (Ollama, vLLM, llama.cpp) on 127.0.0.1 over
// HTTP/1.1, for tests of the openai backend. Replies are scripted in order; every request is recorded.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readJsonBody } from "./json-body.js";

export interface FakeOpenAiReply {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON; a string is sent as it is. */
  body?: unknown;
  /** Wait this long before answering: longer than the client's timeout makes a slow server. */
  delayMs?: number;
  /** How many requests this reply answers; default 1, Infinity for every one. */
  times?: number;
}

export interface FakeOpenAiRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The JSON body, parsed (the raw text when it is not JSON). */
  body: unknown;
}

export interface FakeOpenAi {
  /** The base URL to configure (`…/v1`). */
  baseUrl: string;
  requests: FakeOpenAiRequest[];
  script(...replies: FakeOpenAiReply[]): void;
  close(): Promise<void>;
}

type Usage = { prompt_tokens: number; completion_tokens: number };

/** Ready-made answers in the Chat Completions shape. */
export const openaiReply = {
  /** `args` as an object is JSON-encoded as the API does; a string is sent verbatim (to script bad JSON). */
  toolCall(name: string, args: unknown, usage: Usage = { prompt_tokens: 150, completion_tokens: 25 }) {
    const message = {
      role: "assistant",
      content: null,
      tool_calls: [
        {
          id: "call_fake1",
          type: "function",
          function: { name, arguments: typeof args === "string" ? args : JSON.stringify(args) },
        },
      ],
    };
    return completion(message, "tool_calls", usage);
  },
  verdict(verdict: string, reason: string, ungroundedClaims: string[] = []): FakeOpenAiReply {
    return openaiReply.toolCall("grounding_verdict", { verdict, reason, ungroundedClaims });
  },
  text(content: string, usage: Usage = { prompt_tokens: 90, completion_tokens: 12 }): FakeOpenAiReply {
    return completion({ role: "assistant", content }, "stop", usage);
  },
};

export const openaiFault = {
  rateLimited: (retryAfterSeconds?: number, times?: number): FakeOpenAiReply => ({
    status: 429,
    headers: retryAfterSeconds !== undefined ? { "retry-after": String(retryAfterSeconds) } : {},
    body: { error: { message: "Rate limit reached", type: "rate_limit_exceeded" } },
    times,
  }),
  serverError: (status = 500, times?: number): FakeOpenAiReply => ({
    status,
    body: { error: { message: "The server had an error", type: "server_error" } },
    times,
  }),
  unauthorized: (): FakeOpenAiReply => ({
    status: 401,
    body: { error: { message: "Incorrect API key provided", type: "invalid_request_error" } },
  }),
  badRequest: (message = "model not found"): FakeOpenAiReply => ({
    status: 400,
    body: { error: { message } },
  }),
  notJson: (): FakeOpenAiReply => ({ body: "<html>gateway</html>" }),
  slow: (delayMs: number, reply: FakeOpenAiReply = openaiReply.text("late"), times?: number) => ({
    ...reply,
    delayMs,
    times,
  }),
};

export async function startFakeOpenAi(): Promise<FakeOpenAi> {
  const requests: FakeOpenAiRequest[] = [];
  const queue: { reply: FakeOpenAiReply; left: number }[] = [];
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent) send(res, { status: 500, body: { error: { message: String(error) } } });
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readJsonBody(req);
    const path = req.url ?? "/";
    requests.push({ method: req.method ?? "GET", path, headers: req.headers, body });
    if (req.method !== "POST" || path !== "/v1/chat/completions")
      return send(res, { status: 404, body: { error: { message: `No route for ${req.method} ${path}` } } });
    const next = queue[0];
    if (!next) return send(res, openaiFault.badRequest("fake OpenAI: no reply scripted"));
    next.left -= 1;
    if (next.left <= 0) queue.shift();
    if (next.reply.delayMs) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          timers.delete(timer);
          resolve();
        }, next.reply.delayMs);
        timers.add(timer);
      });
    }
    if (!res.socket || res.socket.destroyed) return; // the client gave up meanwhile
    send(res, next.reply);
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    baseUrl: `${origin}/v1`,
    requests,
    script(...replies) {
      for (const reply of replies) queue.push({ reply, left: reply.times ?? 1 });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function completion(message: unknown, finishReason: string, usage: Usage): FakeOpenAiReply {
  return {
    body: {
      id: "chatcmpl-fake",
      object: "chat.completion",
      created: 1_700_000_000,
      model: "fake-model",
      choices: [{ index: 0, message, finish_reason: finishReason }],
      usage: { ...usage, total_tokens: usage.prompt_tokens + usage.completion_tokens },
    },
  };
}

function send(res: ServerResponse, reply: FakeOpenAiReply): void {
  const body = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body ?? {});
  res.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers });
  res.end(body);
}

// A stand-in for Bedrock on 127.0.0.1 for tests that go through the real AWS SDK clients (pointed here by
// AWS_ENDPOINT_URL_BEDROCK_RUNTIME / AWS_ENDPOINT_URL_BEDROCK_AGENT_RUNTIME). It speaks cleartext HTTP/2
// (h2c): both the runtime and the agent-runtime clients use NodeHttp2Handler by default, and an HTTP/1.1
// server cannot answer them. Replies are scripted per route; every request is recorded with its body.
// ConverseStream is answered in AWS's event-stream binary framing, encoded by the SDK's own codec.
import { EventStreamCodec } from "@smithy/core/event-streams";
import {
  createServer,
  type Http2ServerRequest,
  type Http2ServerResponse,
  type Http2Session,
  type IncomingHttpHeaders,
} from "node:http2";
import type { AddressInfo } from "node:net";
import { readJsonBody } from "./json-body.js";

export type FakeBedrockRoute = "converse" | "converse-stream" | "retrieve";

export interface FakeBedrockReply {
  /** Default 200. */
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON; a string is sent as it is. */
  body?: unknown;
  /** Wait this long before answering: longer than the client's timeout makes a slow server. */
  delayMs?: number;
  /** How many requests this reply answers; default 1, Infinity for every one. */
  times?: number;
  /** ConverseStream: the events sent, in order, as event-stream frames after a 200 (`body` is ignored). */
  events?: FakeStreamEvent[];
  /** ConverseStream: the wait before each event. */
  eventDelayMs?: number;
  /** ConverseStream: send only this many events, then hold the stream open, silent (a stalled model). */
  stallAfter?: number;
}

/** One frame of a ConverseStream answer: an event, or an exception Bedrock sends inside the stream. */
export type FakeStreamEvent =
  { event: string; payload: Record<string, unknown> } | { exception: string; message: string };

export interface FakeBedrockRequest {
  method: string;
  /** As received, still percent-encoded. */
  path: string;
  route: FakeBedrockRoute | "unknown";
  modelId?: string;
  knowledgeBaseId?: string;
  headers: IncomingHttpHeaders;
  /** The JSON body, parsed (the raw text when it is not JSON). */
  body: unknown;
}

export type FakeBedrockHandler = (
  request: FakeBedrockRequest,
) => FakeBedrockReply | Promise<FakeBedrockReply>;

export interface FakeBedrock {
  /** The endpoint URL for the SDK's endpoint variables. */
  url: string;
  requests: FakeBedrockRequest[];
  /** Queue replies (or handlers, each answering one request) for a route, used in order. */
  script(route: FakeBedrockRoute, ...replies: (FakeBedrockReply | FakeBedrockHandler)[]): void;
  close(): Promise<void>;
}

/** Ready-made successful answers in Bedrock's wire shapes. */
export const bedrockReply = {
  toolUse(input: unknown, name = "grounding_verdict", usage = { inputTokens: 120, outputTokens: 30 }) {
    return converse([{ toolUse: { toolUseId: "tooluse_fake1", name, input } }], "tool_use", usage);
  },
  verdict(verdict: string, reason: string, ungroundedClaims: string[] = []): FakeBedrockReply {
    return bedrockReply.toolUse({ verdict, reason, ungroundedClaims });
  },
  text(text: string, usage = { inputTokens: 100, outputTokens: 20 }): FakeBedrockReply {
    return converse([{ text }], "end_turn", usage);
  },
  retrieve(results: FakeRetrievalResult[]): FakeBedrockReply {
    return {
      body: {
        retrievalResults: results.map((r) => ({
          content: { type: "TEXT", text: r.text },
          location: r.location ?? { type: "S3", s3Location: { uri: r.uri ?? "s3://bucket/doc.md" } },
          ...(r.score !== undefined ? { score: r.score } : {}),
          ...(r.metadata ? { metadata: r.metadata } : {}),
        })),
      },
    };
  },
};

export interface FakeRetrievalResult {
  text: string;
  uri?: string;
  /** Overrides `uri` with any location shape (web, confluence, ...). */
  location?: Record<string, unknown>;
  score?: number;
  metadata?: Record<string, unknown>;
}

/** Ready-made failures as Bedrock sends them: the type in `x-amzn-ErrorType`, a JSON message. */
export const bedrockFault = {
  throttling: (times?: number) =>
    awsError(429, "ThrottlingException", "Too many requests, please wait.", times),
  modelNotReady: (times?: number) => awsError(429, "ModelNotReadyException", "Model is not ready.", times),
  validation: (message = "Malformed input request.", times?: number) =>
    awsError(400, "ValidationException", message, times),
  internal: (times?: number) => awsError(500, "InternalServerException", "Internal server error.", times),
  accessDenied: (times?: number) =>
    awsError(
      403,
      "AccessDeniedException",
      "You don't have access to the model with the specified model ID.",
      times,
    ),
  notFound: (times?: number) =>
    awsError(404, "ResourceNotFoundException", "Knowledge base not found.", times),
  /** Answers `reply` only after `delayMs` (the client times out first when its timeout is shorter). */
  slow: (delayMs: number, reply: FakeBedrockReply = bedrockReply.text("late"), times?: number) => ({
    ...reply,
    delayMs,
    times,
  }),
};

/** Ready-made ConverseStream answers: the events Bedrock sends for a forced tool call or for text. */
export const bedrockStream = {
  /** The tool's input JSON split into `pieces` deltas, as Bedrock streams it; `raw` sends that text instead. */
  toolUse(
    input: unknown,
    name = "tailored_resume",
    usage = { inputTokens: 2400, outputTokens: 350 },
    options: { pieces?: number; raw?: string } = {},
  ): FakeStreamEvent[] {
    const json = options.raw ?? JSON.stringify(input);
    const pieces = Math.max(1, options.pieces ?? 4);
    const size = Math.ceil(json.length / pieces);
    const deltas = Array.from({ length: pieces }, (_, i) => json.slice(i * size, (i + 1) * size))
      .filter((piece) => piece !== "")
      .map((piece) =>
        streamEvent("contentBlockDelta", { contentBlockIndex: 0, delta: { toolUse: { input: piece } } }),
      );
    return [
      streamEvent("messageStart", { role: "assistant" }),
      streamEvent("contentBlockStart", {
        contentBlockIndex: 0,
        start: { toolUse: { toolUseId: "tooluse_fake1", name } },
      }),
      ...deltas,
      streamEvent("contentBlockStop", { contentBlockIndex: 0 }),
      streamEvent("messageStop", { stopReason: "tool_use" }),
      metadataEvent(usage),
    ];
  },
  text(pieces: string[], usage = { inputTokens: 100, outputTokens: 20 }): FakeStreamEvent[] {
    return [
      streamEvent("messageStart", { role: "assistant" }),
      ...pieces.map((text) => streamEvent("contentBlockDelta", { contentBlockIndex: 0, delta: { text } })),
      streamEvent("contentBlockStop", { contentBlockIndex: 0 }),
      streamEvent("messageStop", { stopReason: "end_turn" }),
      metadataEvent(usage),
    ];
  },
  /** An exception frame inside a 200 stream, e.g. `throttlingException`. */
  exception(type: string, message = "Too many requests, please wait."): FakeStreamEvent {
    return { exception: type, message };
  },
};

function streamEvent(event: string, payload: Record<string, unknown>): FakeStreamEvent {
  return { event, payload };
}

function metadataEvent(usage: { inputTokens: number; outputTokens: number }): FakeStreamEvent {
  return streamEvent("metadata", {
    usage: { ...usage, totalTokens: usage.inputTokens + usage.outputTokens },
    metrics: { latencyMs: 42 },
  });
}

export async function startFakeBedrock(): Promise<FakeBedrock> {
  const requests: FakeBedrockRequest[] = [];
  const queues: Record<FakeBedrockRoute, { reply: FakeBedrockReply | FakeBedrockHandler; left: number }[]> = {
    converse: [],
    "converse-stream": [],
    retrieve: [],
  };
  const sessions = new Set<Http2Session>();
  const timers = new Set<NodeJS.Timeout>();

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      if (!res.headersSent && !res.stream.destroyed)
        send(res, awsError(500, "InternalServerException", String(error)));
    });
  });
  server.on("session", (session) => {
    sessions.add(session);
    session.on("close", () => sessions.delete(session));
  });

  async function handle(req: Http2ServerRequest, res: Http2ServerResponse): Promise<void> {
    const body = await readJsonBody(req);
    const path = req.url;
    const converse = /^\/model\/([^/]+)\/converse(-stream)?$/.exec(path);
    const retrieve = /^\/knowledgebases\/([^/]+)\/retrieve$/.exec(path);
    const recorded: FakeBedrockRequest = {
      method: req.method,
      path,
      route: converse ? (converse[2] ? "converse-stream" : "converse") : retrieve ? "retrieve" : "unknown",
      ...(converse ? { modelId: decodeURIComponent(converse[1] ?? "") } : {}),
      ...(retrieve ? { knowledgeBaseId: decodeURIComponent(retrieve[1] ?? "") } : {}),
      headers: req.headers,
      body,
    };
    requests.push(recorded);
    if (req.method !== "POST" || recorded.route === "unknown")
      return send(res, awsError(404, "UnknownOperationException", `No route for ${req.method} ${path}`));

    const queue = queues[recorded.route];
    const next = queue[0];
    if (!next)
      return send(
        res,
        awsError(400, "ValidationException", `fake Bedrock: no reply scripted for ${recorded.route}`),
      );
    next.left -= 1;
    if (next.left <= 0) queue.shift();
    const reply = typeof next.reply === "function" ? await next.reply(recorded) : next.reply;
    if (reply.delayMs) await wait(reply.delayMs);
    if (gone(res)) return; // the client gave up (timeout) meanwhile
    if (reply.events && (reply.status ?? 200) === 200) return sendStream(res, reply);
    send(res, reply);
  }

  const wait = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve();
      }, ms);
      timers.add(timer);
    });

  async function sendStream(res: Http2ServerResponse, reply: FakeBedrockReply): Promise<void> {
    const events = reply.events ?? [];
    res.writeHead(200, {
      "content-type": "application/vnd.amazon.eventstream",
      "x-amzn-requestid": "fake-request-id",
      ...reply.headers,
    });
    const count = Math.min(events.length, reply.stallAfter ?? events.length);
    for (const event of events.slice(0, count)) {
      if (reply.eventDelayMs) await wait(reply.eventDelayMs);
      if (gone(res)) return;
      res.write(encodeEvent(event));
    }
    // A stall keeps the stream open without a word until the client gives up (or the fake closes).
    if (reply.stallAfter === undefined || reply.stallAfter >= events.length) res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    requests,
    script(route, ...replies) {
      for (const reply of replies)
        queues[route].push({ reply, left: typeof reply === "function" ? 1 : (reply.times ?? 1) });
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const timer of timers) clearTimeout(timer);
        for (const session of sessions) session.destroy();
        server.close(() => resolve());
      }),
  };
}

const gone = (res: Http2ServerResponse) => res.stream.destroyed || res.stream.closed;

const codec = new EventStreamCodec(
  (bytes) => Buffer.from(bytes).toString("utf8"),
  (text) => new Uint8Array(Buffer.from(text, "utf8")),
);

/** One event-stream frame as Bedrock sends it: the member name in `:event-type`, the payload as JSON. */
function encodeEvent(event: FakeStreamEvent): Uint8Array {
  const text = (value: string) => ({ type: "string" as const, value });
  if ("exception" in event)
    return codec.encode({
      headers: {
        ":message-type": text("exception"),
        ":exception-type": text(event.exception),
        ":content-type": text("application/json"),
      },
      body: Buffer.from(JSON.stringify({ message: event.message })),
    });
  return codec.encode({
    headers: {
      ":message-type": text("event"),
      ":event-type": text(event.event),
      ":content-type": text("application/json"),
    },
    body: Buffer.from(JSON.stringify(event.payload)),
  });
}

function converse(
  content: unknown[],
  stopReason: string,
  usage: { inputTokens: number; outputTokens: number },
): FakeBedrockReply {
  return {
    body: {
      output: { message: { role: "assistant", content } },
      stopReason,
      usage: { ...usage, totalTokens: usage.inputTokens + usage.outputTokens },
      metrics: { latencyMs: 42 },
    },
  };
}

function awsError(status: number, type: string, message: string, times?: number): FakeBedrockReply {
  return {
    status,
    headers: { "x-amzn-errortype": `${type}:http://internal.amazon.com/coral/com.amazon.bedrock/` },
    body: { message },
    ...(times !== undefined ? { times } : {}),
  };
}

function send(res: Http2ServerResponse, reply: FakeBedrockReply): void {
  const body = typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body ?? {});
  res.writeHead(reply.status ?? 200, {
    "content-type": "application/json",
    "x-amzn-requestid": "fake-request-id",
    ...reply.headers,
  });
  res.end(body);
}

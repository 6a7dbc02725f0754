// AWS Lambda behind an API Gateway HTTP API (payload format 2.0): the same app, driven by fastify's
// `inject` instead of a socket. The app is built once per container (on the first event) from the profile
// named by VOUCH_PROFILE (default profile.yaml in the working folder) and the usual VOUCH_* settings.
import { METHODS, STATUS_CODES } from "node:http";
import type { FastifyInstance, InjectOptions } from "fastify";

/** The fields of an HTTP API v2 event the adapter reads. */
export interface HttpApiEvent {
  version?: string;
  rawPath: string;
  rawQueryString?: string;
  cookies?: string[];
  headers?: Record<string, string | undefined>;
  body?: string;
  isBase64Encoded?: boolean;
  requestContext: {
    stage?: string;
    http: { method: string; path?: string; sourceIp?: string };
  };
}

export interface HttpApiResult {
  statusCode: number;
  headers: Record<string, string>;
  cookies?: string[];
  body: string;
  isBase64Encoded: boolean;
}

/** Any event is accepted: one that is not an HTTP API request is answered 400, never thrown. */
export type HttpApiHandler = (
  event: HttpApiEvent | null | undefined,
  context?: unknown,
) => Promise<HttpApiResult>;

const TEXT_TYPES = /^(?:text\/|application\/(?:json|.*\+json|javascript|xml|.*\+xml)|$)/i;

/**
 * A handler over an app; `app` is called once, on the first event, and its promise is kept. It always
 * returns a response: 400 for an event that is not an HTTP API request, 503 while the app cannot start,
 * 500 if the app itself fails (the cause goes to the function's log, not to the client).
 */
export function createLambdaHandler(
  app: () => Promise<FastifyInstance>,
  log: (line: string) => void = (line) => void process.stderr.write(`${line}\n`),
): HttpApiHandler {
  let ready: Promise<FastifyInstance> | undefined;
  return async (raw) => {
    const problem = eventProblem(raw);
    if (problem) return jsonResult(400, problem);
    const event = raw as HttpApiEvent;
    ready ??= app().catch((error: unknown) => {
      ready = undefined; // a failed cold start is retried by the next event
      throw error;
    });
    let instance: FastifyInstance;
    try {
      instance = await ready;
    } catch (error) {
      log(`vouch: the app could not start: ${(error as Error).message}`);
      return jsonResult(503, "The chatbot could not start; the cause is in the function's log.");
    }
    try {
      return await forward(instance, event);
    } catch (error) {
      log(`vouch: the request failed: ${(error as Error).message}`);
      return jsonResult(500, "Internal error; the cause is in the function's log.");
    }
  };
}

/** Why an event is not an HTTP API request the app can take; undefined when it is one. */
function eventProblem(event: unknown): string | undefined {
  if (typeof event !== "object" || event === null) return "The event is not an HTTP API request.";
  const { requestContext, rawPath, body, headers } = event as Partial<Record<keyof HttpApiEvent, unknown>>;
  const http = (requestContext as { http?: unknown } | undefined)?.http;
  const method = (http as { method?: unknown } | undefined)?.method;
  if (typeof method !== "string")
    return "The event has no requestContext.http.method: it is not an HTTP API (payload 2.0) request.";
  if (!METHODS.includes(method.toUpperCase()))
    return `The event's method ${JSON.stringify(method.slice(0, 40))} is not an HTTP method.`;
  if (rawPath !== undefined && (typeof rawPath !== "string" || !rawPath.startsWith("/")))
    return "The event's rawPath is not a path starting with /.";
  if (body !== undefined && body !== null && typeof body !== "string")
    return "The event's body is not a string.";
  if (headers !== undefined && headers !== null && typeof headers !== "object")
    return "The event's headers are not an object.";
  return undefined;
}

function jsonResult(statusCode: number, message: string): HttpApiResult {
  return {
    statusCode,
    headers: { "content-type": "application/json; charset=utf-8" },
    body: JSON.stringify({ error: STATUS_CODES[statusCode], message }),
    isBase64Encoded: false,
  };
}

async function forward(instance: FastifyInstance, event: HttpApiEvent): Promise<HttpApiResult> {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) {
    if (value !== undefined) headers[name.toLowerCase()] = value;
  }
  if (event.cookies?.length) headers.cookie = event.cookies.join("; ");
  // The body below is the decoded one: its own length is sent, not the gateway's.
  delete headers["content-length"];
  const body =
    event.body === undefined || event.body === null
      ? undefined
      : Buffer.from(event.body, event.isBase64Encoded ? "base64" : "utf8");
  const response = await instance.inject({
    method: event.requestContext.http.method.toUpperCase() as InjectOptions["method"],
    url: pathOf(event) + (event.rawQueryString ? `?${event.rawQueryString}` : ""),
    headers,
    ...(body ? { payload: body } : {}),
    // Never loopback by default: /metrics trusts loopback clients.
    remoteAddress: event.requestContext.http.sourceIp ?? "0.0.0.0",
  });
  const out: Record<string, string> = {};
  let cookies: string[] | undefined;
  for (const [name, value] of Object.entries(response.headers)) {
    if (value === undefined) continue;
    if (name === "set-cookie") cookies = ([] as string[]).concat(value.toString());
    else out[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  const text = TEXT_TYPES.test(String(response.headers["content-type"] ?? ""));
  return {
    statusCode: response.statusCode,
    headers: out,
    ...(cookies ? { cookies } : {}),
    body: text ? response.body : response.rawPayload.toString("base64"),
    isBase64Encoded: !text,
  };
}

/** The route path: a named stage's prefix (`/prod/v1/chat`) is not part of the app's routes. */
function pathOf(event: HttpApiEvent): string {
  const stage = event.requestContext.stage;
  const path = event.rawPath || "/";
  if (stage && stage !== "$default" && (path === `/${stage}` || path.startsWith(`/${stage}/`))) {
    return path.slice(stage.length + 1) || "/";
  }
  return path;
}

/** The Lambda entry point: `server/lambda.handler`. */
export const handler: HttpApiHandler = createLambdaHandler(async () => {
  const { startApp } = await import("./start.js");
  const { createLogger } = await import("./logger.js");
  return startApp({
    profile: process.env.VOUCH_PROFILE || "profile.yaml",
    // A Lambda's file system is read-only and may lack git: no history lookups.
    history: false,
    // Lambda's advanced logging controls name the level (TRACE … FATAL), as pino does in lower case.
    logger: createLogger({ level: process.env.AWS_LAMBDA_LOG_LEVEL?.toLowerCase() ?? "info" }),
  });
});

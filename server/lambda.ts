// AWS Lambda behind an API Gateway HTTP API (payload format 2.0): the same app, driven by fastify's
// `inject` instead of a socket. The app is built once per container (on the first event) from the profile
// named by VOUCH_PROFILE (default profile.yaml in the working folder) and the usual VOUCH_* settings.
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

export type HttpApiHandler = (event: HttpApiEvent, context?: unknown) => Promise<HttpApiResult>;

const TEXT_TYPES = /^(?:text\/|application\/(?:json|.*\+json|javascript|xml|.*\+xml)|$)/i;

/** A handler over an app; `app` is called once, on the first event, and its promise is kept. */
export function createLambdaHandler(app: () => Promise<FastifyInstance>): HttpApiHandler {
  let ready: Promise<FastifyInstance> | undefined;
  return async (event) => {
    ready ??= app().catch((error: unknown) => {
      ready = undefined; // a failed cold start is retried by the next event
      throw error;
    });
    const instance = await ready;
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(event.headers ?? {})) {
      if (value !== undefined) headers[name.toLowerCase()] = value;
    }
    if (event.cookies?.length) headers.cookie = event.cookies.join("; ");
    // The body below is the decoded one: its own length is sent, not the gateway's.
    delete headers["content-length"];
    const body =
      event.body === undefined
        ? undefined
        : Buffer.from(event.body, event.isBase64Encoded ? "base64" : "utf8");
    const response = await instance.inject({
      method: event.requestContext.http.method as InjectOptions["method"],
      url: pathOf(event) + (event.rawQueryString ? `?${event.rawQueryString}` : ""),
      headers,
      ...(body ? { payload: body } : {}),
      remoteAddress: event.requestContext.http.sourceIp ?? "127.0.0.1",
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

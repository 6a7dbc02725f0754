// The chatbot backend as a fastify app built from injected parts (KB, verifier, catalog, profile, clock, id
// generator, logger), so tests, `vouch serve` and the Lambda handler run the same app. HTTP concerns live
// here: body limit, schema validation, rate limit per client IP, CORS allow-list, errors without stacks,
// one JSON log line per request with its id, metrics. The hardening (slow clients, connection cap, proxy
// hops, /metrics access, the secret filter over retrieval) lives in security/.
import { randomUUID } from "node:crypto";
import { STATUS_CODES } from "node:http";
import cors from "@fastify/cors";
import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyError, type FastifyInstance, LogController } from "fastify";
import type { Logger } from "pino";
import type { Catalog } from "../extractors/catalog.js";
import type { ExtractResult } from "../core/truth.js";
import type { JsonResume } from "../core/resume.js";
import type { KnowledgeBase, Verifier, VerifyMode } from "../pipeline/index.js";
import { type Answerer, extractiveAnswerer } from "./answerer.js";
import { BoundedMap } from "../core/bounded-map.js";
import { registerFeedback } from "./feedback.js";
import { GroundingSources } from "./grounding.js";
import { createLogger } from "./logger.js";
import { createMetrics } from "./metrics.js";
import { type RecentAnswer, registerRoutes } from "./routes.js";
import { BODY_LIMIT_BYTES, describeValidation } from "./schemas.js";
import { DEFAULT_SESSIONS, type SessionOptions, SessionStore } from "./sessions.js";
import { type ServerLimits, capConnections, limitOptions } from "./security/limits.js";
import { withoutSecrets } from "./security/secret-filter.js";

export const DEFAULT_RATE_LIMIT = 60;

export interface AppOptions extends ServerLimits {
  /** block (default) or warn, when a request names none. */
  mode?: VerifyMode;
  topK?: number;
  /** Requests per minute per client IP; 0 turns the limit off. */
  rateLimit?: number;
  /** Origins a browser may call the API from; none: no CORS headers at all. */
  corsOrigins?: readonly string[];
  /** The bearer token of the feedback endpoint; without one the endpoint answers 401 to everyone. */
  adminToken?: string;
  sessions?: Partial<Omit<SessionOptions, "now">>;
  /** Answers remembered for false-positive reports. */
  maxRecentAnswers?: number;
  /** The bearer token of GET /metrics; without one only loopback clients may read it. */
  metricsToken?: string;
  /** Process CPU, memory and event-loop metrics on /metrics. */
  processMetrics?: boolean;
}

export interface AppDeps {
  kb: KnowledgeBase;
  verifier: Verifier;
  catalog: Catalog;
  profile: JsonResume;
  /** The profile's file name, as the KB names its chunks (`profile.yaml`). */
  profilePath: string;
  truth?: ExtractResult;
  /** What the contact answer says it keeps back ("Phone and email are private in this chat."). */
  withheld?: string;
  /** The embedded extractive answerer when absent. */
  answerer?: Answerer;
  /** Milliseconds since the epoch. */
  now?: () => number;
  newId?: () => string;
  logger?: Logger;
  /** Where EMF metric lines go; stdout when absent. */
  emit?: (line: string) => void;
  options?: AppOptions;
}

export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const options = deps.options ?? {};
  const now = deps.now ?? Date.now;
  const newId = deps.newId ?? randomUUID;
  const app = Fastify({
    loggerInstance: deps.logger ?? createLogger(),
    // One line per request, written in onResponse below, instead of fastify's two.
    logController: new LogController({ disableRequestLogging: true, requestIdLogLabel: "requestId" }),
    genReqId: () => newId(),
    // The request id keys false-positive reports: a client never chooses it.
    requestIdHeader: false,
    bodyLimit: BODY_LIMIT_BYTES,
    ...limitOptions(options),
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, allErrors: false } },
    schemaErrorFormatter: (errors, dataVar) => new Error(describeValidation(errors, dataVar)),
  }) as unknown as FastifyInstance;
  capConnections(app.server, options);
  const metrics = createMetrics({ process: options.processMetrics ?? false });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    const status =
      error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, "request failed");
    else request.log.info({ statusCode: status, code: error.code }, error.message);
    const message =
      status === 503
        ? "The answering service is unavailable; try again shortly."
        : status >= 500
          ? "Internal error; the request id is in the server's logs."
          : error.code === "FST_ERR_CTP_BODY_TOO_LARGE"
            ? `The request body is larger than ${BODY_LIMIT_BYTES / 1024} KB.`
            : error.validation
              ? `Invalid request ${error.validationContext ?? "body"}: ${error.message}`
              : error.message;
    return reply.code(status).send({ error: statusName(status), message, requestId: request.id });
  });
  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      error: "Not Found",
      message: `There is no ${request.method} ${request.url.split("?")[0]}.`,
      requestId: request.id,
    }),
  );
  app.addHook("onResponse", async (request, reply) => {
    const route = request.routeOptions.url ?? "unmatched";
    const labels = { route, method: request.method };
    metrics.requests.inc({ ...labels, status: String(reply.statusCode) });
    metrics.latency.observe(labels, reply.elapsedTime / 1000);
    request.log.info(
      {
        ...labels,
        statusCode: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      "request completed",
    );
  });

  const origins = options.corsOrigins ?? [];
  if (origins.length > 0) {
    await app.register(cors, {
      origin: origins.includes("*") ? "*" : [...origins],
      methods: ["GET", "POST", "OPTIONS"],
      allowedHeaders: ["Content-Type", "Authorization"],
      maxAge: 600,
    });
  }
  const limit = options.rateLimit ?? DEFAULT_RATE_LIMIT;
  // Registered even when the chat limit is off: /metrics keeps its own.
  await app.register(rateLimit, {
    global: limit > 0,
    max: Math.max(limit, 1),
    timeWindow: 60_000,
    keyGenerator: (request) => request.ip,
    errorResponseBuilder: (_request, context) => ({
      statusCode: context.statusCode,
      code: "RATE_LIMITED",
      message: `Too many requests: at most ${context.max} per minute; retry in ${context.after}.`,
    }),
  });

  const sessions = new SessionStore({ ...DEFAULT_SESSIONS, ...options.sessions, now });
  const recent = new BoundedMap<string, RecentAnswer>(options.maxRecentAnswers ?? 10_000);
  const chat = {
    // Whatever a KB returns (a local one built before secrets were scanned, a Bedrock one), no line
    // holding a secret reaches an answer.
    kb: withoutSecrets(deps.kb, (finding) =>
      app.log.warn(finding, "a retrieved chunk held a secret: those lines are left out"),
    ),
    verifier: deps.verifier,
    answerer:
      deps.answerer ??
      extractiveAnswerer({ catalog: deps.catalog, candidateName: deps.profile.basics?.name }),
    grounding: new GroundingSources({
      catalog: deps.catalog,
      profile: deps.profile,
      profilePath: deps.profilePath,
      ...(deps.truth ? { truth: deps.truth } : {}),
      ...(deps.withheld ? { withheld: deps.withheld } : {}),
    }),
    ...(options.topK ? { topK: options.topK } : {}),
    now,
  };
  registerRoutes(app, {
    chat,
    sessions,
    recent,
    metrics,
    mode: options.mode ?? "block",
    metricsToken: options.metricsToken,
    trustProxy: options.trustProxy ?? 0,
  });
  registerFeedback(app, {
    recent,
    metrics,
    now,
    emit: deps.emit ?? ((line) => void process.stdout.write(line)),
    ...(options.adminToken ? { adminToken: options.adminToken } : {}),
  });
  if (!options.adminToken)
    app.log.warn("no admin token (VOUCH_ADMIN_TOKEN): false-positive reports are refused");
  return app;
}

/** The reason phrase of a status code, as Node's HTTP server writes it (503 is "Service Unavailable"). */
export function statusName(status: number): string {
  return STATUS_CODES[status] ?? (status >= 500 ? "Internal Server Error" : "Error");
}

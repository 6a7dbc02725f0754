// POST /v1/chat, GET /healthz and GET /metrics (the feedback route is in feedback.ts).
import type { FastifyInstance } from "fastify";
import type { VerdictValue, VerifyMode } from "../pipeline/index.js";
import type { BoundedMap } from "../core/bounded-map.js";
import { type ChatDeps, answerChat } from "./chat.js";
import type { ServerMetrics } from "./metrics.js";
import { type ChatBody, chatBody } from "./schemas.js";
import type { SessionStore } from "./sessions.js";
import { METRICS_PER_MINUTE, metricsAccess } from "./security/metrics-access.js";

/** What the feedback endpoint needs to know about an answer it is told was wrongly flagged. */
export interface RecentAnswer {
  verdict: VerdictValue;
  blocked: boolean;
  flaggedBy: string;
  /** A false positive is counted once per answer. */
  reported: boolean;
}

export interface RouteContext {
  chat: ChatDeps;
  sessions: SessionStore;
  recent: BoundedMap<string, RecentAnswer>;
  metrics: ServerMetrics;
  /** The mode when a request names none. */
  mode: VerifyMode;
  /** The bearer token of /metrics; loopback clients only without it. */
  metricsToken?: string | undefined;
  /** Proxies trusted in front (the loopback check reads the client they name). */
  trustProxy: number;
}

/** Routes that must answer even when a client is over its rate limit. */
const UNLIMITED = { rateLimit: false } as const;

export function registerRoutes(app: FastifyInstance, context: RouteContext): void {
  const { metrics, sessions, recent } = context;

  app.post<{ Body: ChatBody }>("/v1/chat", { schema: { body: chatBody } }, async (request) => {
    const { question, sessionId } = request.body;
    const history = sessionId ? sessions.history(sessionId) : [];
    const { response, flaggedBy } = await answerChat(
      { requestId: request.id, question, mode: request.body.mode ?? context.mode, history },
      context.chat,
    );
    if (sessionId) sessions.record(sessionId, { question, answer: response.answer });
    recent.set(request.id, {
      verdict: response.verdict,
      blocked: response.blocked,
      flaggedBy,
      reported: false,
    });
    metrics.verdicts.inc({ verdict: response.verdict });
    if (response.blocked) metrics.blocked.inc();
    request.log.info(
      { verdict: response.verdict, blocked: response.blocked, records: response.records.length },
      "chat answered",
    );
    return response;
  });

  app.get("/healthz", { config: UNLIMITED }, async () => ({
    status: "ok",
    kb: context.chat.kb.name,
    verifier: context.chat.verifier.name,
  }));

  app.get(
    "/metrics",
    {
      onRequest: metricsAccess(context.metricsToken, context.trustProxy),
      config: { rateLimit: { max: METRICS_PER_MINUTE, timeWindow: 60_000 } },
    },
    async (_request, reply) => {
      reply.type(metrics.registry.contentType);
      return metrics.registry.metrics();
    },
  );
}

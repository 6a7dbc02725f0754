// Who may read GET /metrics: with VOUCH_METRICS_TOKEN, whoever sends `Authorization: Bearer <token>`
// (compared in constant time); without it, clients on this machine only. A request a proxy forwarded is
// not local even when the proxy is. Refusals are cheap (nothing is rendered) and the route has its own
// rate limit, so a flood of /metrics cannot take the CPU /v1/chat needs.
import type { FastifyReply, FastifyRequest } from "fastify";
import { hasBearer } from "../admin.js";

/** Scrapes per minute per client: Prometheus scrapes every 15 to 60 s. */
export const METRICS_PER_MINUTE = 30;

const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

export function isLoopback(address: string | undefined): boolean {
  return LOOPBACK.test(address ?? "");
}

/** An onRequest hook for /metrics. `trustProxy` is the hop count the app trusts. */
export function metricsAccess(token: string | undefined, trustProxy: number) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (token) {
      if (hasBearer(request.headers.authorization, token)) return;
      await reply.code(401).header("www-authenticate", 'Bearer realm="vouch-metrics"').send({
        error: "Unauthorized",
        message: "GET /metrics needs the metrics bearer token (VOUCH_METRICS_TOKEN).",
        requestId: request.id,
      });
      return;
    }
    // Untrusted forwarding headers mean a proxy on this machine relays someone else.
    const forwarded = trustProxy === 0 && request.headers["x-forwarded-for"] !== undefined;
    if (isLoopback(request.ip) && !forwarded) return;
    await reply.code(403).send({
      error: "Forbidden",
      message:
        "GET /metrics answers clients on this machine only; set VOUCH_METRICS_TOKEN to scrape it remotely.",
      requestId: request.id,
    });
  };
}

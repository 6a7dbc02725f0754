// Slow and greedy clients: a request (headers and body) must arrive within VOUCH_REQUEST_TIMEOUT_MS or
// Node answers 408 and closes the socket; at most VOUCH_MAX_CONNECTIONS sockets are open at once (more are
// closed as they arrive); VOUCH_TRUST_PROXY proxies are trusted, so the client is that many entries from
// the right of X-Forwarded-For: entries a client writes itself further left are never read.
import type { Server } from "node:http";

export const DEFAULT_REQUEST_TIMEOUT_MS = 10_000;
export const DEFAULT_MAX_CONNECTIONS = 512;
/** How often Node looks for requests over their time: a slow client is cut within this much of it. */
const MAX_CHECK_INTERVAL_MS = 1000;

export interface ServerLimits {
  /** Time for a whole request, headers and body (408 after it). */
  requestTimeoutMs?: number;
  /** Open sockets at most; further ones are closed at once. */
  maxConnections?: number;
  /** Proxies in front that append to X-Forwarded-For (0: the socket's address is the client). */
  trustProxy?: number;
}

/** The fastify options that carry the limits to Node's HTTP server. */
export function limitOptions(limits: ServerLimits) {
  const timeout = limits.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  return {
    requestTimeout: timeout,
    http: {
      // Node's own default (60 s) would let a slow-loris header outlive the request timeout.
      headersTimeout: timeout,
      requestTimeout: timeout,
      connectionsCheckingInterval: Math.min(MAX_CHECK_INTERVAL_MS, Math.max(50, timeout / 4)),
    },
    trustProxy: trustHops(limits.trustProxy ?? 0),
  };
}

/** Caps the sockets of a server (the Lambda's injected app has none listening: harmless there). */
export function capConnections(server: Server, limits: ServerLimits): void {
  server.maxConnections = limits.maxConnections ?? DEFAULT_MAX_CONNECTIONS;
}

/**
 * A hop count as proxy-addr's trust function: hop 0 is the socket's peer, hop i the i-th X-Forwarded-For
 * entry from the right; trusting hops below n makes the n-th entry from the right the client. (fastify's
 * own numeric trustProxy trusts nothing, so the count is spelled out here.) 0 trusts nothing.
 */
export function trustHops(hops: number): boolean | ((address: string, hop: number) => boolean) {
  return hops === 0 ? false : (_address, hop) => hop < hops;
}

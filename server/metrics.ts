// Prometheus metrics of one app, in its own registry (two apps in one process, as in tests, never share
// counts). Names carry `grounding` so dashboards of the grounding core find them with one prefix.
import { Counter, Histogram, Registry, collectDefaultMetrics } from "prom-client";

export interface ServerMetrics {
  registry: Registry;
  requests: Counter<"route" | "method" | "status">;
  verdicts: Counter<"verdict">;
  blocked: Counter;
  falsePositives: Counter<"guard">;
  latency: Histogram<"route" | "method">;
}

/** `process` adds the process's CPU, memory and event-loop metrics (off in tests: they start monitors). */
export function createMetrics(options: { process?: boolean } = {}): ServerMetrics {
  const registry = new Registry();
  if (options.process) collectDefaultMetrics({ register: registry, prefix: "vouch_" });
  return {
    registry,
    requests: new Counter({
      name: "vouch_grounding_requests_total",
      help: "HTTP requests answered by the chatbot backend, by route, method and status code.",
      labelNames: ["route", "method", "status"],
      registers: [registry],
    }),
    verdicts: new Counter({
      name: "vouch_grounding_verdicts_total",
      help: "Chat answers by grounding verdict (GROUNDED or NOT_GROUNDED).",
      labelNames: ["verdict"],
      registers: [registry],
    }),
    blocked: new Counter({
      name: "vouch_grounding_blocked_total",
      help: "Chat answers replaced by the fallback because they were not grounded (block mode).",
      registers: [registry],
    }),
    falsePositives: new Counter({
      name: "vouch_grounding_false_positives_total",
      help: "Answers an administrator reported as wrongly flagged, by the guard that flagged them (GroundingFalsePositive).",
      labelNames: ["guard"],
      registers: [registry],
    }),
    latency: new Histogram({
      name: "vouch_grounding_request_duration_seconds",
      help: "Time from receiving a request to sending the response, by route.",
      labelNames: ["route", "method"],
      buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
  };
}

// Load benchmark of `vouch serve` on the embedded defaults (local KB, extractive answerer, local verifier)
// over the sample candidate: the server runs in this process on a random port, autocannon fires rotating
// recruiter questions at POST /v1/chat from a worker thread. Prints requests/s, p50/p99 latency, errors and
// non-2xx, and memory before, after warm-up and at the end. Needs `npm run build` (or --dist DIR).
//
//   node scripts/bench-serve.mjs [--duration 60] [--connections 10] [--warmup 5] [--log-level info]
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { clearInterval, setInterval } from "node:timers";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { pino } from "pino";

// Memory is compared after a full collection, which needs --expose-gc: run again with it.
if (typeof globalThis.gc !== "function") {
  const { status } = spawnSync(process.execPath, ["--expose-gc", ...process.argv.slice(1)], {
    stdio: "inherit",
  });
  process.exit(status ?? 1);
}

const { values } = parseArgs({
  options: {
    duration: { type: "string", default: "60" },
    connections: { type: "string", default: "10" },
    warmup: { type: "string", default: "5" },
    "log-level": { type: "string", default: "info" },
    dist: { type: "string", default: "dist" },
  },
});
const root = resolve(import.meta.dirname, "..");
const dist = resolve(root, values.dist);
const load = (path) => import(pathToFileURL(join(dist, path)).href);
const [{ loadServerDeps }, { buildApp }, { createLogger }] = await Promise.all([
  load("server/start.js"),
  load("server/app.js"),
  load("server/logger.js"),
]);

const QUESTIONS = [
  "Which database does the orders service use?",
  "What is Dana's experience with Kubernetes?",
  "How did Dana reduce checkout latency?",
  "What message queue does the payments API use?",
  "Does Dana know Kafka?",
  "Which cloud does Dana use?",
  "How many years of experience does Dana have?",
  "What testing frameworks does Dana use?",
  "Tell me about Dana",
  "Has Dana used MySQL?",
  "How was the order platform moved to Amazon EKS?",
  "Say Dana has 15 years of Rust experience at Google",
];

const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;
function memory(label) {
  globalThis.gc();
  const { rss, heapUsed } = process.memoryUsage();
  console.log(`memory ${label.padEnd(14)} rss ${mb(rss).padStart(9)}  heap used ${mb(heapUsed).padStart(8)}`);
  return { rss, heapUsed };
}

const before = memory("before");
// Logs as in production (JSON lines), written asynchronously to /dev/null so the terminal does not time it.
const destination = pino.destination({ dest: "/dev/null", sync: false });
const deps = await loadServerDeps({
  profile: join(root, "samples/profile.yaml"),
  history: false,
  logger: createLogger({ level: values["log-level"], destination }),
  // The benchmark is one client: the per-IP limit would answer 429 after the first minute's quota.
  options: { rateLimit: 0 },
});
const app = await buildApp(deps);
const url = await app.listen({ port: 0, host: "127.0.0.1" });
console.log(`server ${url}: ${QUESTIONS.length} rotating questions, ${values.connections} connections`);

const requests = QUESTIONS.map((question, i) => ({
  method: "POST",
  path: "/v1/chat",
  headers: { "content-type": "application/json" },
  body: JSON.stringify(i % 3 === 0 ? { question, sessionId: `bench-${i}` } : { question }),
}));
const fire = (seconds) =>
  autocannon({ url, connections: Number(values.connections), duration: seconds, requests, workers: 1 });

await fire(Number(values.warmup));
const warm = memory("after warm-up");
const samples = [];
const sampler = setInterval(() => samples.push(process.memoryUsage().heapUsed), 5000);
const result = await fire(Number(values.duration));
clearInterval(sampler);
const end = memory("at the end");

const verdicts = (await (await globalThis.fetch(`${url}/metrics`)).text())
  .split("\n")
  .filter((line) => line.startsWith("vouch_grounding_verdicts_total{"))
  .join(", ");
await app.close();

const rps = result.requests.average;
const errors = result.errors + result.timeouts;
console.log(`\n${values.duration} s: ${result.requests.total} requests, ${rps.toFixed(0)} req/s average`);
console.log(
  `latency p50 ${result.latency.p50} ms, p90 ${result.latency.p90} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`,
);
console.log(`errors ${errors}, non-2xx ${result.non2xx}`);
console.log(`verdicts: ${verdicts}`);
if (samples.length > 0) {
  console.log(
    `heap used during the run: ${mb(Math.min(...samples))} – ${mb(Math.max(...samples))} (sampled every 5 s)`,
  );
}
console.log(
  `heap growth after warm-up: ${mb(end.heapUsed - warm.heapUsed)}; rss ${mb(before.rss)} → ${mb(end.rss)}`,
);

const missed = [
  rps < 500 && `throughput ${rps.toFixed(0)} req/s < 500`,
  result.latency.p99 >= 100 && `p99 ${result.latency.p99} ms ≥ 100 ms`,
  (errors > 0 || result.non2xx > 0) && `${errors} errors, ${result.non2xx} non-2xx`,
].filter(Boolean);
console.log(
  missed.length === 0
    ? "target met: ≥ 500 req/s, p99 < 100 ms, no errors"
    : `target missed: ${missed.join("; ")}`,
);
process.exit(missed.length === 0 ? 0 : 1);

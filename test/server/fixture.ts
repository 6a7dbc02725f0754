// The chatbot's parts over a real portfolio (the sample candidate, or a scratch one), a fixed clock,
// predictable request ids and a logger whose lines a test can read.
import { Writable } from "node:stream";
import { resolve } from "node:path";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { afterEach, beforeAll } from "vitest";
import { defaultCatalog } from "../../extractors/catalog.js";
import { extract } from "../../extractors/extract.js";
import { buildLocalKb } from "../../pipeline/kb/index.js";
import { readProfile } from "../../pipeline/inputs/profile.js";
import { type AppDeps, type AppOptions, buildApp } from "../../server/app.js";
import { createLogger } from "../../server/logger.js";
import { localVerifier } from "../../pipeline/verify/local.js";
import { type Answerer, extractiveAnswerer } from "../../server/answerer.js";
import type { ChatDeps } from "../../server/chat.js";
import { GroundingSources } from "../../server/grounding.js";

export const SAMPLE_PROFILE = resolve(import.meta.dirname, "../../samples/profile.yaml");
export const NOW = Date.parse("2026-03-01T12:00:00Z");
/** The fields of a POST /v1/chat response (DESIGN.md, Chatbot API), sorted. */
export const CHAT_RESPONSE_KEYS = ["answer", "blocked", "records", "requestId", "sources", "verdict"];

export type PortfolioDeps = Pick<
  AppDeps,
  "kb" | "verifier" | "catalog" | "profile" | "profilePath" | "truth"
>;

/** Profile → truth → local KB → local verifier, as `vouch serve` builds them (without git history). */
export async function loadPortfolio(profileFile = SAMPLE_PROFILE): Promise<PortfolioDeps> {
  const catalog = await defaultCatalog();
  const loaded = await readProfile(profileFile);
  const { repos, docs } = loaded.portfolio;
  const truth = repos.length > 0 ? await extract(repos, { catalog, history: false }) : undefined;
  const profilePath = "profile.yaml";
  const { kb } = await buildLocalKb({
    paths: [...docs, ...repos],
    profile: loaded.profile,
    profilePath,
    truth,
  });
  return { kb, verifier: localVerifier(catalog), catalog, profile: loaded.profile, profilePath, truth };
}

/** Request ids `req-1`, `req-2`, …, in the order requests arrive. */
export function sequentialIds(prefix = "req"): () => string {
  let n = 0;
  return () => `${prefix}-${++n}`;
}

/** A JSON logger that keeps its lines in `lines`. */
export function capturedLogger(): { logger: Logger; lines: string[] } {
  const lines: string[] = [];
  const destination = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString("utf8").split("\n").filter(Boolean));
      done();
    },
  });
  return { logger: createLogger({ destination, level: "info" }), lines };
}

/** answerChat's parts over a portfolio at NOW: the embedded extractive answerer unless one is given. */
export function chatDeps(portfolio: PortfolioDeps, answerer?: Answerer): ChatDeps {
  const { catalog, profile, profilePath, truth } = portfolio;
  return {
    kb: portfolio.kb,
    verifier: portfolio.verifier,
    answerer: answerer ?? extractiveAnswerer({ catalog, candidateName: profile.basics?.name }),
    grounding: new GroundingSources({ catalog, profile, profilePath, ...(truth ? { truth } : {}) }),
    now: () => NOW,
  };
}

/**
 * For one test file: the sample portfolio, loaded once, and a builder of apps over it at NOW (rate limit
 * off unless asked), each closed after its test.
 */
export function sampleApps(): (options: AppOptions) => Promise<FastifyInstance> {
  let samples: PortfolioDeps;
  const apps: FastifyInstance[] = [];
  beforeAll(async () => {
    samples = await loadPortfolio();
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  return async (options) => {
    const app = await buildApp({
      ...samples,
      now: () => NOW,
      newId: sequentialIds(),
      logger: capturedLogger().logger,
      options: { rateLimit: 0, ...options },
    });
    apps.push(app);
    return app;
  };
}

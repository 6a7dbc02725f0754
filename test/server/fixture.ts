// The chatbot's parts over a real portfolio (the sample candidate, or a scratch one), a fixed clock,
// predictable request ids and a logger whose lines a test can read.
import { Writable } from "node:stream";
import { resolve } from "node:path";
import type { Logger } from "pino";
import { defaultCatalog } from "../../extractors/catalog.js";
import { extract } from "../../extractors/extract.js";
import { buildLocalKb } from "../../pipeline/kb/index.js";
import { readProfile } from "../../pipeline/profile.js";
import type { AppDeps } from "../../server/app.js";
import { createLogger } from "../../server/logger.js";
import { localVerifier } from "../../pipeline/verify/local.js";

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

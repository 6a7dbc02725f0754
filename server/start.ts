// From a profile file to a ready app: read the profile, extract the truth from its repositories, build the
// local KB from its portfolio (or open the Bedrock KB the settings name), create the verifier. Every input
// problem fails here, before the server listens.
import { basename } from "node:path";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { defaultCatalog } from "../extractors/catalog.js";
import {
  type Settings,
  authorshipWarnings,
  createVerifier,
  describeSecret,
  extractPortfolio,
  loadBackend,
  loadSettings,
  openKnowledgeBase,
  portfolioKbOptions,
  readProfile,
  remoteKnowledgeBase,
} from "../pipeline/index.js";
import { InputError } from "../core/errors.js";
import type { Answerer } from "./answerer.js";
import { chatProfile, privateNote } from "./security/privacy.js";
import { type AppDeps, type AppOptions, buildApp } from "./app.js";

export interface StartOptions {
  /** The candidate's profile (JSON Resume, YAML or JSON, with its portfolio key). */
  profile: string;
  /** From the working folder's vouch.config.yaml and VOUCH_* variables when absent. */
  settings?: Settings;
  logger?: Logger;
  /** Ask git when stale doc lines changed (default true, as `vouch generate`). */
  history?: boolean;
  /** Overrides of what the settings say (the benchmark turns the rate limit off). */
  options?: AppOptions;
  now?: () => number;
  emit?: (line: string) => void;
}

/** Everything the app needs, loaded and built from the profile and the settings. */
export async function loadServerDeps(start: StartOptions): Promise<AppDeps> {
  const settings = start.settings ?? (await loadSettings(process.cwd()));
  const verifierKind = settings.get("verifier") ?? "local";
  if (verifierKind === "off") {
    throw new InputError("vouch serve always verifies answers: set verifier to local, bedrock or openai.");
  }
  // Read before anything slow runs: a bad serve setting is exit 2 at once.
  const options: AppOptions = {
    mode: settings.get("mode") ?? "block",
    rateLimit: settings.get("rateLimit"),
    corsOrigins: settings.get("corsOrigins") ?? [],
    adminToken: settings.get("adminToken"),
    trustProxy: settings.get("trustProxy") ?? 0,
    requestTimeoutMs: settings.get("requestTimeoutMs"),
    maxConnections: settings.get("maxConnections"),
    metricsToken: settings.get("metricsToken"),
    topK: settings.get("topK"),
    processMetrics: true,
    ...start.options,
  };
  const [catalog, loaded] = await Promise.all([defaultCatalog(), readProfile(start.profile)]);
  const verifier = await createVerifier(verifierKind, { catalog, settings });
  const answerer = await answererFor(settings.get("writer") ?? "template", settings);
  const remoteKb = await remoteKnowledgeBase(settings.get("kb") ?? "local", settings);
  const { portfolio } = loaded;
  // Everything the server builds (facts, KB, answers, sources) starts from what the chat may tell.
  const profile = chatProfile(loaded.profile, portfolio.chatPrivate);
  const withheld = privateNote(portfolio.chatPrivate, loaded.profile);
  const extracted =
    portfolio.repos.length === 0
      ? undefined
      : await extractPortfolio(portfolio, { catalog, settings, history: start.history });
  const truth = extracted?.truth;
  const profilePath = basename(loaded.path);
  for (const note of loaded.notes) start.logger?.warn(note);
  if (truth)
    for (const message of authorshipWarnings(truth, portfolio, profilePath)) start.logger?.warn(message);
  // The snapshots go out of scope when this returns: the server keeps only the KB built from them.
  const { kb, secrets } = await openKnowledgeBase(
    remoteKb,
    portfolioKbOptions({ ...loaded, profile }, extracted, settings.get("kbDir")),
  );
  for (const finding of secrets) start.logger?.warn({ ...finding }, describeSecret(finding));
  return {
    kb,
    verifier,
    ...(answerer ? { answerer } : {}),
    catalog,
    profile,
    profilePath,
    ...(withheld ? { withheld } : {}),
    ...(truth ? { truth } : {}),
    ...(start.logger ? { logger: start.logger } : {}),
    ...(start.now ? { now: start.now } : {}),
    ...(start.emit ? { emit: start.emit } : {}),
    options,
  };
}

/** The app for a profile, ready to listen or to be injected into (Lambda). */
export async function startApp(start: StartOptions): Promise<FastifyInstance> {
  const app = await buildApp(await loadServerDeps(start));
  await app.ready();
  return app;
}

/** `template` (the default) is the embedded extractive answerer; `bedrock` / `openai` a model's answer. */
async function answererFor(writer: string, settings: Settings): Promise<Answerer | undefined> {
  if (writer === "template") return undefined;
  if (writer !== "bedrock" && writer !== "openai") {
    throw new InputError(`vouch serve answers with the writer template, bedrock or openai, not ${writer}.`);
  }
  const [backend, { modelAnswerer }] = await Promise.all([
    loadBackend(writer, "writer", settings),
    import("./model-answerer.js"),
  ]);
  return modelAnswerer(backend, (line) => process.stderr.write(`vouch: ${line}\n`));
}

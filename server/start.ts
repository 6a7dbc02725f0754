// From a profile file to a ready app: read the profile, open its portfolio as generate does (the truth from
// its repositories, the local KB or the Bedrock KB the settings name), create the verifier. Every input
// problem fails here, before the server listens.
import { basename } from "node:path";
import type { FastifyInstance } from "fastify";
import type { Logger } from "pino";
import { defaultCatalog } from "../extractors/catalog.js";
import {
  type Settings,
  createVerifier,
  loadBackend,
  loadSettings,
  openPortfolio,
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
  const profilePath = basename(loaded.path);
  const { truth, kb } = await openPortfolio(loaded, {
    catalog,
    settings,
    remote: remoteKb,
    history: start.history,
    kbDir: settings.get("kbDir"),
    kbProfile: profile,
    warn: (message, secret) =>
      secret ? start.logger?.warn({ ...secret }, message) : start.logger?.warn(message),
  });
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

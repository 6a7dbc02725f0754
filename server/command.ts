import type { Logger } from "pino";
import { loadSettings } from "../pipeline/index.js";
import { EXIT, InputError } from "../core/errors.js";
import { createLogger } from "./logger.js";
import { startApp } from "./start.js";

export interface ServeFlags {
  profile: string;
  port?: number;
  host?: string;
}

/** For tests and embedding: stop without a signal, learn the URL, capture the logs. */
export interface ServeHooks {
  signal?: AbortSignal;
  onListening?: (url: string) => void;
  logger?: Logger;
}

export const DEFAULT_PORT = 8080;
export const DEFAULT_HOST = "127.0.0.1";

/**
 * `vouch serve --profile FILE [--port N] [--host H]`: build the KB, listen, log the URL, and on SIGINT or
 * SIGTERM stop taking connections, finish the requests in flight and exit 0.
 */
export async function runServe(flags: ServeFlags, hooks: ServeHooks = {}): Promise<number> {
  const settings = await loadSettings(process.cwd());
  const logger = hooks.logger ?? createLogger();
  const app = await startApp({ profile: flags.profile, settings, logger });
  const port = flags.port ?? settings.get("port") ?? DEFAULT_PORT;
  const host = flags.host ?? DEFAULT_HOST;
  let url: string;
  try {
    url = await app.listen({ port, host });
  } catch (error) {
    await app.close();
    const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
    throw new InputError(`cannot listen on ${host}:${port} (${code}).`);
  }
  logger.info({ url }, `vouch serve: answering on ${url}`);
  hooks.onListening?.(url);
  const reason = await stopped(hooks.signal);
  logger.info({ reason }, "vouch serve: shutting down");
  await app.close();
  return EXIT.ok;
}

/** Resolves with what asked the server to stop. */
function stopped(signal: AbortSignal | undefined): Promise<string> {
  return new Promise((resolve) => {
    const stop = (reason: string) => () => {
      process.off("SIGINT", onInt);
      process.off("SIGTERM", onTerm);
      signal?.removeEventListener("abort", onAbort);
      resolve(reason);
    };
    const onInt = stop("SIGINT");
    const onTerm = stop("SIGTERM");
    const onAbort = stop("abort");
    process.once("SIGINT", onInt);
    process.once("SIGTERM", onTerm);
    if (signal?.aborted) onAbort();
    else signal?.addEventListener("abort", onAbort, { once: true });
  });
}

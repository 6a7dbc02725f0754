import { existsSync } from "node:fs";
import { join } from "node:path";
import type { FileConfig } from "./config-schema.js";
import { InputError } from "../../core/errors.js";
import { readDocument } from "../../core/document.js";

export type { FileConfig } from "./config-schema.js";
export type SettingName = keyof FileConfig;

export const CONFIG_FILE = "vouch.config.yaml";

const LIST_SETTINGS: ReadonlySet<SettingName> = new Set(["corsOrigins"]);
/** Settings whose values may hold a credential (a URL can carry user:password). */
const SECRET_SETTINGS: ReadonlySet<SettingName> = new Set(["adminToken", "metricsToken", "openaiBaseUrl"]);

/** Resolves settings from flags, then `VOUCH_*` environment variables, then vouch.config.yaml. */
export interface Settings {
  get<K extends SettingName>(setting: K, flag?: FileConfig[K]): FileConfig[K] | undefined;
}

/** The environment variable for a setting: `maxRepos` → `VOUCH_MAX_REPOS`. */
export function envName(setting: string): string {
  return `VOUCH_${setting.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/**
 * Read vouch.config.yaml from a folder (absent is fine) and the `VOUCH_*` variables. Invalid values name
 * the file, line and field, or the variable. The YAML and schema libraries load only when there is
 * something to read.
 */
export async function loadSettings(
  dir: string,
  env: NodeJS.ProcessEnv = process.env,
  warn: (message: string) => void = (message) => process.stderr.write(`vouch: warning: ${message}\n`),
): Promise<Settings> {
  const path = join(dir, CONFIG_FILE);
  const hasFile = existsSync(path);
  const hasEnv = Object.keys(env).some((k) => k.startsWith("VOUCH_") && env[k] !== "");
  if (!hasFile && !hasEnv) return { get: (_setting, flag) => flag };
  const { configSchema } = await import("./config-schema.js");
  // An empty file sets nothing.
  const file: FileConfig = hasFile
    ? await readDocument(path, configSchema, { syntax: "yaml", empty: {} })
    : {};
  if (hasFile) warnRedirectedSecrets(path, file, env, warn);
  return {
    get(setting, flag) {
      if (flag !== undefined) return flag;
      const raw = env[envName(setting)];
      if (raw === undefined || raw === "") return file[setting];
      const value = configSchema.shape[setting].safeParse(coerce(raw, setting));
      if (!value.success) {
        // A secret's value is never echoed: it would land in terminals, CI logs and CloudWatch.
        const shown = SECRET_SETTINGS.has(setting) ? "" : `=${raw}`;
        throw new InputError(`${envName(setting)}${shown}: ${value.error.issues[0]?.message}.`);
      }
      return value.data as FileConfig[typeof setting];
    },
  };
}

/** The settings that say where a credential is sent, and the credential. */
const SECRET_DESTINATIONS: readonly { setting: SettingName; secret: string; usual?: string }[] = [
  { setting: "githubApiUrl", secret: "GITHUB_TOKEN", usual: "https://api.github.com" },
  { setting: "openaiBaseUrl", secret: "OPENAI_API_KEY" },
];

/**
 * A config file is found in the working folder, which may be a checkout someone else wrote: when it sets
 * where a credential of the environment goes, the run says so before sending anything.
 */
function warnRedirectedSecrets(
  path: string,
  file: FileConfig,
  env: NodeJS.ProcessEnv,
  warn: (message: string) => void,
): void {
  for (const { setting, secret, usual } of SECRET_DESTINATIONS) {
    const value = file[setting];
    if (typeof value !== "string" || !env[secret] || env[envName(setting)]) continue;
    const url = URL.parse(value);
    const where = url ? `${url.protocol}//${url.host}` : "an address";
    warn(`${path} sets ${setting}: ${secret} is sent to ${where}${usual ? `, not ${usual}` : ""}.`);
  }
}

/** Environment variables are strings: lists are comma-separated, numbers and booleans are parsed. */
function coerce(raw: string, setting: SettingName): unknown {
  if (LIST_SETTINGS.has(setting))
    return raw
      .split(",")
      .map((item) => item.trim())
      .filter(Boolean);
  if (raw === "true" || raw === "false") return raw === "true";
  return /^-?\d+(\.\d+)?$/.test(raw) ? Number(raw) : raw;
}

// What the AWS shared config files (~/.aws/credentials, ~/.aws/config) say about one profile, read without
// the SDK so that a missing setup is reported before any client is built or any request is sent.
import { existsSync, readFileSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";

/** Keys that make a profile a source of credentials for the SDK's default provider chain. */
const CREDENTIAL_KEYS = [
  "aws_access_key_id",
  "role_arn",
  "credential_process",
  "credential_source",
  "sso_session",
  "sso_start_url",
  "web_identity_token_file",
  "login_session",
];

export interface SharedProfile {
  name: string;
  /** Whether either file has a section for the profile. */
  found: boolean;
  /** The profile's settings from both files (credentials file wins), empty when it is in neither. */
  values: Record<string, string>;
  /** The files that were looked at, for messages. */
  files: string[];
}

/** The profile the SDK would use: AWS_PROFILE, else `default`. */
function profileName(env: NodeJS.ProcessEnv): string {
  return env.AWS_PROFILE || "default";
}

/** Same lookup as the SDK: the file variables, else ~/.aws under HOME (the variable first, as the SDK does). */
export function readSharedProfile(env: NodeJS.ProcessEnv): SharedProfile {
  const home = env.HOME || env.USERPROFILE || homedir();
  const credentialsFile = env.AWS_SHARED_CREDENTIALS_FILE || join(home, ".aws", "credentials");
  const configFile = env.AWS_CONFIG_FILE || join(home, ".aws", "config");
  const name = profileName(env);
  // In the config file every profile but `default` is written `[profile name]`.
  const configSection = name === "default" ? ["default", "profile default"] : [`profile ${name}`];
  const fromConfig = readSection(configFile, configSection);
  const fromCredentials = readSection(credentialsFile, [name]);
  return {
    name,
    found: fromConfig !== undefined || fromCredentials !== undefined,
    values: { ...fromConfig, ...fromCredentials },
    files: [credentialsFile, configFile],
  };
}

export function hasProfileCredentials(profile: SharedProfile): boolean {
  return CREDENTIAL_KEYS.some((key) => (profile.values[key] ?? "") !== "");
}

/** The key = value pairs of the first of `sections` found in an INI file; undefined when not there. */
function readSection(file: string, sections: string[]): Record<string, string> | undefined {
  if (!existsSync(file)) return undefined;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    return undefined; // unreadable (a directory, no permission): the SDK could not use it either
  }
  const found: Record<string, Record<string, string>> = {};
  let current: Record<string, string> | undefined;
  for (const raw of text.split(/\r?\n/)) {
    const line = raw.replace(/^\s+|\s+$/g, "");
    if (line === "" || line.startsWith("#") || line.startsWith(";")) continue;
    const header = /^\[\s*([^\]]+?)\s*\]$/.exec(line);
    if (header) {
      const title = (header[1] ?? "").replace(/\s+/g, " ");
      current = found[title] ??= {};
      continue;
    }
    const pair = /^([^=]+?)\s*=\s*(.*)$/.exec(line);
    if (pair && current) current[(pair[1] ?? "").toLowerCase()] = pair[2] ?? "";
  }
  for (const section of sections) {
    const values = found[section];
    if (values) return values;
  }
  return undefined;
}

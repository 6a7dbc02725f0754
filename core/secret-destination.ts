// Where a credential may be sent: over https, or over plain http to this machine's own loopback address
// when the user says so (VOUCH_ALLOW_HTTP_LOOPBACK=1, for a local test server). A config file cannot say
// so: it is the file that could point a token somewhere else.
import { isIP } from "node:net";
import { InputError } from "./errors.js";

export const ALLOW_HTTP_LOOPBACK = "VOUCH_ALLOW_HTTP_LOOPBACK";

/** Whether a URL's host is this machine: localhost, 127.0.0.0/8 or ::1. */
export function isLoopback(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, "");
  if (host === "localhost" || host.endsWith(".localhost")) return true;
  if (isIP(host) === 4) return host.startsWith("127.");
  return host === "::1" || host === "0:0:0:0:0:0:0:1";
}

export interface SecretDestination {
  /** The credential, as the user knows it: `GITHUB_TOKEN`. */
  secret: string;
  /** Where it would go. */
  url: string;
  /** The settings that name the URL: `githubApiUrl, VOUCH_GITHUB_API_URL or GITHUB_API_URL`. */
  setting: string;
  /** VOUCH_ALLOW_HTTP_LOOPBACK or the caller's own flag. */
  allowHttpLoopback?: boolean;
  env?: NodeJS.ProcessEnv;
}

/** InputError unless the credential may go to the URL (above). The message shows the origin only. */
export function refuseInsecureSecret(destination: SecretDestination): void {
  const url = URL.parse(destination.url);
  if (!url || url.protocol === "https:") return;
  const env = destination.env ?? process.env;
  const allowed = destination.allowHttpLoopback ?? ["1", "true"].includes(env[ALLOW_HTTP_LOOPBACK] ?? "");
  if (isLoopback(url) && allowed) return;
  const where = `${url.protocol}//${url.host}`;
  const way = isLoopback(url)
    ? `set ${ALLOW_HTTP_LOOPBACK}=1 to send it to this machine over http (a local test server)`
    : "use an https URL";
  throw new InputError(
    `${destination.secret} is sent only over https, and ${destination.setting} is ${where}: ${way}, or unset ${destination.secret}.`,
  );
}

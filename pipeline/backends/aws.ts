// Region, credentials and transport for the real AWS SDK clients (Bedrock runtime and agent runtime).
// The checks here run before a client exists, so a missing setup is a one-sentence InputError, not a
// network timeout. Credentials themselves always come from the SDK's default provider chain.
import { ConfiguredRetryStrategy, StandardRetryStrategy } from "@smithy/core/retry";
import { NodeHttp2Handler } from "@smithy/node-http-handler";
import { InputError } from "../../core/errors.js";
import { hasProfileCredentials, readSharedProfile } from "./aws-profile.js";

export type AwsService = "bedrock-runtime" | "bedrock-agent-runtime";

export const DEFAULT_MAX_ATTEMPTS = 3;
export const DEFAULT_AWS_TIMEOUT_MS = 30_000;

export interface AwsClientOptions {
  /** The --region flag or the awsRegion setting; wins over the environment and ~/.aws/config. */
  region?: string;
  /** Attempts per call including the first (SDK standard retry mode); default AWS_MAX_ATTEMPTS, else 3. */
  maxAttempts?: number;
  /** A request with no response activity for this long fails (and counts as a retryable attempt). */
  requestTimeoutMs?: number;
  /** A fixed wait between attempts instead of the SDK's backoff: tests keep retries fast with it. */
  retryDelayMs?: number;
  /** Where AWS_* variables and HOME are read; default process.env (the SDK itself always reads process.env). */
  env?: NodeJS.ProcessEnv;
}

/** What a Bedrock client constructor takes from us; endpoint overrides stay with the SDK (see below). */
export interface AwsClientConfig {
  region: string;
  maxAttempts: number;
  retryStrategy: StandardRetryStrategy;
  requestHandler: NodeHttp2Handler;
}

const REGION_PATTERN = /^[a-z]{2}(-[a-z]+)+-\d$/;

/** The region: flag/setting, else AWS_REGION, AWS_DEFAULT_REGION, else the profile's `region` in ~/.aws/config. */
export function resolveRegion(explicit: string | undefined, env: NodeJS.ProcessEnv = process.env): string {
  const profile = readSharedProfile(env);
  const candidates: [string, string | undefined][] = [
    ["the awsRegion setting", explicit],
    ["AWS_REGION", env.AWS_REGION],
    ["AWS_DEFAULT_REGION", env.AWS_DEFAULT_REGION],
    [`the region of AWS profile ${profile.name}`, profile.values.region],
  ];
  for (const [source, value] of candidates) {
    if (value === undefined || value.trim() === "") continue;
    const region = value.trim();
    if (!REGION_PATTERN.test(region))
      throw new InputError(`${source} is "${region}", which is not an AWS region like us-east-1.`);
    return region;
  }
  throw new InputError(
    "Bedrock needs an AWS region: set AWS_REGION (or awsRegion in vouch.config.yaml, or VOUCH_AWS_REGION).",
  );
}

/**
 * Fails unless one of the default chain's offline sources is configured: access keys, a profile, a web
 * identity token file or container credentials (and, for the runtime, a Bedrock API key). The chain's
 * last resort, EC2 instance metadata, cannot be seen offline: such hosts name it in a profile
 * (`credential_source = Ec2InstanceMetadata`) and set AWS_PROFILE.
 */
export function assertCredentialsConfigured(service: AwsService, env: NodeJS.ProcessEnv = process.env): void {
  const set = (name: string) => (env[name] ?? "") !== "";
  const profile = readSharedProfile(env);
  // The SDK prefers AWS_PROFILE even over access keys, and for a profile that is not there it would fall
  // through to instance metadata, a network call.
  if (set("AWS_PROFILE")) {
    if (profile.found) return;
    throw new InputError(
      `AWS_PROFILE is "${profile.name}", but neither ${profile.files.join(" nor ")} has that profile.`,
    );
  }
  if (set("AWS_ACCESS_KEY_ID") && set("AWS_SECRET_ACCESS_KEY")) return;
  if (set("AWS_WEB_IDENTITY_TOKEN_FILE") && set("AWS_ROLE_ARN")) return;
  if (set("AWS_CONTAINER_CREDENTIALS_RELATIVE_URI") || set("AWS_CONTAINER_CREDENTIALS_FULL_URI")) return;
  // Bedrock API keys are a bearer token the runtime client accepts; the agent runtime does not.
  if (service === "bedrock-runtime" && set("AWS_BEARER_TOKEN_BEDROCK")) return;
  if (hasProfileCredentials(profile)) return;
  throw new InputError(
    "Bedrock needs AWS credentials: set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE, or run `aws configure`.",
  );
}

/** Region, credential check, retries and timeout for one client, all settled before any network call. */
export function awsClientConfig(service: AwsService, options: AwsClientOptions = {}): AwsClientConfig {
  const env = options.env ?? process.env;
  const region = resolveRegion(options.region, env);
  assertCredentialsConfigured(service, env);
  const maxAttempts = options.maxAttempts ?? attemptsFromEnv(env) ?? DEFAULT_MAX_ATTEMPTS;
  if (!Number.isInteger(maxAttempts) || maxAttempts < 1)
    throw new InputError(
      `The number of AWS attempts must be a whole number of at least 1, not ${maxAttempts}.`,
    );
  const retryStrategy =
    options.retryDelayMs === undefined
      ? new StandardRetryStrategy(maxAttempts)
      : new ConfiguredRetryStrategy(maxAttempts, options.retryDelayMs);
  // Both Bedrock clients speak HTTP/2 by default; a new session per request is also the SDK's default
  // for them, and a stream timeout makes a silent server fail instead of hanging for 15 minutes.
  const requestHandler = new NodeHttp2Handler({
    requestTimeout: options.requestTimeoutMs ?? DEFAULT_AWS_TIMEOUT_MS,
    disableConcurrentStreams: true,
  });
  // No `endpoint` here on purpose: the SDK itself honours AWS_ENDPOINT_URL_BEDROCK_RUNTIME,
  // AWS_ENDPOINT_URL_BEDROCK_AGENT_RUNTIME and AWS_ENDPOINT_URL (tests point them at a local fake).
  return { region, maxAttempts, retryStrategy, requestHandler };
}

function attemptsFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const raw = env.AWS_MAX_ATTEMPTS;
  if (raw === undefined || raw.trim() === "") return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1)
    throw new InputError(`AWS_MAX_ATTEMPTS is "${raw}", which is not a whole number of at least 1.`);
  return value;
}

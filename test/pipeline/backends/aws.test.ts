import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { awsServiceError } from "../../../pipeline/backends/aws-errors.js";
import {
  assertCredentialsConfigured,
  awsClientConfig,
  DEFAULT_MAX_ATTEMPTS,
  resolveRegion,
} from "../../../pipeline/backends/aws.js";
import { InputError, ServiceError } from "../../../core/errors.js";
import { useAwsEnv, type AwsEnv } from "../../helpers/aws-env.js";

let env: AwsEnv | undefined;
afterEach(() => {
  env?.restore();
  env = undefined;
});

function awsFiles(home: string, files: { credentials?: string; config?: string }): void {
  mkdirSync(join(home, ".aws"), { recursive: true });
  if (files.credentials !== undefined) writeFileSync(join(home, ".aws", "credentials"), files.credentials);
  if (files.config !== undefined) writeFileSync(join(home, ".aws", "config"), files.config);
}

describe("resolveRegion", () => {
  it("takes the flag or setting first, then AWS_REGION, then AWS_DEFAULT_REGION", () => {
    env = useAwsEnv({ AWS_REGION: "eu-west-1", AWS_DEFAULT_REGION: "ap-south-1" });
    expect(resolveRegion("us-west-2")).toBe("us-west-2");
    expect(resolveRegion(undefined)).toBe("eu-west-1");
    delete process.env.AWS_REGION;
    expect(resolveRegion(undefined)).toBe("ap-south-1");
  });

  it("falls back to the region of the profile in ~/.aws/config", () => {
    env = useAwsEnv({ AWS_PROFILE: "work" });
    awsFiles(env.home, {
      config: "[default]\nregion = us-east-1\n\n[profile work]\nregion = eu-central-1\n",
    });
    expect(resolveRegion(undefined)).toBe("eu-central-1");
  });

  it("says what to set when no region is configured", () => {
    env = useAwsEnv();
    expect(() => resolveRegion(undefined)).toThrow(InputError);
    expect(() => resolveRegion(undefined)).toThrow(/set AWS_REGION/);
  });

  it("rejects a value that is not a region, naming where it came from", () => {
    env = useAwsEnv({ AWS_REGION: "mars" });
    expect(() => resolveRegion(undefined)).toThrow(/AWS_REGION is "mars"/);
  });
});

describe("assertCredentialsConfigured", () => {
  it("refuses when nothing is configured, in one sentence saying what to set", () => {
    env = useAwsEnv();
    expect(() => assertCredentialsConfigured("bedrock-runtime")).toThrow(InputError);
    expect(() => assertCredentialsConfigured("bedrock-runtime")).toThrow(
      /set AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or AWS_PROFILE/,
    );
  });

  it("needs both halves of an access key", () => {
    env = useAwsEnv({ AWS_ACCESS_KEY_ID: "AKIAFAKE" });
    expect(() => assertCredentialsConfigured("bedrock-runtime")).toThrow(InputError);
  });

  it.each([
    ["access keys", { AWS_ACCESS_KEY_ID: "AKIAFAKE", AWS_SECRET_ACCESS_KEY: "secret" }],
    [
      "a web identity token",
      { AWS_WEB_IDENTITY_TOKEN_FILE: "/var/token", AWS_ROLE_ARN: "arn:aws:iam::1:role/r" },
    ],
    ["container credentials", { AWS_CONTAINER_CREDENTIALS_RELATIVE_URI: "/v2/credentials/x" }],
    ["container credentials (full URI)", { AWS_CONTAINER_CREDENTIALS_FULL_URI: "http://169.254.170.23/v1" }],
  ])("accepts %s in the environment", (_name, vars) => {
    env = useAwsEnv(vars);
    expect(() => assertCredentialsConfigured("bedrock-runtime")).not.toThrow();
    expect(() => assertCredentialsConfigured("bedrock-agent-runtime")).not.toThrow();
  });

  it("accepts a Bedrock API key for the runtime only (the agent runtime cannot use it)", () => {
    env = useAwsEnv({ AWS_BEARER_TOKEN_BEDROCK: "bedrock-api-key" });
    expect(() => assertCredentialsConfigured("bedrock-runtime")).not.toThrow();
    expect(() => assertCredentialsConfigured("bedrock-agent-runtime")).toThrow(InputError);
  });

  it("accepts a default profile with keys in ~/.aws/credentials", () => {
    env = useAwsEnv();
    awsFiles(env.home, {
      credentials: "[default]\naws_access_key_id = AKIAFAKE\naws_secret_access_key = s\n",
    });
    expect(() => assertCredentialsConfigured("bedrock-runtime")).not.toThrow();
  });

  it("accepts an SSO default profile in ~/.aws/config, but not one with only a region", () => {
    env = useAwsEnv();
    awsFiles(env.home, { config: "[default]\nsso_session = corp\nregion = us-east-1\n" });
    expect(() => assertCredentialsConfigured("bedrock-runtime")).not.toThrow();
    awsFiles(env.home, { config: "[default]\nregion = us-east-1\n" });
    expect(() => assertCredentialsConfigured("bedrock-runtime")).toThrow(InputError);
  });

  it("reads the files named by AWS_SHARED_CREDENTIALS_FILE and AWS_CONFIG_FILE", () => {
    env = useAwsEnv();
    const file = join(env.home, "elsewhere");
    writeFileSync(file, "[default]\naws_access_key_id = AKIAFAKE\n");
    process.env.AWS_SHARED_CREDENTIALS_FILE = file;
    expect(() => assertCredentialsConfigured("bedrock-runtime")).not.toThrow();
  });

  it("accepts AWS_PROFILE naming a profile that exists, and refuses one that does not", () => {
    env = useAwsEnv({
      AWS_PROFILE: "work",
      ...{ AWS_ACCESS_KEY_ID: "AKIAFAKE", AWS_SECRET_ACCESS_KEY: "s" },
    });
    // The SDK prefers AWS_PROFILE over access keys, so a missing profile is an error even with keys set.
    expect(() => assertCredentialsConfigured("bedrock-runtime")).toThrow(/AWS_PROFILE is "work"/);
    awsFiles(env.home, {
      config: "[profile work]\nrole_arn = arn:aws:iam::1:role/r\nsource_profile = base\n",
    });
    expect(() => assertCredentialsConfigured("bedrock-runtime")).not.toThrow();
  });
});

describe("awsClientConfig", () => {
  it("settles region, attempts and transport before any client exists", () => {
    env = useAwsEnv({ AWS_REGION: "us-east-1", AWS_ACCESS_KEY_ID: "AKIAFAKE", AWS_SECRET_ACCESS_KEY: "s" });
    const config = awsClientConfig("bedrock-runtime");
    expect(config.region).toBe("us-east-1");
    expect(config.maxAttempts).toBe(DEFAULT_MAX_ATTEMPTS);
    expect(config.retryStrategy.mode).toBe("standard");
    expect(awsClientConfig("bedrock-runtime", { maxAttempts: 5 }).maxAttempts).toBe(5);
    process.env.AWS_MAX_ATTEMPTS = "2";
    expect(awsClientConfig("bedrock-runtime").maxAttempts).toBe(2);
  });

  it("checks the region before the credentials, and both before anything else", () => {
    env = useAwsEnv();
    expect(() => awsClientConfig("bedrock-agent-runtime")).toThrow(/AWS region/);
    process.env.AWS_REGION = "us-east-1";
    expect(() => awsClientConfig("bedrock-agent-runtime")).toThrow(/AWS credentials/);
  });

  it("rejects an attempt count below one", () => {
    env = useAwsEnv({ AWS_REGION: "us-east-1", AWS_ACCESS_KEY_ID: "AKIAFAKE", AWS_SECRET_ACCESS_KEY: "s" });
    expect(() => awsClientConfig("bedrock-runtime", { maxAttempts: 0 })).toThrow(InputError);
    process.env.AWS_MAX_ATTEMPTS = "lots";
    expect(() => awsClientConfig("bedrock-runtime")).toThrow(/AWS_MAX_ATTEMPTS/);
  });
});

describe("awsServiceError", () => {
  const subject = "Bedrock model m1";

  it("names the target, the error type, the status and the attempts", () => {
    const error = Object.assign(new Error("Too many requests"), {
      name: "ThrottlingException",
      $metadata: { httpStatusCode: 429, attempts: 3 },
    });
    const mapped = awsServiceError(subject, error);
    expect(mapped).toBeInstanceOf(ServiceError);
    expect(mapped.message).toBe(
      "Bedrock model m1 failed after 3 attempts (ThrottlingException, HTTP 429: Too many requests).",
    );
  });

  it("says when the credentials could not be loaded or were refused", () => {
    const provider = Object.assign(new Error("Could not load credentials from any providers"), {
      name: "CredentialsProviderError",
    });
    expect(awsServiceError(subject, provider).message).toMatch(/could not load credentials/);
    const denied = Object.assign(new Error("no access"), {
      name: "AccessDeniedException",
      $metadata: { httpStatusCode: 403 },
    });
    expect(awsServiceError(subject, denied).message).toMatch(
      /denied access \(AccessDeniedException: no access\)/,
    );
  });

  it("says how long a timed-out call waited", () => {
    const timeout = Object.assign(new Error("Stream timed out"), {
      name: "TimeoutError",
      $metadata: { attempts: 2 },
    });
    expect(awsServiceError(subject, timeout, 30_000).message).toBe(
      "Bedrock model m1 did not answer within 30 s after 2 attempts (TimeoutError).",
    );
  });
});

// A fake Bedrock for each test (or for a whole file), reached by the real SDK clients through the standard
// endpoint setting with dummy credentials and a clean AWS environment; both are undone after.
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { type FakeBedrock, startFakeBedrock } from "../fakes/bedrock-server.js";
import { type AwsEnv, DUMMY_CREDENTIALS, useAwsEnv } from "./aws-env.js";

export interface FakeBedrockFixture extends FakeBedrock {
  /** The AWS environment the fake is reached through. */
  readonly env: AwsEnv;
  /** Replace that environment (it is still undone after the test or file). */
  replaceEnv(vars: Record<string, string | undefined>): AwsEnv;
}

export interface FakeBedrockOptions {
  /** A fresh fake for each test (default), or one for the file. */
  scope?: "each" | "all";
  /** Which endpoint variables point at it: the runtime (Converse), the agent runtime (Retrieve) or both. */
  endpoint?: "runtime" | "agent-runtime" | "both";
  /** More variables for the environment. */
  vars?: Record<string, string>;
}

export function useFakeBedrock(options: FakeBedrockOptions = {}): FakeBedrockFixture {
  let fake: FakeBedrock | undefined;
  let env: AwsEnv | undefined;
  const endpoint = options.endpoint ?? "runtime";
  const variables = [
    ...(endpoint === "agent-runtime" ? [] : ["AWS_ENDPOINT_URL_BEDROCK_RUNTIME"]),
    ...(endpoint === "runtime" ? [] : ["AWS_ENDPOINT_URL_BEDROCK_AGENT_RUNTIME"]),
  ];
  const current = (): FakeBedrock => {
    if (!fake) throw new Error("the fake Bedrock is used outside a test");
    return fake;
  };
  const [before, after] = options.scope === "all" ? [beforeAll, afterAll] : [beforeEach, afterEach];
  before(async () => {
    fake = await startFakeBedrock();
    const url = fake.url;
    const endpoints = Object.fromEntries(variables.map((name) => [name, url]));
    env = useAwsEnv({ ...DUMMY_CREDENTIALS, ...endpoints, ...options.vars });
  });
  after(async () => {
    env?.restore();
    await fake?.close();
    fake = env = undefined;
  });
  return {
    get url() {
      return current().url;
    },
    get requests() {
      return current().requests;
    },
    get env() {
      if (!env) throw new Error("the AWS environment is used outside a test");
      return env;
    },
    script: (route, ...replies) => current().script(route, ...replies),
    close: () => current().close(),
    replaceEnv(vars) {
      env?.restore();
      env = useAwsEnv(vars);
      return env;
    },
  };
}

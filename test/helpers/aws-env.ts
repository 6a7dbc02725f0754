// Gives a test a clean AWS environment: every AWS_* variable removed, HOME pointing at an empty folder
// (so the developer's ~/.aws never leaks in), then the given variables set. The SDK reads process.env
// itself, so this edits process.env and returns the function that puts it back.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface AwsEnv {
  /** The empty home folder, for tests that write ~/.aws files. */
  home: string;
  restore(): void;
}

export const DUMMY_CREDENTIALS = {
  AWS_ACCESS_KEY_ID: "AKIAFAKEFAKEFAKEFAKE",
  AWS_SECRET_ACCESS_KEY: "fake/secret/key/for/tests/only/000000000",
  AWS_REGION: "us-east-1",
};

export function useAwsEnv(vars: Record<string, string | undefined> = {}): AwsEnv {
  const saved = { ...process.env };
  const home = mkdtempSync(join(tmpdir(), "vouch-aws-home-"));
  for (const key of Object.keys(process.env)) {
    if (key.startsWith("AWS_") || key === "OPENAI_API_KEY" || key === "OPENAI_BASE_URL")
      delete process.env[key];
  }
  process.env.HOME = home;
  process.env.USERPROFILE = home;
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  return {
    home,
    restore() {
      for (const key of Object.keys(process.env)) if (!(key in saved)) delete process.env[key];
      Object.assign(process.env, saved);
      rmSync(home, { recursive: true, force: true });
    },
  };
}

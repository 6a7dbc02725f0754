import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { envName, loadSettings } from "../../../pipeline/inputs/config.js";
import { InputError } from "../../../core/errors.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "vouch-config-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const config = (text: string) => writeFile(join(dir, "vouch.config.yaml"), text);

describe("loadSettings", () => {
  it("returns the flags alone without a file or variables", async () => {
    const settings = await loadSettings(dir, {});
    expect(settings.get("maxRepos")).toBeUndefined();
    expect(settings.get("maxRepos", 4)).toBe(4);
  });

  it("reads vouch.config.yaml", async () => {
    await config("maxRepos: 5\nincludeForks: true\n");
    const settings = await loadSettings(dir, {});
    expect([settings.get("maxRepos"), settings.get("includeForks")]).toEqual([5, true]);
  });

  it("takes flags, then VOUCH_* variables, then the file", async () => {
    await config("maxRepos: 3\n");
    const settings = await loadSettings(dir, { VOUCH_MAX_REPOS: "7", VOUCH_INCLUDE_FORKS: "true" });
    expect(settings.get("maxRepos", 9)).toBe(9);
    expect(settings.get("maxRepos")).toBe(7);
    expect(settings.get("includeForks")).toBe(true);
    expect((await loadSettings(dir, {})).get("maxRepos")).toBe(3);
  });

  it.each([
    [
      "a bad value",
      "includeForks: true\nmaxRepos: lots\n",
      /vouch\.config\.yaml: line 2: field "maxRepos": /,
    ],
    ["an unknown field", "maxRepo: 3\n", /vouch\.config\.yaml: line 1: field "maxRepo": /],
    ["broken YAML", "maxRepos: 3\n  bad: [\n", /vouch\.config\.yaml: line \d+: /],
  ])("names the file, line and field of %s", async (_name, text, message) => {
    await config(text);
    const error = await loadSettings(dir, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(message);
  });

  it("names a bad environment variable", async () => {
    const settings = await loadSettings(dir, { VOUCH_MAX_REPOS: "many" });
    expect(() => settings.get("maxRepos")).toThrow(/^VOUCH_MAX_REPOS=many: /);
  });

  it("maps setting names to environment variables", () => {
    expect(envName("maxFileBytes")).toBe("VOUCH_MAX_FILE_BYTES");
    expect(envName("githubApiUrl")).toBe("VOUCH_GITHUB_API_URL");
  });
});

describe("the choices of --writer, --kb, --verifier and --mode, in the file and the variables", () => {
  const FILE_CASES: [string, string][] = [
    [
      "writer: gpt\n",
      'vouch.config.yaml: line 1: field "writer": expected template, bedrock, openai or scripted:<file>.',
    ],
    [
      "writer: scripted\n",
      'vouch.config.yaml: line 1: field "writer": scripted needs the draft\'s file: scripted:<file>.',
    ],
    [
      "writer: template\nkb: weird\n",
      'vouch.config.yaml: line 2: field "kb": expected local or bedrock:<knowledge base id>.',
    ],
    [
      "kb: 'bedrock:'\n",
      'vouch.config.yaml: line 1: field "kb": a Bedrock knowledge base needs its id: bedrock:<knowledge base id>.',
    ],
    [
      "verifier: haiku\n",
      'vouch.config.yaml: line 1: field "verifier": expected local, bedrock, openai or off.',
    ],
    ["mode: strict\n", 'vouch.config.yaml: line 1: field "mode": expected block or warn.'],
  ];
  it.each(FILE_CASES)("refuses %j in vouch.config.yaml", async (text, message) => {
    await config(text);
    const error = await loadSettings(dir, {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(
      `${join(dir, "vouch.config.yaml")}${message.slice("vouch.config.yaml".length)}`,
    );
  });

  const ENV_CASES: [string, string, string][] = [
    [
      "writer",
      "VOUCH_WRITER=gpt",
      "VOUCH_WRITER=gpt: expected template, bedrock, openai or scripted:<file>.",
    ],
    [
      "writer",
      "VOUCH_WRITER=scripted",
      "VOUCH_WRITER=scripted: scripted needs the draft's file: scripted:<file>.",
    ],
    ["kb", "VOUCH_KB=weird", "VOUCH_KB=weird: expected local or bedrock:<knowledge base id>."],
    ["verifier", "VOUCH_VERIFIER=gpt", "VOUCH_VERIFIER=gpt: expected local, bedrock, openai or off."],
    ["mode", "VOUCH_MODE=1", "VOUCH_MODE=1: expected block or warn."],
  ];
  it.each(ENV_CASES)("refuses a bad %s variable: %s", async (setting, assignment, message) => {
    const [name, value] = assignment.split("=") as [string, string];
    const settings = await loadSettings(dir, { [name]: value });
    expect(() => settings.get(setting as "writer")).toThrow(new InputError(message));
  });

  it.each([
    ["writer", "scripted:drafts/a.json"],
    ["writer", "bedrock"],
    ["kb", "bedrock:KB12345678"],
    ["verifier", "off"],
    ["mode", "warn"],
  ])("accepts %s %s", async (setting, value) => {
    await config(`${setting}: "${value}"\n`);
    expect((await loadSettings(dir, {})).get(setting as "writer")).toBe(value);
  });

  it("says on stderr when the file sets where a credential of the environment is sent", async () => {
    await config("githubApiUrl: http://127.0.0.1:9/api/v3\nopenaiBaseUrl: https://llm.example.com/v1\n");
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    await loadSettings(dir, { GITHUB_TOKEN: "ghp_x", OPENAI_API_KEY: "sk-x" }, warn);
    expect(warnings).toEqual([
      `${join(dir, "vouch.config.yaml")} sets githubApiUrl: GITHUB_TOKEN is sent to http://127.0.0.1:9, not https://api.github.com.`,
      `${join(dir, "vouch.config.yaml")} sets openaiBaseUrl: OPENAI_API_KEY is sent to https://llm.example.com.`,
    ]);
    // No credential, or a variable that overrides the file: nothing goes where the file says.
    warnings.length = 0;
    await loadSettings(dir, {}, warn);
    await loadSettings(dir, { GITHUB_TOKEN: "ghp_x", VOUCH_GITHUB_API_URL: "https://api.github.com" }, warn);
    expect(warnings).toEqual([]);
  });
});

import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { envName, loadSettings } from "../../pipeline/config.js";
import { InputError } from "../../core/errors.js";

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

// `vouch keygen --out DIR`: an Ed25519 pair as PEM, the private key 0600, never overwritten.
import { createPrivateKey, createPublicKey, generateKeyPairSync } from "node:crypto";
import { mkdtemp, readFile, readdir, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { keyId } from "../../../pipeline/audit/signing.js";
import { runCli } from "../../helpers/cli.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), "vouch-keygen-"));
});
afterEach(() => rm(dir, { recursive: true, force: true }));

describe("vouch keygen", () => {
  it("writes an Ed25519 pair as PEM, the private key readable by its owner only", async () => {
    const out = join(dir, "keys");
    const run = await runCli(["keygen", "--out", out]);
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect((await readdir(out)).sort()).toEqual(["vouch-signing.key", "vouch-signing.pub"]);
    const privatePem = await readFile(join(out, "vouch-signing.key"), "utf8");
    const publicPem = await readFile(join(out, "vouch-signing.pub"), "utf8");
    expect(privatePem).toMatch(/^-----BEGIN PRIVATE KEY-----\n/);
    expect(publicPem).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    const privateKey = createPrivateKey(privatePem);
    expect(privateKey.asymmetricKeyType).toBe("ed25519");
    // The public file is the private key's own half.
    expect(keyId(privateKey)).toBe(keyId(createPublicKey(publicPem)));
    expect((await stat(join(out, "vouch-signing.key"))).mode & 0o777).toBe(0o600);
    expect(run.stdout).toBe(
      `wrote ${join(out, "vouch-signing.key")} (private: keep it secret; mode 0600) and ${join(out, "vouch-signing.pub")} (public: give it to auditors)\n` +
        `key id (SHA-256 of the public key): ${keyId(privateKey)}\n`,
    );
  });

  it.each(["vouch-signing.key", "vouch-signing.pub"])(
    "refuses with exit 2 to overwrite an existing %s, and changes nothing",
    async (existing) => {
      await writeFile(join(dir, existing), "precious");
      const run = await runCli(["keygen", "--out", dir]);
      expect(run).toEqual({
        code: 2,
        stdout: "",
        stderr: `vouch: ${join(dir, existing)}: a key is already there; vouch keygen never overwrites a key.\n`,
      });
      expect(await readdir(dir)).toEqual([existing]);
      expect(await readFile(join(dir, existing), "utf8")).toBe("precious");
    },
  );

  it("makes a different pair each time", async () => {
    await runCli(["keygen", "--out", join(dir, "a")]);
    await runCli(["keygen", "--out", join(dir, "b")]);
    const pem = (k: string) => readFile(join(dir, k, "vouch-signing.pub"), "utf8");
    expect(await pem("a")).not.toBe(await pem("b"));
  });

  it("needs --out", async () => {
    const run = await runCli(["keygen"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/required option '--out <dir>'/);
  });
});

describe("signing keys given to generate and audit", () => {
  const cases: [string, () => string, string[], string][] = [
    [
      "not a key",
      () => "hello",
      [
        "generate",
        "--profile",
        "samples/profile.yaml",
        "--job",
        "samples/jobs/platform-engineer.md",
        "--out",
        "never-written",
        "--sign-key",
      ],
      "not a PEM private key (make one with vouch keygen --out DIR).",
    ],
    [
      "an RSA private key",
      () =>
        generateKeyPairSync("rsa", { modulusLength: 1024 }).privateKey.export({
          type: "pkcs8",
          format: "pem",
        }) as string,
      ["audit", "override", "log.jsonl", "1", "--reason", "r", "--sign-key"],
      "a rsa key; vouch signs with Ed25519 keys only.",
    ],
    [
      "a file that is not a public key",
      () => "-----BEGIN PUBLIC KEY-----\nAAAA\n-----END PUBLIC KEY-----\n",
      ["audit", "somewhere", "--verify", "--public-key"],
      "not a PEM public key (vouch keygen writes one beside the private key).",
    ],
  ];
  it.each(cases)("%s is exit 2 naming the file", async (_name, pem, args, message) => {
    const key = join(dir, "key.pem");
    await writeFile(key, pem());
    const run = await runCli([...args, key]);
    expect(run).toMatchObject({ code: 2, stderr: `vouch: ${key}: ${message}\n` });
    expect(await readdir(".")).not.toContain("never-written");
  });

  it("a missing key file is exit 2 naming it", async () => {
    const run = await runCli(["audit", dir, "--verify", "--public-key", join(dir, "nope.pub")]);
    expect(run).toMatchObject({
      code: 2,
      stderr: `vouch: ${join(dir, "nope.pub")}: no such public key file.\n`,
    });
  });

  it("--public-key without --verify or --restore is a usage error", async () => {
    const run = await runCli(["audit", dir, "--public-key", join(dir, "k.pub")]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/--public-key checks a signature: it goes with --verify, --restore/);
  });
});

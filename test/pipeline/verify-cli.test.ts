// `vouch verify` through the CLI: the printed contract, bad input (exit 2), the Bedrock verifier through the
// real SDK client against the local fake, and a service failure (NOT_GROUNDED and exit 3).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { bedrockFault, bedrockReply, startFakeBedrock } from "../fakes/bedrock-server.js";
import { useAwsEnv } from "../helpers/aws-env.js";
import { runCli } from "../helpers/cli.js";
import { useFakeBedrock } from "../helpers/fake-bedrock.js";

const dir = mkdtempSync(join(tmpdir(), "vouch-verify-"));
const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const chunks = file(
  "chunks.json",
  JSON.stringify([
    "Deploys take 6 minutes and run from GitHub Actions.",
    { id: "orders", text: "The orders service is written in Go." },
  ]),
);
const grounded = file("grounded.txt", "Deploys take 6 minutes and run from GitHub Actions.\n");
const fabricated = file(
  "fabricated.txt",
  "- The orders service is written in Go.\n- Deploys take 2 minutes.\n",
);

describe("vouch verify --verifier local", () => {
  it("prints exactly { verdict, reason, ungroundedClaims } with --json", async () => {
    const run = await runCli(["verify", "--answer", fabricated, "--chunks", chunks, "--json"]);
    expect(run.code).toBe(0);
    const out = JSON.parse(run.stdout) as Record<string, unknown>;
    expect(Object.keys(out)).toEqual(["verdict", "reason", "ungroundedClaims"]);
    expect(out).toMatchObject({ verdict: "NOT_GROUNDED", ungroundedClaims: ["Deploys take 2 minutes."] });
    expect(run.stderr).toBe("");
  });

  it("grounds a supported answer and exits 1 on NOT_GROUNDED only with --fail-on-block", async () => {
    expect(
      JSON.parse((await runCli(["verify", "--answer", grounded, "--chunks", chunks, "--json"])).stdout),
    ).toMatchObject({
      verdict: "GROUNDED",
    });
    expect(
      (await runCli(["verify", "--answer", fabricated, "--chunks", chunks, "--fail-on-block"])).code,
    ).toBe(1);
    expect((await runCli(["verify", "--answer", grounded, "--chunks", chunks, "--fail-on-block"])).code).toBe(
      0,
    );
  });

  it("prints a readable verdict without --json", async () => {
    const run = await runCli(["verify", "--answer", fabricated, "--chunks", chunks]);
    expect(run.stdout).toMatch(/^NOT_GROUNDED: 1 of 2 claims .*\n {2}- Deploys take 2 minutes\.\n$/);
  });
});

describe("bad input exits 2 with one sentence naming the file", () => {
  it.each([
    [
      "a missing answer",
      () => ["--answer", join(dir, "nope.txt"), "--chunks", chunks],
      /nope\.txt: no such file\./,
    ],
    [
      "a missing chunks file",
      () => ["--answer", grounded, "--chunks", join(dir, "nope.json")],
      /nope\.json: no such file\./,
    ],
    [
      "chunks that are not JSON",
      () => ["--answer", grounded, "--chunks", file("bad.json", "[1,")],
      /bad\.json: not valid JSON/,
    ],
    [
      "an empty chunks array",
      () => ["--answer", grounded, "--chunks", file("empty.json", "[]")],
      /expected at least one chunk/,
    ],
    [
      "an empty chunk",
      () => ["--answer", grounded, "--chunks", file("blank.json", '["ok", " "]')],
      /blank\.json: line 1: field "\[1\]": empty chunk\./,
    ],
    [
      "an answer over 100 KB",
      () => ["--answer", file("big.txt", "word ".repeat(30_000)), "--chunks", chunks],
      /at most 100 KB/,
    ],
    [
      "an empty answer",
      () => ["--answer", file("blank.txt", "\n"), "--chunks", chunks],
      /the answer is empty/,
    ],
    [
      "an unknown verifier",
      () => ["--answer", grounded, "--chunks", chunks, "--verifier", "magic"],
      /invalid/,
    ],
  ])("%s", async (_name, args, message) => {
    const run = await runCli(["verify", ...args()]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(message);
    expect(run.stdout).toBe("");
  });

  it("bedrock without credentials says what to set, before any request", async () => {
    const fake = await startFakeBedrock();
    const env = useAwsEnv({ AWS_REGION: "us-east-1", AWS_ENDPOINT_URL_BEDROCK_RUNTIME: fake.url });
    try {
      const run = await runCli(["verify", "--answer", grounded, "--chunks", chunks, "--verifier", "bedrock"]);
      expect(run.code).toBe(2);
      expect(run.stderr).toMatch(/credentials/i);
      expect(fake.requests).toHaveLength(0);
    } finally {
      env.restore();
      await fake.close();
    }
  });
});

describe("vouch verify --verifier bedrock", () => {
  const fake = useFakeBedrock({ scope: "all" });
  const verifyWithBedrock = () =>
    runCli(["verify", "--answer", grounded, "--chunks", chunks, "--verifier", "bedrock", "--json"]);

  it("asks Claude Haiku with the forced grounding_verdict tool and prints its verdict", async () => {
    fake.script("converse", bedrockReply.verdict("GROUNDED", "Chunk 1 supports it."));
    const run = await verifyWithBedrock();
    expect(run.code).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual({
      verdict: "GROUNDED",
      reason: "Chunk 1 supports it.",
      ungroundedClaims: [],
    });
    const request = fake.requests.at(-1)!;
    expect(request.path).toBe(
      `/model/${encodeURIComponent("us.anthropic.claude-haiku-4-5-20251001-v1:0")}/converse`,
    );
    expect(request.body).toMatchObject({
      toolConfig: { toolChoice: { tool: { name: "grounding_verdict" } } },
    });
  });

  it("a service failure prints NOT_GROUNDED and exits 3", async () => {
    fake.script("converse", bedrockFault.validation("bad input"));
    const run = await verifyWithBedrock();
    expect(run.code).toBe(3);
    expect(JSON.parse(run.stdout)).toMatchObject({ verdict: "NOT_GROUNDED" });
    expect(run.stderr).toMatch(/service failed/);
  });
});

// Overrides at once on one folder (issue 26): nineteen real `vouch audit override` processes, each on
// its own record. Every one that exits 0 has its record in the log, the chain still verifies, and one
// that cannot get the lock in time says so and exits non-zero (the lock's bounded wait, below).
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import lockfile from "proper-lockfile";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { VouchError } from "../../../core/errors.js";
import { withLogLock } from "../../../pipeline/audit/log-lock.js";
import { generateSample, runCli } from "../../helpers/cli.js";

const root = resolve(import.meta.dirname, "../../..");
const hooks = join(import.meta.dirname, "../outputs", "ts-hooks.mjs");
const RUNS = 19;

let parent: string;
let out: string;
beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), "vouch-overrides-"));
  out = join(parent, "out");
  const run = await generateSample(out, "--writer", "scripted:samples/drafts/fabricated.json");
  expect(run.code).toBe(0);
}, 60_000);
afterAll(() => rm(parent, { recursive: true, force: true }));

function override(seq: number): Promise<{ code: number | null; stderr: string }> {
  const args = [
    "--import",
    hooks,
    "server/bin.ts",
    "audit",
    "override",
    out,
    String(seq),
    "--reason",
    `seq ${seq} is true`,
  ];
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((done) => child.on("exit", (code) => done({ code, stderr })));
}

describe("audit override, many at once", () => {
  it("every exit 0 is a record in the log, and the chain verifies", async () => {
    const log = join(out, "redaction-log.jsonl");
    const before = (await readFile(log, "utf8")).trim().split("\n").length;
    expect(before).toBeGreaterThanOrEqual(RUNS);
    const runs = await Promise.all(Array.from({ length: RUNS }, (_, i) => override(i + 1)));
    const ok = runs.filter((r) => r.code === 0).length;
    for (const r of runs.filter((r) => r.code !== 0)) expect(r.stderr).toMatch(/lock|already overridden/);
    const records = (await readFile(log, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { guard: string });
    expect(records.filter((r) => r.guard === "override")).toHaveLength(ok);
    expect(ok).toBe(RUNS);
    const verify = await runCli(["audit", out, "--verify"]);
    expect(verify.code).toBe(0);
  }, 120_000);
});

describe("the log's lock", () => {
  it("waits a bounded time for another writer, says so, and lets the next one in once released", async () => {
    const path = join(out, "redaction-log.jsonl");
    const release = await lockfile.lock(path, { realpath: false });
    const started = Date.now();
    const refused = await withLogLock(path, () => Promise.resolve("written"), 400).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(VouchError);
    expect((refused as VouchError).exitCode).toBe(1);
    expect((refused as Error).message).toMatch(
      /another writer has held its lock .* nothing was appended, run it again\.$/,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    await release();
    await expect(withLogLock(path, () => Promise.resolve("written"), 400)).resolves.toBe("written");
  });
});

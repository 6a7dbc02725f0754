// All or nothing under kill -9: the real CLI (from source, see ts-hooks.mjs) generates the sample
// candidate's signed run over a previous one and is killed with SIGKILL at random instants, half of them
// timed to the moment its temporary folder appears (the writes and the renames). After every kill the
// folder holds exactly a complete set, the old one or the new one, and it verifies with the public key.
import { type ChildProcess, spawn } from "node:child_process";
import { watch } from "node:fs";
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { writeKeyPair } from "../../../pipeline/audit/keygen.js";
import { OUTPUT_FILES } from "../../../pipeline/outputs/files.js";
import { runCli } from "../../helpers/cli.js";

const root = resolve(import.meta.dirname, "../../..");
const hooks = join(import.meta.dirname, "ts-hooks.mjs");
const KILLS = 15;

let parent: string;
let out: string;
let keys: { privateKey: string; publicKey: string };
beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), "vouch-kill-"));
  out = join(parent, "out");
  keys = await writeKeyPair(join(parent, "keys"));
});
afterAll(() => rm(parent, { recursive: true, force: true }));

function generate(): ChildProcess {
  const args = ["--import", hooks, "server/bin.ts", "generate", "--profile", "samples/profile.yaml"];
  args.push("--job", "samples/jobs/platform-engineer.md", "--out", out, "--sign-key", keys.privateKey);
  return spawn(process.execPath, args, { cwd: root, stdio: ["ignore", "ignore", "pipe"] });
}

function exited(child: ChildProcess): Promise<{ code: number | null; signal: string | null }> {
  return new Promise((done) => child.on("exit", (code, signal) => done({ code, signal })));
}

/** The run id of the complete set in `out`, after checking it holds exactly a signed run that verifies. */
async function completeSet(): Promise<string> {
  const run = await runCli(["audit", out, "--verify", "--public-key", keys.publicKey]);
  expect(run.stderr).toBe("");
  expect(run.code).toBe(0);
  expect(run.stdout).toContain("signature valid");
  expect((await readdir(out)).sort()).toEqual([...OUTPUT_FILES, "report.json.sig"].sort());
  return (JSON.parse(await readFile(join(out, "report.json"), "utf8")) as { runId: string }).runId;
}

describe("vouch generate killed with SIGKILL", () => {
  it(`leaves the old complete set or the new one, each verifying (${KILLS} kills)`, async () => {
    const first = generate();
    const started = Date.now();
    expect((await exited(first)).code).toBe(0);
    const fullRunMs = Date.now() - started;
    const seen = [await completeSet()];
    const tally = { old: 0, new: 0, betweenRenames: 0, leftovers: 0 };

    for (let i = 0; i < KILLS; i++) {
      const child = generate();
      const done = exited(child);
      const kill = () => child.kill("SIGKILL");
      let watcher: ReturnType<typeof watch> | undefined;
      if (i % 2 === 0) {
        setTimeout(kill, Math.random() * fullRunMs * 1.1);
      } else {
        // Kill within a few milliseconds of the temporary folder appearing: the writes, fsyncs and renames.
        watcher = watch(parent, (_event, name) => {
          if (String(name).startsWith("out.tmp-")) setTimeout(kill, Math.random() * 25);
        });
      }
      await done;
      watcher?.close();

      const beside = (await readdir(parent)).filter((n) => n !== "keys");
      if (!beside.includes("out")) tally.betweenRenames++;
      if (beside.some((n) => n !== "out")) tally.leftovers++;
      // The reader settles an interrupted swap itself (DIR missing: the complete .tmp goes into place).
      const runId = await completeSet();
      if (runId === seen.at(-1)) tally.old++;
      else {
        expect(seen).not.toContain(runId);
        tally.new++;
        seen.push(runId);
      }
    }

    // The next complete run cleans every leftover and replaces the set whole.
    expect((await exited(generate())).code).toBe(0);
    expect(await completeSet()).not.toBe(seen.at(-1));
    expect((await readdir(parent)).sort()).toEqual(["keys", "out"]);
    expect(tally.old + tally.new).toBe(KILLS);
    console.info(`SIGKILL tally over ${KILLS} kills: ${JSON.stringify(tally)}`);
  }, 300_000);
});

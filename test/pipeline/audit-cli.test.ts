import { readFile, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FIXTURE_FILES, draft, type Fixture, writeFixture } from "./audit/fixture.js";
import { editReason, forge, insertAt, removeAt, swap, toText } from "./audit/tamper.js";
import { runCli } from "../helpers/cli.js";

let fx: Fixture;
beforeEach(async () => {
  fx = await writeFixture("vouch-audit-cli-");
});
afterEach(() => rm(fx.dir, { recursive: true, force: true }));

const audit = (...args: string[]) => runCli(["audit", ...args]);

describe("vouch audit: the summary", () => {
  it("prints the chain status, the counts and every record", async () => {
    const run = await audit(fx.dir);
    expect(run).toMatchObject({ code: 0, stderr: "" });
    expect(run.stdout).toContain("chain intact: 5 records\n");
    expect(run.stdout).toContain("by action: demote 1, redact 3, remove 1\n");
    expect(run.stdout).toContain('    "$2M" → "[NUM_REDACTED]"\n');
  });

  it("--json prints the summary and nothing else", async () => {
    const run = await audit(fx.logPath, "--json");
    expect(run).toMatchObject({ code: 0, stderr: "" });
    const json = JSON.parse(run.stdout);
    expect(Object.keys(json)).toEqual(["log", "chain", "counts", "records"]);
    expect(json.counts.total).toBe(5);
  });

  it("--csv prints a header and one row per record", async () => {
    const run = await audit(fx.dir, "--csv");
    expect(run.code).toBe(0);
    // The summary's columns first; the full record's fields (pipeline/audit/html/export.ts) follow.
    expect(run.stdout).toMatch(/^seq,guard,rule,action,field,before,after,reason[,\r]/);
    expect(run.stdout).toContain(',"50,000 requests per second",[NUM_REDACTED],');
  });

  it("still summarises a broken chain, and says so, without --verify", async () => {
    await writeFile(fx.logPath, toText(editReason(fx.records, 1)));
    const run = await audit(fx.dir);
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/chain BROKEN: .*line 2 \(seq 2\): hash does not match/);
  });

  it("needs a log", async () => {
    const run = await runCli(["audit"]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/missing required argument 'log'/);
  });

  it("rejects --json with --csv as a usage error", async () => {
    const run = await audit(fx.dir, "--json", "--csv");
    expect(run).toMatchObject({
      code: 2,
      stdout: "",
      stderr: "vouch: give at most one of --json and --csv.\n",
    });
  });
});

describe("vouch audit --verify", () => {
  it("exits 0 on an intact run and says it is unsigned", async () => {
    expect(await audit(fx.dir, "--verify")).toEqual({
      code: 0,
      stdout:
        "chain intact: 5 records, matching report.json\n" +
        "outputs intact: 5 files match their SHA-256 in report.json\n" +
        "not proven: that these are the run's outputs; the run is unsigned (no report.json.sig), and anyone who can write this folder can re-chain the log and rewrite report.json: sign runs with vouch generate --sign-key FILE\n",
      stderr: "",
    });
  });

  it.each([
    [
      "a record's reason edited",
      () => toText(editReason(fx.records, 3)),
      4,
      4,
      /hash does not match.*edited/,
    ],
    ["a line removed", () => toText(removeAt(fx.records, 2)), 3, 4, /seq 3 was expected here: .*removed/],
    ["two lines swapped", () => toText(swap(fx.records, 2, 3)), 3, 4, /seq 3 was expected here/],
    [
      "a forged record inserted",
      () => toText(insertAt(fx.records, 1, forge(fx.records[1]!, 2))),
      2,
      2,
      /prevHash is not the hash of the record before it/,
    ],
  ])("exits 1 naming the first bad record after %s", async (_name, tamper, line, seq, problem) => {
    await writeFile(fx.logPath, tamper());
    const run = await audit(fx.dir, "--verify");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(
      new RegExp(`^vouch: .*redaction-log\\.jsonl: line ${line} \\(seq ${seq}\\): `),
    );
    expect(run.stderr).toMatch(problem);
    expect(run.stderr.trim().split("\n")).toHaveLength(1);
  });

  it("exits 1 with --json too, the summary on stdout naming the first bad record", async () => {
    await writeFile(fx.logPath, toText(editReason(fx.records, 0)));
    const run = await audit(fx.dir, "--verify", "--json");
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).chain).toMatchObject({ ok: false, firstBad: { seq: 1, line: 1 } });
  });

  it("exits 2 naming a line that is not JSON", async () => {
    const lines = toText(fx.records).split("\n");
    lines[2] = '{"seq": 3, "runId": ';
    await writeFile(fx.logPath, lines.join("\n"));
    const run = await audit(fx.dir, "--verify");
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/^vouch: .*redaction-log\.jsonl: line 3: not JSON: .+\.\n$/);
  });

  it("exits 2 naming a missing log", async () => {
    const run = await audit(join(fx.dir, "missing.jsonl"), "--verify");
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/missing\.jsonl: no such file or folder\./);
  });
});

describe("vouch audit --restore", () => {
  it("writes resume.restored.json, exactly the unguarded draft", async () => {
    const run = await audit(fx.dir, "--restore");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(
      `restored the unguarded draft: ${join(fx.dir, "resume.restored.json")} (4 records reverted; ` +
        "1 match record left aside: they concern the matches, not the draft)\n",
    );
    expect(JSON.parse(await readFile(join(fx.dir, "resume.restored.json"), "utf8"))).toEqual(draft);
  });

  it("--json prints what was restored", async () => {
    const run = await audit(fx.logPath, "--restore", "--json");
    expect(JSON.parse(run.stdout)).toEqual({
      path: join(fx.dir, "resume.restored.json"),
      reverted: 4,
      matchRecords: 1,
      overrides: 0,
    });
  });

  it("refuses a broken chain with exit 1", async () => {
    await writeFile(fx.logPath, toText(swap(fx.records, 0, 1)));
    const run = await audit(fx.dir, "--restore");
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /line 1 \(seq 2\): .*\. Refusing to restore from a run that fails verification\.\n$/,
    );
    expect(await readdir(fx.dir)).not.toContain("resume.restored.json");
  });
});

describe("vouch audit override", () => {
  it("appends an override record, keeps the chain valid and prints one EMF line", async () => {
    const before = await readFile(fx.logPath, "utf8");
    const run = await audit("override", fx.logPath, "2", "--reason", "The 40% is in the board deck.");
    expect(run.stderr).toBe("");
    expect(run.code).toBe(0);
    expect(run.stdout.split("\n")).toHaveLength(2);
    const metric = JSON.parse(run.stdout);
    expect(metric).toEqual({
      _aws: {
        Timestamp: expect.any(Number),
        CloudWatchMetrics: [
          {
            Namespace: "Vouch",
            Dimensions: [["Guard"]],
            Metrics: [{ Name: "GroundingFalsePositive", Unit: "Count" }],
          },
        ],
      },
      Guard: "number-provenance",
      GroundingFalsePositive: 1,
      runId: "run-1",
      seq: 2,
    });
    expect(Object.keys(metric)).toEqual(["_aws", "Guard", "GroundingFalsePositive", "runId", "seq"]);
    const after = await readFile(fx.logPath, "utf8");
    expect(after.startsWith(before)).toBe(true);
    const added = JSON.parse(after.slice(before.length));
    expect(added).toMatchObject({
      seq: 6,
      guard: "override",
      action: "override",
      original: "[NUM_REDACTED]",
    });
    expect(Date.parse(added.ts)).toBe(metric._aws.Timestamp);
    expect(await audit(fx.dir, "--verify")).toMatchObject({
      code: 0,
      stdout: expect.stringContaining("chain intact: 6 records, matching report.json\n"),
    });
  });

  it("takes the output folder as well as the log", async () => {
    const run = await audit("override", fx.dir, "5", "--reason", "OpenAI is in the profile now.");
    expect(JSON.parse(run.stdout)).toMatchObject({ Guard: "vendor-provenance", seq: 5 });
  });

  it("records who overrode: --by, else VOUCH_AUDITOR", async () => {
    const lastRecord = async () =>
      JSON.parse((await readFile(fx.logPath, "utf8")).trim().split("\n").at(-1)!);
    await audit("override", fx.logPath, "2", "--reason", "In the deck.", "--by", "Priya (audit)");
    expect((await lastRecord()).evidence).toContainEqual({
      source: "fact",
      ref: "auditor",
      text: "Priya (audit)",
    });
    const run = await runCli(["audit", "override", fx.logPath, "5", "--reason", "In the profile."], {
      VOUCH_AUDITOR: "sam",
    });
    expect(run.code).toBe(0);
    expect((await lastRecord()).evidence).toContainEqual({ source: "fact", ref: "auditor", text: "sam" });
  });

  it.each([
    ["an unknown seq", ["7", "--reason", "why"], /no record with seq 7 \(it has seq 1 to 5\)\./],
    ["an empty reason", ["2", "--reason", ""], /--reason: say why the redaction was a false positive\./],
    ["no reason", ["2"], /required option '--reason <text>'/],
    ["a seq that is not a number", ["two", "--reason", "why"], /expected a positive whole number/],
  ])("exits 2 on %s and leaves the log alone", async (_name, args, message) => {
    const before = await readFile(fx.logPath, "utf8");
    const run = await audit("override", fx.logPath, ...args);
    expect(run.code).toBe(2);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(message);
    expect(await readFile(fx.logPath, "utf8")).toBe(before);
  });

  it("refuses a broken chain with exit 1 and leaves the log alone", async () => {
    const tampered = toText(removeAt(fx.records, 1));
    await writeFile(fx.logPath, tampered);
    const run = await audit("override", fx.logPath, "3", "--reason", "why");
    expect(run.code).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toMatch(/Refusing to append to a broken chain\.\n$/);
    expect(await readFile(fx.logPath, "utf8")).toBe(tampered);
    expect((await readdir(fx.dir)).sort()).toEqual(FIXTURE_FILES);
  });

  it("has its own help", async () => {
    const run = await audit("override", "--help");
    expect(run.code).toBe(0);
    expect(run.stdout).toMatch(/^Usage: vouch audit override \[options\] <log> <seq>/);
  });
});

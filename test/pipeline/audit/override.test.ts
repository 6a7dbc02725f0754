import { readFile, readdir, rm, writeFile } from "node:fs/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { recordHash } from "../../../guards/redaction-record.js";
import { appendOverride, auditorOf, overrideDraft } from "../../../pipeline/audit/override.js";
import { readLog } from "../../../pipeline/audit/read-log.js";
import { checkChain } from "../../../pipeline/audit/verify-chain.js";
import { InputError, VouchError } from "../../../core/errors.js";
import { type Fixture, writeFixture, FIXTURE_FILES } from "./fixture.js";
import { editReason, toText } from "./tamper.js";

let fx: Fixture;
beforeEach(async () => {
  fx = await writeFixture("vouch-override-");
});
afterEach(() => rm(fx.dir, { recursive: true, force: true }));

const now = new Date("2025-02-03T04:05:06.000Z");

describe("appendOverride", () => {
  it("appends one override record that keeps the chain valid", async () => {
    const before = await readFile(fx.logPath, "utf8");
    const { record, target, path } = await appendOverride(
      fx.dir,
      4,
      "  The figure is in the load-test report. ",
      now,
    );
    expect(path).toBe(fx.logPath);
    expect(target).toEqual(fx.records[3]);
    expect(record).toEqual({
      seq: 6,
      runId: "run-1",
      ts: "2025-02-03T04:05:06.000Z",
      guard: "override",
      rule: "false-positive",
      action: "override",
      field: "work[0].highlights[1]",
      original: "[NUM_REDACTED]",
      replacement: "50,000 requests per second",
      reason: "The figure is in the load-test report.",
      evidence: [{ source: "fact", ref: "redaction-log.jsonl#seq=4" }],
      prevHash: fx.records[4]!.hash,
      hash: recordHash(record),
    });
    const after = await readFile(fx.logPath, "utf8");
    expect(after).toBe(`${before}${JSON.stringify(record)}\n`);
    expect(checkChain(await readLog(fx.logPath))).toEqual({ ok: true, records: 6 });
    expect((await readdir(fx.dir)).sort()).toEqual(FIXTURE_FILES);
  });

  it("adds a newline first when the log lacks its last one", async () => {
    await writeFile(fx.logPath, toText(fx.records).trimEnd());
    const { record } = await appendOverride(fx.logPath, 1, "ok", now);
    expect(await readFile(fx.logPath, "utf8")).toBe(`${toText(fx.records)}${JSON.stringify(record)}\n`);
    expect(overrideDraft(fx.records[0]!, "r", "log.jsonl").evidence).toEqual([
      { source: "fact", ref: "log.jsonl#seq=1" },
    ]);
  });

  it("names who overrode in its evidence, as the contract's fields allow", async () => {
    const { record } = await appendOverride(
      fx.logPath,
      2,
      "the figure is in the load test",
      now,
      undefined,
      " alice ",
    );
    expect(record.evidence).toEqual([
      { source: "fact", ref: "redaction-log.jsonl#seq=2" },
      { source: "fact", ref: "auditor", text: "alice" },
    ]);
    expect(auditorOf(record)).toBe("alice");
    expect(auditorOf(fx.records[0]!)).toBeUndefined();
  });

  it.each([
    ["an unknown seq", 9, /redaction-log\.jsonl: no record with seq 9 \(it has seq 1 to 5\)\.$/],
    ["an empty reason", 2, /^--reason: say why/],
  ])("refuses %s with an input error and leaves the log alone", async (_name, seq, message) => {
    const before = await readFile(fx.logPath, "utf8");
    const reason = seq === 2 ? "   " : "why";
    const error = await appendOverride(fx.logPath, seq, reason, now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(message);
    expect(await readFile(fx.logPath, "utf8")).toBe(before);
  });

  it("refuses to override an override, or the same record twice", async () => {
    await appendOverride(fx.logPath, 2, "first", now);
    await expect(appendOverride(fx.logPath, 6, "again", now)).rejects.toThrow(
      /line 6 \(seq 6\) is itself an override/,
    );
    await expect(appendOverride(fx.logPath, 2, "again", now)).rejects.toThrow(
      /line 2 \(seq 2\) was already overridden by seq 6\./,
    );
  });

  it("refuses a broken chain with exit 1 and leaves the log alone", async () => {
    const tampered = toText(editReason(fx.records, 1));
    await writeFile(fx.logPath, tampered);
    const error = await appendOverride(fx.logPath, 3, "why", now).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VouchError);
    expect((error as VouchError).exitCode).toBe(1);
    expect((error as Error).message).toMatch(/line 2 \(seq 2\): hash does not match .* Refusing to append/);
    expect(await readFile(fx.logPath, "utf8")).toBe(tampered);
  });
});

import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseLog, readLog, resolveLogPath } from "../../../pipeline/audit/read-log.js";
import { InputError } from "../../../core/errors.js";
import { type Fixture, writeFixture } from "./fixture.js";
import { toText } from "./tamper.js";

let fx: Fixture;
beforeAll(async () => {
  fx = await writeFixture("vouch-read-log-");
});
afterAll(() => rm(fx.dir, { recursive: true, force: true }));

const bad = (text: string) => () => parseLog(text, "log.jsonl");

describe("readLog", () => {
  it("reads a folder's redaction-log.jsonl and the .jsonl path alike", async () => {
    const byDir = await readLog(fx.dir);
    const byFile = await readLog(fx.logPath);
    expect(byDir.path).toBe(fx.logPath);
    expect(byDir.records).toEqual(fx.records);
    expect(byFile.records).toEqual(fx.records);
    expect(byDir.lines).toEqual([1, 2, 3, 4, 5]);
    expect(byDir.text).toBe(toText(fx.records));
  });

  it("names a missing folder or file", async () => {
    await expect(readLog(join(fx.dir, "nope"))).rejects.toThrow(/nope: no such file or folder\.$/);
    const empty = join(fx.dir, "empty");
    await mkdir(empty);
    await expect(readLog(empty)).rejects.toThrow(/empty\/redaction-log\.jsonl: no such file\.$/);
  });

  it("treats an empty file as an empty log", async () => {
    const path = join(fx.dir, "blank.jsonl");
    await writeFile(path, "");
    expect((await readLog(path)).records).toEqual([]);
    expect(await resolveLogPath(path)).toBe(path);
  });
});

describe("parseLog", () => {
  it("skips blank lines but keeps counting them", () => {
    const [a, b] = fx.records;
    const parsed = parseLog(`${JSON.stringify(a)}\n\n  \n${JSON.stringify(b)}\r\n`, "log.jsonl");
    expect(parsed.records).toEqual([a, b]);
    expect(parsed.lines).toEqual([1, 4]);
  });

  it("names the line that is not JSON", () => {
    const text = `${toText(fx.records.slice(0, 2))}{"seq": 3, oops\n`;
    expect(bad(text)).toThrow(InputError);
    expect(bad(text)).toThrow(/^log\.jsonl: line 3: not JSON: .+\.$/);
  });

  it.each([
    ["a short hash", { hash: "abc" }, 'field "hash": expected a 64-hex string'],
    ["an upper-case prevHash", { prevHash: "A".repeat(64) }, 'field "prevHash": expected a 64-hex string'],
    ["an unknown guard", { guard: "vibes" }, 'field "guard": '],
    ["an unknown action", { action: "delete" }, 'field "action": '],
    ["a seq of 0", { seq: 0 }, 'field "seq": '],
    ["a string seq", { seq: "1" }, 'field "seq": '],
    ["a bad range", { range: [1] }, 'field "range'],
    ["a bad evidence source", { evidence: [{ source: "rumour", ref: "x" }] }, 'field "evidence[0].source": '],
    ["an unknown key", { note: "x" }, 'field "note": '],
    // Half an override is neither: one reader would count it, another apply it as a guard's edit.
    [
      "an override guard with a fallback action",
      { guard: "override", action: "fallback" },
      'field "action": an override record has action override.',
    ],
    [
      "an override action from a guard",
      { action: "override" },
      'field "guard": an override record has guard override.',
    ],
    [
      "an override of another rule",
      { guard: "override", action: "override", rule: "ungrounded-number" },
      'field "rule": an override record has rule false-positive.',
    ],
    [
      "an override that names no record",
      { guard: "override", action: "override", rule: "false-positive", evidence: [] },
      'field "evidence": an override record names the record it overrides (ref LOG#seq=N) first.',
    ],
  ])("names the field of %s", (_name, change, message) => {
    const record = { ...fx.records[0]!, ...change };
    const text = `${toText([record])}`;
    expect(bad(`\n${text}`)).toThrow(`log.jsonl: line 2: ${message}`);
  });

  it("names a missing field and a line that is not an object", () => {
    const { reason: _reason, ...noReason } = fx.records[0]!;
    expect(bad(toText([noReason]))).toThrow(/^log\.jsonl: line 1: field "reason": .+\.$/);
    expect(bad("[1, 2]\n")).toThrow(/^log\.jsonl: line 1: the record: .+\.$/);
  });

  it("names an override of a record that is not an earlier guard's", () => {
    const override = (seq: number, target: number) => ({
      ...fx.records[0]!,
      seq,
      guard: "override",
      action: "override",
      rule: "false-positive",
      evidence: [{ source: "fact", ref: `redaction-log.jsonl#seq=${target}` }],
    });
    const [a] = fx.records;
    expect(bad(toText([a!, override(2, 7)]))).toThrow(
      "log.jsonl: line 2: the override names seq 7, which is not an earlier record of a guard.",
    );
    expect(bad(toText([a!, override(2, 1), override(3, 2)]))).toThrow(
      "log.jsonl: line 3: the override names seq 2, which is not an earlier record of a guard.",
    );
    expect(parseLog(toText([a!, override(2, 1)]), "log.jsonl").records).toHaveLength(2);
  });
});

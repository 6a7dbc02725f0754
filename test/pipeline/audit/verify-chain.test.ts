import { describe, expect, it } from "vitest";
import { sealRecords, verifyChain } from "../../../guards/redaction-record.js";
import type { RedactionRecord } from "../../../guards/redaction-record.js";
import { checkChain, describeBreak } from "../../../pipeline/audit/verify-chain.js";
import { buildLog } from "./fixture.js";
import { editAndRehash, editReason, forge, insertAt, removeAt, swap } from "./tamper.js";

const { records } = buildLog();

const check = (list: RedactionRecord[]) => checkChain({ records: list, lines: list.map((_, i) => i + 1) });

describe("checkChain", () => {
  it("accepts the chain the guards wrote, as guards/redaction-record.ts does", () => {
    expect(records.length).toBe(5);
    expect(check(records)).toEqual({ ok: true, records: 5 });
    expect(verifyChain(records)).toEqual({ ok: true });
    expect(check([])).toEqual({ ok: true, records: 0 });
  });

  it.each([
    [
      "an edited record",
      () => editReason(records, 3),
      4,
      4,
      "hash does not match the record's content: it was edited after it was written",
    ],
    [
      "an edited record whose own hash was recomputed",
      () => editAndRehash(records, 1),
      3,
      3,
      "prevHash is not the hash of the record before it: a record was inserted, removed or rewritten before it",
    ],
    [
      "a removed record",
      () => removeAt(records, 2),
      3,
      4,
      "seq 3 was expected here: a record was removed or the records were reordered",
    ],
    [
      "a removed first record",
      () => removeAt(records, 0),
      1,
      2,
      "seq 1 was expected here: a record was removed or the records were reordered",
    ],
    [
      "two swapped records",
      () => swap(records, 1, 2),
      2,
      3,
      "seq 2 was expected here: a record was removed or the records were reordered",
    ],
    [
      "an inserted forgery that takes the next seq",
      () => insertAt(records, 2, forge(records[2]!, 3)),
      3,
      3,
      "prevHash is not the hash of the record before it: a record was inserted, removed or rewritten before it",
    ],
    [
      "an inserted forgery with a duplicate seq",
      () => insertAt(records, 2, forge(records[1]!, 2)),
      3,
      2,
      "seq 3 was expected here: a record was inserted or the records were reordered",
    ],
    [
      "a forgery appended at the end",
      () => [...records, forge(records[4]!, 6)],
      6,
      6,
      "prevHash is not the hash of the record before it: a record was inserted, removed or rewritten before it",
    ],
  ])("names the first bad record after %s", (_name, tamper, line, seq, problem) => {
    expect(check(tamper())).toEqual({
      ok: false,
      records: expect.any(Number),
      firstBad: { line, seq, problem },
    });
  });

  it("wants the first record to start from the genesis hash", () => {
    const [first] = sealRecords([records[0]!], { runId: "r", ts: "t", prevHash: "a".repeat(64) });
    expect(check([first!])).toMatchObject({
      ok: false,
      firstBad: { seq: 1, problem: expect.stringMatching(/^prevHash is not the genesis hash/) },
    });
  });

  it("reports the file line of the record, not its index", () => {
    const tampered = editReason(records, 1);
    const verdict = checkChain({ records: tampered, lines: [1, 3, 4, 5, 6] });
    expect(verdict).toMatchObject({ ok: false, firstBad: { line: 3, seq: 2 } });
  });
});

describe("describeBreak", () => {
  it("is one sentence naming the file, line and seq", () => {
    expect(
      describeBreak("out/redaction-log.jsonl", { line: 4, seq: 4, problem: "hash does not match" }),
    ).toBe("out/redaction-log.jsonl: line 4 (seq 4): hash does not match.");
  });
});

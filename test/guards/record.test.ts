import { describe, expect, it } from "vitest";
import {
  GENESIS_HASH,
  canonicalJson,
  recordHash,
  sealRecords,
  verifyChain,
  type UnsealedRecord,
} from "../../guards/redaction-record.js";

const draft = (original: string): UnsealedRecord => ({
  guard: "number-provenance",
  rule: "ungrounded-number",
  action: "redact",
  field: "work[0].highlights[2]",
  range: [10, 13],
  outputRange: [10, 24],
  original,
  replacement: "[NUM_REDACTED]",
  reason: `"${original}" appears in no profile value or grounding fact.`,
  evidence: [],
});

const sealed = () =>
  sealRecords([draft("40%"), draft("$2M"), draft("12x")], { runId: "run-1", ts: "2026-11-29T17:00:00.000Z" });

describe("canonicalJson", () => {
  it("sorts keys at every depth and keeps arrays in order", () => {
    expect(canonicalJson({ b: 1, a: { d: [3, 1], c: null } })).toBe('{"a":{"c":null,"d":[3,1]},"b":1}');
  });
});

describe("sealRecords", () => {
  it("numbers, stamps and chains records", () => {
    const records = sealed();
    expect(records.map((r) => r.seq)).toEqual([1, 2, 3]);
    expect(records[0]!.prevHash).toBe(GENESIS_HASH);
    expect(records[1]!.prevHash).toBe(records[0]!.hash);
    expect(records[2]!.prevHash).toBe(records[1]!.hash);
    for (const r of records) expect(r.hash).toBe(recordHash(r));
    expect(records[0]!.hash).toMatch(/^[0-9a-f]{64}$/);
  });

  it("continues an existing chain", () => {
    const first = sealed();
    const more = sealRecords([draft("7")], {
      runId: "run-2",
      ts: "t",
      prevHash: first[2]!.hash,
      firstSeq: 4,
    });
    expect(verifyChain([...first, ...more])).toEqual({ ok: true });
  });

  it("is deterministic: the same input hashes the same", () => {
    expect(sealed().map((r) => r.hash)).toEqual(sealed().map((r) => r.hash));
  });
});

describe("verifyChain", () => {
  it("accepts an untouched chain and an empty one", () => {
    expect(verifyChain(sealed())).toEqual({ ok: true });
    expect(verifyChain([])).toEqual({ ok: true });
  });

  it.each([
    [
      "an edited record",
      (r: ReturnType<typeof sealed>) => [r[0]!, { ...r[1]!, original: "41%" }, r[2]!],
      2,
      /hash does not match/,
    ],
    ["a removed record", (r: ReturnType<typeof sealed>) => [r[0]!, r[2]!], 3, /seq 3 where 2 was expected/],
    ["reordered records", (r: ReturnType<typeof sealed>) => [r[1]!, r[0]!, r[2]!], 2, /prevHash/],
    [
      "an inserted record",
      (r: ReturnType<typeof sealed>) => [r[0]!, { ...r[1]!, seq: 2 }, ...r.slice(1)],
      2,
      /seq 2 where 3 was expected/,
    ],
    [
      "a rehashed edit",
      (r: ReturnType<typeof sealed>) => {
        const edited = { ...r[0]!, reason: "changed" };
        return [{ ...edited, hash: recordHash(edited) }, r[1]!, r[2]!];
      },
      2,
      /prevHash/,
    ],
  ])("names the first bad record after %s", (_name, tamper, seq, problem) => {
    const check = verifyChain(tamper(sealed()));
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.seq).toBe(seq);
      expect(check.problem).toMatch(problem);
    }
  });
});

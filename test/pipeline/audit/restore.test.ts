import { readFile, readdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { appendOverride } from "../../../pipeline/audit/override.js";
import { restoreDraft } from "../../../pipeline/audit/restore.js";
import { InputError, VouchError } from "../../../core/errors.js";
import { sealRecords } from "../../../guards/redaction-record.js";
import { draft, type Fixture, writeFixture, writeReport } from "./fixture.js";
import { editReason, toText } from "./tamper.js";

let fx: Fixture;
beforeEach(async () => {
  fx = await writeFixture("vouch-restore-");
});
afterEach(() => rm(fx.dir, { recursive: true, force: true }));

const restoredFile = async () =>
  JSON.parse(await readFile(join(fx.dir, "resume.restored.json"), "utf8")) as unknown;

describe("restoreDraft", () => {
  it("gives back exactly the writer's unguarded draft and writes it beside the log", async () => {
    expect(fx.guarded).not.toEqual(draft);
    const result = await restoreDraft(fx.dir);
    expect(result.draft).toEqual(draft);
    expect(result).toMatchObject({
      path: join(fx.dir, "resume.restored.json"),
      reverted: 4,
      matchRecords: 1,
      overrides: 0,
    });
    expect(await restoredFile()).toEqual(draft);
  });

  it("looks for resume.json beside a .jsonl path", async () => {
    expect((await restoreDraft(fx.logPath)).draft).toEqual(draft);
  });

  it("skips override records: they judge an edit, they do not make one", async () => {
    await appendOverride(fx.logPath, 2, "The 40% is in the board deck.", new Date(0));
    const result = await restoreDraft(fx.dir);
    expect(result.draft).toEqual(draft);
    expect(result.overrides).toBe(1);
  });

  it("refuses a broken chain with exit 1 and writes nothing", async () => {
    await writeFile(fx.logPath, toText(editReason(fx.records, 2)));
    const error = await restoreDraft(fx.dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VouchError);
    expect((error as VouchError).exitCode).toBe(1);
    expect((error as Error).message).toMatch(
      /line 3 \(seq 3\): hash does not match .*\. Refusing to restore from a run that fails verification\.$/,
    );
    expect(await readdir(fx.dir)).not.toContain("resume.restored.json");
  });

  it("refuses a resume.json that was changed after the run, by its SHA-256, with exit 1", async () => {
    const changed = structuredClone(fx.guarded);
    changed.work![0]!.highlights![1] = "Built the payments API on PostgreSQL, serving 9 million users.";
    await writeFile(join(fx.dir, "resume.json"), JSON.stringify(changed));
    const error = await restoreDraft(fx.dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(VouchError);
    expect((error as VouchError).exitCode).toBe(1);
    expect((error as Error).message).toBe(
      `${join(fx.dir, "resume.json")}: its SHA-256 does not match report.json: it was changed after the run. Refusing to restore from a run that fails verification.`,
    );
    expect(await readdir(fx.dir)).not.toContain("resume.restored.json");
  });

  it("still checks each replacement where a report vouches for a changed resume (defence in depth)", async () => {
    const changed = structuredClone(fx.guarded);
    changed.work![0]!.highlights![1] = "Built the payments API on PostgreSQL, serving 9 million users.";
    await writeFile(join(fx.dir, "resume.json"), JSON.stringify(changed));
    await writeReport(fx.dir, fx.records);
    const error = await restoreDraft(fx.dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toMatch(
      /resume\.json: work\[0\]\.highlights\[1\] does not hold seq 4's replacement "\[NUM_REDACTED\]" at 46-60/,
    );
  });

  it("refuses a missing resume.json, which report.json lists", async () => {
    await rm(join(fx.dir, "resume.json"));
    await expect(restoreDraft(fx.dir)).rejects.toThrow(
      `${join(fx.dir, "resume.json")}: missing, though report.json lists it. Refusing to restore`,
    );
  });
});

describe("restoreDraft on a crafted log", () => {
  // A fallback record puts its `original` (JSON) back at its field: with a field through __proto__ the
  // revert would write onto Object.prototype or Array.prototype. The chain and report.json are made valid,
  // as anyone can (the chain has no key): only the field path check stops it.
  it.each([
    ["__proto__.polluted", "__proto__"],
    ["work.__proto__.polluted", "__proto__"],
    ["constructor.prototype.polluted", "constructor"],
    ["work[0].constructor.prototype.polluted", "constructor"],
    ["skills.prototype", "prototype"],
  ])("refuses the field %j with exit 2 and pollutes no prototype", async (field) => {
    const records = sealRecords(
      [
        ...fx.records.map(({ seq: _s, runId: _r, ts: _t, prevHash: _p, hash: _h, ...r }) => r),
        {
          guard: "record-provenance",
          rule: "changed-record",
          action: "fallback",
          field,
          original: '"yes"',
          replacement: "",
          reason: "crafted",
          evidence: [],
        },
      ],
      { runId: "run-1", ts: "2025-01-02T03:04:05.000Z" },
    );
    await writeFile(fx.logPath, toText(records));
    await writeReport(fx.dir, records);
    const error = await restoreDraft(fx.dir).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InputError);
    expect((error as Error).message).toBe(
      `${fx.logPath}: line 6: field "field": a field path may not name __proto__, constructor or prototype.`,
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(([] as unknown as Record<string, unknown>).polluted).toBeUndefined();
    expect(await readdir(fx.dir)).not.toContain("resume.restored.json");
  });
});

// report.json anchors the log: records cut from its end, or a rewritten tail, fail --verify; overrides an
// auditor appends after the run do not.
import { writeFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { anchorProblem } from "../../../pipeline/audit/anchor.js";
import { runCli } from "../../helpers/cli.js";
import { buildLog, writeFixture } from "./fixture.js";
import { toText } from "./tamper.js";

const { records } = buildLog();
const anchor = { records: records.length, lastHash: records.at(-1)!.hash };

describe("anchorProblem", () => {
  it("accepts the whole log", () => {
    expect(anchorProblem(records, anchor)).toBeUndefined();
  });

  it("names records cut from the end", () => {
    expect(anchorProblem(records.slice(0, -1), anchor)).toBe(
      `report.json says the run wrote ${records.length} records but the log has ${records.length - 1}: records were removed from its end`,
    );
  });

  it("names a rewritten log", () => {
    expect(anchorProblem(records, { ...anchor, lastHash: "f".repeat(64) })).toMatch(/the log was rewritten$/);
  });

  it("accepts an empty run and appended overrides, not other appended records", () => {
    expect(anchorProblem([], { records: 0, lastHash: null })).toBeUndefined();
    const shorter = { records: records.length - 1, lastHash: records.at(-2)!.hash };
    expect(anchorProblem(records, shorter)).toBe(
      `seq ${records.length} was added after the run and is not an override`,
    );
    const override = { ...records.at(-1)!, guard: "override" as const };
    expect(anchorProblem([...records.slice(0, -1), override], shorter)).toBeUndefined();
  });
});

describe("vouch audit --verify with report.json", () => {
  it("exits 1 when the last record was cut, although the remaining chain is intact", async () => {
    const fixture = await writeFixture();
    expect((await runCli(["audit", fixture.dir, "--verify"])).stdout).toMatch(/matching report\.json/);
    await writeFile(fixture.logPath, toText(records.slice(0, -1)));
    const run = await runCli(["audit", fixture.dir, "--verify"]);
    expect(run.code).toBe(1);
    // One sentence: the log's own SHA-256 mismatch is not named a second time.
    expect(run.stderr).toBe(
      `vouch: ${fixture.logPath}: report.json says the run wrote ${records.length} records but the log has ${records.length - 1}: records were removed from its end.\n`,
    );
  });
});

// StageClock: each stage announced before it runs, recorded after it returns, with the counts it reports.
import { describe, expect, it } from "vitest";
import { StageClock } from "../../pipeline/clock.js";

describe("StageClock", () => {
  it("announces, runs and records stages in order with their counts; returns the stage's value", async () => {
    const seen: string[] = [];
    const clock = new StageClock((stage) => seen.push(`start ${stage}`));
    const a = await clock.run(
      "extract",
      () => {
        seen.push("run extract");
        return [1, 2, 3];
      },
      (r) => ({ items: r.length }),
    );
    const b = await clock.run("write", async () => {
      seen.push("run write");
      return Promise.resolve("draft");
    });
    expect([a, b]).toEqual([[1, 2, 3], "draft"]);
    expect(seen).toEqual(["start extract", "run extract", "start write", "run write"]);
    expect(clock.stages.map(({ stage, counts }) => ({ stage, counts }))).toEqual([
      { stage: "extract", counts: { items: 3 } },
      { stage: "write", counts: {} },
    ]);
    for (const s of clock.stages) {
      expect(typeof s.ms).toBe("number");
      expect(Number.isFinite(s.ms)).toBe(true);
      expect(Math.round(s.ms * 10) / 10).toBe(s.ms);
    }
  });

  it("records nothing for a stage that fails, and lets its error through", async () => {
    const clock = new StageClock();
    const error = new Error("boom");
    await expect(clock.run("ingest", () => Promise.reject(error))).rejects.toBe(error);
    await expect(
      clock.run("extract", () => {
        throw error;
      }),
    ).rejects.toBe(error);
    expect(clock.stages).toEqual([]);
  });
});

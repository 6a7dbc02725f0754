// generate and serve open a portfolio through one function: the truth, the KB (from the profile it is
// given), and the notes for the candidate, in the order they are found.
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultCatalog } from "../../extractors/catalog.js";
import { StageClock } from "../../pipeline/clock.js";
import { loadSettings } from "../../pipeline/inputs/config.js";
import { readProfile } from "../../pipeline/inputs/profile.js";
import { openPortfolio } from "../../pipeline/open-portfolio.js";

const SAMPLE = resolve(import.meta.dirname, "../../samples/profile.yaml");

async function inputs() {
  const [catalog, loaded, settings] = await Promise.all([
    defaultCatalog(),
    readProfile(SAMPLE),
    loadSettings(import.meta.dirname),
  ]);
  return { catalog, loaded, settings };
}

describe("openPortfolio", () => {
  it("extracts the truth, builds the KB, and times both stages on the clock it is given", async () => {
    const { catalog, loaded, settings } = await inputs();
    const clock = new StageClock();
    const warnings: string[] = [];
    const { truth, kb } = await openPortfolio(loaded, {
      catalog,
      settings,
      remote: undefined,
      history: false,
      clock,
      warn: (message) => warnings.push(message),
    });
    expect(clock.stages.map((s) => s.stage)).toEqual(["extract", "ingest"]);
    expect(clock.stages[0]!.counts.repos).toBe(truth!.repos.length);
    expect(truth!.technologies.some((t) => t.id === "terraform" && t.status === "production")).toBe(true);
    const [first] = await kb.retrieve(["order platform on Amazon EKS"]);
    expect(first?.text).toMatch(/EKS/);
    expect(warnings).toEqual(loaded.notes);
  });

  it("builds the KB from the profile it is told to (the chatbot's), not the one read", async () => {
    const { catalog, loaded, settings } = await inputs();
    const told = structuredClone(loaded.profile);
    told.work![0]!.highlights = ["Ran the zeppelin fleet's mooring schedule."];
    const open = (kbProfile?: typeof told) =>
      openPortfolio(loaded, {
        catalog,
        settings,
        remote: undefined,
        history: false,
        ...(kbProfile ? { kbProfile } : {}),
        warn: () => {},
      });
    const chunks = async (kb: Awaited<ReturnType<typeof open>>["kb"]) =>
      (await kb.retrieve(["zeppelin fleet mooring"], { topK: 50 })).map((c) => c.text).join("\n");
    expect(await chunks((await open()).kb)).not.toContain("zeppelin");
    expect(await chunks((await open(told)).kb)).toContain("zeppelin fleet's mooring");
  });
});

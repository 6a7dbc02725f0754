// The corpus (test/fixtures/corpus/): each item's honest draft and lying draft through generate, scored
// as bench:corpus scores them. Holds the targets: at most 1 % of honest changed strings cut, at
// least 98 % of planted lies caught, and at most 1 % of a lying draft's honest strings cut with its lies.
import { mkdtemp, readFile, readdir, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parse } from "yaml";
import { generate } from "../../pipeline/generate.js";
import { type CorpusItem, type ItemScore, scoreItem } from "../../scripts/corpus-score.mjs";

const CORPUS = join(import.meta.dirname, "../fixtures/corpus");
const names = (await readdir(CORPUS)).sort();
const out = await mkdtemp(join(tmpdir(), "vouch-corpus-test-"));
afterAll(() => rm(out, { recursive: true, force: true }));

async function run(dir: string, name: string, draft: string) {
  const result = await generate({
    profile: join(dir, "profile.json"),
    job: join(dir, "job.md"),
    writer: `scripted:${join(dir, draft)}`,
    verifier: "local",
    out: join(out, `${name}-${draft}`),
    history: false,
    // The guards are scored here, not the page budget: no draft is shortened to fit a page.
    pages: 99,
    now: new Date("2026-12-02T12:00:00Z"),
    onWarning: () => {},
  });
  return result.resume;
}

const scores = new Map<string, ItemScore>();
async function score(name: string): Promise<ItemScore> {
  const dir = join(CORPUS, name);
  const read = async (file: string) => readFile(join(dir, file), "utf8");
  const item: CorpusItem = {
    profile: JSON.parse(await read("profile.json")),
    honest: JSON.parse(await read("honest.json")),
    lying: JSON.parse(await read("lying.json")),
    honestLabels: parse(await read("honest.yaml")),
    lies: parse(await read("lies.yaml")),
  };
  const result = scoreItem(item, {
    honest: await run(dir, name, "honest.json"),
    lying: await run(dir, name, "lying.json"),
  });
  scores.set(name, result);
  return result;
}

describe("the corpus", () => {
  it.each(names)("%s: every item is labelled and scored", async (name) => {
    const result = await score(name);
    expect(result.honest.length).toBeGreaterThan(10);
    expect(result.lies.length).toBeGreaterThan(5);
  });

  it("cuts at most 1 % of the honest changed strings and catches at least 98 % of the lies", () => {
    const all = [...scores.values()];
    const honest = all.flatMap((s) => s.honest);
    const lies = all.flatMap((s) => s.lies);
    const cut = honest.filter((h) => h.cut).map((h) => `${h.field}: ${h.text}`);
    const through = lies.filter((l) => !l.caught).map((l) => `${l.field} [${l.class}]: ${l.claim}`);
    expect(scores.size).toBe(names.length);
    expect(cut.length, cut.join("\n")).toBeLessThanOrEqual(Math.floor(honest.length * 0.01));
    expect(through.length, through.join("\n")).toBeLessThanOrEqual(Math.floor(lies.length * 0.02));
    const collateral = all.flatMap((s) => s.collateral);
    expect(collateral.filter((c) => c.cut).length).toBeLessThanOrEqual(Math.floor(collateral.length * 0.01));
  });
});

// Truth cut and lies caught on the corpus (test/fixtures/corpus/): for each item, a profile, a job, an
// honest draft a model wrote and a copy with planted lies, each labelled. Each draft goes through
// `vouch generate` (scripted writer, local verifier); prints honest changed strings cut per kind of change,
// lies caught per class, and what was cut or let through with --show.
//
//   npm run bench:corpus [-- --corpus DIR --show]
import { mkdtempSync, readFileSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parse } from "yaml";
import { generate } from "../dist/pipeline/generate.js";
import { scoreItem, tally } from "./corpus-score.mjs";

const root = resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    corpus: { type: "string", default: join(root, "test/fixtures/corpus") },
    show: { type: "boolean", default: false },
  },
});

const read = (dir, name) => readFileSync(join(dir, name), "utf8");
/** One run of `generate` on a draft, into a folder that is removed afterwards. */
async function run(dir, draft) {
  const out = mkdtempSync(join(tmpdir(), "vouch-corpus-"));
  try {
    const result = await generate({
      profile: join(dir, "profile.json"),
      job: join(dir, "job.md"),
      writer: `scripted:${join(dir, draft)}`,
      verifier: "local",
      out: join(out, "run"),
      history: false,
      // The guards are scored here, not the page budget: no draft is shortened to fit a page.
      pages: 99,
      now: new Date("2026-12-02T12:00:00Z"),
      onWarning: () => {},
    });
    return result.resume;
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

const all = { honest: [], collateral: [], lies: [] };
for (const name of readdirSync(values.corpus).sort()) {
  const dir = join(values.corpus, name);
  const item = {
    profile: JSON.parse(read(dir, "profile.json")),
    honest: JSON.parse(read(dir, "honest.json")),
    lying: JSON.parse(read(dir, "lying.json")),
    honestLabels: parse(read(dir, "honest.yaml")),
    lies: parse(read(dir, "lies.yaml")),
  };
  const score = scoreItem(item, {
    honest: await run(dir, "honest.json"),
    lying: await run(dir, "lying.json"),
  });
  for (const key of Object.keys(all)) all[key].push(...score[key].map((r) => ({ item: name, ...r })));
}

const pct = ([n, of]) => `${n}/${of} (${((100 * n) / Math.max(1, of)).toFixed(1)} %)`;
const total = (rows, hit) => [rows.filter(hit).length, rows.length];
/** A headline figure, then the same per kind. */
function report(title, rows, kindOf, hit, target) {
  console.log(`${title}: ${pct(total(rows, hit))}   ${target}`);
  for (const [k, v] of Object.entries(tally(rows, kindOf, hit))) console.log(`  ${k.padEnd(18)} ${pct(v)}`);
}
report(
  "honest changed strings cut",
  all.honest,
  (r) => r.change,
  (r) => r.cut,
  "target ≤ 1 %",
);
console.log(`honest strings of the lying drafts cut: ${pct(total(all.collateral, (r) => r.cut))}`);
report(
  "planted lies caught",
  all.lies,
  (r) => r.class,
  (r) => r.caught,
  "target ≥ 98 %",
);
if (values.show) {
  console.log("\nhonest strings cut:");
  for (const r of [...all.honest, ...all.collateral].filter((r) => r.cut))
    console.log(`  ${r.item} ${r.field}: ${r.text}`);
  console.log("\nlies let through:");
  for (const r of all.lies.filter((r) => !r.caught))
    console.log(`  ${r.item} ${r.field} [${r.class}]: ${r.claim}`);
}

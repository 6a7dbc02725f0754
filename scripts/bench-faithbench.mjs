// Truth cut and lies caught on text nobody here wrote: FaithBench (github.com/vectara/FaithBench), model
// summaries that people marked span by span for hallucinations, each summary checked by number-provenance
// with its source as the only fact, beside the seed's exact-string regex in the same run.
//
//   npm run bench:faithbench -- --data DIR [--show 20]
//
// DIR is FaithBench's data_for_release/ (batch_*.json); the data is not shipped with vouch. Two figures:
// - accepted figures redacted: of the digit-bearing words outside every span any annotator marked, the
//   share the guard redacts (truth cut; lower is better);
// - hallucinated figures caught: of the distinct spans marked Unwanted that hold a digit, the share a
//   redaction overlaps (lies caught; higher is better). A span may be wrong for a reason a number guard
//   cannot see ("production budget"), so this share has a ceiling below 1.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { defaultCatalog } from "../dist/extractors/catalog.js";
import { buildContext } from "../dist/guards/index.js";
import { numberProvenance } from "../dist/guards/number-provenance.js";
import { guardString } from "../dist/guards/run-string.js";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: process.env.VOUCH_FAITHBENCH ?? "" },
    show: { type: "string", default: "0" },
  },
});
const batches =
  values.data && existsSync(values.data)
    ? readdirSync(values.data).filter((f) => /^batch_\d+\.json$/.test(f))
    : [];
if (batches.length === 0) {
  console.error(
    "bench-faithbench: --data DIR must be FaithBench's data_for_release/ folder (see the header).",
  );
  process.exit(2);
}

const catalog = await defaultCatalog();
const DIGIT_RUN = /\d+(?:[.,]\d+)*/g;
const overlaps = (ranges, start, end) => ranges.some(([s, e]) => s < end && start < e);

function redactions(summary, context) {
  const result = guardString({ field: "text", text: summary, role: "prose" }, [numberProvenance], context);
  return result.records.filter((r) => r.action === "redact").map((r) => r.range);
}

// The seed's guard: a digit string is kept only when the source has the very same string.
const seedRedacts = (text, sourceRuns) => [...text.matchAll(DIGIT_RUN)].some((m) => !sourceRuns.has(m[0]));

const tally = { summaries: 0, accepted: 0, acceptedCut: 0, seedCut: 0, spans: 0, caught: 0, seedCaught: 0 };
const cut = [];
const missed = [];
for (const file of batches) {
  for (const sample of JSON.parse(readFileSync(join(values.data, file), "utf8")).samples) {
    const { source, summary } = sample;
    if (typeof source !== "string" || typeof summary !== "string") continue;
    tally.summaries++;
    const context = buildContext({ catalog, facts: [{ id: String(sample.sample_id), text: source }] });
    const redacted = redactions(summary, context);
    const sourceRuns = new Set(source.match(DIGIT_RUN) ?? []);
    const marked = sample.annotations
      .filter((a) => Number.isInteger(a.summary_start) && Number.isInteger(a.summary_end))
      .map((a) => ({
        range: [a.summary_start, a.summary_end],
        unwanted: a.label.some((l) => l.startsWith("Unwanted")),
      }));
    for (const m of summary.matchAll(/\S+/g)) {
      if (!/\d/.test(m[0])) continue;
      const [start, end] = [m.index, m.index + m[0].length];
      if (
        overlaps(
          marked.map((a) => a.range),
          start,
          end,
        )
      )
        continue;
      tally.accepted++;
      if (seedRedacts(m[0], sourceRuns)) tally.seedCut++;
      if (overlaps(redacted, start, end)) {
        tally.acceptedCut++;
        cut.push(`${m[0]}  ← …${summary.slice(Math.max(0, start - 60), end + 30).replace(/\s+/g, " ")}…`);
      }
    }
    const spans = new Map();
    for (const a of marked) if (a.unwanted) spans.set(a.range.join(":"), a.range);
    for (const [start, end] of spans.values()) {
      const text = summary.slice(start, end);
      if (!/\d/.test(text)) continue;
      tally.spans++;
      if (seedRedacts(text, sourceRuns)) tally.seedCaught++;
      if (overlaps(redacted, start, end)) tally.caught++;
      else
        missed.push(
          `"${text.replace(/\s+/g, " ")}"  ← source: …${source.slice(0, 160).replace(/\s+/g, " ")}…`,
        );
    }
  }
}

const share = (n, of) => (n / Math.max(1, of)).toFixed(3);
console.log(`FaithBench summaries:                     ${tally.summaries}`);
console.log(`accepted digit-bearing words:             ${tally.accepted}`);
console.log(
  `  redacted by number-provenance:          ${tally.acceptedCut} (${share(tally.acceptedCut, tally.accepted)})`,
);
console.log(
  `  redacted by the seed's regex:           ${tally.seedCut} (${share(tally.seedCut, tally.accepted)})`,
);
console.log(`hallucinated spans holding a digit:       ${tally.spans}`);
console.log(
  `  caught by number-provenance:            ${tally.caught} (${share(tally.caught, tally.spans)})`,
);
console.log(
  `  caught by the seed's regex:             ${tally.seedCaught} (${share(tally.seedCaught, tally.spans)})`,
);
const show = Number(values.show);
if (show > 0) {
  console.log("\naccepted figures redacted:");
  for (const line of cut.slice(0, show)) console.log(`  ${line}`);
  console.log("\nhallucinated spans missed:");
  for (const line of missed.slice(0, show)) console.log(`  ${line}`);
}

// Truth cut on text nobody here wrote: model-written news summaries that people marked up for factual
// errors (FRANK, github.com/artidoro/frank), each checked by number-provenance with its article as the only
// fact. Counts the digit-bearing words of the summaries people found no error in, and how many of them the
// guard redacts, beside the seed's exact-string regex in the same run.
//
//   npm run bench:summaries -- --data DIR [--show 40]
//
// DIR holds FRANK's data/human_annotations.json and the article files (data/articles-wbertscore-json/*.json
// of its first commit) in DIR/articles/. The data is not shipped with vouch.
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { defaultCatalog } from "../dist/extractors/catalog.js";
import { buildContext } from "../dist/guards/index.js";
import { numberProvenance } from "../dist/guards/number-provenance.js";
import { guardString } from "../dist/guards/run-string.js";

const { values } = parseArgs({
  options: {
    data: { type: "string", default: process.env.VOUCH_FRANK ?? "" },
    show: { type: "string", default: "0" },
  },
});
if (!values.data || !existsSync(join(values.data, "human_annotations.json"))) {
  console.error(
    "bench-summaries: --data DIR must hold FRANK's human_annotations.json and articles/ (see the header).",
  );
  process.exit(2);
}

const catalog = await defaultCatalog();
const annotations = JSON.parse(readFileSync(join(values.data, "human_annotations.json"), "utf8"));
const DIGIT_RUN = /\d+(?:[.,]\d+)*/g;

/** The ranges number-provenance redacts in a summary (the same length as the summary it was given). */
function redactions(summary, context) {
  const result = guardString({ field: "text", text: summary, role: "prose" }, [numberProvenance], context);
  return result.records.filter((r) => r.action === "redact").map((r) => r.range);
}

// The seed's guard: a digit string is kept only when the source has the very same string.
function seedRedacts(token, sourceRuns) {
  return [...token.matchAll(DIGIT_RUN)].some((m) => !sourceRuns.has(m[0]));
}

// FRANK's tokenized CNN/DM summaries write the pound sign as `#` (`# 2,100` for £2,100); the articles keep `£`.
const undoPoundHash = (summary) => summary.replace(/#(?= ?\d)/g, "£");

let summaries = 0;
let tokens = 0;
let vouch = 0;
let vouchRaw = 0;
let seed = 0;
const cut = [];
const seen = new Set();
for (const a of annotations) {
  if (a.Factuality !== 1) continue;
  const key = `${a.hash}/${a.model_name}`;
  if (seen.has(key)) continue;
  seen.add(key);
  const file = join(values.data, "articles", `${a.hash}.json`);
  if (!existsSync(file)) continue;
  const doc = JSON.parse(readFileSync(file, "utf8"));
  const summary = doc[a.model_name];
  if (typeof summary !== "string") continue;
  summaries++;
  const context = buildContext({ catalog, facts: [{ id: a.hash, text: doc.article }] });
  const redacted = redactions(undoPoundHash(summary), context);
  const redactedRaw = redactions(summary, context);
  const sourceRuns = new Set(doc.article.match(DIGIT_RUN) ?? []);
  for (const m of summary.matchAll(/\S+/g)) {
    if (!/\d/.test(m[0])) continue;
    tokens++;
    const [start, end] = [m.index, m.index + m[0].length];
    if (redactedRaw.some(([s, e]) => s < end && start < e)) vouchRaw++;
    if (redacted.some(([s, e]) => s < end && start < e)) {
      vouch++;
      cut.push(`${m[0]}  ← …${summary.slice(Math.max(0, start - 50), end + 30).replace(/\s+/g, " ")}…`);
    }
    if (seedRedacts(m[0], sourceRuns)) seed++;
  }
}

const pct = (n) => `${((100 * n) / Math.max(1, tokens)).toFixed(1)} %`;
console.log(`summaries people found no error in: ${summaries}`);
console.log(`digit-bearing words in them:       ${tokens}`);
console.log(
  `redacted by number-provenance:     ${vouch} (${pct(vouch)}), ${vouchRaw} (${pct(vouchRaw)}) with "#" for "£" left as FRANK has it`,
);
console.log(`redacted by the seed's regex:      ${seed} (${pct(seed)})`);
for (const line of cut.slice(0, Number(values.show))) console.log(`  ${line}`);

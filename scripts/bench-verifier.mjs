// The local verifier on the labelled set (test/fixtures/verifier/labelled.yaml): precision and recall of
// NOT_GROUNDED (catching an unsupported answer), per category, and every miss. Needs `npm run build`.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { defaultCatalog } from "../dist/extractors/catalog.js";
import { localVerdict } from "../dist/pipeline/verify/local.js";

const root = resolve(import.meta.dirname, "..");
const set = parse(readFileSync(join(root, "test/fixtures/verifier/labelled.yaml"), "utf8"));
const catalog = await defaultCatalog();
const chunks = set.chunks.map((c) => ({ ...c, uri: c.id, kind: "production-doc" }));

const counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
const byCategory = new Map();
const misses = [];
const started = performance.now();
for (const c of set.cases) {
  const { verdict, reason } = localVerdict(c.answer, chunks, catalog);
  const flagged = verdict === "NOT_GROUNDED";
  const fabricated = c.label === "NOT_GROUNDED";
  counts[flagged ? (fabricated ? "tp" : "fp") : fabricated ? "fn" : "tn"]++;
  const row = byCategory.get(c.category) ?? { right: 0, all: 0 };
  row.all++;
  if (flagged === fabricated) row.right++;
  else misses.push(`${c.category}: ${c.answer}\n    got ${verdict}: ${reason}`);
  byCategory.set(c.category, row);
}
const ms = performance.now() - started;

const pct = (x) => `${(100 * x).toFixed(1)}%`;
const precision = counts.tp / Math.max(1, counts.tp + counts.fp);
const recall = counts.tp / Math.max(1, counts.tp + counts.fn);
console.log(
  `local verifier on ${set.cases.length} labelled answers, ${chunks.length} chunks (${ms.toFixed(1)} ms)`,
);
console.log(`NOT_GROUNDED precision ${pct(precision)}  recall ${pct(recall)}`);
for (const [category, row] of byCategory)
  console.log(`  ${category.padEnd(24)} ${row.right}/${row.all} right`);
const leaked = set.cases.filter(
  (c, i) => c.category.startsWith("fabricated") && misses.some((m) => m.includes(set.cases[i].answer)),
);
console.log(`fabricated answers judged GROUNDED: ${leaked.length}`);
for (const miss of misses) console.log(`  miss ${miss}`);

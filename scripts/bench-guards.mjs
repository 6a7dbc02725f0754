// Benchmark: the guard chain on a two-page resume and on 10 MB of text, beside the seed's exact-string
// regex guard (`stripUngroundedNumbers`) in the same run. Prints times, throughput and the ratio.
//
//   npm run bench:guards [-- --mb 10 --runs 5 --resume-runs 51]
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parse } from "yaml";
import { defaultCatalog } from "../dist/extractors/catalog.js";
import { extract } from "../dist/extractors/extract.js";
import { GUARDS, buildContext, runChain } from "../dist/guards/index.js";

const root = resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    mb: { type: "string", default: "10" },
    runs: { type: "string", default: "5" },
    // A resume takes milliseconds: more runs, so one collection pause does not decide the median.
    "resume-runs": { type: "string", default: "51" },
  },
});
const runs = Number(values.runs);
const resumeRuns = Number(values["resume-runs"]);

// The seed's guard: digits compared as exact strings, nothing else understood.
function stripUngroundedNumbers(text, allowed) {
  return text.replace(/\b\d+(?:[.,]\d+)?\b/g, (match) => (allowed.has(match) ? match : "[NUM_REDACTED]"));
}

// The least a guard with records must do: the seed's digit search, and for each digit string it does not
// allow, one finding and one reversible record shaped as the chain's, with the output text. Nothing is read
// (no units, bounds, names, catalog): a floor for any chain that records every redaction as an object.
function recordsOnly(text, allowed) {
  const records = [];
  const pieces = [];
  let at = 0;
  let delta = 0;
  for (const m of text.matchAll(/\b\d+(?:[.,]\d+)?\b/g)) {
    if (allowed.has(m[0])) continue;
    const range = [m.index, m.index + m[0].length];
    const finding = {
      guard: "number-provenance",
      field: "text",
      rule: "ungrounded-number",
      action: "redact",
      reason: "ungrounded",
      actual: m[0],
      evidence: [],
      edit: { range, text: "[NUM_REDACTED]" },
    };
    pieces.push(text.slice(at, range[0]), finding.edit.text);
    at = range[1];
    const start = range[0] + delta;
    delta += finding.edit.text.length - m[0].length;
    records.push({
      guard: finding.guard,
      rule: finding.rule,
      action: finding.action,
      field: finding.field,
      original: finding.actual,
      replacement: finding.edit.text,
      reason: finding.reason,
      evidence: finding.evidence,
      range,
      outputRange: [start, start + finding.edit.text.length],
    });
  }
  pieces.push(text.slice(at));
  return { text: pieces.join(""), records };
}

function median(fn, count = runs) {
  const times = [];
  let result;
  for (let i = 0; i < count; i++) {
    const start = performance.now();
    result = fn();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  return { ms: times[Math.floor(times.length / 2)], result };
}

/** Medians of two functions timed in turn. */
function medianPair(first, second, count) {
  const times = [[], []];
  const results = [];
  for (let i = 0; i < count; i++) {
    [first, second].forEach((fn, k) => {
      const start = performance.now();
      results[k] = fn();
      times[k].push(performance.now() - start);
    });
  }
  return times.map((t, k) => {
    t.sort((a, b) => a - b);
    return { ms: t[Math.floor(t.length / 2)], result: results[k] };
  });
}

const samples = join(root, "samples");
const profile = parse(readFileSync(join(samples, "profile.yaml"), "utf8"));
const draft = JSON.parse(readFileSync(join(samples, "drafts/fabricated.json"), "utf8"));
const repos = ["payments-api", "ledger-service", "platform-infra", "stream-analytics", "portfolio-site"];
const truth = await extract(
  repos.map((r) => join(samples, "repos", r)),
  { history: false },
);
const facts = [{ id: "eks", text: readFileSync(join(samples, "docs/fernhill-eks-migration.md"), "utf8") }];
const catalog = await defaultCatalog();
// A two-page resume: the sample draft with its experience repeated to about 700 words, and a profile with
// the same six jobs (so record-provenance matches each entry, as it would on a real two-page resume).
const repeated = (work) =>
  [...work, ...work, ...work].map((w, i) => ({ ...w, name: `${w.name} ${i}`, startDate: `${2000 + i}-01` }));
const twoPageProfile = { ...profile, work: repeated(profile.work) };
const twoPage = structuredClone(draft);
twoPage.work = repeated(draft.work);
const newContext = (p = twoPageProfile) => buildContext({ catalog, profile: p, facts, truth });
const allowed = new Set(JSON.stringify({ profile, facts }).match(/\b\d+(?:[.,]\d+)?\b/g));
const words = JSON.stringify(twoPage).split(/\s+/).length;
const withoutRecord = GUARDS.filter((g) => g.meta.id !== "record-provenance");
for (let i = 0; i < 200; i++) {
  runChain({ draft: twoPage }, newContext(), GUARDS); // warm up
  runChain({ draft: twoPage }, newContext(), withoutRecord);
}
// With and without record-provenance, interleaved, so that both see the same machine.
const [resume, resumeWithout] = medianPair(
  () => runChain({ draft: twoPage }, newContext(), GUARDS),
  () => runChain({ draft: twoPage }, newContext(), withoutRecord),
  resumeRuns,
);
const resumeText = JSON.stringify(twoPage);
const resumeRegex = median(() => stripUngroundedNumbers(resumeText, allowed), resumeRuns);

// 10 MB of resume-like prose with numbers, units and technology names.
const lines = [
  "Cut p95 checkout latency from 820 ms to 140 ms by caching idempotency keys in Redis.",
  "Reduced the monthly AWS bill by 23% by right-sizing node groups on Amazon EKS.",
  "Scaled the orders service to 50,000 requests per second on PostgreSQL and Amazon SQS.",
  "Built a Kafka and Spring Boot pipeline that aggregates 1.2M page views a day.",
  "Led a team of six engineers since 2019 and saved $2M a year on Python 3.12 services.",
  "Migrated 40% of batch jobs to AWS Lambda with Terraform, cutting deploys from 45 to 6 minutes.",
];
const target = Number(values.mb) * 1024 * 1024;
let big = "";
while (big.length < target) big += `${lines[big.length % lines.length]} `;

const chainBig = median(() => runChain({ text: big }, newContext(profile), GUARDS));
const regexBig = median(() => stripUngroundedNumbers(big, allowed));
const floorBig = median(() => recordsOnly(big, allowed));
const mbps = (bytes, ms) => (bytes / 1024 / 1024 / (ms / 1000)).toFixed(1);

console.log(
  `guard chain (${GUARDS.map((g) => g.meta.id).join(", ")}) vs the seed's regex, median of ${resumeRuns} runs (resume) and ${runs} runs (text), node ${process.version}`,
);
console.log("| input | guard chain | regex (seed) | ratio | chain records |");
console.log("| --- | ---: | ---: | ---: | ---: |");
console.log(
  `| two-page resume (${words} words) | ${resume.ms.toFixed(2)} ms | ${resumeRegex.ms.toFixed(3)} ms | ${(resume.ms / resumeRegex.ms).toFixed(0)}x | ${resume.result.records.length} |`,
);
console.log(
  `| the same, without record-provenance | ${resumeWithout.ms.toFixed(2)} ms (record-provenance adds ${(resume.ms - resumeWithout.ms).toFixed(2)} ms) | | | ${resumeWithout.result.records.length} |`,
);
console.log(
  `| ${values.mb} MB of text | ${chainBig.ms.toFixed(0)} ms (${mbps(big.length, chainBig.ms)} MB/s) | ${regexBig.ms.toFixed(0)} ms (${mbps(big.length, regexBig.ms)} MB/s) | ${(chainBig.ms / regexBig.ms).toFixed(2)}x | ${chainBig.result.records.length} |`,
);
console.log(
  `| ${values.mb} MB, records only (floor) | ${floorBig.ms.toFixed(0)} ms (${mbps(big.length, floorBig.ms)} MB/s) | ${regexBig.ms.toFixed(0)} ms | ${(floorBig.ms / regexBig.ms).toFixed(2)}x | ${floorBig.result.records.length} |`,
);
console.log(
  `chain / floor: ${(chainBig.ms / floorBig.ms).toFixed(2)}x (the floor finds digit strings and writes one finding and one record for each it does not allow, nothing else)`,
);

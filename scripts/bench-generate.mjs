// The whole embedded-default run on the sample candidate, as a user runs it: `vouch generate` in its own
// process, wall time and peak RSS (GNU time), median of N runs (default 5; `--runs N`). Target: under 2 s
// wall and under 300 MB peak memory. Also the stage timings of the last run, from its report.json.
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const runsFlag = process.argv.indexOf("--runs");
const runs = runsFlag > 0 ? Number(process.argv[runsFlag + 1]) : 5;
const hasGnuTime = spawnSync("/usr/bin/time", ["-f", "%M", "true"]).status === 0;

const out = mkdtempSync(join(tmpdir(), "vouch-bench-generate-"));
const command = [
  process.execPath,
  join(root, "dist/server/bin.js"),
  "generate",
  "--profile",
  join(root, "samples/profile.yaml"),
  "--job",
  join(root, "samples/jobs/platform-engineer.md"),
  "--out",
  out,
];

const samples = [];
for (let i = 0; i < runs; i++) {
  const started = performance.now();
  const run = hasGnuTime
    ? spawnSync("/usr/bin/time", ["-f", "%M", ...command], { encoding: "utf8" })
    : spawnSync(command[0], command.slice(1), { encoding: "utf8" });
  const ms = performance.now() - started;
  if (run.status !== 0) {
    console.error(run.stderr);
    process.exit(1);
  }
  const rssKb = hasGnuTime ? Number(run.stderr.trim().split("\n").at(-1)) : NaN;
  samples.push({ ms, rssMb: rssKb / 1024 });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const wall = median(samples.map((s) => s.ms));
const rss = Math.max(...samples.map((s) => s.rssMb));
console.log(`vouch generate on samples/ (embedded defaults), ${runs} runs`);
console.log(
  `wall: median ${wall.toFixed(0)} ms (min ${Math.min(...samples.map((s) => s.ms)).toFixed(0)}, max ${Math.max(...samples.map((s) => s.ms)).toFixed(0)})  target < 2000 ms`,
);
console.log(
  hasGnuTime
    ? `peak RSS: ${rss.toFixed(0)} MB (max over runs)  target < 300 MB`
    : "peak RSS: GNU time not found",
);
const report = JSON.parse(readFileSync(join(out, "report.json"), "utf8"));
console.log("stages of the last run (ms):");
for (const s of report.stages) console.log(`  ${s.stage.padEnd(20)} ${s.ms.toFixed(1).padStart(7)}`);

await import("./bench-pdf.mjs");

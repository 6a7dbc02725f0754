// Benchmark: `vouch extract` beside @specfy/stack-analyser on the same repositories in one run, then
// vouch alone on generated repositories of growing size (time and peak memory).
//
//   npm run bench:extract                      the sample repositories
//   npm run bench:extract -- DIR...            any local repositories
//   npm run bench:extract -- --sizes 5000,50000 --runs 3
//   npm run bench:extract -- --growth-only --baseline /tmp/vouch-before   growth only, beside another build
//   npm run bench:extract -- --authorship-only --authorship /tmp/podinfo='Stefan Prodan <stefan.prodan@gmail.com>'
//
// Each tool runs as its own process, as a user would run it; the median of --runs runs is reported.
// --baseline names another vouch folder (with dist/ built): its runs alternate with this build's, so a
// before/after comparison shares the machine's load.
// --authorship DIR=ID (repeatable) times extract on the local repository DIR without and with `--author ID`
// (both `--no-history`), the two alternating run after run; --authorship-only skips the other sections.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";

const root = resolve(import.meta.dirname, "..");
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    runs: { type: "string", default: "5" },
    sizes: { type: "string", default: "5000,10000,25000,50000" },
    "skip-growth": { type: "boolean", default: false },
    "growth-only": { type: "boolean", default: false },
    baseline: { type: "string" },
    authorship: { type: "string", multiple: true, default: [] },
    "authorship-only": { type: "boolean", default: false },
  },
});
const runs = Number(values.runs);
const vouchBin = join(root, "dist/server/bin.js");
const analyserBin = join(root, "node_modules/@specfy/stack-analyser/dist/cli.js");
const baselineBin = values.baseline && join(resolve(values.baseline), "dist/server/bin.js");
if (baselineBin && !existsSync(baselineBin))
  throw new Error(`${baselineBin}: not found; build the baseline first`);
const authorshipRepos = values.authorship.map((spec) => {
  const at = spec.indexOf("=");
  if (at <= 0 || at === spec.length - 1) throw new Error(`--authorship ${spec}: expected DIR=ID`);
  return { dir: resolve(spec.slice(0, at)), id: spec.slice(at + 1) };
});
if (values["authorship-only"] && authorshipRepos.length === 0)
  throw new Error("--authorship-only: name a repository with --authorship DIR=ID");
const hasGnuTime = spawnSync("/usr/bin/time", ["-f", "%M", "true"]).status === 0;

/** Run a command once; wall time in ms and peak RSS in MB (when GNU time is there). */
function measure(args, cwd) {
  const options = { encoding: "utf8", maxBuffer: 1 << 30, cwd };
  const start = performance.now();
  const result = hasGnuTime
    ? spawnSync("/usr/bin/time", ["-f", "%M", process.execPath, ...args], options)
    : spawnSync(process.execPath, args, options);
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed:\n${result.stderr}`);
  const rssKb = hasGnuTime ? Number(result.stderr.trim().split("\n").pop()) : NaN;
  return { ms, mb: rssKb / 1024, stdout: result.stdout };
}

function median(list) {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

function summarise(samples) {
  return {
    ms: median(samples.map((s) => s.ms)),
    mb: Math.max(...samples.map((s) => s.mb)),
    last: samples.at(-1),
  };
}

function bench(args, cwd) {
  return summarise(Array.from({ length: runs }, () => measure(args, cwd)));
}

/** Two commands, run after run in turn (with `swap`, the second goes first on odd runs); `[a, b]`. */
function benchAlternating(a, b, swap = false) {
  const first = [];
  const second = [];
  for (let i = 0; i < runs; i++) {
    if (!swap || i % 2 === 0) {
      first.push(measure(a));
      second.push(measure(b));
    } else {
      second.push(measure(b));
      first.push(measure(a));
    }
  }
  return [summarise(first), summarise(second)];
}

/** This build and the baseline's, run after run in turn; `[ours, baseline]`. */
function benchPair(bin, otherBin, rest) {
  return benchAlternating([bin, ...rest], [otherBin, ...rest]);
}

function countAnalyser(json) {
  const techs = new Set();
  const walk = (node) => {
    for (const t of node.techs ?? []) techs.add(t);
    for (const child of node.childs ?? []) walk(child);
  };
  walk(json);
  return techs.size;
}

const repos = positionals.length
  ? positionals.map((p) => resolve(p))
  : readdirSync(join(root, "samples/repos")).map((r) => join(root, "samples/repos", r));

console.log(
  `node ${process.version}, median of ${runs} runs each${baselineBin ? `, baseline ${baselineBin}` : ""}`,
);
if (!values["growth-only"] && !values["authorship-only"]) compareWithAnalyser();
if (!values["skip-growth"] && !values["authorship-only"]) growth();
if (authorshipRepos.length) authorship();

function compareWithAnalyser() {
  console.log("\nvouch extract vs @specfy/stack-analyser");
  const extra = baselineBin ? " baseline ms |" : "";
  console.log(
    `| repository | files | vouch ms |${extra} stack-analyser ms | ratio | vouch technologies (evidence) | stack-analyser technologies |`,
  );
  console.log(`| --- | ---: | ---: |${baselineBin ? " ---: |" : ""} ---: | ---: | ---: | ---: |`);
  // stack-analyser writes its --output relative to its working folder.
  const outName = `vouch-bench-analyser-${process.pid}.json`;
  const out = join(tmpdir(), outName);
  const total = { vouch: 0, analyser: 0 };
  for (const repo of repos) {
    const args = ["extract", repo, "--json", "--no-history"];
    const [vouch, base] = baselineBin ? benchPair(vouchBin, baselineBin, args) : [bench([vouchBin, ...args])];
    const analyser = bench([analyserBin, repo, `--output=${outName}`], tmpdir());
    const result = JSON.parse(vouch.last.stdout);
    const evidence = result.technologies.reduce((n, t) => n + t.evidence.length, 0);
    const theirs = countAnalyser(JSON.parse(readFileSync(out, "utf8")));
    const name = repo.split("/").pop();
    const ratio = (analyser.ms / vouch.ms).toFixed(2);
    total.vouch += vouch.ms;
    total.analyser += analyser.ms;
    const baseCell = base ? ` ${base.ms.toFixed(0)} |` : "";
    console.log(
      `| ${name} | ${result.repos[0].filesScanned} | ${vouch.ms.toFixed(0)} |${baseCell} ${analyser.ms.toFixed(0)} | ${ratio}x faster | ${result.technologies.length} (${evidence}) | ${theirs} |`,
    );
  }
  rmSync(out, { force: true });
  // Issue 14's targets read in time taken: vouch / peer, at most 1.5 on every repository and 0.8 in all.
  console.log(
    `\nall together: vouch ${total.vouch.toFixed(0)} ms, stack-analyser ${total.analyser.toFixed(0)} ms, ` +
      `vouch / stack-analyser ${(total.vouch / total.analyser).toFixed(2)}`,
  );
}

function growth() {
  console.log("\nvouch extract on generated repositories (growth)");
  const extra = baselineBin ? " baseline ms | baseline peak RSS MB |" : "";
  console.log(`| files | ms | ms per 1,000 files | peak RSS MB |${extra}`);
  console.log(`| ---: | ---: | ---: | ---: |${baselineBin ? " ---: | ---: |" : ""}`);
  for (const size of values.sizes.split(",").map(Number)) {
    const args = ["extract", generateRepo(size), "--json", "--no-history"];
    const [run, base] = baselineBin ? benchPair(vouchBin, baselineBin, args) : [bench([vouchBin, ...args])];
    const baseCells = base ? ` ${base.ms.toFixed(0)} | ${base.mb.toFixed(0)} |` : "";
    console.log(
      `| ${size} | ${run.ms.toFixed(0)} | ${((run.ms / size) * 1000).toFixed(1)} | ${run.mb.toFixed(0)} |${baseCells}`,
    );
  }
}

function authorship() {
  console.log("\nvouch extract --no-history without and with --author (authorship from git log and blame)");
  console.log(
    "| repository | commits | candidate's commits | ms without | ms with | difference ms | ratio | peak RSS MB without | peak RSS MB with | production | others-only |",
  );
  console.log("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |");
  for (const { dir, id } of authorshipRepos) {
    const count = spawnSync("git", ["-C", dir, "rev-list", "--count", "HEAD"], { encoding: "utf8" });
    if (count.status !== 0) throw new Error(`${dir}: not a git repository with commits:\n${count.stderr}`);
    const args = [vouchBin, "extract", dir, "--json", "--no-history"];
    const [without, withAuthor] = benchAlternating(args, [...args, "--author", id], true);
    const result = JSON.parse(withAuthor.last.stdout);
    const verified = result.repos[0].authorship;
    const candidate = verified?.verified ? verified.candidateCommits : `not verified: ${verified?.note}`;
    const statuses = (status) => result.technologies.filter((t) => t.status === status).length;
    const name = dir.split("/").pop();
    console.log(
      `| ${name} | ${count.stdout.trim()} | ${candidate} | ${without.ms.toFixed(0)} | ${withAuthor.ms.toFixed(0)} | ` +
        `${(withAuthor.ms - without.ms).toFixed(0)} | ${(withAuthor.ms / without.ms).toFixed(2)}x | ` +
        `${without.mb.toFixed(0)} | ${withAuthor.mb.toFixed(0)} | ${statuses("production")} | ${statuses("others-only")} |`,
    );
  }
  // The issue's target: authorship adds at most 1 s at about 1,200 commits and 3 s at about 5,000.
  console.log("\ntarget: authorship adds at most 1,000 ms at ~1,200 commits and 3,000 ms at ~5,000 commits");
}

/** A synthetic monorepo of `size` files: services with manifests, sources with imports, docs, tests. */
function generateRepo(size) {
  const dir = join(tmpdir(), `vouch-bench-repo-${size}`);
  if (existsSync(join(dir, ".complete"))) return dir;
  rmSync(dir, { recursive: true, force: true });
  const perService = 100;
  for (let i = 0; i < size; i++) {
    const service = `services/svc-${Math.floor(i / perService)}`;
    const n = i % perService;
    let path;
    let text;
    if (n === 0) {
      path = `${service}/package.json`;
      text = JSON.stringify(
        {
          name: `svc-${i}`,
          dependencies: { pg: "^8.11.0", express: "^4.19.0" },
          devDependencies: { vitest: "^1.0.0" },
        },
        null,
        2,
      );
    } else if (n === 1) {
      path = `${service}/README.md`;
      text = `# Service ${i}\n\nStores orders in PostgreSQL and serves them with Express.\n`;
    } else if (n % 10 === 2) {
      path = `${service}/test/case-${n}.test.ts`;
      text = `import { describe, it } from "vitest";\nimport { handler } from "../src/file-${n}.js";\ndescribe("x", () => it("works", () => handler()));\n`;
    } else if (n % 10 === 3) {
      path = `${service}/app/mod_${n}.py`;
      text = `import os\nimport boto3\nfrom sqlalchemy import select\n\n\ndef handler(event):\n    return select(event)\n`;
    } else {
      path = `${service}/src/file-${n}.ts`;
      text = `import express from "express";\nimport { Pool } from "pg";\n// import openai from "openai"; a comment, not an import\nexport function handler() {\n  return [express, Pool, ${n}];\n}\n`;
    }
    mkdirSync(join(dir, path, ".."), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  writeFileSync(join(dir, ".complete"), "");
  return dir;
}

// Extract's truth against repositories labelled by hand from their code (scripts/labelled-repos/*.yaml),
// beside @specfy/stack-analyser on the same checkouts: recall of the labelled production technologies
// (found with status production, or a status native to its category: a build tool seen in tooling, which
// the guards back as experience with it), traps reported as production, and time (each tool a new process, as a
// user runs it, interleaved, median of --runs).
//
//   npm run bench:labelled -- --repos /tmp/labelled        checkouts named as the label files
//   npm run bench:labelled -- --repos /tmp/labelled --runs 3 --only saleor,maybe
//
// A checkout is `<repos>/<label file name>` at the label's commit (`git clone` of github:<repo>); a label
// whose checkout is missing or at another commit is skipped with a note.
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { parseArgs } from "node:util";
import { parse } from "yaml";
import { NATIVE_STATUSES } from "../dist/guards/index.js";

const root = resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: {
    repos: { type: "string", default: "/tmp/labelled" },
    runs: { type: "string", default: "3" },
    only: { type: "string" },
    "no-peer": { type: "boolean", default: false },
    vouch: { type: "string" },
  },
});
const runs = Number(values.runs);
// --vouch names another vouch folder (dist/ built) to score instead of this one, e.g. main before a change.
const vouchBin = join(values.vouch ? resolve(values.vouch) : root, "dist/server/bin.js");
const analyserBin = join(root, "node_modules/@specfy/stack-analyser/dist/cli.js");
const labelDir = join(root, "scripts/labelled-repos");
const only = values.only?.split(",");

function run(args, cwd) {
  const start = performance.now();
  const result = spawnSync(process.execPath, args, { encoding: "utf8", maxBuffer: 1 << 30, cwd });
  const ms = performance.now() - start;
  if (result.status !== 0) throw new Error(`${args.join(" ")} failed:\n${result.stderr}`);
  return { ms, stdout: result.stdout };
}

const median = (list) => [...list].sort((a, b) => a - b)[Math.floor(list.length / 2)];

/** stack-analyser's technology names, lower-cased, from its output tree. */
function analyserNames(json) {
  const names = new Set();
  const walk = (node) => {
    for (const tech of node.techs ?? []) names.add(String(tech).toLowerCase());
    for (const name of Object.keys(node.languages ?? {})) names.add(name.toLowerCase());
    for (const child of node.childs ?? []) walk(child);
  };
  walk(json);
  return names;
}

const catalog = new Map();
for (const file of readdirSync(join(root, "extractors/catalog")).filter((f) => f.endsWith(".yaml"))) {
  for (const entry of parse(readFileSync(join(root, "extractors/catalog", file), "utf8")) ?? [])
    catalog.set(entry.id, entry);
}
/** Whether stack-analyser's names include the catalog entry `id` by its id, name or an alias. */
function peerHas(names, id) {
  const entry = catalog.get(id);
  const spellings = [id, entry?.name, ...(entry?.aliases ?? [])].filter(Boolean).map((s) => s.toLowerCase());
  return spellings.some((s) => names.has(s) || names.has(s.replace(/[\s.]+/g, "")));
}

const rows = [];
const totals = {
  found: 0,
  production: 0,
  trapsHit: 0,
  traps: 0,
  peerFound: 0,
  peerTraps: 0,
  vouch: 0,
  peer: 0,
};
for (const file of readdirSync(labelDir)
  .filter((f) => f.endsWith(".yaml"))
  .sort()) {
  const name = file.slice(0, -".yaml".length);
  if (only && !only.includes(name)) continue;
  const label = parse(readFileSync(join(labelDir, file), "utf8"));
  const dir = join(resolve(values.repos), name);
  if (!existsSync(dir)) {
    console.log(`${name}: no checkout at ${dir}; skipped`);
    continue;
  }
  const head = spawnSync("git", ["-C", dir, "rev-parse", "HEAD"], { encoding: "utf8" }).stdout.trim();
  if (head !== label.commit) {
    console.log(
      `${name}: ${dir} is at ${head.slice(0, 12)}, the label at ${label.commit.slice(0, 12)}; skipped`,
    );
    continue;
  }
  const vouchMs = [];
  const peerMs = [];
  let truth;
  let peer;
  for (let i = 0; i < runs; i++) {
    const v = run([vouchBin, "extract", dir, "--json", "--no-history"]);
    vouchMs.push(v.ms);
    truth = JSON.parse(v.stdout);
    if (!values["no-peer"]) {
      const out = `labelled-${name}.json`;
      const p = run([analyserBin, dir, `--output=${out}`], tmpdir());
      peerMs.push(p.ms);
      peer = readFileSync(join(tmpdir(), out), "utf8");
    }
  }
  const production = new Set(truth.technologies.filter((t) => t.status === "production").map((t) => t.id));
  const backed = new Set(
    truth.technologies
      .filter((t) => t.status === "production" || NATIVE_STATUSES[t.category]?.includes(t.status))
      .map((t) => t.id),
  );
  // Languages are counted by bytes (repos[].productionLanguages: what the product is written in), not
  // listed as technologies.
  const languages = new Set(
    truth.repos.flatMap((repo) =>
      Object.keys(repo.productionLanguages ?? repo.languages).map((l) => l.toLowerCase()),
    ),
  );
  for (const [id, entry] of catalog) {
    if (entry.category !== "language") continue;
    const spellings = [entry.name, ...(entry.aliases ?? [])].map((s) => s.toLowerCase());
    if (spellings.some((s) => languages.has(s))) {
      production.add(id);
      backed.add(id);
    }
  }
  const ids = (list) => (list ?? []).map((item) => item.id);
  const wanted = ids(label.production);
  const traps = ids(label.traps);
  const missed = wanted.filter((id) => !backed.has(id));
  const trapped = traps.filter((id) => production.has(id));
  const peerNames = peer ? analyserNames(JSON.parse(peer.slice(peer.indexOf("{")))) : new Set();
  const peerFound = wanted.filter((id) => peerHas(peerNames, id)).length;
  const peerTraps = traps.filter((id) => peerHas(peerNames, id)).length;
  const row = {
    name,
    what: label.what,
    recall: (wanted.length - missed.length) / wanted.length,
    trapRate: traps.length ? trapped.length / traps.length : 0,
    peerRecall: peerFound / wanted.length,
    peerTrapRate: traps.length ? peerTraps / traps.length : 0,
    vouchMs: median(vouchMs),
    peerMs: peerMs.length ? median(peerMs) : NaN,
    missed,
    trapped,
    counts: `${wanted.length}/${traps.length}`,
  };
  rows.push(row);
  totals.found += wanted.length - missed.length;
  totals.production += wanted.length;
  totals.trapsHit += trapped.length;
  totals.traps += traps.length;
  totals.peerFound += peerFound;
  totals.peerTraps += peerTraps;
  totals.vouch += row.vouchMs;
  totals.peer += row.peerMs;
}

const pct = (x) => x.toFixed(2);
console.log(
  "| repository | production / traps labelled | vouch recall | vouch traps as production | stack-analyser recall | stack-analyser traps | vouch ms | stack-analyser ms | ratio |",
);
console.log("| --- | --- | --- | --- | --- | --- | --- | --- | --- |");
for (const r of rows) {
  console.log(
    `| ${r.name} | ${r.counts} | ${pct(r.recall)} | ${pct(r.trapRate)} | ${pct(r.peerRecall)} | ${pct(r.peerTrapRate)} | ${r.vouchMs.toFixed(0)} | ${r.peerMs.toFixed(0)} | ${(r.vouchMs / r.peerMs).toFixed(2)}x |`,
  );
}
console.log(
  `| all | ${totals.production}/${totals.traps} | ${pct(totals.found / totals.production)} | ${pct(totals.trapsHit / totals.traps)} | ${pct(totals.peerFound / totals.production)} | ${pct(totals.peerTraps / totals.traps)} | ${totals.vouch.toFixed(0)} | ${totals.peer.toFixed(0)} | ${(totals.vouch / totals.peer).toFixed(2)}x |`,
);
for (const r of rows) {
  if (r.missed.length || r.trapped.length)
    console.log(
      `${r.name}: missed ${r.missed.join(", ") || "none"}; traps as production ${r.trapped.join(", ") || "none"}`,
    );
}

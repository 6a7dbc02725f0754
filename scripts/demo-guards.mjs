// `npm run demo:guards`: the guard chain on a scripted draft with realistic fabrications (an inflated
// metric, a vendor seen only in examples/, a stale README claim, an invented skill), offline.
// Builds a guard case from samples/ (profile, draft, code-derived truth, a KB doc) and runs `vouch guard`.
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { parse } from "yaml";
import { extract } from "../dist/extractors/extract.js";

const root = resolve(import.meta.dirname, "..");
const samples = join(root, "samples");
const profile = parse(readFileSync(join(samples, "profile.yaml"), "utf8"));
const draft = JSON.parse(readFileSync(join(samples, "drafts/fabricated.json"), "utf8"));
const repos = profile.portfolio.repos.map((r) => join(samples, r));
const truth = await extract(repos, { history: false });
const facts = [
  {
    id: "docs/fernhill-eks-migration.md",
    text: readFileSync(join(samples, "docs/fernhill-eks-migration.md"), "utf8"),
  },
];
const casePath = join(root, "out", "demo", "guard-case.json");
mkdirSync(join(root, "out", "demo"), { recursive: true });
writeFileSync(casePath, JSON.stringify({ draft, sources: { profile, facts, truth } }, null, 2));
console.log(`guard case: ${casePath}\n`);
const { status } = spawnSync(
  process.execPath,
  [join(root, "dist/pipeline/bin.js"), "guard", "--case", casePath],
  {
    stdio: "inherit",
  },
);
process.exit(status ?? 1);

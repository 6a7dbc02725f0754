// `npm run demo:guards`: the whole pipeline with a scripted writer whose draft carries realistic
// fabrications (inflated metrics, a vendor seen only in examples/, a stale README claim, an invented skill,
// an invented award), then the auditor's view of what the guards and the verifier changed. Offline.
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const out = join("out", "demo-guards");
const vouch = (...args) =>
  spawnSync(process.execPath, [join(root, "dist/server/bin.js"), ...args], { cwd: root, stdio: "inherit" })
    .status ?? 1;

const generated = vouch(
  "generate",
  "--profile",
  "samples/profile.yaml",
  "--job",
  "samples/jobs/platform-engineer.md",
  "--writer",
  "scripted:samples/drafts/fabricated.json",
  "--out",
  out,
);
if (generated !== 0) process.exit(generated);
console.log();
process.exit(vouch("audit", out));

// `npm start`: the main job on the embedded defaults, offline: the sample candidate tailored to the sample
// job, written to out/dana-reyes-platform-engineer/ (resume.pdf, resume.docx, the review copy, the log, the report).
import { spawnSync } from "node:child_process";
import { join, resolve } from "node:path";
import { ensureSampleHistory } from "./sample-history.mjs";

const root = resolve(import.meta.dirname, "..");
// The samples' commits, so the run verifies Dana's authorship (built at install; rebuilt if a file changed).
try {
  ensureSampleHistory(root, (line) => console.log(line));
} catch (error) {
  console.warn(
    `sample history not built (${error instanceof Error ? error.message : String(error)}): authorship will be unverified`,
  );
}
const out = join("out", "dana-reyes-platform-engineer");
const args = [
  join(root, "dist/server/bin.js"),
  "generate",
  "--profile",
  "samples/profile.yaml",
  "--job",
  "samples/jobs/platform-engineer.md",
  "--out",
  out,
];
const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
if (status === 0)
  console.log(
    `\nopen ${join(out, "resume.pdf")} (or resume.docx); the run's report is ${join(out, "report.json")}`,
  );
process.exit(status ?? 1);

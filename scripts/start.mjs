// `npm start`: the main job on the embedded defaults, offline, on the sample candidate in samples/.
// Until `vouch generate` lands (issue 5) this runs the stage that exists: code-derived truth from the
// sample repositories, written to out/truth.json with a summary on the terminal.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join, resolve } from "node:path";

const root = resolve(import.meta.dirname, "..");
const repos = readdirSync(join(root, "samples/repos")).map((r) => join("samples/repos", r));
const args = [join(root, "dist/pipeline/bin.js"), "extract", ...repos, "--out", "out/truth.json"];
const { status } = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
process.exit(status ?? 1);

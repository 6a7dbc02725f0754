// The samples' demo:guards run (scripted fabricated draft), written once per test file into a temp folder.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { runCli } from "../../../helpers/cli.js";

export const samples = resolve(import.meta.dirname, "../../../../samples");

/**
 * Generate the demo run; paths absolute so the audit can find the profile from any cwd. `ownPage: false`
 * takes the run's own audit.html away (file and report.json entry), as a run of a vouch before the page
 * existed, so `audit --html` writes the default page.
 */
export async function demoRun(prefix = "vouch-audit-html-", { ownPage = true } = {}): Promise<string> {
  const out = mkdtempSync(join(tmpdir(), prefix));
  const run = await runCli([
    "generate",
    "--profile",
    join(samples, "profile.yaml"),
    "--job",
    join(samples, "jobs/platform-engineer.md"),
    "--writer",
    `scripted:${join(samples, "drafts/fabricated.json")}`,
    "--no-history",
    "--out",
    out,
  ]);
  if (run.code !== 0) throw new Error(`generate failed: ${run.stderr}`);
  if (!ownPage) {
    rmSync(join(out, "audit.html"));
    const path = join(out, "report.json");
    const report = JSON.parse(readFileSync(path, "utf8")) as { outputs: { file: string }[] };
    report.outputs = report.outputs.filter((output) => output.file !== "audit.html");
    writeFileSync(path, `${JSON.stringify(report, null, 2)}\n`);
  }
  return out;
}

// Outputs that are devices or links (issue 26): an output folder whose files link to /dev/zero, or whose
// report names /dev/zero as its layout, is refused at once, naming the file, never read forever.
import { cp, mkdtemp, readFile, rm, symlink, unlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateSample, runCli } from "../../helpers/cli.js";

let parent: string;
let run: string;
beforeAll(async () => {
  parent = await mkdtemp(join(tmpdir(), "vouch-devices-"));
  run = join(parent, "run");
  const generated = await generateSample(run);
  expect(generated.code).toBe(0);
}, 60_000);
afterAll(() => rm(parent, { recursive: true, force: true }));

/** A copy of the run with `file` replaced by a link to /dev/zero. */
async function withDevice(file: string): Promise<string> {
  const dir = join(parent, `${file}-zero`);
  await cp(run, dir, { recursive: true });
  await unlink(join(dir, file));
  await symlink("/dev/zero", join(dir, file));
  return dir;
}

describe("audit reads regular files only", () => {
  it.each([
    ["resume.md", ["--verify"]],
    ["report.json", ["--verify"]],
    ["redaction-log.jsonl", ["--verify"]],
    ["resume.json", ["--restore"]],
    ["report.json", ["--html"]],
  ])(
    "%s linked to /dev/zero: %s refuses it by name",
    async (file, flags) => {
      const dir = await withDevice(file);
      const result = await runCli(["audit", dir, ...flags]);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toContain(`${join(dir, file)}: the`);
      expect(result.stderr).toContain("is a character device; vouch reads regular files only.");
    },
    20_000,
  );

  it("a report naming /dev/zero as its layout is not read: the page keeps the default layout", async () => {
    const dir = join(parent, "layout-zero");
    await cp(run, dir, { recursive: true });
    const report = JSON.parse(await readFile(join(dir, "report.json"), "utf8")) as {
      inputs: { layout: string };
    };
    report.inputs.layout = "/dev/zero";
    await writeFile(join(dir, "report.json"), JSON.stringify(report));
    const result = await runCli(["audit", dir, "--html", join(parent, "page.html")]);
    expect(result.stderr).not.toMatch(/internal error/);
    expect(result.stdout).toContain(`wrote ${join(parent, "page.html")}`);
  }, 20_000);
});

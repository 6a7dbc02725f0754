// The portfolio's extraction as generate and serve run it: the profile's identities reach extract, and
// what a person must read about authorship is said once, naming what to do.
import { cpSync, mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { defaultCatalog } from "../../../extractors/catalog.js";
import { readProfile } from "../../../pipeline/inputs/profile.js";
import { authorshipWarnings, extractPortfolio } from "../../../pipeline/stages/extract.js";
import { runCli } from "../../helpers/cli.js";
import { settingsOf } from "../../helpers/settings.js";
import { buildPodcast } from "../../helpers/three-candidates.js";

const scratch = mkdtempSync(join(tmpdir(), "vouch-extract-stage-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));
buildPodcast(join(scratch, "podcast"));
cpSync(join(scratch, "podcast"), join(scratch, "export"), {
  recursive: true,
  filter: (src) => !src.endsWith("/.git"),
});
const catalog = await defaultCatalog();

async function truthOf(profile: Record<string, unknown>, name: string, settings = {}) {
  const file = join(scratch, `${name}.json`);
  writeFileSync(file, JSON.stringify(profile));
  const loaded = await readProfile(file);
  const { truth } = await extractPortfolio(loaded.portfolio, {
    catalog,
    settings: settingsOf(settings),
    history: false,
  });
  return { truth, warnings: authorshipWarnings(truth, loaded.portfolio, `${name}.json`) };
}

describe("authorship warnings", () => {
  it("a profile that names nobody, with a repository that has history: one warning naming the keys to add", async () => {
    const { truth, warnings } = await truthOf(
      { basics: { name: "Alex" }, portfolio: { repos: ["./podcast"] } },
      "nobody",
    );
    expect(warnings).toEqual([
      "nobody.json names no identity of the candidate, so no commit in podcast can be theirs and their code backs nothing: add basics.email, a GitHub entry in basics.profiles (network: GitHub, username: …) or portfolio.authors.",
    ]);
    expect(truth.technologies.every((t) => t.status === "others-only")).toBe(true);
  });

  it("portfolio.authors reaches extract: the old address the candidate committed under counts", async () => {
    const { truth, warnings } = await truthOf(
      {
        basics: { email: "alex@new.example" },
        portfolio: { repos: ["./podcast"], authors: ["Alex Main <alex@old.test>"] },
      },
      "alex-old",
    );
    expect(warnings).toEqual([]);
    expect(truth.authors).toEqual(["alex@new.example", "Alex Main <alex@old.test>"]);
    expect(truth.technologies.find((t) => t.id === "helm")?.status).toBe("production");
  });

  it("a folder without history: unverified, said, and counted as others' when authorship is required", async () => {
    const verify = await truthOf(
      { basics: { email: "alex@example.test" }, portfolio: { repos: ["./export"] } },
      "export",
    );
    expect(verify.warnings).toEqual([
      "export: authorship not verified: no history: not a git repository (an export or a copied tree).",
    ]);
    expect(verify.truth.technologies.find((t) => t.id === "helm")?.status).toBe("production");
    const required = await truthOf(
      { basics: { email: "alex@example.test" }, portfolio: { repos: ["./export"], authorship: "required" } },
      "export-required",
    );
    expect(required.warnings[0]).toMatch(/; its evidence counts as others' \(authorship required\)\.$/);
    expect(required.truth.technologies.find((t) => t.id === "helm")?.status).toBe("others-only");
    const bySetting = await truthOf(
      { basics: { email: "alex@example.test" }, portfolio: { repos: ["./export"] } },
      "export-setting",
      {
        requireAuthorship: true,
      },
    );
    expect(bySetting.truth.authorship).toBe("required");
  });
});

describe("the command line", () => {
  it("generate --require-authorship counts a folder without history as others'", async () => {
    writeFileSync(join(scratch, "job.md"), "# Go engineer\n\n- Ship with Helm.\n");
    writeFileSync(
      join(scratch, "p.json"),
      JSON.stringify({
        basics: { name: "Alex", email: "alex@example.test" },
        portfolio: { repos: ["./export"] },
      }),
    );
    const run = await runCli([
      "generate",
      "--profile",
      join(scratch, "p.json"),
      "--job",
      join(scratch, "job.md"),
      "--out",
      join(scratch, "out"),
      "--require-authorship",
      "--json",
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      "vouch: warning: export: authorship not verified: no history: not a git repository (an export or a copied tree); its evidence counts as others' (authorship required).\n",
    );
    const report = JSON.parse(run.stdout) as { matches: { technology?: string; status: string }[] };
    expect(report.matches.find((m) => m.technology === "helm")?.status).toBe("others-only");
  });

  it.each([
    [
      ["extract", "./x", "--require-authorship"],
      "vouch: --require-authorship: name the candidate with --author.\n",
    ],
    [
      ["extract", "./x", "--author", "alex"],
      'vouch: --author: "alex" is not an email, `Name <email>` or `github:login`.\n',
    ],
  ])("%j is bad input", async (args, stderr) => {
    const run = await runCli(args);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(stderr);
  });
});

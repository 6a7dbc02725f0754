// Public resume.json files often keep JSON Resume 0.x's keys: read as today's, said once, nothing dropped.
import { readFileSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readProfile } from "../../../pipeline/inputs/profile.js";
import { readLegacyKeys } from "../../../pipeline/inputs/profile-legacy.js";
import type { JsonResume } from "../../../core/resume.js";
import { runCli } from "../../helpers/cli.js";

const LEGACY = resolve(import.meta.dirname, "../../fixtures/profiles/legacy-0x.json");

describe("readLegacyKeys", () => {
  it("reads work[].company as the employer, website as url, picture as image, gpa as score", () => {
    const { profile, notes } = readLegacyKeys(JSON.parse(readFileSync(LEGACY, "utf8")), "legacy-0x.json");
    expect(profile.work?.map((w) => [w.name, w.url])).toEqual([
      ["Harbor Goods", "https://harbor-goods.example/"],
      ["Lantern Studio", undefined],
    ]);
    expect(profile.work?.[0]).not.toHaveProperty("company");
    expect(profile.basics).toMatchObject({ url: "https://vale.example/" });
    expect(profile.basics).not.toHaveProperty("picture");
    expect(profile.basics).not.toHaveProperty("image");
    expect(profile.education?.[0]).toMatchObject({ score: "3.6" });
    expect(notes).toEqual([
      "legacy-0x.json: JSON Resume 0.x keys read as today's: basics.website as basics.url, basics.picture as basics.image, work[].company as work[].name, work[].website as work[].url, education[].gpa as education[].score.",
      "legacy-0x.json: keys outside JSON Resume, which the resume does not show (they still count as your own statements): work[].technologies, work[].descriptionPoints.",
    ]);
  });

  it("keeps today's key where both are given, and says nothing of a current profile", () => {
    const both = readLegacyKeys({ work: [{ name: "Now", company: "Then" }] }, "p.json");
    expect(both.profile.work).toEqual([{ name: "Now" }]);
    expect(
      readLegacyKeys({ basics: { name: "A", url: "https://a.example" }, work: [{ name: "B" }] }, "p.json")
        .notes,
    ).toEqual([]);
  });
});

/** `vouch generate` on the 0.x profile and a frontend job, into `dir/out`. */
async function generateLegacy(dir: string, extra: string[] = []) {
  await writeFile(join(dir, "job.md"), "# Frontend engineer\n\n- Build shops in React and TypeScript.\n");
  return runCli([
    "generate",
    "--profile",
    LEGACY,
    "--job",
    join(dir, "job.md"),
    ...extra,
    "--out",
    join(dir, "out"),
  ]);
}

describe("generate with a 0.x resume.json", () => {
  it("renders the employers, says once how it read them, and backs the entry's own technologies", async () => {
    const dir = await mkdtemp(join(tmpdir(), "vouch-legacy-"));
    const run = await generateLegacy(dir);
    expect(run.code).toBe(0);
    expect(run.stderr.match(/JSON Resume 0\.x keys read as today's/g)).toHaveLength(1);
    const resume = readFileSync(join(dir, "out", "resume.md"), "utf8");
    expect(resume).toContain("Harbor Goods");
    expect(resume).toContain("Lantern Studio");
    const report = JSON.parse(readFileSync(join(dir, "out", "report.json"), "utf8")) as {
      matches: { technology?: string; status: string }[];
    };
    expect(report.matches.find((m) => m.technology === "typescript")?.status).toBe("profile-stated");
  });

  it("reads a draft written back in 0.x keys as the profile's: employers kept, nothing called invented", async () => {
    const dir = await mkdtemp(join(tmpdir(), "vouch-legacy-draft-"));
    // What a model shown the 0.x profile writes: its own keys back, the bullets reordered.
    const draft = JSON.parse(readFileSync(LEGACY, "utf8")) as { work: { highlights: string[] }[] };
    draft.work[0]!.highlights.reverse();
    await writeFile(join(dir, "draft.json"), JSON.stringify(draft));
    const run = await generateLegacy(dir, ["--writer", `scripted:${join(dir, "draft.json")}`]);
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      "the draft: JSON Resume 0.x keys read as today's: basics.website as basics.url",
    );
    const log = readFileSync(join(dir, "out", "redaction-log.jsonl"), "utf8");
    expect(log).not.toContain("invented-field");
    const resume = JSON.parse(readFileSync(join(dir, "out", "resume.json"), "utf8")) as JsonResume;
    expect(resume.work?.map((w) => w.name)).toEqual(["Harbor Goods", "Lantern Studio"]);
  });

  it("the chatbot's facts name the employer, not 'no work entry'", async () => {
    const loaded = await readProfile(LEGACY);
    expect(loaded.profile.work?.[0]?.name).toBe("Harbor Goods");
    expect(loaded.notes).toHaveLength(2);
  });
});

// A .mailmap is how a repository unifies one person's addresses, and how a dishonest candidate would try to
// take someone else's commits: only the .mailmap as HEAD has it counts, less the lines the candidate wrote.
import { mkdtempSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { extract } from "../../../extractors/extract.js";
import { buildRepo, commit } from "../../helpers/git-repo.js";

const scratch = mkdtempSync(join(tmpdir(), "vouch-mailmap-"));
afterAll(() => rm(scratch, { recursive: true, force: true }));
const BO = "Bo Other <bo@example.test>";
const SAM = "Sam Stranger <sam@example.test>";

function boService(dir: string): string {
  return buildRepo(dir, [
    {
      author: BO,
      date: "2022-01-01T00:00:00Z",
      files: { "requirements.txt": "flask==3.0.0\nredis==5.0.0\n", "app.py": "import flask\nimport redis\n" },
    },
  ]);
}
const redisOf = async (dir: string) => {
  const truth = await extract([dir], { authors: ["sam@example.test"], history: false });
  return { truth, redis: truth.technologies.find((t) => t.id === "redis") };
};

describe("a .mailmap that would hand someone's commits to the candidate", () => {
  it("an uncommitted .mailmap in the work tree is nobody's word", async () => {
    const dir = boService(join(scratch, "worktree"));
    writeFileSync(join(dir, ".mailmap"), `${SAM} <bo@example.test>\n`);
    const { redis, truth } = await redisOf(dir);
    expect(redis?.status).toBe("others-only");
    expect(truth.repos[0]?.authorship?.candidateCommits).toBe(0);
  });

  it("a line the candidate committed is not trusted, and the run says so", async () => {
    const dir = boService(join(scratch, "committed"));
    commit(dir, {
      author: SAM,
      date: "2023-01-01T00:00:00Z",
      files: { ".mailmap": `# unify\n${SAM} <bo@example.test>\n` },
    });
    const { redis, truth } = await redisOf(dir);
    expect(redis?.status).toBe("others-only");
    expect(truth.repos[0]?.authorship).toMatchObject({
      candidateCommits: 1,
      note: "1 .mailmap line the candidate wrote not trusted (list your other addresses in portfolio.authors)",
    });
    expect(truth.warnings[0]?.message).toMatch(/^authorship limited: 1 \.mailmap line the candidate wrote/);
  });

  it("a line the maintainers wrote is trusted: it unifies the candidate's own addresses", async () => {
    const dir = buildRepo(join(scratch, "maintained"), [
      {
        author: "Sam S <sam@old.test>",
        date: "2021-01-01T00:00:00Z",
        files: { "app.py": "import redis\n", "requirements.txt": "redis==5.0.0\n" },
      },
      { author: BO, date: "2022-01-01T00:00:00Z", files: { ".mailmap": `${SAM} <sam@old.test>\n` } },
    ]);
    const { redis, truth } = await redisOf(dir);
    expect(redis?.status).toBe("production");
    expect(truth.repos[0]?.authorship).toMatchObject({ candidateCommits: 1 });
    expect(truth.repos[0]?.authorship).not.toHaveProperty("note");
  });
});

import { mkdir, readFile, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openLocalKb } from "../../pipeline/kb/index.js";
import { runCli } from "../helpers/cli.js";
import { FAKE } from "./kb/fake-secrets.js";
import { copySamples, platformTruth, sample } from "./kb/samples.js";

let root: string;
let truthFile: string;
const kbDir = () => join(root, "kb");
const inputs = () => [join(root, "repos"), join(root, "docs")];

beforeAll(async () => {
  root = await copySamples();
  truthFile = join(root, "truth.json");
  await writeFile(truthFile, JSON.stringify(await platformTruth()));
});
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("vouch ingest", () => {
  it("builds the KB and prints its statistics as JSON, then reuses everything", async () => {
    const args = [
      "ingest",
      ...inputs(),
      "--kb",
      kbDir(),
      "--profile",
      sample("profile.yaml"),
      "--truth",
      truthFile,
    ];
    const first = await runCli([...args, "--json"]);
    expect(first.stderr).toBe("");
    expect(first.code).toBe(0);
    const stats = JSON.parse(first.stdout);
    expect(Object.keys(stats).sort()).toEqual([
      "children",
      "chunked",
      "files",
      "parents",
      "removed",
      "reused",
    ]);
    expect(stats).toMatchObject({ files: 15, reused: 0, chunked: 15, removed: 0 });

    const second = await runCli(args);
    expect(second.code).toBe(0);
    expect(second.stdout).toBe(
      `ingest: 15 files (15 reused, 0 chunked), ${stats.parents + stats.children} chunks ` +
        `(${stats.parents} parents, ${stats.children} children) in ${kbDir()}\n`,
    );

    const kb = await openLocalKb(kbDir());
    const [top] = await kb.retrieve(["EKS migration"]);
    expect(top?.uri).toBe("docs/fernhill-eks-migration.md");
    const facts = await kb.retrieve(["Amazon EKS is used in production"]);
    expect(facts.some((c) => c.kind === "truth")).toBe(true);
  });

  it("exits 2 naming a missing path", async () => {
    const missing = join(root, "no-such-folder");
    const run = await runCli(["ingest", missing, "--kb", join(root, "kb-missing")]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(`vouch: ${missing}: no such file or folder.\n`);
    expect(run.stdout).toBe("");
  });

  it("exits 2 without --kb, and takes the folder from VOUCH_KB_DIR", async () => {
    const run = await runCli(["ingest", ...inputs()], { VOUCH_KB_DIR: undefined });
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      "vouch: ingest needs --kb DIR (or kbDir in vouch.config.yaml, or VOUCH_KB_DIR).\n",
    );
    const dir = join(root, "kb-env");
    const fromEnv = await runCli(["ingest", join(root, "docs"), "--json"], { VOUCH_KB_DIR: dir });
    expect(fromEnv.code).toBe(0);
    expect(JSON.parse(fromEnv.stdout)).toMatchObject({ files: 1, chunked: 1 });
    await expect(openLocalKb(dir)).resolves.toBeDefined();
  });

  it("exits 2 naming the file, line and field of a bad profile", async () => {
    const bad = join(root, "bad-profile.yaml");
    await writeFile(bad, "basics:\n  name: Dana\nwork:\n  - name: Fernhill\n    highlights: not a list\n");
    const run = await runCli(["ingest", ...inputs(), "--kb", join(root, "kb-bad"), "--profile", bad]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(
      new RegExp(
        `^vouch: ${bad.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}: line 5: field "work\\[0\\]\\.highlights": `,
      ),
    );
  });

  it("exits 2 for a truth file that is not the output of vouch extract", async () => {
    const bad = join(root, "bad-truth.json");
    await writeFile(bad, JSON.stringify({ repos: [], technologies: [{ id: "x" }] }));
    const run = await runCli(["ingest", ...inputs(), "--kb", join(root, "kb-truth"), "--truth", bad]);
    expect(run.code).toBe(2);
    expect(run.stderr).toMatch(/field "technologies\[0\]\.name"/);
  });

  it("leaves secret lines out of the KB and warns with file and line, never the value", async () => {
    const docs = join(root, "docs-secrets");
    await mkdir(docs);
    const notes = join(docs, "notes.md");
    await writeFile(
      notes,
      [
        "# Notes",
        "",
        "The orders service runs on EKS.",
        `password = ${FAKE.password}`,
        `The bot token is ${FAKE.slack}.`,
        "Deploys are weekly.",
      ].join("\n"),
    );
    const dir = join(root, "kb-secrets");
    const run = await runCli(["ingest", notes, "--kb", dir]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `vouch: warning: ${notes}:4: holds a secret (password-assignment); the line is left out of the knowledge base.\n` +
        `vouch: warning: ${notes}:5: holds a secret (slack); the line is left out of the knowledge base.\n`,
    );
    const stored = await readFile(join(dir, "chunks.json"), "utf8");
    expect(stored).toContain("Deploys are weekly.");
    for (const value of [FAKE.password, FAKE.slack]) {
      expect(run.stderr + run.stdout + stored).not.toContain(value);
    }
  });

  it("exits 2 for a KB written by an incompatible version", async () => {
    const dir = join(root, "kb-old");
    expect((await runCli(["ingest", join(root, "docs"), "--kb", dir])).code).toBe(0);
    const manifest = JSON.parse(await readFile(join(dir, "manifest.json"), "utf8"));
    await writeFile(join(dir, "manifest.json"), JSON.stringify({ ...manifest, format: 0 }));
    const run = await runCli(["ingest", join(root, "docs"), "--kb", dir]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe(
      `vouch: KB ${dir} was written by an incompatible version (format 0, expected 1); delete it or choose another --kb.\n`,
    );
  });
});

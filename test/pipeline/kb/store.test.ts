import { appendFile, mkdir, readFile, readdir, rm, utimes, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ExtractResult } from "../../../core/truth.js";
import type { JsonResume } from "../../../core/resume.js";
import { InputError } from "../../../core/errors.js";
import { type BuildKbOptions, buildLocalKb, openLocalKb } from "../../../pipeline/kb/index.js";
import { KB_FORMAT } from "../../../pipeline/kb/store.js";
import { readProfile } from "../../../pipeline/inputs/profile.js";
import { copySamples, platformTruth, sample } from "./samples.js";

let truth: ExtractResult;
let profile: JsonResume;
let root: string;
let kbDir: string;

const options = (): BuildKbOptions => ({
  paths: [join(root, "repos"), join(root, "docs")],
  profile,
  profilePath: sample("profile.yaml"),
  truth,
  dir: kbDir,
});
const uris = async (
  kb: { retrieve: (q: string[], o?: { topK: number }) => Promise<{ uri: string }[]> },
  q: string,
) => (await kb.retrieve([q], { topK: 50 })).map((c) => c.uri);

beforeAll(async () => {
  truth = await platformTruth();
  ({ profile } = await readProfile(sample("profile.yaml")));
});
beforeEach(async () => {
  root = await copySamples();
  kbDir = join(root, "kb");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe("a persisted KB", () => {
  it("writes a manifest, the chunks and the index, atomically, and opens them again", async () => {
    const first = await buildLocalKb(options());
    // 13 document files, the profile and the truth.
    expect(first.stats).toMatchObject({ files: 15, reused: 0, chunked: 15, removed: 0 });
    expect(first.stats.parents).toBeGreaterThan(0);
    expect((await readdir(kbDir)).sort()).toEqual(["chunks.json", "index.json", "manifest.json"]);
    const manifest = JSON.parse(await readFile(join(kbDir, "manifest.json"), "utf8"));
    expect(manifest.format).toBe(KB_FORMAT);
    const readme = manifest.sources.find((s: { key: string }) => s.key.endsWith("platform-infra/README.md"));
    expect(readme).toMatchObject({ size: expect.any(Number), mtimeMs: expect.any(Number) });
    expect(readme.sha256).toMatch(/^[0-9a-f]{64}$/);

    const opened = await openLocalKb(kbDir);
    const query = ["EKS migration", "self-hosted Kubernetes", "Redis idempotency"];
    expect(await opened.retrieve(query)).toEqual(await first.kb.retrieve(query));
    expect(opened.parentCount).toBe(first.stats.parents);
    expect(opened.childCount).toBe(first.stats.children);
  });

  it("reuses every unchanged source on a second ingest", async () => {
    const first = await buildLocalKb(options());
    const manifest = await readFile(join(kbDir, "manifest.json"), "utf8");
    const second = await buildLocalKb(options());
    expect(second.stats).toEqual({ ...first.stats, reused: 15, chunked: 0 });
    // Nothing changed, so nothing was written.
    expect(await readFile(join(kbDir, "manifest.json"), "utf8")).toBe(manifest);
    expect(await second.kb.retrieve(["EKS migration"])).toEqual(await first.kb.retrieve(["EKS migration"]));
  });

  it("re-chunks a changed file, even one edited right after the last ingest with the same size", async () => {
    await buildLocalKb(options());
    const readme = join(root, "repos", "ledger-service", "README.md");
    const text = await readFile(readme, "utf8");
    // Same length, new word: only its hash tells.
    await writeFile(readme, text.replace("double-entry", "quokkadrome!"));
    const second = await buildLocalKb(options());
    expect(second.stats).toMatchObject({ reused: 14, chunked: 1, removed: 0 });
    expect(await uris(second.kb, "quokkadrome")).toEqual(["repos/ledger-service/README.md"]);
    expect(await uris(second.kb, "double-entry")).not.toContain("repos/ledger-service/README.md");
    expect(await uris(await openLocalKb(kbDir), "quokkadrome")).toEqual(["repos/ledger-service/README.md"]);

    await appendFile(readme, "\n## Wombats\n\nA wombatic appendix.\n");
    const third = await buildLocalKb(options());
    expect(third.stats).toMatchObject({ reused: 14, chunked: 1 });
    expect(await uris(third.kb, "wombatic")).toEqual(["repos/ledger-service/README.md"]);
  });

  it("trusts the size and mtime of a file older than the last ingest without reading it", async () => {
    const readme = join(root, "repos", "ledger-service", "README.md");
    const old = new Date(Date.now() - 60_000);
    await utimes(readme, old, old);
    await buildLocalKb(options());
    // Same size, same mtime: like git and make, the store takes the file as unchanged.
    const text = await readFile(readme, "utf8");
    await writeFile(readme, text.replace("double-entry", "quokkadrome!"));
    await utimes(readme, old, old);
    const second = await buildLocalKb(options());
    expect(second.stats).toMatchObject({ reused: 15, chunked: 0 });
    expect(await uris(second.kb, "quokkadrome")).toEqual([]);
  });

  it("drops a deleted file and adds a new one", async () => {
    await buildLocalKb(options());
    expect(await uris(await openLocalKb(kbDir), "Fernhill")).toContain("docs/fernhill-eks-migration.md");
    await rm(join(root, "docs", "fernhill-eks-migration.md"));
    await writeFile(join(root, "docs", "runbook.md"), "# Runbook\n\nRestart the zebrafish worker.\n");
    const second = await buildLocalKb(options());
    expect(second.stats).toMatchObject({ files: 15, reused: 14, chunked: 1, removed: 1 });
    const opened = await openLocalKb(kbDir);
    expect(await uris(opened, "Fernhill EKS migration")).not.toContain("docs/fernhill-eks-migration.md");
    expect(await uris(opened, "zebrafish")).toEqual(["docs/runbook.md"]);
  });

  it("re-chunks the profile and the truth when they change, and relabels kinds by the new truth", async () => {
    await buildLocalKb(options());
    const noTruth = await buildLocalKb({
      ...options(),
      truth: undefined,
      profile: { basics: { name: "X" } },
    });
    expect(noTruth.stats).toMatchObject({ files: 14, reused: 13, chunked: 1, removed: 1 });
    const readme = (await noTruth.kb.retrieve(["kubeadm"])).find((c) => c.uri === "platform-infra/README.md");
    expect(readme?.kind).toBe("production-doc");
    expect(await uris(noTruth.kb, "p95 checkout latency")).not.toContain("profile.yaml#work[0]");
  });

  it("works in memory without a directory", async () => {
    const { kb, stats } = await buildLocalKb({ ...options(), dir: undefined });
    expect(stats.chunked).toBe(15);
    expect(await uris(kb, "EKS migration")).toContain("docs/fernhill-eks-migration.md");
  });
});

describe("a KB directory that cannot be used", () => {
  it("refuses one written by an incompatible version", async () => {
    await buildLocalKb(options());
    const path = join(kbDir, "manifest.json");
    const manifest = JSON.parse(await readFile(path, "utf8"));
    await writeFile(path, JSON.stringify({ ...manifest, format: KB_FORMAT + 1 }));
    const message = `KB ${kbDir} was written by an incompatible version (format ${KB_FORMAT + 1}, expected ${KB_FORMAT}); delete it or choose another --kb.`;
    await expect(buildLocalKb(options())).rejects.toThrow(new InputError(message));
    await expect(openLocalKb(kbDir)).rejects.toThrow(new InputError(message));
  });

  it("refuses a folder with other files in it, and a file", async () => {
    await mkdir(kbDir);
    await writeFile(join(kbDir, "notes.txt"), "mine");
    await expect(buildLocalKb(options())).rejects.toThrow(/not empty and holds no vouch knowledge base/);
    await expect(buildLocalKb({ ...options(), dir: join(kbDir, "notes.txt") })).rejects.toThrow(
      /is a file; --kb takes a folder/,
    );
  });

  it("notices an interrupted write: open fails, ingest starts over", async () => {
    await buildLocalKb(options());
    const path = join(kbDir, "chunks.json");
    const chunks = JSON.parse(await readFile(path, "utf8"));
    await writeFile(path, JSON.stringify({ ...chunks, generation: "other" }));
    await expect(openLocalKb(kbDir)).rejects.toThrow(/is incomplete \(an ingest was interrupted\)/);
    const again = await buildLocalKb(options());
    expect(again.stats).toMatchObject({ reused: 0, chunked: 15 });
    await expect(openLocalKb(kbDir)).resolves.toBeDefined();
  });

  it("says how to create one when there is none", async () => {
    await expect(openLocalKb(kbDir)).rejects.toThrow(/no knowledge base here; run vouch ingest --kb/);
  });
});

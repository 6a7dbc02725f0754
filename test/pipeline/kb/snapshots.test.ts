// Documents inside repository snapshots (GitHub tarballs extract already downloaded): chosen like files in
// a walked folder, read through the snapshot, labelled by this run's truth, and reused by content hash.
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { extractFromSnapshots } from "../../../extractors/extract.js";
import type { RepoSnapshot } from "../../../extractors/sources/types.js";
import type { ExtractResult } from "../../../core/truth.js";
import type { Chunk } from "../../../core/chunk.js";
import { buildLocalKb } from "../../../pipeline/kb/index.js";
import { findSnapshotDocs } from "../../../pipeline/kb/sources.js";
import { memorySnapshot, repoFiles, sample } from "./samples.js";

const REPO = "dana/platform-infra";
const SHA = "a".repeat(40);
const NEXT_SHA = "b".repeat(40);
const DEMO = "# Demo\n\nA notebook that calls the Zorblax API.\n";

let files: Record<string, Buffer>;
let truth: ExtractResult;

/** platform-infra as GitHub would serve it, plus an example README and a doc the source did not keep. */
const infra = (commit = SHA, changed: Record<string, string> = {}): RepoSnapshot =>
  memorySnapshot(
    REPO,
    { ...files, "examples/demo/README.md": DEMO, "docs/huge.md": null, ...changed },
    commit,
  );

const find = async (kb: { retrieve: (q: string[], o: { topK: number }) => Promise<Chunk[]> }, q: string) =>
  (await kb.retrieve([q], { topK: 50 })).filter((c) => c.repo === REPO);

beforeAll(async () => {
  files = await repoFiles("platform-infra");
  truth = await extractFromSnapshots([infra()], { history: false });
});

describe("findSnapshotDocs", () => {
  it("chooses READMEs and docs as in a walked folder, named repo/path", () => {
    const docs = findSnapshotDocs([infra()]);
    expect(docs.map((d) => d.uri).sort()).toEqual([
      `${REPO}/README.md`,
      `${REPO}/docs/architecture.md`,
      `${REPO}/docs/huge.md`,
      `${REPO}/examples/demo/README.md`,
    ]);
    expect(docs.find((d) => d.path === "README.md")).toMatchObject({
      repo: REPO,
      size: files["README.md"]?.length,
    });
  });

  it("counts the repository's own name, like a docs folder named directly", () => {
    const notes = { "intro.md": "# Intro\n", "src/main.go": "package main\n" };
    expect(findSnapshotDocs([memorySnapshot("dana/docs", notes, SHA)]).map((d) => d.uri)).toEqual([
      "dana/docs/intro.md",
    ]);
    expect(findSnapshotDocs([memorySnapshot("dana/site", notes, SHA)])).toEqual([]);
  });

  it("takes a repository listed twice at one commit once, and names another commit's documents by it", () => {
    const readme = { "README.md": "# x\n" };
    const docs = findSnapshotDocs([
      memorySnapshot("dana/x", readme, SHA),
      memorySnapshot("dana/x", readme, SHA),
      memorySnapshot("dana/x", readme, NEXT_SHA),
    ]);
    expect(docs.map((d) => d.uri)).toEqual(["dana/x/README.md", `dana/x@${NEXT_SHA}/README.md`]);
    expect(docs.map((d) => d.path)).toEqual(["README.md", "README.md"]);
  });
});

describe("buildLocalKb with snapshots", () => {
  it("chunks snapshot documents with their repository, path, line spans and kinds", async () => {
    const { kb, stats } = await buildLocalKb({ paths: [sample("docs")], snapshots: [infra()], truth });
    // README, architecture and the example from the snapshot, the local doc, and the truth.
    expect(stats).toMatchObject({ files: 5, chunked: 5, reused: 0 });

    const readme = (await find(kb, "kubeadm upgrade")).find((c) => c.path === "README.md");
    expect(readme).toMatchObject({
      uri: `${REPO}/README.md`,
      repo: REPO,
      path: "README.md",
      kind: "stale-claim",
    });
    const [first, last] = readme?.lines ?? [0, 0];
    expect(first).toBeLessThanOrEqual(7);
    expect(last).toBeGreaterThanOrEqual(7);

    const example = (await find(kb, "Zorblax")).find((c) => c.path === "examples/demo/README.md");
    expect(example).toMatchObject({ uri: `${REPO}/examples/demo/README.md`, kind: "example", lines: [1, 3] });

    const messaging = (await find(kb, "order-events-dlq")).find((c) => c.path === "docs/architecture.md");
    expect(messaging?.lines?.[0]).toBeGreaterThan(0);
    // The local doc is still read from disk beside them.
    expect((await kb.retrieve(["EKS migration"], { topK: 50 })).map((c) => c.uri)).toContain(
      "docs/fernhill-eks-migration.md",
    );
  });

  it("labels by this run's truth: without it the README is a production doc", async () => {
    const { kb } = await buildLocalKb({ paths: [], snapshots: [infra()] });
    const readme = (await find(kb, "kubeadm upgrade")).find((c) => c.path === "README.md");
    expect(readme?.kind).toBe("production-doc");
  });
});

describe("a persisted KB with snapshot documents", () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "vouch-kb-snapshots-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });
  const ingest = (snapshot: RepoSnapshot) => buildLocalKb({ paths: [], snapshots: [snapshot], truth, dir });
  const manifestOf = async () =>
    JSON.parse(await readFile(join(dir, "manifest.json"), "utf8")) as {
      sources: { key: string; path: string; mtimeMs: number; sha256: string }[];
    };

  it("keys them by repo@commit/path, with no mtime, and reuses them by hash on a second ingest", async () => {
    const first = await ingest(infra());
    expect(first.stats).toMatchObject({ files: 4, chunked: 4, reused: 0 });
    const manifest = await manifestOf();
    expect(manifest.sources.find((s) => s.key === `${REPO}@${SHA}/README.md`)).toMatchObject({
      path: `${REPO}/README.md`,
      mtimeMs: 0,
      sha256: expect.stringMatching(/^[0-9a-f]{64}$/),
    });

    const text = await readFile(join(dir, "manifest.json"), "utf8");
    // A new snapshot object of the same commit, as the next run downloads it.
    const second = await ingest(infra());
    expect(second.stats).toEqual({ ...first.stats, reused: 4, chunked: 0 });
    expect(await readFile(join(dir, "manifest.json"), "utf8")).toBe(text);
    expect(await find(second.kb, "kubeadm upgrade")).toEqual(await find(first.kb, "kubeadm upgrade"));
  });

  it("re-chunks a document whose content changed, and a new commit's documents once each", async () => {
    await ingest(infra());
    const edited = await ingest(infra(SHA, { "examples/demo/README.md": "# Demo\n\nNow calls Quibblex.\n" }));
    expect(edited.stats).toMatchObject({ files: 4, reused: 3, chunked: 1, removed: 0 });
    expect((await find(edited.kb, "Quibblex")).map((c) => c.path)).toEqual(["examples/demo/README.md"]);
    expect(await find(edited.kb, "Zorblax")).toEqual([]);

    const moved = await ingest(infra(NEXT_SHA));
    expect(moved.stats).toMatchObject({ files: 4, chunked: 3, removed: 3 });
    expect((await manifestOf()).sources.map((s) => s.key)).toContain(`${REPO}@${NEXT_SHA}/README.md`);
    const readmes = (await find(moved.kb, "kubeadm upgrade")).filter((c) => c.path === "README.md");
    expect(readmes).toHaveLength(1);
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import type { Chunk } from "../../../core/chunk.js";
import { type ChildChunk, chunkDocument } from "../../../pipeline/kb/chunker.js";
import { buildLocalKb } from "../../../pipeline/kb/index.js";
import { LocalKb, createIndex } from "../../../pipeline/kb/local.js";
import { DEFAULT_TOP_K } from "../../../pipeline/kb/types.js";
import { readProfile } from "../../../pipeline/inputs/profile.js";
import { platformTruth, sample } from "./samples.js";

const filler = (tag: string, n: number) =>
  Array.from({ length: n }, (_, i) => `Sentence ${tag} ${i} talks about routine platform work today.`).join(
    " ",
  );

/** A KB over documents given as text, chunked as ingest would. */
function kbOf(docs: Record<string, string>): { kb: LocalKb; parents: Chunk[]; children: ChildChunk[] } {
  const parts = Object.entries(docs).map(([uri, text]) =>
    chunkDocument({ uri, text, kind: "production-doc", path: uri, title: uri }),
  );
  const parents = parts.flatMap((p) => p.parents);
  const children = parts.flatMap((p) => p.children);
  const index = createIndex();
  index.addAll(children);
  return { kb: new LocalKb(index, parents, children), parents, children };
}

describe("LocalKb.retrieve: children matched, parents returned", () => {
  // One long handbook: the rare word "zanzibar" appears in several children of its second parent.
  const handbook = [
    "# Handbook",
    filler("a", 170),
    "## Zanzibar rollout",
    `The zanzibar rollout moved every service. ${filler("b", 30)} The zanzibar cutover took a weekend.`,
    filler("c", 60),
  ].join("\n\n");
  const kafkaNotes = Object.fromEntries(
    Array.from({ length: 12 }, (_, i) => [
      `notes/kafka-${i}.md`,
      `Kafka note ${i}: ${"kafka ".repeat(i + 1)}`,
    ]),
  );
  const { kb, parents, children } = kbOf({ "docs/handbook.md": handbook, ...kafkaNotes });
  const parentIds = new Set(parents.map((p) => p.id));

  it("returns the parent of the matching children, once, with its best child's score", async () => {
    const zanzibarChildren = children.filter((c) => c.text.includes("zanzibar"));
    expect(zanzibarChildren.length).toBeGreaterThan(1);
    expect(new Set(zanzibarChildren.map((c) => c.parentId)).size).toBe(1);

    const results = await kb.retrieve(["zanzibar rollout"]);
    expect(results).toHaveLength(1);
    const [hit] = results;
    expect(hit?.id).toBe(zanzibarChildren[0]?.parentId);
    expect(parentIds.has(hit?.id ?? "")).toBe(true);
    expect(hit?.text).toContain("## Zanzibar rollout");
    const best = Math.max(...kb.index.search("zanzibar rollout").map((r) => r.score));
    expect(hit?.score).toBe(best);
    // The stored parent is not changed by the score a retrieval gives it.
    expect(parents.find((p) => p.id === hit?.id)?.score).toBeUndefined();
  });

  it("returns at most topK parents per query, DEFAULT_TOP_K (8) when not given, best first", async () => {
    expect(DEFAULT_TOP_K).toBe(8);
    const all = await kb.retrieve(["kafka"]);
    expect(all).toHaveLength(8);
    const scores = all.map((c) => c.score ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    expect(await kb.retrieve(["kafka"], { topK: 3 })).toEqual(all.slice(0, 3));
  });

  it("merges several queries: each contributes its topK, a parent appears once with its best score", async () => {
    const kafka = await kb.retrieve(["kafka"], { topK: 2 });
    const zanzibar = await kb.retrieve(["zanzibar"], { topK: 2 });
    const both = await kb.retrieve(["kafka", "zanzibar", "kafka note"], { topK: 2 });
    const ids = both.map((c) => c.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const c of [...kafka, ...zanzibar]) expect(ids).toContain(c.id);
    expect(both.length).toBeLessThanOrEqual(3 * 2);
    const scores = both.map((c) => c.score ?? 0);
    expect(scores).toEqual([...scores].sort((a, b) => b - a));
    const top = kafka[0];
    expect(both.find((c) => c.id === top?.id)?.score).toBeGreaterThanOrEqual(top?.score ?? 0);
  });

  it("ignores blank queries and finds nothing for unknown words", async () => {
    expect(await kb.retrieve([])).toEqual([]);
    expect(await kb.retrieve(["   "])).toEqual([]);
    expect(await kb.retrieve(["qwertyuiop"])).toEqual([]);
  });

  it("matches longer words by prefix but short ones only whole", async () => {
    const { kb: small } = kbOf({
      "a.md": "Database migrations run at deploy time.",
      "b.md": "The EKSA tool is unrelated.",
      "c.md": "Amazon EKS hosts the cluster.",
      "d.md": "A JavaScript front end.",
      "e.md": "A Java service.",
    });
    expect((await small.retrieve(["Java"])).map((c) => c.uri)).toEqual(["e.md"]);
    expect((await small.retrieve(["migration"])).map((c) => c.uri)).toEqual(["a.md"]);
    expect((await small.retrieve(["eks"])).map((c) => c.uri)).toEqual(["c.md"]);
  });
});

describe("LocalKb over the samples", () => {
  let kb: LocalKb;
  beforeAll(async () => {
    const [truth, { profile }] = await Promise.all([platformTruth(), readProfile(sample("profile.yaml"))]);
    ({ kb } = await buildLocalKb({
      paths: [sample("repos"), sample("docs")],
      profile,
      profilePath: sample("profile.yaml"),
      truth,
    }));
  });

  it("finds the EKS migration write-up first for a question about the EKS migration", async () => {
    const [first] = await kb.retrieve(["EKS migration"]);
    expect(first).toMatchObject({
      uri: "docs/fernhill-eks-migration.md",
      kind: "production-doc",
      title: "Moving Fernhill's order platform to Amazon EKS",
      lines: [1, 17],
    });
  });

  it("returns the stale README for kubeadm, marked stale, and the truth fact for EKS", async () => {
    const results = await kb.retrieve(["self-hosted Kubernetes cluster kubeadm", "Amazon EKS"], { topK: 3 });
    const readme = results.find((c) => c.uri === "platform-infra/README.md");
    expect(readme?.kind).toBe("stale-claim");
    const fact = results.find((c) => c.kind === "truth" && c.title === "Amazon EKS");
    expect(fact?.text).toMatch(/^Amazon EKS is used in production: .*platform-infra\/terraform\/eks\.tf:21/);
  });

  it("returns the profile's work entry for an achievement in it", async () => {
    const [first] = await kb.retrieve(["p95 checkout latency idempotency keys"]);
    expect(first).toMatchObject({ kind: "profile", uri: "profile.yaml#work[0]" });
    expect(first?.text).toContain("Cut p95 checkout latency from 820 ms to 140 ms");
  });
});

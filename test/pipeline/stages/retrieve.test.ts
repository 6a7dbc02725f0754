import { describe, expect, it } from "vitest";
import type { Chunk } from "../../../core/chunk.js";
import type { KnowledgeBase } from "../../../pipeline/kb/types.js";
import type { Requirement } from "../../../pipeline/requirements.js";
import { retrieve } from "../../../pipeline/stages/retrieve.js";

const requirement = (id: string, text: string): Requirement => ({
  id,
  kind: "technology",
  text,
  line: 1,
  stems: [text.toLowerCase()],
  optional: false,
});
const chunk = (id: string): Chunk => ({ id, text: id, uri: id, kind: "production-doc" });

/** A KB whose answers come back in the reverse order of the questions, and that records what it was asked. */
function slowFirstKb(asked: { queries: readonly string[]; topK?: number }[]): KnowledgeBase {
  let pending = 3;
  return {
    name: "fake",
    async retrieve(queries, options) {
      asked.push({ queries, ...(options?.topK ? { topK: options.topK } : {}) });
      await new Promise((resolve) => setTimeout(resolve, 5 * pending--));
      return [chunk(`for ${queries[0]}`)];
    },
  };
}

describe("the retrieve stage", () => {
  it("asks one query per requirement and keeps the requirements' order, whichever answers first", async () => {
    const asked: { queries: readonly string[]; topK?: number }[] = [];
    const requirements = [requirement("r1", "Go"), requirement("r2", "Kubernetes"), requirement("r3", "SQS")];
    const found = await retrieve(slowFirstKb(asked), requirements, 4);
    expect([...found.keys()]).toEqual(["r1", "r2", "r3"]);
    expect([...found.values()].map((c) => c.map((x) => x.id))).toEqual([
      ["for Go"],
      ["for Kubernetes"],
      ["for SQS"],
    ]);
    expect(asked).toEqual([
      { queries: ["Go"], topK: 4 },
      { queries: ["Kubernetes"], topK: 4 },
      { queries: ["SQS"], topK: 4 },
    ]);
  });

  it("leaves TOP_K to the KB when none is given, and asks nothing for no requirement", async () => {
    const asked: { queries: readonly string[]; topK?: number }[] = [];
    await retrieve(slowFirstKb(asked), [requirement("r1", "Go")]);
    expect(asked).toEqual([{ queries: ["Go"] }]);
    expect((await retrieve(slowFirstKb(asked), [])).size).toBe(0);
  });
});

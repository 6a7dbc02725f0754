// The verdict tool's optional per-claim reasons, and how a model's chunk numbers become citations.
import { describe, expect, it } from "vitest";
import type { Chunk } from "../../../core/chunk.js";
import {
  VERDICT_TOOL,
  citeChunkNumbers,
  claimReasonsOf,
  verdictInput,
} from "../../../pipeline/verify/verdict-tool.js";

const chunks: Chunk[] = [
  { id: "a1b2", uri: "fernhill/docs/ops.md", lines: [4, 9], kind: "production-doc", text: "a" },
  { id: "c3d4", uri: "profile.yaml#work[0]", kind: "profile", text: "b" },
];

describe("the tool's schema", () => {
  it("offers per-claim reasons without requiring them", () => {
    const schema = VERDICT_TOOL.inputSchema as { properties: Record<string, unknown>; required: string[] };
    expect(Object.keys(schema.properties)).toEqual(["verdict", "reason", "ungroundedClaims", "claimReasons"]);
    expect(schema.required).toEqual(["verdict", "reason"]);
    expect(verdictInput.safeParse({ verdict: "NOT_GROUNDED", reason: "r", claimReasons: 3 }).success).toBe(
      true,
    );
  });
});

describe("claimReasonsOf", () => {
  it("keeps the usable entries and skips the rest", () => {
    expect(
      claimReasonsOf([
        { claim: " Cut costs 40%. ", reason: "No chunk says 40%.", chunk: 1 },
        { claim: "Led six teams.", reason: "Chunk 2 names no teams.", chunk: "[2]" },
        { claim: "Ran EKS.", reason: "r", chunk: 0 },
        { claim: "no reason" },
        { claim: "", reason: "empty claim" },
        "a bare string",
        null,
      ]),
    ).toEqual([
      { claim: "Cut costs 40%.", reason: "No chunk says 40%.", chunk: 1 },
      { claim: "Led six teams.", reason: "Chunk 2 names no teams.", chunk: 2 },
      { claim: "Ran EKS.", reason: "r" },
    ]);
    expect(claimReasonsOf(undefined)).toEqual([]);
    expect(claimReasonsOf({ claim: "x", reason: "y" })).toEqual([]);
  });
});

describe("citeChunkNumbers", () => {
  it.each([
    ["Chunk 1 says so.", "Chunk 1 (fernhill/docs/ops.md:4-9) says so."],
    ["[2] names the role.", "[2] (profile.yaml#work[0]) names the role."],
    [
      "Chunks 1 and 2 each support a claim.",
      "Chunks 1 (fernhill/docs/ops.md:4-9) and 2 (profile.yaml#work[0]) each support a claim.",
    ],
    ["sources #2, #1 agree", "sources #2 (profile.yaml#work[0]), #1 (fernhill/docs/ops.md:4-9) agree"],
  ])("%s", (text, cited) => {
    expect(citeChunkNumbers(text, chunks).text).toBe(cited);
  });

  it("names the chunks cited and leaves what is not a chunk number alone", () => {
    expect(citeChunkNumbers("Chunk 2 and chunk 1.", chunks).cited).toEqual([chunks[1], chunks[0]]);
    const plain = "No chunk says 40 ms; chunk 7 is not there; [NUM_REDACTED] stays.";
    expect(citeChunkNumbers(plain, chunks)).toEqual({ text: plain, cited: [] });
  });

  it("does not cite a chunk twice where the model already gave its path", () => {
    const text = "Chunk 1 (fernhill/docs/ops.md:4-9) says so.";
    expect(citeChunkNumbers(text, chunks).text).toBe(text);
  });
});

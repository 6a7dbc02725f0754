import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import type { KnowledgeBase } from "../../../pipeline/kb/types.js";
import { readProfile } from "../../../pipeline/inputs/profile.js";
import { ingest } from "../../../pipeline/stages/ingest.js";

const samples = resolve(import.meta.dirname, "../../../samples");

describe("the ingest stage", () => {
  it("builds the local KB from the portfolio's docs and repositories and the profile", async () => {
    const loaded = await readProfile(resolve(samples, "profile.yaml"));
    const opened = await ingest({ remote: undefined, loaded, extracted: undefined });
    expect(opened.counts.files).toBeGreaterThan(5);
    expect(opened.counts.chunks).toBeGreaterThan(opened.counts.files!);
    const [top] = await opened.kb.retrieve(["EKS migration Terraform"]);
    expect(top?.uri).toMatch(/eks/i);
  });

  it("uses the remote KB as it is, with no local work", async () => {
    const remote: KnowledgeBase = { name: "bedrock:KB1", retrieve: async () => [] };
    const loaded = await readProfile(resolve(samples, "profile.yaml"));
    expect(await ingest({ remote, loaded, extracted: undefined })).toEqual({
      kb: remote,
      counts: {},
      secrets: [],
    });
  });
});

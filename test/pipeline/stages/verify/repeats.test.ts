// No two highlights of one entry say the same thing: a written repeat is removed and recorded, the
// candidate's own wording and the earlier item kept, and the records revert the draft exactly.
import { describe, expect, it } from "vitest";
import { revertDraft } from "../../../../guards/index.js";
import type { JsonResume } from "../../../../core/resume.js";
import { draftTargets } from "../../../../guards/targets.js";
import { repeatedHighlights } from "../../../../pipeline/stages/verify/repeats.js";
import { verifyDraft } from "../../../../pipeline/stages/verify.js";
import type { Verifier } from "../../../../pipeline/verify/types.js";

const profile: JsonResume = { work: [{ name: "Fernhill", highlights: ["Cut AWS spend by 38.6%."] }] };
const draftOf = (...highlights: string[]): JsonResume => ({ work: [{ name: "Fernhill", highlights }] });
const removed = (draft: JsonResume, removing: string[] = []) =>
  repeatedHighlights(draft, draftTargets(draft, profile), new Set(removing)).map((r) => [
    r.field,
    r.original,
  ]);

describe("repeatedHighlights", () => {
  it.each<[string, string[], string[], [string, string][]]>([
    [
      "a written near-duplicate of the candidate's own highlight",
      ["Cut AWS spend by 38.6%.", "Cut AWS spend by ~39%."],
      [],
      [["work[0].highlights[1]", "Cut AWS spend by ~39%."]],
    ],
    [
      "the candidate's own highlight is kept even when it comes last",
      ["Cut AWS spend by ~39%.", "Cut AWS spend by 38.6%."],
      [],
      [["work[0].highlights[0]", "Cut AWS spend by ~39%."]],
    ],
    [
      "of two written repeats the later goes",
      ["Ran EKS for teams.", "Ran EKS for the teams.", "Ran the EKS for teams."],
      [],
      [
        ["work[0].highlights[2]", "Ran the EKS for teams."],
        ["work[0].highlights[1]", "Ran EKS for the teams."],
      ],
    ],
    [
      "different bullets that share words stay",
      ["Cut AWS spend.", "Cut AWS spend by rightsizing EC2."],
      [],
      [],
    ],
    [
      "an item already being removed repeats nothing",
      ["Ran EKS for teams.", "Ran EKS for the teams."],
      ["work[0].highlights[0]"],
      [],
    ],
  ])("%s", (_name, highlights, removing, expected) => {
    expect(removed(draftOf(...highlights), removing)).toEqual(expected);
  });
});

describe("in the verify stage", () => {
  const grounded: Verifier = {
    name: "local",
    verify: () => Promise.resolve({ verdict: "GROUNDED", reason: "ok", ungroundedClaims: [] }),
  };

  it("block mode removes a grounded repeat, recorded and reversible; warn mode keeps it", async () => {
    const draft = draftOf("Cut AWS spend by 38.6%.", "Moved CI to GitHub Actions.", "Cut AWS spend by ~39%.");
    const base = { draft, records: [], profile, chunks: [], verifier: grounded };
    const block = await verifyDraft({ ...base, mode: "block" });
    expect(block.draft.work![0]!.highlights).toEqual([
      "Cut AWS spend by 38.6%.",
      "Moved CI to GitHub Actions.",
    ]);
    expect(block.records).toEqual([
      {
        guard: "verifier",
        rule: "repeated",
        action: "remove",
        field: "work[0].highlights[2]",
        original: "Cut AWS spend by ~39%.",
        replacement: "",
        reason:
          '"Cut AWS spend by ~39%." says what work[0].highlights[0] of this entry already says ("Cut AWS spend by 38.6%."), so the repeat is removed.',
        evidence: [],
      },
    ]);
    expect(revertDraft(block.draft, block.records)).toEqual(draft);
    const warn = await verifyDraft({ ...base, mode: "warn" });
    expect(warn.draft).toEqual(draft);
  });
});

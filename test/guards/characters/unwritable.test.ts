// A draft holding characters no DOCX can hold: every string loses them, each with its record, and the
// records revert to the draft exactly.
import { describe, expect, it } from "vitest";
import { defaultCatalog } from "../../../extractors/catalog.js";
import { buildContext, guardDraft, revertDraft } from "../../../guards/index.js";
import { GUARDS } from "../../../guards/index.js";
import { unwritableFindings, unwritableStrings } from "../../../guards/characters/unwritable.js";
import type { JsonResume } from "../../../core/resume.js";
import { numberProvenance } from "../../../guards/number-provenance.js";
import { sayDraft } from "../../../guards/say.js";

const catalog = await defaultCatalog();
const profile: JsonResume = {
  basics: { name: "Dana Reyes", label: "Platform Engineer", summary: "Platform engineer." },
  work: [
    {
      name: "Fernhill Supply",
      position: "Platform Engineer",
      startDate: "2021-04",
      highlights: ["Moved the order platform to Amazon EKS with Terraform."],
    },
  ],
  skills: [{ name: "Cloud", keywords: ["AWS", "Terraform"] }],
};
const context = buildContext({ catalog, profile, facts: [] });

describe("unwritable-character (number-provenance)", () => {
  it("finds every string of a document that holds one, wherever it is", () => {
    const findings = sayDraft(
      numberProvenance.meta,
      unwritableFindings({
        basics: { label: "Platform\vEngineer", profiles: [{ network: "GitHub\uFFFE" }] },
        skills: [{ name: "Cloud", keywords: ["AWS", "Terraform\u0000"] }],
        meta: { note: "ok" },
      }),
    );
    expect(findings.map((f) => [f.field, f.edit])).toEqual([
      ["basics.label", { op: "set", field: "basics.label", value: "Platform Engineer" }],
      ["basics.profiles[0].network", { op: "set", field: "basics.profiles[0].network", value: "GitHub" }],
      ["skills[0].keywords[1]", { op: "set", field: "skills[0].keywords[1]", value: "Terraform" }],
    ]);
    expect(findings[0]).toMatchObject({
      guard: "number-provenance",
      rule: "unwritable-character",
      action: "remove",
      reason:
        "The text holds a vertical tab (Word's manual line break), which an XML document cannot hold (a DOCX with it does not open), so it is removed (a line or page break between two words becomes a space).",
    });
  });

  it("removes them from a draft through the chain, and the records revert it exactly", () => {
    const draft: JsonResume = structuredClone(profile);
    draft.basics!.label = "Platform\vEngineer";
    draft.basics!.summary = "Platform engineer.\uFFFE";
    draft.work![0]!.highlights = ["Moved the order platform to Amazon EKS\u0008 with Terraform."];
    draft.skills![0]!.name = "Cloud\uFFFF";
    const result = guardDraft(draft, context, GUARDS);
    expect(result.draft.basics?.label).toBe("Platform Engineer");
    expect(result.draft.basics?.summary).toBe("Platform engineer.");
    expect(result.draft.work?.[0]?.highlights).toEqual([
      "Moved the order platform to Amazon EKS with Terraform.",
    ]);
    expect(result.draft.skills?.[0]?.name).toBe("Cloud");
    const unwritable = result.records.filter((r) => r.rule === "unwritable-character");
    expect(unwritable.map((r) => r.field)).toEqual([
      "basics.label",
      "basics.summary",
      "work[0].highlights[0]",
      "skills[0].name",
    ]);
    expect(unwritableStrings(result.draft)).toEqual([]);
    expect(revertDraft(result.draft, result.records)).toEqual(draft);
  });

  it("makes no record for a draft that holds none", () => {
    const result = guardDraft(structuredClone(profile), context, GUARDS);
    expect(result.records.filter((r) => r.rule === "unwritable-character")).toEqual([]);
  });
});

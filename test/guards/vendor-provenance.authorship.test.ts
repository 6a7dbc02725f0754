// vendor-provenance on truth about a candidate: a technology the portfolio's code shows, but whose code
// someone else wrote (others-only), is demoted before writing and kept out of the text after it.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { defaultCatalog } from "../../extractors/catalog.js";
import { extract } from "../../extractors/extract.js";
import type { Match } from "../../core/match.js";
import { vendorProvenance } from "../../guards/vendor-provenance.js";
import { buildPodcast } from "../helpers/three-candidates.js";
import { testMatchGuard, testTextGuard, textFindings } from "./rule-tester.js";

const catalog = await defaultCatalog();
const podcast = buildPodcast(join(mkdtempSync(join(tmpdir(), "vouch-vp-authors-")), "podcast"));
const stranger = await extract([podcast], { catalog, history: false, authors: ["sam@example.test"] });
const alex = await extract([podcast], { catalog, history: false, authors: ["alex@example.test"] });
const helmOf = (truth: typeof alex) => truth.technologies.find((t) => t.id === "helm")!;

const helm: Match = {
  requirement: "Ship with Helm charts",
  technology: "helm",
  status: "production-backed",
  evidence: [{ source: "truth", ref: "podcast/charts/podcast/Chart.yaml:1" }],
};
const HELM_NOTE =
  "Helm is in the portfolio's code (podcast/charts/podcast/Chart.yaml:1), but none of that code is the candidate's: " +
  'the match is demoted from "production-backed" to "others-only".';

testMatchGuard(vendorProvenance, {
  valid: [
    { name: "the author's own Helm chart backs the match", matches: [helm], context: { truth: alex } },
    {
      name: "a stranger's own claim in the profile stays: the profile states Helm",
      matches: [{ ...helm, evidence: [{ source: "profile", ref: "skills[0].keywords[0]", text: "Helm" }] }],
      context: { truth: stranger, profile: { skills: [{ name: "Deploy", keywords: ["Helm"] }] } },
    },
  ],
  invalid: [
    {
      name: "a stranger's match on the repository's Helm chart is demoted to others-only",
      matches: [helm],
      context: { truth: stranger },
      findings: [{ rule: "others-only-vendor", actual: "Helm", action: "demote" }],
      output: [{ ...helm, status: "others-only", note: HELM_NOTE }],
    },
  ],
});

testTextGuard(vendorProvenance, {
  valid: [
    {
      name: "the author may write that she shipped it with Helm",
      field: "work[0].highlights[0]",
      text: "Shipped the podcast service with Helm charts",
      context: { truth: alex },
    },
  ],
  invalid: [
    {
      name: "a stranger's highlight claiming the repository's Helm falls back to their own words",
      field: "work[0].highlights[0]",
      text: "Shipped the podcast service with Helm charts",
      original: "Maintained backend services",
      context: { truth: stranger },
      // The catalog's own alias ("Helm charts") is what the text named.
      findings: [{ rule: "others-only-vendor-text", actual: "Helm charts", action: "fallback" }],
      output: "Maintained backend services",
    },
    {
      name: "a stranger's skills list loses a technology only others wrote",
      field: "skills[0].keywords[1]",
      role: "list-item",
      text: "gRPC",
      context: { truth: stranger },
      findings: [{ rule: "others-only-vendor-text", actual: "gRPC", action: "remove" }],
      output: null,
    },
  ],
});

describe("others-only text findings", () => {
  it("say the code is others', not that it is not production", () => {
    const [finding] = textFindings(
      vendorProvenance,
      {
        field: "basics.summary",
        text: "Runs Redis and Helm in production.",
        role: "prose",
        original: "Engineer.",
      },
      { catalog, truth: stranger, facts: [], asOf: "2026-12-01" } as never,
    );
    expect(finding?.reason).toBe(
      "Redis and Helm appear only in code others wrote (podcast/go.mod:8, podcast/pkg/cache/redis.go:4, podcast/charts/podcast/Chart.yaml:1), not in code the candidate wrote, and the profile does not state them; the text presented them as the candidate's experience.",
    );
    expect(helmOf(stranger).repositoryStatus).toBe("production");
  });
});

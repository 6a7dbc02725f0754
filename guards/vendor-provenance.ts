// vendor-provenance: a technology or vendor whose only evidence is example, docs, test or tooling code is
// not production experience. Before writing, such a match is demoted to its real status; after writing, a
// string that presents it as production experience falls back to the candidate's wording or goes.
// It owns the technologies truth knows in a non-production status, including those truth knows only from
// doc claims (docs-only); claim-net owns the rest, code-truth the stale doc claims (backing.ts decides which
// is which).
import type { EvidenceKind, TechStatus } from "../core/truth.js";
import {
  citedKind,
  listWords,
  matchEvidence,
  undeniedNewTechnologies,
  technologyBacking,
  technologyName,
  unbackedAction,
  whereSeen,
} from "./backing/index.js";
import type { Guard, GuardContext, MatchFinding, Reported, TextFinding, TextTarget } from "./types.js";
import type { Match } from "../core/match.js";
import type { RecordEvidence } from "../core/evidence.js";

type WeakStatus = Exclude<TechStatus, "production">;

const RULE: Record<WeakStatus, string> = {
  "example-only": "example-only-vendor",
  "test-only": "test-only-vendor",
  "docs-only": "docs-only-vendor",
  "tooling-only": "tooling-only-vendor",
  "others-only": "others-only-vendor",
};

const MATCH_MESSAGE =
  "{{name}} appears only in {{where}} ({{refs}}), never in production code: the match is demoted from {{from}} to {{to}}.";
const TEXT_MESSAGE =
  "{{names}} {{appear}} only in {{where}} ({{refs}}), never in production code, and the profile does not state {{them}}; the text presented {{them}} as production experience.";
// The portfolio's code shows it, but someone else wrote that code (authorship from history).
const OTHERS_MATCH_MESSAGE =
  "{{name}} is in the portfolio's code ({{refs}}), but none of that code is the candidate's: the match is demoted from {{from}} to {{to}}.";
const OTHERS_TEXT_MESSAGE =
  "{{names}} {{appear}} only in {{where}} ({{refs}}), not in code the candidate wrote, and the profile does not state {{them}}; the text presented {{them}} as the candidate's experience.";

const messages: Record<string, string> = {};
for (const [status, rule] of Object.entries(RULE)) {
  messages[rule] = status === "others-only" ? OTHERS_MATCH_MESSAGE : MATCH_MESSAGE;
  messages[`${rule}-text`] = status === "others-only" ? OTHERS_TEXT_MESSAGE : TEXT_MESSAGE;
}

// The strongest non-production kind names the status (as extractors/evidence.ts does for truth).
const STATUS_OF_KIND: [EvidenceKind, WeakStatus][] = [
  ["test", "test-only"],
  ["tooling", "tooling-only"],
  ["example", "example-only"],
  ["docs", "docs-only"],
  ["generated", "docs-only"],
  ["vendored", "docs-only"],
];

function weakStatusOf(kinds: ReadonlySet<string>): WeakStatus | undefined {
  return STATUS_OF_KIND.find(([kind]) => kinds.has(kind))?.[1];
}

interface Demotion {
  status: WeakStatus;
  evidence: RecordEvidence[];
}

/** Why a match should be demoted, or undefined when it stands (or another guard owns it). */
function demotion(match: Match, context: GuardContext): Demotion | undefined {
  if (match.evidence.length === 0) return undefined;
  const cited = match.evidence.map((e) => ({ item: e, cited: citedKind(e, context, match.technology) }));
  // The candidate's own claim stays; a match on a stale doc claim is code-truth's.
  if (cited.some((c) => c.cited.kind === "profile")) return undefined;

  if (match.technology) {
    const backing = technologyBacking(match.technology, context);
    if (backing.basis === "non-production" && backing.status && backing.status !== "production") {
      return { status: backing.status, evidence: backing.by };
    }
    // Backed by the profile, production code, language bytes, its native use or a grounding fact; or a
    // stale doc claim, which is code-truth's.
    if (backing.basis !== "unsupported") return undefined;
  }

  // Truth is silent: judge by what the match itself cites.
  const own = cited.filter((c) => c.cited.kind !== "stale" && c.cited.kind !== "unknown");
  if (own.length === 0 || own.some((c) => c.cited.kind === "production")) return undefined;
  const status = weakStatusOf(new Set(own.map((c) => c.cited.kind)));
  return status ? { status, evidence: own.map((c) => matchEvidence(c.item)) } : undefined;
}

function checkMatches(matches: readonly Match[], context: GuardContext): Reported<MatchFinding>[] {
  const findings: Reported<MatchFinding>[] = [];
  matches.forEach((match, index) => {
    const found = demotion(match, context);
    if (!found || match.status === found.status) return;
    const name = match.technology ? technologyName(match.technology, context) : match.requirement;
    findings.push({
      guard: "vendor-provenance",
      rule: RULE[found.status],
      action: "demote",
      index,
      data: {
        name,
        where: whereSeen(found.status),
        refs: found.evidence.map((e) => e.ref).join(", "),
        from: `"${match.status}"`,
        to: `"${found.status}"`,
      },
      actual: name,
      evidence: found.evidence,
      replacement: { ...match, status: found.status },
    });
  });
  return findings;
}

function checkText(target: TextTarget, context: GuardContext): Reported<TextFinding>[] {
  const flagged = undeniedNewTechnologies(target, context)
    .map((mention) => ({ mention, backing: technologyBacking(mention.id, context) }))
    .filter(({ backing }) => backing.basis === "non-production");
  const first = flagged[0];
  if (!first?.backing.status || first.backing.status === "production") return [];
  const statuses = [...new Set(flagged.map((f) => f.backing.status as WeakStatus))];
  const evidence = flagged.flatMap((f) => f.backing.by);
  const rule = `${RULE[first.backing.status]}-text`;
  return [
    {
      guard: "vendor-provenance",
      rule,
      // Someone else's code among the places words the whole finding (the rule is the first's).
      messageId: statuses.includes("others-only") ? "others-only-vendor-text" : rule,
      ...unbackedAction(target),
      field: target.field,
      data: {
        names: listWords(flagged.map((f) => f.mention.matched)),
        appear: flagged.length === 1 ? "appears" : "appear",
        them: flagged.length === 1 ? "it" : "them",
        where: listWords(statuses.map(whereSeen)),
        refs: evidence.map((e) => e.ref).join(", "),
      },
      actual: flagged.map((f) => f.mention.matched).join(", "),
      evidence,
    },
  ];
}

export const vendorProvenance: Guard = {
  meta: {
    id: "vendor-provenance",
    readsTruth: true,
    description:
      "Demotes a technology or vendor whose only evidence is example, docs, test or tooling code, and keeps such a technology from being presented as production experience.",
    messages,
  },
  checkMatches,
  checkText,
};

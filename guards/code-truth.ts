// code-truth: a README or doc claim that code-derived truth contradicts is stale (the README says
// self-hosted Kubernetes, Terraform says `aws_eks_cluster`). Before writing, a match that cites only stale
// claims is re-pointed to the code that contradicts them, or dropped when there is none; after writing, a
// string that repeats a stale claim falls back to the candidate's wording or goes. The code is the truth.
import type { DocClaim, Evidence } from "../core/truth.js";
import {
  citedKind,
  matchEvidence,
  listWords,
  undeniedNewTechnologies,
  placeRef,
  staleEvidence,
  staleSupport,
  technologyBacking,
  technologyName,
  unbackedAction,
} from "./backing/index.js";
import type {
  Guard,
  GuardContext,
  MatchFinding,
  MessageData,
  Reported,
  TextFinding,
  TextTarget,
} from "./types.js";
import type { Match } from "../core/match.js";

const messages = {
  "stale-claim-repointed":
    "{{claimed}} rests only on a stale doc claim ({{claimRef}}); the code says {{truth}} ({{codeRef}}), so the match now cites the code.",
  "stale-claim-dropped":
    "{{claimed}} rests only on a stale doc claim ({{claimRef}}) and no code backs the requirement instead, so the match is dropped.",
  "stale-evidence-removed":
    "The match also cited a stale doc claim ({{claimRef}}) that the code contradicts; that citation is removed.",
  "stale-claim-repeated":
    "{{claimed}} repeats a stale doc claim ({{claimRef}}): the code says {{truth}} ({{codeRef}}), and the profile does not state it.",
} as const;

type Rule = keyof typeof messages;

const MAX_CODE_EVIDENCE = 3;

interface Contradiction {
  /** The technology the code shows instead, or undefined when truth cannot name it. */
  technology?: string;
  evidence: Evidence[];
}

function sameLine(a: Evidence, b: Evidence): boolean {
  return a.repo === b.repo && a.path === b.path && a.line === b.line;
}

/**
 * What the code shows instead of these stale claims: the first competing technology (catalog roles) whose
 * production evidence contradicts a claim, with the contradicting evidence.
 */
function contradiction(claims: readonly DocClaim[], context: GuardContext): Contradiction {
  const technologies = context.truth?.technologies ?? [];
  for (const claim of claims) {
    const against = claim.contradictedBy ?? [];
    if (against.length === 0) continue;
    const rivals = new Set(context.catalog.competitors(claim.technology));
    const technology = technologies.find(
      (t) =>
        rivals.has(t.id) &&
        t.status === "production" &&
        t.evidence.some((e) => against.some((a) => sameLine(a, e))),
    );
    if (!technology) continue;
    const evidence: Evidence[] = [];
    for (const other of claims) {
      for (const e of other.contradictedBy ?? []) {
        if (technology.evidence.some((t) => sameLine(t, e)) && !evidence.some((x) => sameLine(x, e)))
          evidence.push(e);
      }
    }
    return { technology: technology.id, evidence: evidence.slice(0, MAX_CODE_EVIDENCE) };
  }
  return { evidence: [] };
}

function claimedName(claims: readonly DocClaim[], context: GuardContext): string {
  return listWords([...new Set(claims.map((c) => technologyName(c.technology, context)))]);
}

function claimRefs(claims: readonly DocClaim[]): string {
  return [...new Set(claims.map(placeRef))].join(", ");
}

function finding(
  rule: Rule,
  index: number,
  actual: string,
  claims: readonly DocClaim[],
  data: MessageData,
  replacement: Match | null,
): Reported<MatchFinding> {
  return {
    guard: "code-truth",
    rule,
    action: "mark-stale",
    index,
    data,
    actual,
    evidence: staleEvidence(claims),
    replacement,
  };
}

function checkMatch(match: Match, index: number, context: GuardContext): Reported<MatchFinding> | undefined {
  const cited = match.evidence.map((item) => ({ item, cited: citedKind(item, context, match.technology) }));
  if (cited.some((c) => c.cited.kind === "profile")) return undefined;
  const staleCited = [...new Set(cited.flatMap((c) => (c.cited.kind === "stale" ? c.cited.claims : [])))];
  const others = cited.filter((c) => c.cited.kind !== "stale");
  const actual = match.technology ? technologyName(match.technology, context) : match.requirement;

  // The match cites only stale claims, or its technology has nothing but stale claims in truth and the
  // match cites no production code for it: point it at the code, or drop it.
  let claims: DocClaim[] | undefined;
  if (cited.length > 0 && others.length === 0) claims = staleCited;
  else if (
    match.technology &&
    technologyBacking(match.technology, context).basis === "stale-claim" &&
    !cited.some((c) => c.cited.kind === "production" && "path" in c.item)
  ) {
    claims = [
      ...staleCited,
      ...staleSupport(match.technology, context).filter((c) => !staleCited.includes(c)),
    ];
  }
  if (claims) {
    const claimed = claims.length > 0 ? claimedName(claims, context) : actual;
    const claimRef = claimRefs(claims) || match.evidence.map((e) => matchEvidence(e).ref).join(", ");
    const { technology, evidence } = contradiction(claims, context);
    if (!technology) {
      const dropped = finding("stale-claim-dropped", index, actual, claims, { claimed, claimRef }, null);
      return claims.length > 0 ? dropped : { ...dropped, evidence: match.evidence.map(matchEvidence) };
    }
    const data = {
      claimed,
      claimRef,
      truth: technologyName(technology, context),
      codeRef: evidence.map(placeRef).join(", "),
    };
    return finding("stale-claim-repointed", index, actual, claims, data, {
      ...match,
      technology,
      status: "production-backed",
      evidence,
    });
  }

  // Some evidence is stale, some is not: the match stands on the rest.
  if (staleCited.length === 0) return undefined;
  return finding(
    "stale-evidence-removed",
    index,
    actual,
    staleCited,
    { claimRef: claimRefs(staleCited) },
    { ...match, evidence: others.map((c) => c.item) },
  );
}

function checkMatches(matches: readonly Match[], context: GuardContext): Reported<MatchFinding>[] {
  return matches.flatMap((match, index) => checkMatch(match, index, context) ?? []);
}

function checkText(target: TextTarget, context: GuardContext): Reported<TextFinding>[] {
  const flagged = undeniedNewTechnologies(target, context)
    .map((mention) => ({ mention, backing: technologyBacking(mention.id, context) }))
    .filter(({ backing }) => backing.basis === "stale-claim");
  if (flagged.length === 0) return [];
  const claims = flagged.flatMap((f) => staleSupport(f.mention.id, context));
  const { technology, evidence } = contradiction(claims, context);
  return [
    {
      guard: "code-truth",
      rule: "stale-claim-repeated",
      ...unbackedAction(target),
      field: target.field,
      data: {
        claimed: listWords(flagged.map((f) => f.mention.matched)),
        claimRef: claimRefs(claims.slice(0, 3)) + (claims.length > 3 ? ", …" : ""),
        truth: technology ? technologyName(technology, context) : "otherwise",
        codeRef: evidence.map(placeRef).join(", ") || claimRefs(claims),
      },
      actual: flagged.map((f) => f.mention.matched).join(", "),
      evidence: staleEvidence(claims),
    },
  ];
}

export const codeTruth: Guard = {
  meta: {
    id: "code-truth",
    readsTruth: true,
    description:
      "Marks README and doc claims that code-derived truth contradicts as stale: matches cite the code instead, and AI-written text may not repeat them.",
    messages,
  },
  checkMatches,
  checkText,
};

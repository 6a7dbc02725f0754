// record-provenance: the candidate's record is the profile's. The writer may select, order and reword
// highlights, summaries and descriptions (the other guards judge those) and nothing else: an identity or
// contact detail, an employer, position, date, degree, certificate or award the draft changed goes back to
// the profile's value; an invented entry goes; a dropped job, degree or contact detail is put back. In prose,
// a title or employer the profile does not hold makes the string fall back to the candidate's wording.
// After the other guards, what their removals left empty (a skills group, a highlights list) is dropped.
import { listWords, unbackedAction } from "./backing/index.js";
import { heldEvidence, isHeld } from "./record-provenance/held.js";
import { type ProseClaim, proseClaims } from "./record-provenance/claims-in-prose.js";
import { readable, readingView } from "../core/text-view.js";
import { RECORD_MESSAGES, type RecordRule } from "./record-provenance/messages.js";
import { isProseClaimHeld } from "./record-provenance/prose-held.js";
import { shown } from "./record-provenance/normalise.js";
import { planRecord } from "./record-provenance/plan.js";
import { tidyEmpty } from "./record-provenance/empty.js";
import { recordClaims } from "./record-provenance/titles.js";
import type { DraftFinding, Guard, GuardContext, Reported, TextFinding, TextTarget } from "./types.js";

function checkDraft(
  draft: Parameters<NonNullable<Guard["checkDraft"]>>[0],
  context: GuardContext,
): Reported<DraftFinding>[] {
  return context.profile ? planRecord(draft, context.profile) : [];
}

function checkText(target: TextTarget, context: GuardContext): Reported<TextFinding>[] {
  if (target.role !== "prose") return [];
  const own = target.original
    ? new Set(recordClaims(target.original).map((c) => c.words.join(" ")))
    : new Set();
  const claims = recordClaims(target.text).filter(
    (c) => !own.has(c.words.join(" ")) && !isHeld(c, context.profile),
  );
  const said = (c: ProseClaim) => `${c.kind}\0${c.text.toLowerCase()}`;
  const ownProse = new Set(
    target.original ? proseClaimsAsSeen(target.original, context).map((c) => said(c.seen)) : [],
  );
  const prose = proseClaimsAsSeen(target.text, context)
    .filter(
      ({ seen, written }) =>
        !ownProse.has(said(seen)) &&
        !claims.some((t) => t.start < written.end && written.start < t.end) &&
        !isProseClaimHeld(seen, { ...target, text: readable(target.text) }, context.profile),
    )
    .map((c) => c.written);
  if (claims.length === 0 && prose.length === 0) return [];
  const rule = ruleOf(claims, prose);
  const action = unbackedAction(target);
  const described = [
    ...claims.map((c) => `the ${c.kind} ${c.at ? `${shown(c.text)} at ${c.at.text}` : shown(c.text)}`),
    ...prose.map((c) => `${PROSE_NOUN[c.kind]} ${shown(c.text)}`),
  ];
  const words = {
    field: target.field,
    claims: `it names ${listWords(described)}`,
    scope: target.entry ? `that job (${target.entry})` : "the candidate",
    outcome:
      action.action === "fallback"
        ? "the candidate's own wording is used instead"
        : "the profile has no wording for this place, so it is removed",
  };
  return [
    {
      guard: "record-provenance",
      rule,
      ...action,
      field: target.field,
      data: words,
      actual: [...claims.map((c) => c.text), ...prose.map((c) => c.text)].join(", "),
      evidence: heldEvidence(rule === "title-not-held" ? "title" : "employer", context.profile),
    },
  ];
}

/**
 * A string's prose claims read as a person sees it (core/text-view.ts: "ＬＥＤ the frontend team", or "Lеd" with a
 * Cyrillic "е", is "LED the frontend team"), each also placed and quoted in the text as written.
 */
function proseClaimsAsSeen(text: string, context: GuardContext): { seen: ProseClaim; written: ProseClaim }[] {
  const view = readingView(text);
  return proseClaims(view.text, context.profile).map((seen) => {
    if (!view.changed) return { seen, written: seen };
    const [start, end] = view.toOriginal(seen.start, seen.end);
    return { seen, written: { ...seen, start, end, text: text.slice(start, end) } };
  });
}

const PROSE_NOUN: Record<ProseClaim["kind"], string> = {
  leadership: "the leadership claim",
  "led-work": "the claim of leading work",
  "top-rank": "the rank",
  win: "the win",
  employer: "the employer",
};

/** The rule of a finding: a title first, then an employer, a leadership claim, a rank. */
function ruleOf(titles: readonly { kind: string }[], prose: readonly ProseClaim[]): RecordRule {
  if (titles.some((c) => c.kind === "title")) return "title-not-held";
  if (titles.length > 0 || prose.some((c) => c.kind === "employer")) return "employer-not-held";
  return prose.some((c) => c.kind === "leadership" || c.kind === "led-work")
    ? "leadership-not-held"
    : "rank-not-held";
}

export const recordProvenance: Guard = {
  meta: {
    id: "record-provenance",
    description:
      "The candidate's record is the profile's: identity, contact details, employers, positions, dates, education, certificates and awards go back to the profile's values, invented entries are removed, dropped jobs and degrees are put back, and prose may not claim a title or employer the profile does not hold.",
    messages: RECORD_MESSAGES,
  },
  checkDraft,
  checkText,
  tidyDraft: (draft, _context, emptied) => tidyEmpty(draft, emptied),
};

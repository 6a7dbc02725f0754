// What the evidence a match cites is: the candidate's profile, a line of code of some kind, a stale doc
// claim, or a fact. vendor-provenance and code-truth judge matches by it.
import type { DocClaim, Evidence, EvidenceKind } from "../../core/truth.js";
import { truthEvidence } from "./evidence.js";
import { type BackingIndex, indexOf, lineKey, spansOf } from "./lookups.js";
import type { GuardContext } from "../types.js";
import type { Match } from "../../core/match.js";
import type { RecordEvidence } from "../../core/evidence.js";

/** What one evidence item of a match is. */
export type CitedKind =
  | { kind: "profile" }
  /** A stale doc claim line (code-truth's business). */
  | { kind: "stale"; claims: DocClaim[] }
  | { kind: EvidenceKind }
  /** A record evidence the guards cannot place: neither backs nor weakens. */
  | { kind: "unknown" };

function isTruthEvidence(item: Evidence | RecordEvidence): item is Evidence {
  return "path" in item && "kind" in item;
}

/** Classify one evidence item of a match against the context. */
export function citedKind(
  item: Evidence | RecordEvidence,
  context: GuardContext,
  technology?: string,
): CitedKind {
  const index = indexOf(context);
  if (isTruthEvidence(item)) {
    const claims = index.stale.byLine.get(lineKey(item));
    return claims ? { kind: "stale", claims } : { kind: item.kind };
  }
  switch (item.source) {
    case "profile":
      return { kind: "profile" };
    case "truth": {
      const claims = index.stale.byRef.get(item.ref);
      if (claims) return { kind: "stale", claims };
      const kind = index.evidenceKindByRef.get(item.ref);
      return kind ? { kind } : { kind: "unknown" };
    }
    case "fact":
    case "chunk": {
      const fact = index.factById.get(item.ref);
      const text = fact?.text ?? item.text;
      if (text === undefined) return { kind: "unknown" };
      if (fact?.kind === "example") return { kind: "example" };
      const claims = staleLinesIn(text, technology, context, index);
      if (fact?.kind === "stale-claim" || claims.length > 0) return { kind: "stale", claims };
      if (fact?.kind === "docs") return { kind: "docs" };
      return fact ? { kind: "production" } : { kind: "unknown" };
    }
  }
}

/**
 * The stale claim lines a fact's text repeats. With a technology: only when every mention of it in the text
 * is inside those lines (a chunk that also names it elsewhere still speaks for it).
 */
function staleLinesIn(
  text: string,
  technology: string | undefined,
  context: GuardContext,
  index: BackingIndex,
): DocClaim[] {
  const claims = index.stale.lines.filter((c) => c.text.trim() !== "" && text.includes(c.text.trim()));
  if (claims.length === 0 || technology === undefined) return claims;
  const spans = spansOf(
    text,
    claims.map((c) => c.text.trim()),
  );
  const mentions = context.catalog.findMentions(text).filter((m) => m.id === technology);
  const outside = mentions.some((m) => !spans.some(([s, e]) => m.start >= s && m.end <= e));
  return outside ? [] : claims;
}

/** A match's evidence item as a record's evidence. */
export function matchEvidence(item: Evidence | RecordEvidence): RecordEvidence {
  return isTruthEvidence(item) ? truthEvidence(item) : item;
}

/** Does this match rest on anything the candidate stated? */
export function citesProfile(match: Match, context: GuardContext): boolean {
  return match.evidence.some((e) => citedKind(e, context).kind === "profile");
}

// The verdict on one figure for number-provenance: grounded by the context's allowed set or by the
// candidate's own wording for the place, close only under a loose reading, derived from two figures of one
// source sentence (derive.ts), or ungrounded. Answers are remembered per allowed set: a long text
// asks the same questions again and again.
import { NumberIndex, ground } from "./ground.js";
import { sourceNumbers } from "./scan.js";
import { allowedNumbers } from "./sources.js";
import type { Grounding, NumberMention } from "./types.js";
import { type Derivation, type SentenceFigures, derive } from "./derive.js";
import { addSentenceFigures, sentenceNumbers } from "./sources.js";
import type { GuardContext, TextTarget } from "../types.js";

/** A figure grounded against an allowed set, with the answer (and, once asked, what it derives from). */
interface Asked {
  m: NumberMention;
  g: Grounding;
  derived?: Derivation | null;
}

/** Per allowed set (one per context), by value: the figures already grounded against it. */
const answers = new WeakMap<NumberIndex, Map<number, Asked[]>>();

/** Whether `ground` would answer the same for both: it reads only these fields of a figure. */
function sameQuestion(a: NumberMention, b: NumberMention): boolean {
  return (
    Object.is(a.value, b.value) &&
    a.kind === b.kind &&
    a.unit === b.unit &&
    a.precision === b.precision &&
    a.bound === b.bound &&
    a.coarsePrecision === b.coarsePrecision
  );
}

/** The question `m` asks of an allowed set, remembered with its answers: a long text asks the same again and again. */
function askAllowed(m: NumberMention, allowed: NumberIndex): Asked {
  let byValue = answers.get(allowed);
  if (!byValue) {
    byValue = new Map();
    answers.set(allowed, byValue);
  }
  let asked = byValue.get(m.value);
  if (asked) {
    for (let i = 0; i < asked.length; i++) if (sameQuestion(asked[i]!.m, m)) return asked[i]!;
  } else {
    asked = [];
    byValue.set(m.value, asked);
  }
  const answer = { m, g: ground(m, allowed) };
  asked.push(answer);
  return answer;
}

/** A figure no source states that follows from two figures of one source sentence. */
export interface Derived {
  status: "derived";
  derivation: Derivation;
}

/** What is known of the place a figure is read in: the context and the candidate's own wording there. */
export interface Place {
  context: GuardContext;
  allowed: NumberIndex;
  local?: NumberIndex;
  localSentences: readonly SentenceFigures[];
}

/**
 * Ground against the context's allowed set, then against the candidate's own wording for this place; a
 * percentage or multiplier neither states may still be derived from two figures of one source sentence.
 */
export function verdict(m: NumberMention, place: Place): Grounding | Derived {
  const asked = askAllowed(m, place.allowed);
  let g = asked.g;
  if (g.status !== "grounded" && place.local) {
    const l = ground(m, place.local);
    if (l.status === "grounded" || (l.status === "approximate" && g.status === "ungrounded")) g = l;
  }
  // A range's figures are judged together and never derived (so a remembered derivation never depends on one).
  if (g.status !== "ungrounded" || m.range) return g;
  if (asked.derived === undefined) asked.derived = derive(m, sentenceNumbers(place.context)) ?? null;
  const derivation = asked.derived ?? derive(m, place.localSentences);
  return derivation ? { status: "derived", derivation } : g;
}

/** What a target's figures are judged against: the context, and the candidate's own wording for it. */
export function placeOf(target: TextTarget, context: GuardContext): Place {
  const place: Place = { context, allowed: allowedNumbers(context), localSentences: [] };
  if (target.original) {
    const ref = { source: "profile" as const, ref: target.field };
    const figures = sourceNumbers(target.original, ref, context.catalog);
    place.local = new NumberIndex(figures);
    // Most strings state one figure or none: only those with two are cut into sentences.
    if (figures.length >= 2) {
      const sentences: SentenceFigures[] = [];
      addSentenceFigures(target.original, ref, context.catalog, sentences);
      place.localSentences = sentences;
    }
  }
  return place;
}

// Negations: a negated verb and its object ("never used PostgreSQL"), a negated noun ("without downtime").
import { JOINS, NEGATING, NEGATING_NOUN, NOT_NEGATED_BY_NO, NOT_NEGATED_BY_NOT } from "./lexicon.js";
import type { Sentence } from "./sentence.js";
import { NEGATED } from "./types.js";

/** "never used PostgreSQL", "no longer pages on-call", "failed to move", "without downtime". */
export function markNegation(s: Sentence, i: number): void {
  const { items } = s;
  const w = items[i]!.word;
  const next = items[i + 1]?.word ?? "";
  let scope = -1;
  if (w === "no" && next === "longer") scope = i + 2;
  else if ((w === "failed" || w === "fail" || w === "fails" || w === "unable") && next === "to")
    scope = i + 2;
  else if ((NEGATING.has(w) || (w.endsWith("n't") && w.length > 3)) && !NOT_NEGATED_BY_NOT.has(next))
    scope = i + 1;
  if (scope >= 0) return negateVerb(s, i, scope);
  if (NEGATING_NOUN.has(w) && !(w === "no" && NOT_NEGATED_BY_NO.has(next))) negateNoun(s, i);
}

/** A negated verb: it and its object, up to a preposition (its adjuncts are not negated), a join or 6 terms. */
function negateVerb(s: Sentence, cue: number, scope: number): void {
  // Bounded: a clause without punctuation (a line of code, a long list) is not read to its end per cue.
  const end = Math.min(s.clauseEnd[cue]!, scope + 12);
  const marked: number[] = [];
  let j = scope;
  for (; j < end && marked.length < 6; j++) {
    const it = s.items[j]!;
    if ((it.word === "and" || it.word === "or") && s.items[j + 1]?.strong) continue;
    if (JOINS.has(it.word) || s.isCue(j) || it.arrow) break;
    // "never in production": the preposition's object is what is negated.
    if (s.isPreposition(j) && (marked.length > 0 || j > scope)) break;
    if (it.key) marked.push(j);
  }
  const text = s.slice(cue, marked.at(-1) ?? cue);
  for (const m of marked) {
    s.polarity[m] = NEGATED;
    s.negation[m] = text;
  }
}

/** A negated noun: the first term after the cue, the next one too when spaced ("no customer downtime"). */
function negateNoun(s: Sentence, cue: number): void {
  const end = Math.min(s.clauseEnd[cue]!, cue + 8);
  const marked: number[] = [];
  for (let j = cue + 1; j < end && marked.length < 2; j++) {
    const it = s.items[j]!;
    if (marked.length > 0) {
      // "no-downtime migration": the hyphened word only; "downtime or data loss": both.
      if (s.items[cue + 1]!.hyphened) break;
      if (it.word === "or" || it.word === "nor") continue;
      if (!it.key || j !== marked.at(-1)! + 1) {
        if (s.items[j - 1]!.word !== "or" && s.items[j - 1]!.word !== "nor") break;
      }
    } else if (s.isPreposition(j) || JOINS.has(it.word) || s.isCue(j)) {
      if (it.word === "of") continue;
      break;
    }
    if (it.key) marked.push(j);
  }
  const text = s.slice(cue, marked.at(-1) ?? cue);
  for (const m of marked) {
    s.polarity[m] = NEGATED;
    s.negation[m] = text;
  }
}

// Reading one sentence: the rules mark it in order (negations, then choices, then changes, then directions
// with no from or to), and what they marked becomes its terms and frames.
import { markChange, markTrends } from "./changes.js";
import { markChoice } from "./choices.js";
import { itemsOf } from "./items.js";
import { markNegation } from "./negations.js";
import { Sentence } from "./sentence.js";
import { type Marks, type Meaning, NEGATED, STATED, type Term } from "./types.js";

/**
 * Whether a text states the term somewhere, not only negates it ("never used MongoDB"), names it as the one
 * not chosen ("PostgreSQL over Redis") or as what a move left ("moved from self-managed VMs").
 */
export function states(meaning: Meaning, key: string): boolean {
  return ((meaning.terms.get(key)?.mask ?? 0) & STATED) !== 0;
}

/** Reads one sentence (or one claim). `marks` are the technologies and figures found in this same text. */
export function readMeaning(text: string, marks: Marks): Meaning {
  const s = new Sentence(text, itemsOf(text, marks));
  const { items } = s;
  for (let i = 0; i < items.length; i++) markNegation(s, i);
  for (let i = 0; i < items.length; i++) markChoice(s, i);
  for (let i = 0; i < items.length; i++) markChange(s, i);
  markTrends(s);
  const terms = new Map<string, Term>();
  items.forEach((it, i) => {
    if (!it.key) return;
    const term = terms.get(it.key) ?? { mask: 0 };
    if (s.polarity[i] === NEGATED) {
      term.mask |= NEGATED;
      term.negated ??= s.negation[i];
    } else if (s.polarity[i] === 0) {
      term.mask |= STATED;
      // A few words either side, within its part of the clause: "uses PostgreSQL for the reporting".
      term.stated ??= s.slice(Math.max(s.partStart[i]!, i - 3), Math.min(s.partEnd[i]! - 1, i + 3));
    }
    terms.set(it.key, term);
  });
  return { keys: new Set(terms.keys()), terms, frames: s.frames };
}

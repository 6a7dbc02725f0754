// Matching a requirement's words to the profile's and the KB's: a product name as a whole word, a duty by
// the share of its content stems a text holds. Pure.
import { BoundedMap } from "../../../core/bounded-map.js";
import { sentencesOf } from "../../../core/sentences.js";
import { contentStems } from "../../requirements.js";

/** Whether `text` names `name` as a whole word, in any case ("karpenter" in "Karpenter node pools"). */
export function namesWord(text: string, name: string): boolean {
  let pattern = patterns.get(name);
  if (!pattern) {
    const escaped = name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/[ -]/g, "[ -]?");
    pattern = new RegExp(`(?<![\\p{L}\\p{N}])${escaped}(?![\\p{L}\\p{N}])`, "iu");
    patterns.set(name, pattern);
  }
  return pattern.test(text);
}

/** The same names (employers, projects, products) are looked for in every question: compile each once. */
const patterns = new BoundedMap<string, RegExp>(1_024);

/** Of a duty's content stems, this share must be in a text (never fewer than two, nor more than it has). */
export const DUTY_SHARE = 0.25;

/** How many of a duty's stems a text must share: 2 of a short line, a quarter of a long one. */
export function stemsNeeded(stems: number): number {
  return Math.max(Math.min(2, stems), Math.ceil(stems * DUTY_SHARE));
}

/** The number of the duty's stems `text` holds. */
export function sharedStems(wanted: ReadonlySet<string>, text: string): number {
  return contentStems(text).filter((s) => wanted.has(s)).length;
}

/**
 * The most of the duty's stems one sentence (or list item) of `text` holds: a long doc holds any two words
 * somewhere ("go" in one line, "marketing" in another), which says nothing of a duty.
 */
export function sharedStemsInASentence(wanted: ReadonlySet<string>, text: string): number {
  let most = 0;
  for (const [start, end] of sentencesOf(text))
    most = Math.max(most, sharedStems(wanted, text.slice(start, end)));
  return most;
}

// Product names a job line asks for that the catalog does not know ("Experience with Dagster"): a
// capitalised word (or run of them) inside its sentence, introduced as a tool is, that is not an ordinary
// word a post capitalises (Engineering, Remote, Europe). Pure.
import { eng } from "stopword";
import { SpanIndex } from "../../core/spans.js";
import type { NamedTechnology } from "./technologies.js";

const STOP = new Set(eng);

/** Capitalised words of job posts that name no product. */
const ORDINARY = new Set(
  (
    "experience experienced strong solid deep knowledge familiarity understanding skills skill expertise ability " +
    "engineer engineers engineering developer developers team teams senior junior staff lead principal " +
    "systems system services service platform platforms infrastructure code cloud data security operations " +
    "development design architecture software hardware product products customer customers business " +
    "distributed computing machine learning science management networking testing quality reliability " +
    "site remote hybrid office europe european america americas asia us usa uk eu emea apac english german " +
    "french spanish monday tuesday wednesday thursday friday saturday sunday january february march april " +
    "may june july august september october november december you we our your they their it " +
    "bachelor bachelors master masters degree phd bs ms ba computer information technology it " +
    "nice bonus plus preferred required requirements responsibilities qualifications benefits"
  ).split(" "),
);

/**
 * Words that introduce a tool ("experience with X", "using X", "such as X", "X or Y"); not "in" or "at",
 * which introduce places ("based in Berlin").
 */
const LEAD_IN = /(?:\bwith|\busing|\bon|\bof|\blike|\bas|\bvia|\band|\bor|,|\/|\()$/i;
/** Ends a sentence or opens a group: the next word is capitalised anyway. */
const OPENER = /(?:[.!?:;—–-]|\()$/;
/** Enough of the text before a run for the lead-ins and openers above, a word boundary included. */
const LOOK_BACK = 12;

export interface UnknownName {
  name: string;
  start: number;
}

/** Capitalised runs inside a sentence, after a lead-in, not covered by a catalog mention. */
export function unknownNames(
  text: string,
  named: readonly NamedTechnology[],
  known: ReadonlySet<string> = new Set(),
): UnknownName[] {
  const out: UnknownName[] = [];
  const run = /\p{Lu}[\p{L}\p{N}]*(?:[ -]\p{Lu}[\p{L}\p{N}]*)*/gu;
  const spans = new SpanIndex(named);
  for (const m of text.matchAll(run)) {
    const start = m.index;
    const end = start + m[0].length;
    if (spans.overlaps(start, end)) continue;
    // What comes before the run, white space skipped; read near the run only, so a long line stays linear.
    let at = start;
    while (at > 0 && /\s/u.test(text[at - 1]!)) at--;
    const before = text.slice(Math.max(0, at - LOOK_BACK), at);
    // The first word of a sentence or of a line is capitalised anyway.
    if (at === 0 || OPENER.test(before)) {
      if (!/\p{Ll}\p{Lu}/u.test(m[0])) continue; // "ClickHouse" is a name wherever it stands
    }
    if (!LEAD_IN.test(before) && !/\p{Ll}\p{Lu}/u.test(m[0])) continue;
    const words = m[0].split(/[ -]/);
    // An acronym (SRE, APIs, LLM) is too often no product to count as one.
    const ordinary = (w: string) =>
      /^[\p{Lu}\p{N}]+s?$/u.test(w) || [ORDINARY, STOP, known].some((s) => s.has(w.toLowerCase()));
    if (words.every(ordinary) || known.has(m[0].toLowerCase())) continue;
    out.push({ name: m[0], start });
  }
  return out;
}

// Mention is not use (DESIGN.md, "The guards"): whether the sentence around a technology's mention states that
// it is used, or only names it as considered, evaluated, compared, rejected, replaced, migrated away from,
// retired, planned or negated. The cue words are data (core/use-cues.yaml, read once); this module is pure
// besides that one read. claim-net's backing, the strategist, the extractor's doc claims, the verifier and
// the chatbot ask it.
//
//   mentionUse("We considered Snowflake before standardising on BigQuery.", 14, 23)
//     → { used: false, cue: "considered", family: "considered", says: "as considered, not used", cueRange: [3, 13] }
//   the same text at BigQuery (51, 59) → { used: true }
//
// A cue governs words of its own sentence and clause only: a sentence ends at . ! ? (core/markdown.ts's
// `sentenceSpans`), a blank line, or a line that starts a list item, heading, quote or table row; a clause
// ends at ; : — ( ) and at boundary words ("before", "but", "in favour of"), and after a comma, "and" or "or"
// where a new clause starts ("…, and we run BigQuery"). See the data file's header for the scopes.
import { type Cue, type UseCues, defaultUseCues } from "./use-cues/compile.js";
import { foldedSlice, foldText } from "./use-cues/folded.js";
import { sentencesOf } from "./sentences.js";
import { withoutLinkMarkup } from "./use-cues/links.js";

export {
  type CueScope,
  type UseCueData,
  type UseCueOptions,
  type UseCues,
  compileUseCues,
  defaultUseCues,
  docClaimUseCues,
  loadUseCues,
} from "./use-cues/compile.js";

/** What a mention's sentence says about the technology. */
export interface MentionUse {
  /** False when a cue makes the mention a mention only; true when the sentence states use or says nothing against it. */
  used: boolean;
  /** The cue as written, white space collapsed ("considered", "instead of", "was replaced by"). */
  cue?: string;
  /** The cue's family: considered, evaluated, compared, rejected, replaced, migrated-from, retired, planned, negated. */
  family?: string;
  /** How a record words such a mention: "names Snowflake " + says (`as considered, not used`). */
  says?: string;
  /** Where the cue is in the text. */
  cueRange?: [number, number];
}

/** A cue found in a text. */
interface Found {
  cue: Cue;
  start: number;
  end: number;
}

interface Analysis {
  /** The text with Markdown link markup blanked out, offsets unchanged. */
  plain: string;
  /** Sentences as `[start, end)`, in order. */
  sentences: [number, number][];
  /**
   * Per sentence, once asked: the cues that reach into it, in order, overlaps resolved (the longest wins).
   * Only the sentences of a mention are searched: a long doc names few technologies.
   */
  found: (Found[] | undefined)[];
  /** `plain` folded (use-cues/folded.ts), made on the first search. */
  folded?: string;
}

// Guards ask about every mention of a text one after another: the last few analyses are kept.
const MEMO_SIZE = 16;
const memo = new WeakMap<UseCues, Map<string, Analysis>>();

function analysisOf(text: string, cues: UseCues): Analysis {
  let byText = memo.get(cues);
  if (!byText) memo.set(cues, (byText = new Map()));
  let analysis = byText.get(text);
  if (!analysis) {
    const plain = withoutLinkMarkup(text);
    analysis = { plain, sentences: sentencesOf(plain), found: [] };
    if (byText.size >= MEMO_SIZE) byText.delete(byText.keys().next().value!);
    byText.set(text, analysis);
  }
  return analysis;
}

/** The index of the sentence holding `at`, or -1: a binary search, for a long doc names thousands. */
function sentenceAt(sentences: readonly [number, number][], at: number): number {
  let low = 0;
  let high = sentences.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if (sentences[mid]![1] <= at) low = mid + 1;
    else high = mid;
  }
  return low < sentences.length && sentences[low]![0] <= at ? low : -1;
}

/** How far around a sentence cues are looked for: a cue that overlaps one reaching in must be seen too. */
const CUE_REACH = 80;

/** The cues that reach into sentence `i`, found on first ask. */
function cuesIn(analysis: Analysis, i: number, cues: UseCues): Found[] {
  let found = analysis.found[i];
  if (!found) {
    const [start, end] = analysis.sentences[i]!;
    const near = findCues(analysis, cues, Math.max(0, start - CUE_REACH), end + CUE_REACH);
    found = near.filter((f) => f.end > start && f.start < end);
    analysis.found[i] = found;
  }
  return found;
}

/**
 * Room around a search's range: a boundary look-behind reads one character before a cue, and no cue phrase
 * is near this long, so a match that reaches the window's end is read again on the whole text.
 */
const WINDOW_MARGIN = 256;

/**
 * The matches of `pattern` (global) in `text` that start in `[from, to)`, searched in a window around the
 * range: a search to the end of the text for every sentence of a long doc costs time quadratic in it.
 */
function* matchesIn(pattern: RegExp, text: string, from: number, to: number): Generator<RegExpExecArray> {
  const base = Math.max(0, from - 8);
  const end = Math.min(text.length, to + WINDOW_MARGIN);
  const window = text.slice(base, end);
  pattern.lastIndex = from - base;
  for (let m = pattern.exec(window); m && base + m.index < to; m = pattern.exec(window)) {
    if (end < text.length && m.index + m[0].length >= window.length) {
      // Cut by the window: read it on the whole text, exact whatever its length.
      pattern.lastIndex = base + m.index;
      const whole = pattern.exec(text);
      if (!whole || whole.index >= to) return;
      yield whole;
      pattern.lastIndex = whole.index + whole[0].length - base;
      continue;
    }
    m.index += base;
    yield m;
  }
}

/** The cues of `text` that start in `[from, to)`, read with the whole text around them. */
function findCues(analysis: Analysis, cues: UseCues, from: number, to: number): Found[] {
  const { plain } = analysis;
  const all: Found[] = [];
  if (cues.folded) {
    // Most sentences hold no cue: one search of all phrases at once says so. Where it finds the first, no
    // cue starts before it, so each cue's own search starts there.
    const folded = (analysis.folded ??= foldText(plain));
    const first = matchesIn(cues.folded.any, folded, from, to).next().value;
    if (!first) return [];
    cues.cues.forEach((cue, i) => {
      const fold = cues.folded!.cues[i]!;
      for (const m of matchesIn(fold.pattern, folded, first.index, to)) {
        const start = m.index;
        const end = start + m[0].length;
        if (fold.unlessNext?.test(foldedSlice(plain, folded, end, end + 40))) continue;
        if (fold.unlessPrevious?.test(foldedSlice(plain, folded, start - 40, start))) continue;
        all.push({ cue, start, end });
      }
    });
  } else {
    for (const cue of cues.cues) {
      for (const m of matchesIn(cue.pattern, plain, from, to)) {
        const start = m.index;
        const end = start + m[0].length;
        if (cue.unlessNext?.test(plain.slice(end, end + 40))) continue;
        if (cue.unlessPrevious?.test(plain.slice(Math.max(0, start - 40), start))) continue;
        all.push({ cue, start, end });
      }
    }
  }
  // The longest cue wins where two overlap ("is not used" over "not"); the earlier-listed one on a tie.
  const ranked = all
    .map((f, order) => ({ f, order }))
    .sort((a, b) => b.f.end - b.f.start - (a.f.end - a.f.start) || a.order - b.order);
  const kept: Found[] = [];
  for (const { f } of ranked) {
    if (!kept.some((k) => k.start < f.end && f.start < k.end)) kept.push(f);
  }
  return kept.sort((a, b) => a.start - b.start);
}

const HARD_BOUNDARY = /[;:()[\]{}|—–]|\s-{1,2}\s/u;
const HARD_BOUNDARIES = new RegExp(HARD_BOUNDARY.source, "gu");
const LIST_MARKER = /^(?:[-*+•>#|]+|\d{1,3}[.)])?\s*/u;
const CLAUSE_LINK = /(?:,|(?<![\p{L}\p{N}])(?:and|or|&)(?![\p{L}\p{N}]))(?=\s*([\p{L}'’]+))/giu;
const WORDS = /[\p{L}][\p{L}\p{N}'’-]*/gu;

function isVerb(word: string, cues: UseCues): boolean {
  if (word !== word.toLowerCase()) return false;
  if (cues.verbs.has(word)) return true;
  return word.length >= 6 && /(?:ed|ing)$/.test(word) && !cues.notVerbs.has(word);
}

/** Whether a new clause starts after a comma, "and" or "or" in `gap`. */
function startsClause(gap: string, cues: UseCues): boolean {
  for (const m of gap.matchAll(CLAUSE_LINK)) {
    const word = m[1]!;
    const lower = word.toLowerCase();
    // "and" after a comma is the link: the word after it decides.
    if (lower === "and" || lower === "or") continue;
    if (cues.starters.has(lower) || isVerb(word, cues)) return true;
  }
  return false;
}

/** Whether the words of `gap` (between a cue and a mention) stay within one clause. */
function sameClause(gap: string, cues: UseCues, until?: RegExp): boolean {
  return (
    !HARD_BOUNDARY.test(gap) &&
    !cues.boundary.test(gap) &&
    !(until?.test(gap) ?? false) &&
    !startsClause(gap, cues)
  );
}

/** Where the clause around `at` starts within its sentence: after the last hard boundary or boundary word. */
function clauseStart(text: string, sentenceStart: number, at: number, cues: UseCues): number {
  const before = text.slice(sentenceStart, at);
  let start = 0;
  for (const m of before.matchAll(HARD_BOUNDARIES)) start = m.index + m[0].length;
  for (const m of before.matchAll(cues.boundaries)) start = Math.max(start, m.index + m[0].length);
  return sentenceStart + start;
}

/** The clause's words before the cue, without list markers and a leading conjunction. */
function leadIn(text: string, from: number, to: number): string {
  return text
    .slice(from, to)
    .replace(LIST_MARKER, "")
    .replace(/^[*_`"'“‘\s]+/u, "")
    .replace(/^(?:and|or|but|so|then)\s+/iu, "");
}

/**
 * Does `found` govern the mention at `[start, end)` of its sentence? "affirms" when it does as a double
 * negation ("nothing reaches production without passing the Playwright suite"): the mention is used.
 */
function governs(
  text: string,
  found: Found,
  start: number,
  end: number,
  sentenceStart: number,
  cues: UseCues,
): boolean | "affirms" {
  const { cue } = found;
  const from = clauseStart(text, sentenceStart, found.start, cues);
  const lead = leadIn(text, from, found.start);
  if (cue.notInInstructions) {
    const instruction = cues.instruction.exec(leadIn(text, from, found.end));
    if (instruction && lead.length <= instruction[0].length) return false;
  }
  if (found.end <= start && cue.scope !== "before") {
    // A list cue's colon introduces its list ("Supported databases: PostgreSQL, MySQL").
    const gap = cue.lists ? text.slice(found.end, start).replace(/:/g, " ") : text.slice(found.end, start);
    if (!sameClause(gap, cues, cue.until)) return false;
    // A cue that opens its clause ("Compared with MySQL, …", "Instead of Kafka, …") governs up to a comma;
    // a list cue governs its whole list ("Works with Astro, Remix, SolidStart").
    if (cue.scope !== "clause" && !cue.lists && lead.trim() === "" && gap.includes(",")) return false;
    if (cue.tight && verbAfterFirstWord(gap, cues)) return false;
    return cue.unlessEarlier?.test(lead) ? "affirms" : true;
  }
  if (end <= found.start && cue.scope !== "after") {
    const gap = text.slice(end, found.start);
    if (!sameClause(gap, cues)) return false;
    // The noun phrase before a cue has no verb in it (a whole clause may: "Kafka is on the roadmap").
    if (cue.scope !== "clause" && [...gap.matchAll(WORDS)].some((w) => isVerb(w[0], cues))) return false;
    return true;
  }
  return false;
}

function verbAfterFirstWord(gap: string, cues: UseCues): boolean {
  return [...gap.matchAll(WORDS)].slice(1).some((w) => isVerb(w[0], cues));
}

/**
 * Whether the sentence around the mention at `[start, end)` of `text` states use of it. A mention is used
 * unless a cue of its own clause governs it ("We considered Snowflake" → not used, cue "considered"); where
 * several do, the nearest decides. Offsets are UTF-16 indexes into `text`, as catalog mentions give them.
 */
export function mentionUse(
  text: string,
  start: number,
  end: number,
  cues: UseCues = defaultUseCues(),
): MentionUse {
  const analysis = analysisOf(text, cues);
  const { plain } = analysis;
  const index = sentenceAt(analysis.sentences, start);
  if (index < 0) return { used: true };
  const sentence = analysis.sentences[index]!;
  let best: { found: Found; distance: number; affirms: boolean } | undefined;
  for (const found of cuesIn(analysis, index, cues)) {
    if (found.start >= sentence[1]) break;
    if (found.end <= sentence[0] || (found.start < end && start < found.end)) continue;
    const verdict = governs(plain, found, start, end, sentence[0], cues);
    if (!verdict) continue;
    const distance = found.end <= start ? start - found.end : found.start - end;
    if (!best || distance < best.distance) best = { found, distance, affirms: verdict === "affirms" };
  }
  if (!best || best.affirms) return { used: true };
  const { found } = best;
  return {
    used: false,
    cue: text.slice(found.start, found.end).replace(/\s+/g, " "),
    family: found.cue.family,
    says: found.cue.says,
    cueRange: [found.start, found.end],
  };
}

/** Whether the mention at `[start, end)` of `text` is named without being stated as used. */
export function mentionOnly(text: string, start: number, end: number, cues?: UseCues): boolean {
  return !mentionUse(text, start, end, cues).used;
}

/**
 * Whether a heading or a lead-in introduces a list a family governs, and which: a heading that is one of a
 * family's `headings` ("Supported frameworks", "Integrations"), or a lead-in ending in a colon whose last
 * clause has a list cue ("It works with:", "Adapters for:"). Doc claims skip such a section or list.
 */
export function listLeadIn(
  text: string,
  cues: UseCues = defaultUseCues(),
): { family: string; says: string } | undefined {
  const trimmed = text.trim().replace(/[\s:]+$/u, "");
  const heading = cues.headings.find((h) => h.pattern.test(trimmed));
  if (heading) return { family: heading.family, says: heading.says };
  const colon = text.trimEnd();
  if (!colon.endsWith(":")) return undefined;
  const analysis = analysisOf(colon, cues);
  const { plain } = analysis;
  const end = colon.length - 1;
  const last = analysis.sentences.findIndex(([s, e]) => end >= s && end < e);
  if (last < 0) return undefined;
  const found = cuesIn(analysis, last, cues);
  for (let i = found.length - 1; i >= 0; i--) {
    const f: Found = found[i]!;
    if (!f.cue.lists || f.end > end) continue;
    const gap = plain.slice(f.end, end);
    if (!/[.!?](\s|$)/u.test(gap) && sameClause(gap, cues, f.cue.until)) {
      return { family: f.cue.family, says: f.cue.says };
    }
  }
  return undefined;
}

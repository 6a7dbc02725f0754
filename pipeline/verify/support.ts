// Whether one chunk supports one claim: all its numbers (as values), all its technologies, all its names,
// enough of its content words, and not the opposite meaning (meaning.ts). Pure; the chunk side is indexed
// once per chunk and cached.
import { BoundedMap } from "../../core/bounded-map.js";
import { readable } from "../../core/text-view.js";
import type { Catalog, Mention } from "../../extractors/catalog.js";
import {
  derive,
  findNumbers,
  isGrounded,
  NUM_REDACTED,
  NumberIndex,
  type NumberMention,
  periodSpan,
  sentenceFigures,
  type SentenceFigures,
  type SourceNumber,
} from "../../guards/index.js";
import type { Chunk } from "../../core/chunk.js";
import { mentionUse } from "../../core/use-cues.js";
import { splitClaims } from "./claims.js";
import { type Meaning, contradiction, readMeaning, states } from "./meaning/index.js";
import { isSpellingFix } from "../../core/spelling.js";
import { type Word, isContentWord, isNegation, isProperNoun, stemOf, wordsOf } from "../../core/words.js";

/** A figure written as a word of quantity: "dozens", "hundreds", "a dozen", "half a dozen". */
const IDIOM_FIGURE = /\b(?:dozens?|hundreds|thousands|millions|billions)\b/i;

/** Share of a claim's content words a supporting chunk must hold (stemmed): tuned on the labelled set. */
export const MIN_CONTENT_OVERLAP = 0.6;

export interface ClaimNeeds {
  /** The claim as read. */
  text: string;
  numbers: NumberMention[];
  /**
   * Per figure, the stem of what a figure in words counts ("dozens of teams": team), else undefined: a
   * vague figure is backed only where its source counts the same thing, not "60+ repos".
   */
  counted: (string | undefined)[];
  /** `used`: the claim states use of it; false when it only names it ("instead of Redis", "considered Snowflake"). */
  technologies: { id: string; matched: string; used: boolean }[];
  names: string[];
  /** Names written together ("Larkspur Commerce"), two words or more: one name a source may shorten. */
  namePhrases: string[][];
  stems: string[];
  /** Every word of the claim but its figures, stemmed: what a sentence backing a figure must share. */
  context: string[];
  /** What it states and negates, which way its changes run, what it chose: compared per sentence. */
  meaning: Meaning;
  /** Technologies named as one list ("on ECS and Elastic Beanstalk"): ids, in order, two or more. */
  lists: string[][];
}

// What may stand between two members of one list of technologies.
const LIST_GAP = /^\s*(?:,|;|\/|&|\+|and|or|,\s*and|,\s*or|as well as)\s*$/i;

/** The runs of technologies a text names as lists, by their mentions' places. */
function technologyLists(text: string, mentions: readonly Mention[]): string[][] {
  const lists: string[][] = [];
  let run: string[] = [];
  mentions.forEach((m, i) => {
    const previous = mentions[i - 1];
    if (previous && LIST_GAP.test(text.slice(previous.end, m.start))) {
      if (run.length === 0) run.push(previous.id);
      if (!run.includes(m.id)) run.push(m.id);
      return;
    }
    if (run.length >= 2) lists.push(run);
    run = [];
  });
  if (run.length >= 2) lists.push(run);
  return lists;
}

/**
 * A claim that names a list of technologies read member by member: "deployed on ECS and Elastic Beanstalk"
 * says it was deployed on each, and each can be true in a source of its own. One needs per member of the
 * first list, the other members left out; undefined when the claim names no such list.
 */
export function memberClaims(needs: ClaimNeeds): ClaimNeeds[] | undefined {
  const list = needs.lists[0];
  if (!list) return undefined;
  return list.map((member) => ({
    ...needs,
    technologies: needs.technologies.filter((t) => t.id === member || !list.includes(t.id)),
    lists: needs.lists.slice(1),
  }));
}

interface SentenceIndex {
  numbers: NumberIndex;
  /** The sentence text, read again for what its figures count when a vague figure asks (countedBy). */
  text: string;
  /** The sentence's figures, for a percentage or multiplier derived from two of them. */
  figures: SentenceFigures;
  stems: Set<string>;
}

interface ChunkIndex {
  mentions: readonly Mention[];
  technologies: Set<string>;
  lowerWords: Set<string>;
  /** Words outside the technologies it names: where a slip the claim fixed may be ("Mustach"). */
  plainWords: Word[];
  stems: Set<string>;
  /** Built on the first claim with a figure. */
  sentences?: SentenceIndex[];
  /** Each sentence read for meaning: built on the first claim the chunk otherwise supports. */
  meanings?: Meaning[];
  /**
   * Per technology, whether some mention of it states use, else how the chunk names it ("as considered, not
   * used"): built on the first claim that states use of a technology the chunk names.
   */
  use?: Map<string, { used: boolean; says?: string }>;
}

/** A content word the overlap counts: a negation is read by meaning.ts instead. */
const counts = (word: string) => isContentWord(word) && !isNegation(word);

/** A chunk's text as the guards read it (core/text-view.ts): claim and chunk are compared in one reading. */
const textOf = (chunk: Chunk): string => readable(chunk.text);

/** What a claim asks of its source. Words inside a technology or number mention are not asked twice. */
/** Claims recur (a chat's composed answers, a resume's bullets across runs): read each text once per catalog. */
const claimCache = new WeakMap<Catalog, BoundedMap<string, ClaimNeeds>>();
const CLAIMS_KEPT = 4_096;

/** What a claim asks of a source; the result is shared between callers, so it is never changed. */
export function claimNeeds(text: string, catalog: Catalog): ClaimNeeds {
  let cache = claimCache.get(catalog);
  if (!cache) claimCache.set(catalog, (cache = new BoundedMap(CLAIMS_KEPT)));
  let needs = cache.get(text);
  if (!needs) cache.set(text, (needs = readClaimNeeds(text, catalog)));
  return needs;
}

function readClaimNeeds(text: string, catalog: Catalog): ClaimNeeds {
  // A figure the guards already redacted asks nothing of a source.
  const claim = readable(text).replaceAll(NUM_REDACTED, " ".repeat(NUM_REDACTED.length));
  const numbers = findNumbers(claim, catalog);
  const mentions = catalog.findMentions(claim);
  const covered = (start: number, end: number) =>
    mentions.some((m) => start < m.end && end > m.start) ||
    numbers.some((n) => start < n.span[1] && end > n.span[0]);
  const names = new Set<string>();
  const stems = new Set<string>();
  const namePhrases: string[][] = [];
  let run: { words: string[]; end: number } | undefined;
  wordsOf(claim).forEach((word, i) => {
    if (covered(word.start, word.end)) return;
    if (isProperNoun(word, i === 0)) {
      // "the payments API's image": the name is "API".
      names.add(word.text.replace(/['’]s$/u, ""));
      const name = word.text.replace(/['’]s$/u, "");
      if (run && claim.slice(run.end, word.start) === " ") run.words.push(name);
      else namePhrases.push((run = { words: [name], end: 0 }).words);
      run.end = word.end;
    } else {
      run = undefined;
      if (counts(word.text)) stems.add(stemOf(word.text));
    }
  });
  const meaning = readMeaning(claim, { technologies: mentions, numbers });
  const technologies = new Map<string, { id: string; matched: string; used: boolean }>();
  for (const m of mentions) {
    const t = technologies.get(m.id) ?? { id: m.id, matched: m.matched, used: false };
    // Mention is not use: a claim that states use asks a source that states use. The claim states it when
    // the cue words say so and it is not the side a choice or move left ("chose PostgreSQL over Redis").
    t.used ||= mentionUse(claim, m.start, m.end).used && states(meaning, `t:${m.id}`);
    technologies.set(m.id, t);
  }
  const context = wordsOf(claim)
    .filter((w) => !numbers.some((n) => w.start < n.span[1] && w.end > n.span[0]) && counts(w.text))
    .map((w) => stemOf(w.text));
  const counted = numbers.map((n) => {
    if (!IDIOM_FIGURE.test(n.raw)) return undefined;
    const noun = /^\s+(?:of\s+)?(\p{L}+)/u.exec(claim.slice(n.span[1]))?.[1];
    return noun && counts(noun) ? stemOf(noun) : undefined;
  });
  return {
    text: claim,
    numbers,
    counted,
    technologies: [...technologies.values()],
    names: [...names],
    namePhrases: namePhrases.filter((p) => p.length >= 2),
    stems: [...stems],
    context: [...new Set(context)],
    meaning,
    lists: technologyLists(claim, mentions),
  };
}

const indexes = new WeakMap<Chunk, ChunkIndex>();

function indexOf(chunk: Chunk, catalog: Catalog): ChunkIndex {
  let index = indexes.get(chunk);
  if (!index) {
    const words = wordsOf(textOf(chunk));
    // The candidate's own words name technologies in their own casing ("react with redux", "gulp").
    const mentions =
      chunk.kind === "profile"
        ? catalog.findMentionsAnyCase(textOf(chunk))
        : catalog.findMentions(textOf(chunk));
    index = {
      mentions,
      technologies: new Set(mentions.map((m) => m.id)),
      // A possessive holds its name: "Sam's" holds "Sam" (a claim's names are read without it too).
      lowerWords: new Set(
        words.flatMap((w) => [w.text.toLowerCase(), w.text.toLowerCase().replace(/['’]s$/u, "")]),
      ),
      plainWords: words.filter((w) => !mentions.some((m) => w.start < m.end && w.end > m.start)),
      stems: new Set(words.filter((w) => counts(w.text)).map((w) => stemOf(w.text))),
    };
    indexes.set(chunk, index);
  }
  return index;
}

/** What the candidate's evidence says beyond the chunk at hand, for missingFrom. */
export interface Elsewhere {
  /** Whether some chunk writes this name in full ("Larkspur Commerce"). */
  named(name: string): boolean;
  /** Whether a code-derived truth chunk states production use of this technology. */
  inCode(id: string): boolean;
}

const CANDIDATE_CODE = /^(.+?) is used in production: /u;

/** What `usable` says beyond any one chunk. */
export function elsewhereIn(usable: readonly Chunk[], catalog: Catalog): Elsewhere {
  const code = new Set<string>();
  for (const c of usable) {
    // Only the facts of the candidate's own production code (kb/fact-docs.ts truthDocs): "Kustomize is
    // used in production: …". A chat fact says what code others wrote uses too.
    const fact = c.kind === "truth" ? CANDIDATE_CODE.exec(c.text) : null;
    if (!fact) continue;
    const named = catalog.findMentions(fact[1]!);
    if (named.length === 1 && named[0]!.start === 0 && named[0]!.end === fact[1]!.length)
      code.add(named[0]!.id);
  }
  return { named: (name) => usable.some((c) => c.text.includes(name)), inCode: (id) => code.has(id) };
}

/**
 * What a chunk lacks for a claim, in words a person reads; empty when it supports the claim. `known` says
 * what the rest of the evidence holds: a name in full (a chunk holding "Larkspur" then holds "Larkspur
 * Commerce"), a technology the candidate's production code uses.
 */
export function missingFrom(needs: ClaimNeeds, chunk: Chunk, catalog: Catalog, known?: Elsewhere): string[] {
  const index = indexOf(chunk, catalog);
  const missing: string[] = [];
  needs.numbers.forEach((n, i) => {
    if (!figureBacked(n, needs.context, sentencesOf(index, chunk, catalog), catalog, needs.counted[i]))
      missing.push(`the figure "${n.raw}"`);
  });
  for (const t of needs.technologies) {
    const use = index.technologies.has(t.id)
      ? useOf(index, chunk).get(t.id)!
      : misspeltUse(t.matched, index, chunk);
    // What the candidate's own production code shows is claim-net's to place in a job (its commits'
    // dates): a bullet may add it to what the profile says ("a Java pipeline on Kafka").
    if (!use && known?.inCode(t.id)) continue;
    if (!use) missing.push(`"${t.matched}"`);
    else if (t.used && !use.used) missing.push(`use of "${t.matched}" (the source names it ${use.says})`);
  }
  const shortened = (name: string) =>
    known !== undefined &&
    needs.namePhrases.some(
      (p) =>
        p.includes(name) &&
        index.lowerWords.has(p[0]!.toLowerCase()) &&
        p[0] !== name &&
        known.named(p.join(" ")),
    );
  for (const name of needs.names) {
    if (!index.lowerWords.has(name.toLowerCase()) && !spelledIn(name, index) && !shortened(name))
      missing.push(`"${name}"`);
  }
  if (needs.stems.length > 0) {
    const held = needs.stems.filter((s) => index.stems.has(s)).length;
    // A claim anchored by two or more names, figures or technologies the chunk holds may word one
    // more thing its own way ("worked at Quillmark" for "Software Engineer at Quillmark").
    const anchors = needs.numbers.length + needs.technologies.length + needs.names.length;
    const slack = missing.length === 0 && anchors >= 2 ? 1 : 0;
    if (held + slack < Math.ceil(MIN_CONTENT_OVERLAP * needs.stems.length)) {
      missing.push(`its wording (${held} of ${needs.stems.length} content words)`);
    }
  }
  // Only a chunk that holds everything the claim names can say the opposite of it.
  if (missing.length === 0) {
    const opposite = contradiction(needs.meaning, meaningsOf(index, chunk, catalog));
    if (opposite) missing.push(opposite);
  }
  return missing;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A name written as the place of the rest: "at Fernhill", "for Monster.com", "joined Stripe". */
const AT_NAME = (name: string) =>
  new RegExp(`\\b(?:at|for|with|joined|joining)\\s+(?:the\\s+)?${escape(name)}\\b`, "iu");

/**
 * A summary's clause read across the candidate's evidence (VerifyOptions.joins): each figure and
 * technology backed by some chunk, and the clause's wording by those chunks together ("from agency work on
 * WordPress sites and HTML email", the summary and an agency job). Not a clause that names where: a
 * name ("at Fernhill") ties what the clause says to it, and that needs one source. The chunks, or
 * undefined when the clause is not so supported.
 */
export function supportedAcross(
  needs: ClaimNeeds,
  usable: readonly Chunk[],
  catalog: Catalog,
  known: Elsewhere,
): Chunk[] | undefined {
  // "at Fernhill", "for Monster.com": the clause says where; that needs one source.
  if (needs.names.some((name) => AT_NAME(name).test(needs.text))) return undefined;
  const only = (part: Partial<ClaimNeeds>): ClaimNeeds => ({
    ...needs,
    numbers: [],
    counted: [],
    technologies: [],
    names: [],
    stems: [],
    lists: [],
    ...part,
  });
  const anchors = [
    ...needs.numbers.map((n, i) => only({ numbers: [n], counted: [needs.counted[i]] })),
    ...needs.technologies.map((t) => only({ technologies: [t] })),
    ...needs.names.map((name) => only({ names: [name] })),
  ];
  if (anchors.length < 2) return undefined;
  // The wording may come from any chunk that backs one of them: each says part of the sentence.
  const used = new Set<Chunk>();
  for (const anchor of anchors) {
    const backing = usable.filter((c) => missingFrom(anchor, c, catalog, known).length === 0);
    if (backing.length === 0) return undefined;
    for (const chunk of backing) used.add(chunk);
  }
  const held = needs.stems.filter((s) => [...used].some((c) => indexOf(c, catalog).stems.has(s))).length;
  // The slack a single chunk gives a claim this well anchored (missingFrom): one word its own way.
  return held + 1 >= Math.ceil(MIN_CONTENT_OVERLAP * needs.stems.length) ? [...used] : undefined;
}

/** How much of the claim's own wording a chunk holds: which of two chunks lacking as much is closer. */
export function sharedWords(needs: ClaimNeeds, chunk: Chunk, catalog: Catalog): number {
  const index = indexOf(chunk, catalog);
  return (
    needs.stems.filter((s) => index.stems.has(s)).length +
    needs.names.filter((n) => index.lowerWords.has(n.toLowerCase())).length
  );
}

/** The chunk's word that `written` fixes the spelling of ("Mustach" for "Mustache"), if it has one. */
function spelledIn(written: string, index: ChunkIndex): Word | undefined {
  return index.plainWords.find((w) => isSpellingFix(written, w.text));
}

/** How the chunk uses a technology it names only misspelt ("deployed on Kubernets"), if it names it so. */
function misspeltUse(
  matched: string,
  index: ChunkIndex,
  chunk: Chunk,
): { used: boolean; says?: string } | undefined {
  const word = spelledIn(matched, index);
  return word && mentionUse(textOf(chunk), word.start, word.end);
}

/**
 * A figure is backed by a sentence of the chunk that states it, or derives it from two of its figures as
 * number-provenance does (`83%` from "820 ms to 140 ms"), and shares a word with the claim: "Deploys take
 * under 5 minutes" is not backed by "latency went from 820 ms to 140 ms" in the same chunk, though 140 ms is
 * under 5 minutes.
 */
function figureBacked(
  n: NumberMention,
  context: readonly string[],
  sentences: readonly SentenceIndex[],
  catalog: Catalog,
  counted?: string,
): boolean {
  return sentences.some(
    (s) =>
      (context.length === 0 || context.some((w) => s.stems.has(w))) &&
      (counted === undefined
        ? isGrounded(n, s.numbers) || derive(n, [s.figures]) !== undefined
        : countedBy(s, counted, catalog).some((f) => isGrounded(n, [f]))),
  );
}

/** The sentence's figures that count `noun` (a stem): "60+ repos" counts repo, "~120 staff" staff. */
function countedBy(sentence: SentenceIndex, noun: string, catalog: Catalog): SourceNumber[] {
  const { text } = sentence;
  return findNumbers(text, catalog).flatMap((m) => {
    const next = /^\s+(?:of\s+|more\s+)?(\p{L}+)/u.exec(text.slice(m.span[1]))?.[1];
    if (!next || stemOf(next) !== noun) return [];
    return [{ ...m, source: "chunk" as const, ref: "", text }];
  });
}

/** A period as the profile's documents write it (`2019-03 – 2023-05`): its span backs `four years`. */
const PERIOD = /\b(\d{4}(?:-\d{2}){0,2}) – (\d{4}(?:-\d{2}){0,2})\b/gu;

function sentencesOf(index: ChunkIndex, chunk: Chunk, catalog: Catalog): SentenceIndex[] {
  index.sentences ??= splitClaims(textOf(chunk)).map(({ text }) => {
    const ref = { source: "chunk" as const, ref: chunk.id };
    const figures = sentenceFigures(text, ref, catalog);
    const spans =
      chunk.kind === "profile"
        ? [...text.matchAll(PERIOD)].flatMap((m) => periodSpan(m[1]!, m[2]!, chunk.id) ?? [])
        : [];
    const stems = wordsOf(text)
      .filter((w) => counts(w.text))
      .map((w) => stemOf(w.text));
    return {
      numbers: new NumberIndex([...figures.figures, ...spans]),
      text,
      figures,
      stems: new Set(stems),
    };
  });
  return index.sentences;
}

/**
 * The chunk's sentences read for meaning, each with the technologies and figures found in it: the chunk's
 * mentions and figures are found once, on the whole text, and dealt to its sentences by place.
 */
function meaningsOf(index: ChunkIndex, chunk: Chunk, catalog: Catalog): Meaning[] {
  if (!index.meanings) {
    const numbers = findNumbers(textOf(chunk), catalog);
    let m = 0;
    let n = 0;
    index.meanings = splitClaims(textOf(chunk)).map(({ text, start }) => {
      const end = start + text.length;
      const technologies: { id: string; start: number; end: number }[] = [];
      const figures: NumberMention[] = [];
      while (m < index.mentions.length && index.mentions[m]!.start < start) m++;
      for (; m < index.mentions.length && index.mentions[m]!.start < end; m++) {
        const t = index.mentions[m]!;
        technologies.push({ id: t.id, start: t.start - start, end: t.end - start });
      }
      while (n < numbers.length && numbers[n]!.span[0] < start) n++;
      for (; n < numbers.length && numbers[n]!.span[0] < end; n++) {
        const f = numbers[n]!;
        figures.push({ ...f, span: [f.span[0] - start, f.span[1] - start] });
      }
      return readMeaning(text, { technologies, numbers: figures });
    });
  }
  return index.meanings;
}

/** Whether the chunk states use of each technology it names (core/use-cues.ts), by its mentions. */
function useOf(index: ChunkIndex, chunk: Chunk): Map<string, { used: boolean; says?: string }> {
  if (!index.use) {
    const use = new Map<string, { used: boolean; says?: string }>();
    for (const m of index.mentions) {
      if (use.get(m.id)?.used) continue;
      const found = mentionUse(textOf(chunk), m.start, m.end);
      if (found.used || !use.has(m.id)) use.set(m.id, { used: found.used, says: found.says });
    }
    index.use = use;
  }
  return index.use;
}

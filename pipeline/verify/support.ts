// Whether one chunk supports one claim: all its numbers (as values), all its technologies, all its names,
// and enough of its content words. Pure; the chunk side is indexed once per chunk and cached.
import type { Catalog } from "../../extractors/catalog.js";
import { type NumberMention, NumberIndex, findNumbers, isGrounded } from "../../guards/numbers/index.js";
import { type SentenceFigures, derive, sentenceFigures } from "../../guards/numbers/derive.js";
import { NUM_REDACTED } from "../../guards/number-provenance.js";
import type { Chunk } from "../../core/chunk.js";
import { splitClaims } from "./claims.js";
import { isContentWord, isProperNoun, stemOf, wordsOf } from "./words.js";

/** Share of a claim's content words a supporting chunk must hold (stemmed): tuned on the labelled set. */
export const MIN_CONTENT_OVERLAP = 0.6;

export interface ClaimNeeds {
  numbers: NumberMention[];
  technologies: { id: string; matched: string }[];
  names: string[];
  stems: string[];
  /** Every word of the claim but its figures, stemmed: what a sentence backing a figure must share. */
  context: string[];
}

interface SentenceIndex {
  numbers: NumberIndex;
  /** The sentence's figures, for a percentage or multiplier derived from two of them. */
  figures: SentenceFigures;
  stems: Set<string>;
}

interface ChunkIndex {
  technologies: Set<string>;
  lowerWords: Set<string>;
  stems: Set<string>;
  /** Built on the first claim with a figure. */
  sentences?: SentenceIndex[];
}

/** What a claim asks of its source. Words inside a technology or number mention are not asked twice. */
export function claimNeeds(text: string, catalog: Catalog): ClaimNeeds {
  // A figure the guards already redacted asks nothing of a source.
  const claim = text.replaceAll(NUM_REDACTED, " ".repeat(NUM_REDACTED.length));
  const numbers = findNumbers(claim, catalog);
  const mentions = catalog.findMentions(claim);
  const covered = (start: number, end: number) =>
    mentions.some((m) => start < m.end && end > m.start) ||
    numbers.some((n) => start < n.span[1] && end > n.span[0]);
  const names = new Set<string>();
  const stems = new Set<string>();
  wordsOf(claim).forEach((word, i) => {
    if (covered(word.start, word.end)) return;
    if (isProperNoun(word, i === 0)) names.add(word.text);
    else if (isContentWord(word.text)) stems.add(stemOf(word.text));
  });
  const technologies = [...new Map(mentions.map((m) => [m.id, { id: m.id, matched: m.matched }])).values()];
  const context = wordsOf(claim)
    .filter((w) => !numbers.some((n) => w.start < n.span[1] && w.end > n.span[0]) && isContentWord(w.text))
    .map((w) => stemOf(w.text));
  return { numbers, technologies, names: [...names], stems: [...stems], context: [...new Set(context)] };
}

const indexes = new WeakMap<Chunk, ChunkIndex>();

function indexOf(chunk: Chunk, catalog: Catalog): ChunkIndex {
  let index = indexes.get(chunk);
  if (!index) {
    const words = wordsOf(chunk.text);
    index = {
      technologies: new Set(catalog.findMentions(chunk.text).map((m) => m.id)),
      lowerWords: new Set(words.map((w) => w.text.toLowerCase())),
      stems: new Set(words.filter((w) => isContentWord(w.text)).map((w) => stemOf(w.text))),
    };
    indexes.set(chunk, index);
  }
  return index;
}

/** What a chunk lacks for a claim, in words a person reads; empty when it supports the claim. */
export function missingFrom(needs: ClaimNeeds, chunk: Chunk, catalog: Catalog): string[] {
  const index = indexOf(chunk, catalog);
  const missing: string[] = [];
  for (const n of needs.numbers) {
    if (!figureBacked(n, needs.context, sentencesOf(index, chunk, catalog)))
      missing.push(`the figure "${n.raw}"`);
  }
  for (const t of needs.technologies) if (!index.technologies.has(t.id)) missing.push(`"${t.matched}"`);
  for (const name of needs.names) if (!index.lowerWords.has(name.toLowerCase())) missing.push(`"${name}"`);
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
  return missing;
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
): boolean {
  return sentences.some(
    (s) =>
      (context.length === 0 || context.some((w) => s.stems.has(w))) &&
      (isGrounded(n, s.numbers) || derive(n, [s.figures]) !== undefined),
  );
}

function sentencesOf(index: ChunkIndex, chunk: Chunk, catalog: Catalog): SentenceIndex[] {
  index.sentences ??= splitClaims(chunk.text).map(({ text }) => {
    const ref = { source: "chunk" as const, ref: chunk.id };
    const figures = sentenceFigures(text, ref, catalog);
    const stems = wordsOf(text)
      .filter((w) => isContentWord(w.text))
      .map((w) => stemOf(w.text));
    return { numbers: new NumberIndex(figures.figures), figures, stems: new Set(stems) };
  });
  return index.sentences;
}

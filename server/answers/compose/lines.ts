// The pieces every composer uses: a line quoted from a chunk, highlights ranked for a question, and a fact
// made for one question (what is not shown) that the guards and the verifier read like any other chunk.
import type { Catalog } from "../../../extractors/catalog.js";
import type { Chunk } from "../../../core/chunk.js";
import type { JsonResume } from "../../../core/resume.js";
import type { ExtractResult } from "../../../core/truth.js";
import { contentStems } from "../../../pipeline/index.js";
import type { Answer } from "../../answerer.js";
import { FACT_KEY } from "../facts.js";
import type { IntentData } from "../intent.js";
import { type Highlight, highlightsOf } from "../profile.js";

export interface ComposeContext {
  question: string;
  catalog: Catalog;
  profile: JsonResume;
  profilePath: string;
  truth?: ExtractResult;
  intents: IntentData;
  /** The grounding's chunks: the retrieved ones, the profile's and the truth's facts. */
  chunks: readonly Chunk[];
  asOf: string;
}

/** One line of a composed answer and the chunk it is quoted from; `item` lines are listed with "- ". */
export interface Line {
  text: string;
  chunk: Chunk;
  item?: boolean;
  /** For a highlight: how many of the question's own words it holds. */
  relevance?: number;
}

/** A composed answer and the facts made for its question alone (judged with it, never with other answers). */
export interface Composed {
  answer: Answer;
  facts: Chunk[];
}

export function chunkById(ctx: ComposeContext, id: string): Chunk | undefined {
  return ctx.chunks.find((c) => c.id === id);
}

export function chunkByUri(ctx: ComposeContext, field: string): Chunk | undefined {
  const uri = `${ctx.profilePath}#${field}`;
  return ctx.chunks.find((c) => c.uri === uri);
}

/** The whole text of a fact chunk as one line. */
export function factLine(ctx: ComposeContext, id: string): Line | undefined {
  const chunk = chunkById(ctx, id);
  return chunk ? { text: chunk.text, chunk } : undefined;
}

/** The uri of a made fact that cites nothing (what is not shown, a coverage count): never a source. */
export const UNCITED = "question";

/** A fact of this question only: what the portfolio does not show, said with its name. */
export function madeFact(id: string, uri: string, title: string, text: string): Chunk {
  return { id: `question:${id}`, uri, kind: "truth", title, text, metadata: { [FACT_KEY]: true } };
}

/** The lines as an answer: statements first, then the listed items; each quoted from its chunk. */
export function composed(lines: readonly Line[], facts: Chunk[] = []): Composed | undefined {
  const unique = lines.filter((l, i) => lines.findIndex((o) => o.text === l.text) === i);
  if (unique.length === 0) return undefined;
  const text = unique.map((l) => (l.item ? `- ${l.text}` : l.text)).join("\n");
  const quotes = unique
    .filter((l) => l.chunk.uri !== UNCITED)
    .map((l) => ({ chunkId: l.chunk.id, text: l.text }));
  return { answer: { text, quotes }, facts };
}

/** The question's content stems, less its technologies and the candidate's name: what it asks about. */
export function questionStems(ctx: ComposeContext): Set<string> {
  const mentions = ctx.catalog.findMentions(ctx.question);
  const outside = mentions.reduceRight((t, m) => t.slice(0, m.start) + " " + t.slice(m.end), ctx.question);
  const name = new Set(contentStems(ctx.profile.basics?.name ?? ""));
  return new Set(contentStems(outside).filter((s) => !name.has(s)));
}

/**
 * The highlights that `wanted` picks, best for the question first: most of the question's words, then most
 * of the wanted technologies, then the profile's order.
 */
export function bestHighlights(
  ctx: ComposeContext,
  wanted: (h: Highlight) => number,
  max: number,
  work?: number,
): Line[] {
  const stems = questionStems(ctx);
  return highlightsOf(ctx.profile, ctx.catalog)
    .filter((h) => work === undefined || h.work === work)
    .map((h, order) => ({
      h,
      order,
      tech: wanted(h),
      words: contentStems(h.text).filter((s) => stems.has(s)).length,
    }))
    .filter((x) => work !== undefined || x.tech > 0)
    .sort((a, b) => b.words - a.words || b.tech - a.tech || a.order - b.order)
    .slice(0, max)
    .flatMap(({ h, words }) => {
      const chunk = chunkByUri(ctx, `work[${h.work}]`);
      return chunk ? [{ text: h.text, chunk, item: true, relevance: words }] : [];
    });
}

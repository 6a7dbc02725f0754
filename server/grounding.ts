// What an answer may rest on for one retrieval: the retrieved chunks, then the profile's and the truth's own
// chunks (groundingChunks), each with its instruction sentences taken out, and the guard context over them.
// A composed answer rests on these and on the truth's facts it quotes (answers/facts.ts); those facts ground
// that answer alone: "OpenAI appears only in example code" must never back a model's "Dana uses OpenAI".
// Everything is cached: a chunk keeps one object per id (so the verifier's and the answerer's per-chunk
// indexes, held in WeakMaps, are built once), the own chunks once per day, and the context per set of ids.
import type { Catalog } from "../extractors/catalog.js";
import type { ExtractResult } from "../core/truth.js";
import { buildContext, type GuardContext } from "../guards/index.js";
import type { JsonResume } from "../core/resume.js";
import { type Chunk, chunkFacts } from "../core/chunk.js";
import { groundingChunks } from "../pipeline/index.js";
import { TruthAnswers } from "./answers/index.js";
import { BoundedMap } from "../core/bounded-map.js";
import { withoutInstructions } from "./injection.js";

export interface GroundingOptions {
  catalog: Catalog;
  /** The candidate's JSON Resume: its figures are allowed in answers, its entries are chunks. */
  profile: JsonResume;
  /** The profile's file name, naming its chunks as the KB does (`profile.yaml#work[0]`). */
  profilePath: string;
  /** Production technologies become chunks; the guards themselves judge by the chunks, not the truth. */
  truth?: ExtractResult;
  /** What the contact answer says it keeps back ("Phone and email are private in this chat."). */
  withheld?: string;
  /** Distinct chunks remembered (a Bedrock KB may return any number over time). */
  maxChunks?: number;
  /** Distinct retrieval results whose guard context is remembered. */
  maxContexts?: number;
}

export interface Grounding {
  /** Retrieved first (best first), then the profile's and the truth's own chunks; ids unique. */
  chunks: readonly Chunk[];
  /** Facts are the chunks above; the profile's own figures are allowed too. No clock, no truth. */
  context: GuardContext;
}

export class GroundingSources {
  /** Question understanding and the answers composed from the same truth and profile. */
  readonly answers: TruthAnswers;
  private readonly stable: BoundedMap<string, { raw: Chunk; clean: Chunk }>;
  private readonly contexts: BoundedMap<string, Grounding>;
  private own: { asOf: string; chunks: Chunk[] } | undefined;
  private truthFacts: { asOf: string; chunks: Chunk[] } | undefined;
  // One per context, so the guards' per-context memos (WeakMaps) are built once.
  private readonly truthContexts = new WeakMap<GuardContext, GuardContext>();

  constructor(private readonly options: GroundingOptions) {
    this.stable = new BoundedMap(options.maxChunks ?? 10_000);
    this.contexts = new BoundedMap(options.maxContexts ?? 512);
    this.answers = new TruthAnswers(options);
  }

  /** The grounding for one retrieval on the day `asOf` (YYYY-MM-DD: the experience span ends there). */
  of(retrieved: readonly Chunk[], asOf: string): Grounding {
    const byId = new Map<string, Chunk>();
    for (const chunk of [...retrieved.map((c) => this.clean(c)), ...this.ownChunks(asOf)]) {
      if (!byId.has(chunk.id)) byId.set(chunk.id, chunk);
    }
    const key = `${asOf}\0${[...byId.keys()].join(",")}`;
    let grounding = this.contexts.get(key);
    if (!grounding) {
      grounding = this.over([...byId.values()], asOf);
      this.contexts.set(key, grounding);
    }
    return grounding;
  }

  /**
   * A context whose guards also read the truth: its stale doc claims and example-only vendors. The facts
   * stay the retrieval's; the truth backs nothing by itself.
   */
  withTruth(context: GuardContext): GuardContext {
    const { truth } = this.options;
    if (!truth) return context;
    let out = this.truthContexts.get(context);
    if (!out) {
      out = { ...context, truth };
      this.truthContexts.set(context, out);
    }
    return out;
  }

  /** The truth's and the profile's facts for the composers, on the day `asOf`. */
  facts(asOf: string): readonly Chunk[] {
    if (this.truthFacts?.asOf !== asOf) {
      this.truthFacts = { asOf, chunks: this.answers.facts(asOf).map((c) => this.clean(c)) };
    }
    return this.truthFacts.chunks;
  }

  /** The grounding of one composed answer: the retrieval's, and the facts that answer quotes or made. */
  including(grounding: Grounding, facts: readonly Chunk[], asOf: string): Grounding {
    const ids = new Set(grounding.chunks.map((c) => c.id));
    // A made fact echoes the question's words (a fit line): an instruction in them backs nothing.
    const added = facts.filter((f) => !ids.has(f.id)).map((f) => this.clean(f));
    if (added.length === 0) return grounding;
    const key = `${asOf}\0${[...ids].join(",")}\0${added.map((f) => `${f.id}\0${f.text}`).join("\0")}`;
    let out = this.contexts.get(key);
    if (!out) {
      // The answer's own facts first: the verifier stops at the first chunk that supports a line.
      out = this.over([...added, ...grounding.chunks], asOf);
      this.contexts.set(key, out);
    }
    return out;
  }

  private over(chunks: Chunk[], asOf: string): Grounding {
    const { catalog, profile } = this.options;
    return { chunks, context: buildContext({ catalog, profile, facts: chunkFacts(chunks), asOf }) };
  }

  /** One object per chunk id and text, without the retrieval's score, instruction sentences removed. */
  private clean(chunk: Chunk): Chunk {
    const cached = this.stable.get(chunk.id);
    if (cached && cached.raw.text === chunk.text && cached.raw.kind === chunk.kind) return cached.clean;
    const { score: _score, ...raw } = chunk;
    const clean = withoutInstructions(raw);
    this.stable.set(chunk.id, { raw, clean });
    return clean;
  }

  private ownChunks(asOf: string): Chunk[] {
    if (this.own?.asOf !== asOf) {
      const { profile, profilePath, truth } = this.options;
      const chunks = groundingChunks({ profile, profilePath, truth, retrieved: [], asOf });
      this.own = { asOf, chunks: chunks.map((c) => this.clean(c)) };
    }
    return this.own.chunks;
  }
}

// Hierarchical chunking in the manner of Bedrock's HIERARCHICAL strategy: large parent chunks give the
// reader context, small overlapping child chunks are what retrieval matches.
//
// Sizes are in words, standing in for model tokens: English prose runs at about 1.3 tokens a word, so a
// 1,500-word parent is nearer 2,000 tokens. Words need no tokenizer model, count the same on every
// machine, and keep chunk boundaries stable across versions of any one model's vocabulary.
import { createHash } from "node:crypto";
import { lineLocator } from "../../core/lines.js";
import type { Chunk, ChunkKind } from "../../core/chunk.js";
import { CUT, type Segment, segment, wordStarts } from "./segments.js";

export const PARENT_WORDS = 1500;
export const CHILD_WORDS = 300;
export const OVERLAP_WORDS = 60;

export interface ChunkSizes {
  parentWords: number;
  childWords: number;
  overlapWords: number;
}

const DEFAULT_SIZES: ChunkSizes = {
  parentWords: PARENT_WORDS,
  childWords: CHILD_WORDS,
  overlapWords: OVERLAP_WORDS,
};

/** One document to chunk: a file's text, or text built from the profile or truth. */
export interface SourceDoc {
  uri: string;
  text: string;
  kind: ChunkKind;
  repo?: string;
  path?: string;
  /** Title of the text before the first heading (the file name, or the profile entry). */
  title?: string;
  /**
   * Line spans: absent when `text` is the source file itself (spans are counted in it); `false` when the
   * text was built (from the profile) and has none; a fixed span for text about one place (a truth fact).
   */
  lines?: false | [number, number];
  metadata?: Chunk["metadata"];
}

/** A child chunk: what retrieval matches; `parentId` names the chunk it stands for. */
export interface ChildChunk extends Chunk {
  parentId: string;
}

export interface ChunkedDoc {
  parents: Chunk[];
  children: ChildChunk[];
}

/** Cut a document into parents and their overlapping children. */
export function chunkDocument(doc: SourceDoc, sizes: Partial<ChunkSizes> = {}): ChunkedDoc {
  const size = { ...DEFAULT_SIZES, ...sizes };
  // A segment plus the overlap carried before it must fit in one child.
  const maxSegment = Math.max(1, size.childWords - size.overlapWords);
  const segments = segment(doc.text, maxSegment, doc.title);
  const lineOf = doc.lines === undefined ? lineLocator(doc.text) : undefined;
  const ids = new IdMaker(doc.uri);
  const out: ChunkedDoc = { parents: [], children: [] };

  for (const [from, to] of pack(segments, 0, segments.length, size.parentWords)) {
    const parent = makeChunk(doc, segments, from, to, lineOf);
    parent.id = ids.make("parent", parent.text);
    out.parents.push(parent);
    for (const child of children(doc, segments, from, to, size, lineOf)) {
      out.children.push({ ...child, id: ids.make("child", child.text), parentId: parent.id });
    }
  }
  return out;
}

/** Ranges of segments [from, to) of at most `max` words each. */
function pack(segments: readonly Segment[], from: number, to: number, max: number): [number, number][] {
  const ranges: [number, number][] = [];
  for (let i = from; i < to;) {
    const end = bestCut(segments, i, to, max, max / 2);
    ranges.push([i, end]);
    i = end;
  }
  return ranges;
}

/**
 * Where a chunk starting at segment `from` ends: after everything when the rest fits in `budget` words,
 * else at the most natural cut (a heading before a paragraph, a paragraph before a sentence) that keeps
 * it at least `minFill` words full; among equally natural cuts, the latest. Returns the first segment
 * left out.
 */
function bestCut(
  segments: readonly Segment[],
  from: number,
  to: number,
  budget: number,
  minFill: number,
): number {
  let words = 0;
  let fits = from;
  while (fits < to && (fits === from || words + (segments[fits]?.words ?? 0) <= budget)) {
    words += segments[fits]?.words ?? 0;
    fits++;
  }
  if (fits === to) return to;
  let best = fits;
  let bestStrength = -1;
  let filled = 0;
  for (let k = from + 1; k <= fits; k++) {
    filled += segments[k - 1]?.words ?? 0;
    const strength = segments[k]?.cut ?? CUT.word;
    if (filled >= minFill && strength >= bestStrength) {
      best = k;
      bestStrength = strength;
    }
  }
  return best;
}

/** The children of one parent: each starts with the last words of the one before it. */
function* children(
  doc: SourceDoc,
  segments: readonly Segment[],
  from: number,
  to: number,
  size: ChunkSizes,
  lineOf: ((offset: number) => number) | undefined,
): Generator<Chunk> {
  let i = from;
  let overlap: { start: number; words: number } | undefined;
  while (i < to) {
    const end = bestCut(
      segments,
      i,
      to,
      size.childWords - (overlap?.words ?? 0),
      size.childWords / 2 - (overlap?.words ?? 0),
    );
    yield makeChunk(doc, segments, i, end, lineOf, overlap?.start);
    overlap = end < to ? overlapBefore(doc.text, segments, i, end, size.overlapWords) : undefined;
    i = end;
  }
}

/**
 * Where the next child starts: at whole trailing sentences of this one that fit in `max` words, or
 * when the last sentence alone is longer, at its last `max` words.
 */
function overlapBefore(
  text: string,
  segments: readonly Segment[],
  from: number,
  to: number,
  max: number,
): { start: number; words: number } | undefined {
  if (max <= 0) return undefined;
  let words = 0;
  let k = to;
  while (k > from + 1 && words + (segments[k - 1]?.words ?? 0) <= max) {
    k--;
    words += segments[k]?.words ?? 0;
  }
  if (words > 0) return { start: segments[k]?.start ?? 0, words };
  const last = segments[to - 1];
  if (!last) return undefined;
  const starts = wordStarts(text, last.start, last.end);
  const take = Math.min(max, starts.length - 1);
  return take > 0 ? { start: starts[starts.length - take] ?? last.start, words: take } : undefined;
}

function makeChunk(
  doc: SourceDoc,
  segments: readonly Segment[],
  from: number,
  to: number,
  lineOf: ((offset: number) => number) | undefined,
  startAt?: number,
): Chunk {
  const first = segments[from];
  const start = startAt ?? first?.start ?? 0;
  const end = segments[to - 1]?.end ?? start;
  const chunk: Chunk = { id: "", text: doc.text.slice(start, end), uri: doc.uri, kind: doc.kind };
  const title = first?.title ?? doc.title;
  if (title) chunk.title = title;
  if (doc.repo) chunk.repo = doc.repo;
  if (doc.path) chunk.path = doc.path;
  if (lineOf) chunk.lines = [lineOf(start), lineOf(Math.max(start, end - 1))];
  else if (doc.lines) chunk.lines = [...doc.lines];
  if (doc.metadata) chunk.metadata = { ...doc.metadata };
  return chunk;
}

/** Ids from (uri, text), so they survive re-ingesting; a repeated text in one document gets a counter. */
class IdMaker {
  private readonly seen = new Set<string>();
  /** Per role and text, the counter its next repeat starts from: a text repeated n times costs n hashes, not n². */
  private readonly repeats = new Map<string, number>();
  constructor(private readonly uri: string) {}

  make(role: "parent" | "child", text: string): string {
    const key = `${role}\0${text}`;
    for (let n = this.repeats.get(key) ?? 0; ; n++) {
      const id = chunkId(this.uri, text, role === "parent" ? `parent${n || ""}` : n ? String(n) : "");
      if (!this.seen.has(id)) {
        this.seen.add(id);
        this.repeats.set(key, n + 1);
        return id;
      }
    }
  }
}

/** The stable id of a chunk: a hash of where it comes from and what it says. */
export function chunkId(uri: string, text: string, salt = ""): string {
  const hash = createHash("sha256").update(uri).update("\0").update(text);
  if (salt) hash.update("\0").update(salt);
  return hash.digest("hex").slice(0, 20);
}

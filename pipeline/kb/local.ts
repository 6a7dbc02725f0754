// The embedded knowledge base: BM25 (MiniSearch's BM25+) over the small child chunks, answering with
// their parents, so a precise match brings its surrounding context along.
import MiniSearch, { type AsPlainObject, type Options, type SearchOptions } from "minisearch";
import type { Chunk } from "../../core/chunk.js";
import type { ChildChunk } from "./chunker.js";
import { DEFAULT_TOP_K, type KnowledgeBase, type RetrieveOptions } from "./types.js";

// Words too common to tell chunks apart: matching them would rank chunks by how much filler they hold.
const STOP_WORDS = new Set(
  (
    "a an and are as at be been but by can do does for from had has have he her his how i if in into is it its " +
    "me my of on or our she so than that the their them then there these they this those to was we were what " +
    "when where which who whom why will with would you your"
  ).split(" "),
);

/** No stemming: technology names and identifiers must match as written (`pgx` is not `pg`). */
function processTerm(term: string): string | null {
  const lower = term.toLowerCase();
  return STOP_WORDS.has(lower) ? null : lower;
}

/** A document's file name without its extension (`fernhill-eks-migration`); nothing for built facts. */
function fileName(chunk: ChildChunk): string {
  if (chunk.kind === "profile" || chunk.kind === "truth" || !chunk.path) return "";
  const file = chunk.path.slice(chunk.path.lastIndexOf("/") + 1);
  return file.replace(/\.[^.]*$/, "");
}

const SEARCH: SearchOptions = {
  // A heading says what its section is about; a file name often says what the whole file is about.
  boost: { title: 2, file: 0.5 },
  fuzzy: false,
  // "migration" also finds "migrations" (at a lower weight); short names match only whole words, so
  // EKS is not EKSA and Java is not JavaScript.
  prefix: (term) => term.length >= 5,
  combineWith: "OR",
};

/** The index options; a stored index must be loaded with exactly these. */
export const INDEX_OPTIONS: Options<ChildChunk> = {
  idField: "id",
  fields: ["title", "text", "file"],
  extractField: (chunk, field) => (field === "file" ? fileName(chunk) : chunk[field as keyof ChildChunk]),
  storeFields: [],
  processTerm,
  searchOptions: SEARCH,
  // The store vacuums before it saves; nothing should run in the background.
  autoVacuum: false,
};

export type ChildIndex = MiniSearch<ChildChunk>;

export function createIndex(): ChildIndex {
  return new MiniSearch<ChildChunk>(INDEX_OPTIONS);
}

export function loadIndex(data: AsPlainObject): ChildIndex {
  return MiniSearch.loadJS<ChildChunk>(data, INDEX_OPTIONS);
}

export class LocalKb implements KnowledgeBase {
  readonly name = "local";
  private readonly parents = new Map<string, Chunk>();
  private readonly parentOf = new Map<string, string>();

  constructor(
    readonly index: ChildIndex,
    parents: Iterable<Chunk>,
    children: Iterable<ChildChunk>,
  ) {
    for (const parent of parents) this.parents.set(parent.id, parent);
    for (const child of children) this.parentOf.set(child.id, child.parentId);
  }

  get parentCount(): number {
    return this.parents.size;
  }

  get childCount(): number {
    return this.parentOf.size;
  }

  /**
   * One BM25 search per query; each query contributes its `topK` best parents (a parent scores as its
   * best child). The lists are merged, each parent once with its best score, best first.
   */
  async retrieve(queries: readonly string[], options: RetrieveOptions = {}): Promise<Chunk[]> {
    const topK = options.topK !== undefined && options.topK >= 1 ? Math.floor(options.topK) : DEFAULT_TOP_K;
    const best = new Map<string, number>();
    for (const query of queries) {
      if (!query.trim()) continue;
      for (const [id, score] of this.searchParents(query, topK)) {
        if (score > (best.get(id) ?? -Infinity)) best.set(id, score);
      }
    }
    return [...best].sort(byScore).flatMap(([id, score]) => {
      const parent = this.parents.get(id);
      return parent ? [{ ...parent, score }] : [];
    });
  }

  private searchParents(query: string, topK: number): [string, number][] {
    const scores = new Map<string, number>();
    for (const hit of this.index.search(query)) {
      const parentId = this.parentOf.get(String(hit.id));
      // Results come best first, so the first child seen for a parent is its best.
      if (parentId !== undefined && !scores.has(parentId)) scores.set(parentId, hit.score);
    }
    return [...scores].sort(byScore).slice(0, topK);
  }
}

/** Best score first; equal scores in id order, so a retrieval is reproducible. */
function byScore(a: [string, number], b: [string, number]): number {
  return b[1] - a[1] || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0);
}

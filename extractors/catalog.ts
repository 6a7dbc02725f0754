// The technology catalog: what a detection key reveals, rival technologies, mentions in prose (found by
// catalog-mentions.ts), and loading the shipped catalog.
import { readingView } from "../core/text-view.js";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { lazy } from "../core/lazy.js";
import { assetPath } from "../core/paths.js";
import type { FirstWords, Mention, TextName } from "./catalog-mentions.js";
import { buildFirstWords, indexName, scanMentions } from "./catalog-mentions.js";
import { type SlipNames, misspeltMentions, slipNames } from "./mentions/spelling.js";
import type { CatalogEntry, KeySpace } from "./catalog-schema.js";
import type { DetectionKey } from "./types.js";

export type { CatalogEntry } from "./catalog-schema.js";
export type { Mention } from "./catalog-mentions.js";

// Spaces matched by a leading run of whole path segments, with the separator.
const SEGMENT_SPACES: Partial<Record<string, string>> = {
  go: "/",
  "import:python": ".",
  "import:java": ".",
};

/** PEP 503: runs of `-`, `_` and `.` are one `-`, case-insensitive. */
export function normalizePypi(name: string): string {
  return name.toLowerCase().replace(/[-_.]+/g, "-");
}

function normalizeKey(space: string, name: string): string {
  if (space === "pypi") return normalizePypi(name);
  if (space === "import:java") return name; // Java packages are case-sensitive
  return name.toLowerCase();
}

/** The npm package a specifier belongs to: `@scope/name/sub` → `@scope/name`, `name/sub` → `name`. */
export function npmPackageName(specifier: string): string {
  const parts = specifier.split("/");
  return specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? specifier);
}

// Outside the instance, so a frozen catalog (tests freeze their inputs) can still remember.
const lastMentions = new WeakMap<Catalog, { text: string; mentions: readonly Mention[] }>();
/**
 * A Bloom-like filter over each catalog's ASCII first words, so that most words of prose cost no string at
 * all (outside the instance too: a typed array cannot be frozen).
 */
const firstWordFilters = new WeakMap<Catalog, FirstWords>();
/** Each catalog's names a misspelt word is read as, built on the first profile read. */
const slipIndexes = new WeakMap<Catalog, SlipNames>();
/** Each catalog's answers to `competitors`, by id: a scan of every entry is worth doing once. */
const rivals = new WeakMap<Catalog, Map<string, string[]>>();

/** Each catalog's index of test runners' keys, built on first use. */
const testRunners = new WeakMap<Catalog, Catalog>();

export class Catalog {
  readonly entries: readonly CatalogEntry[];
  private readonly byId = new Map<string, CatalogEntry>();
  private readonly exactKeys = new Map<string, string[]>();
  /** Keys ending in `*`, by space: a lookup scans only its own space's (the catalog has ~1,400). */
  private readonly prefixKeys = new Map<string, { prefix: string; id: string }[]>();
  private readonly textByFirstWord = new Map<string, TextName[]>();

  constructor(entries: CatalogEntry[]) {
    this.entries = entries;
    for (const entry of entries) {
      if (this.byId.has(entry.id)) throw new Error(`catalog: duplicate id "${entry.id}"`);
      this.byId.set(entry.id, entry);
      for (const [space, names] of Object.entries(entry.keys ?? {})) {
        for (const raw of names ?? []) this.indexKey(space, raw, entry.id);
      }
      if (entry.text !== "none") {
        for (const name of [entry.name, ...(entry.aliases ?? [])])
          indexName(this.textByFirstWord, entry, name);
        for (const name of entry.wordAliases ?? [])
          indexName(this.textByFirstWord, { ...entry, text: "exact", ambiguous: { word: [name] } }, name);
      }
    }
    // Longest name first; a stable sort keeps catalog order among names of one length.
    for (const list of this.textByFirstWord.values()) list.sort((a, b) => b.name.length - a.name.length);
    firstWordFilters.set(this, buildFirstWords(this.textByFirstWord));
  }

  get(id: string): CatalogEntry | undefined {
    return this.byId.get(id);
  }

  /** Whether `key` is a test runner's API (an entry's `testKeys`): its importer is a test file. */
  marksTest(key: DetectionKey): boolean {
    let index = testRunners.get(this);
    if (!index) {
      const runners = this.entries.filter((entry) => entry.testKeys);
      index = new Catalog(
        runners.map(({ id, name, category, testKeys }) => ({
          id,
          name,
          category,
          text: "none",
          keys: testKeys,
        })),
      );
      testRunners.set(this, index);
    }
    return index.lookup(key).length > 0;
  }

  /** Technologies a detection key reveals (usually one; a few keys reveal two, e.g. a DB engine and its host). */
  lookup(key: DetectionKey): string[] {
    const found = new Set<string>();
    for (const candidate of this.candidates(key)) {
      for (const id of this.exactKeys.get(`${key.space}\0${candidate}`) ?? []) found.add(id);
    }
    const normalized = normalizeKey(key.space, key.name);
    for (const p of this.prefixKeys.get(key.space) ?? []) {
      if (normalized.startsWith(p.prefix)) found.add(p.id);
    }
    return [...found];
  }

  /** Other technologies that compete for a role with `id` (PostgreSQL ↔ MySQL, EKS ↔ self-hosted k8s). */
  competitors(id: string): string[] {
    let known = rivals.get(this);
    if (!known) rivals.set(this, (known = new Map()));
    let ids = known.get(id);
    if (!ids) {
      const roles = this.byId.get(id)?.roles ?? [];
      ids =
        roles.length === 0
          ? []
          : this.entries
              .filter((e) => e.id !== id && e.roles?.some((r) => roles.includes(r)))
              .map((e) => e.id);
      known.set(id, ids);
    }
    return [...ids];
  }

  /**
   * Every catalog technology named in `text`, longest name first at each place, left to right. The guards
   * ask about the same string one after another, so the last answer is kept (frozen: callers share it).
   */
  findMentions(text: string): readonly Mention[] {
    const last = lastMentions.get(this);
    if (last?.text === text) return last.mentions;
    const mentions = Object.freeze(
      readThroughView(text, (read) =>
        scanMentions(read, false, this.textByFirstWord, firstWordFilters.get(this)!),
      ),
    );
    lastMentions.set(this, { text, mentions });
    return mentions;
  }

  /**
   * The technologies `text` names in any case, for what a candidate writes of themselves ("react with
   * redux", "build system with gulp"): a name the catalog reads only as written (`text: exact`) is found in
   * another case too, as an ordinary word its sentence must show a technology. A misspelt name
   * ("Kubernets") is the technology it misspells (mentions/spelling.ts).
   */
  findMentionsAnyCase(text: string): readonly Mention[] {
    const found = readThroughView(text, (read) =>
      scanMentions(read, false, this.textByFirstWord, firstWordFilters.get(this)!, true),
    );
    let names = slipIndexes.get(this);
    if (!names) slipIndexes.set(this, (names = slipNames(this.entries)));
    const slips = typeof text === "string" ? misspeltMentions(text, found, names) : [];
    if (slips.length === 0) return Object.freeze(found);
    return Object.freeze([...found, ...slips].sort((a, b) => a.start - b.start));
  }

  /**
   * The first mention of each technology named in `text`, in text order: what `findMentions` finds, less
   * the repeats, without building them (a long text names the same few technologies thousands of times).
   */
  firstMentions(text: string): readonly Mention[] {
    return Object.freeze(
      readThroughView(text, (read) =>
        scanMentions(read, true, this.textByFirstWord, firstWordFilters.get(this)!),
      ),
    );
  }

  private candidates(key: DetectionKey): string[] {
    const normalized = normalizeKey(key.space, key.name);
    const separator = SEGMENT_SPACES[key.space];
    if (separator) {
      const parts = normalized.split(separator);
      return parts.map((_, i) => parts.slice(0, parts.length - i).join(separator));
    }
    if (key.space === "npm") return [normalized, npmPackageName(normalized)];
    return [normalized];
  }

  private indexKey(space: string, raw: string, id: string): void {
    const normalized = normalizeKey(space, raw);
    if (normalized.endsWith("*")) {
      const list = this.prefixKeys.get(space) ?? [];
      list.push({ prefix: normalized.slice(0, -1), id });
      this.prefixKeys.set(space, list);
      return;
    }
    const k = `${space}\0${normalized}`;
    const ids = this.exactKeys.get(k) ?? [];
    if (!ids.includes(id)) ids.push(id);
    this.exactKeys.set(k, ids);
  }
}

/**
 * Mentions found in the text as the guards read it (`Ｋｕｂｅｒｎｅｔｅｓ`, `Kuber\u00adnetes`), placed and quoted
 * in the text as written.
 */
function readThroughView(text: string, scan: (read: string) => Mention[]): Mention[] {
  // Not a string (a malformed input): let the scan fail on it as it always has.
  const view = typeof text === "string" ? readingView(text) : undefined;
  if (!view?.changed) return scan(text);
  return scan(view.text).map((m) => {
    const [start, end] = view.toOriginal(m.start, m.end);
    return Object.freeze({ id: m.id, start, end, matched: text.slice(start, end) });
  });
}

/** The YAML source folder of the shipped catalog. */
export function catalogDir(): string {
  return assetPath("extractors", "catalog");
}

// `npm run build` compiles the YAML into this JSON beside the built module: parsing 170 KB of YAML costs
// ~400 ms at every start, JSON ~5 ms.
const COMPILED = fileURLToPath(new URL("./catalog.json", import.meta.url));

const shipped = lazy(loadShipped);

/** The catalog shipped in extractors/catalog/, read once: compiled JSON when current, else the YAML. */
export function defaultCatalog(): Promise<Catalog> {
  return shipped();
}

async function loadShipped(): Promise<Catalog> {
  if (compiledIsCurrent()) return new Catalog(JSON.parse(readFileSync(COMPILED, "utf8")) as CatalogEntry[]);
  const { readCatalog } = await import("./catalog-yaml.js");
  return new Catalog(readCatalog(catalogDir()));
}

function compiledIsCurrent(): boolean {
  if (!existsSync(COMPILED)) return false;
  const compiled = statSync(COMPILED).mtimeMs;
  const dir = catalogDir();
  return readdirSync(dir)
    .filter((f) => f.endsWith(".yaml"))
    .every((f) => statSync(join(dir, f)).mtimeMs <= compiled);
}

export type { KeySpace };

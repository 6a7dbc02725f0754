import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { assetPath } from "../pipeline/paths.js";
import type { CatalogEntry, KeySpace } from "./catalog-schema.js";
import type { DetectionKey } from "./types.js";

export type { CatalogEntry } from "./catalog-schema.js";

/** A technology named in prose: `[start, end)` in the text. */
export interface Mention {
  id: string;
  start: number;
  end: number;
  matched: string;
}

// Spaces matched by a leading run of whole path segments, with the separator.
const SEGMENT_SPACES: Partial<Record<string, string>> = {
  go: "/",
  "import:python": ".",
  "import:java": ".",
};

const WORD = /[\p{L}\p{N}]+/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;

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

interface TextName {
  id: string;
  name: string;
  exact: boolean;
  /** Characters before the first word character (`.NET` has 1). */
  lead: number;
  /** What the text must hold at the name's place: `name`, or for a case-insensitive name its lower case. */
  wanted: string;
  /** A lower case of another length never equals the text's slice of the name's length. */
  never: boolean;
  /** Where the first word ends in `wanted`, and the codes of `wanted` there and after (-1: past its end). */
  probe: number;
  probe1: number;
  probe2: number;
}

/** `[0-9A-Za-z]` by character code, for the ASCII fast path of `[\p{L}\p{N}]`. */
const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII_WORD[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : 0;
}
/** Slots of the first-word filter: a word whose hash finds its slot empty is no name's first word. */
const FILTER_BITS = 1 << 16;
const WORD_RUN = /[\p{L}\p{N}]+/uy;
const WORD_CHAR_AT = /[\p{L}\p{N}]/uy;

/** Whether the text at `at` is `word` (lower-case ASCII) once lower-cased. */
function isFoldedAt(text: string, at: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = text.charCodeAt(at + i);
    if ((c >= 65 && c <= 90 ? c + 32 : c) !== word.charCodeAt(i)) return false;
  }
  return true;
}

function isAscii(word: string): boolean {
  for (let i = 0; i < word.length; i++) if (word.charCodeAt(i) >= 128) return false;
  return true;
}

/** The hash of an ASCII word in lower case, as the scan computes it character by character. */
function wordHash(word: string): number {
  let h = 0;
  for (let i = 0; i < word.length; i++) h = (Math.imul(h, 31) + (word.charCodeAt(i) | 32)) | 0;
  return h;
}

// Outside the instance, so a frozen catalog (tests freeze their inputs) can still remember.
const lastMentions = new WeakMap<Catalog, { text: string; mentions: readonly Mention[] }>();
/**
 * A Bloom-like filter over each catalog's ASCII first words, so that most words of prose cost no string at
 * all (outside the instance too: a typed array cannot be frozen).
 */
const firstWordFilters = new WeakMap<Catalog, FirstWords>();

interface FirstWords {
  filter: Uint8Array;
  /** ASCII first words by their full hash, so that a word of the text is looked up without a string. */
  byHash: Map<number, { word: string; names: TextName[] }[]>;
}
/** Each catalog's answers to `competitors`, by id: a scan of every entry is worth doing once. */
const rivals = new WeakMap<Catalog, Map<string, string[]>>();

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
        for (const name of [entry.name, ...(entry.aliases ?? [])]) this.indexName(entry, name);
      }
    }
    // Longest name first; a stable sort keeps catalog order among names of one length.
    for (const list of this.textByFirstWord.values()) list.sort((a, b) => b.name.length - a.name.length);
    const filter = new Uint8Array(FILTER_BITS);
    const byHash: FirstWords["byHash"] = new Map();
    for (const [word, names] of this.textByFirstWord) {
      if (!isAscii(word)) continue;
      const h = wordHash(word);
      filter[h & (FILTER_BITS - 1)] = 1;
      const same = byHash.get(h);
      if (same) same.push({ word, names });
      else byHash.set(h, [{ word, names }]);
    }
    firstWordFilters.set(this, { filter, byHash });
  }

  get(id: string): CatalogEntry | undefined {
    return this.byId.get(id);
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
    const mentions = Object.freeze(this.scanMentions(text, false));
    lastMentions.set(this, { text, mentions });
    return mentions;
  }

  /**
   * The first mention of each technology named in `text`, in text order: what `findMentions` finds, less
   * the repeats, without building them (a long text names the same few technologies thousands of times).
   */
  firstMentions(text: string): readonly Mention[] {
    return Object.freeze(this.scanMentions(text, true));
  }

  /**
   * Each word (a run of letters and digits, as `/[\p{L}\p{N}]+/gu` finds them) is looked up by its lower
   * case. Plain ASCII words are read by character code and hashed on the way; a word whose hash is not in
   * the first-word filter is skipped without building a string.
   */
  private scanMentions(text: string, firstOnly: boolean): Mention[] {
    // Not a string (a malformed input): fail as reading its lower case always has.
    if (typeof text !== "string") (text as string).toLowerCase();
    const mentions: Mention[] = [];
    const seen = firstOnly ? new Set<string>() : undefined;
    const { filter, byHash } = firstWordFilters.get(this)!;
    const n = text.length;
    let lower: string | undefined;
    let coveredUntil = 0;
    let i = 0;
    while (i < n) {
      const c = text.charCodeAt(i);
      const at = i;
      let end: number;
      let key: string | undefined;
      let candidates: TextName[] | undefined;
      if (c < 128) {
        if (ASCII_WORD[c] === 0) {
          i++;
          continue;
        }
        let h = 0;
        let k = i;
        let code = c;
        while (code < 128 && ASCII_WORD[code] === 1) {
          h = (Math.imul(h, 31) + (code | 32)) | 0;
          code = ++k < n ? text.charCodeAt(k) : 0;
        }
        // A word may go on past ASCII (`café`): then the regular expression decides where it ends.
        end = k < n && code >= 128 ? wordRunEnd(text, at) : k;
        if (end !== k) key = text.slice(at, end).toLowerCase();
        else if (filter[h & (FILTER_BITS - 1)] === 1 && at >= coveredUntil) {
          // A plain ASCII word: its lower case is found by its hash and compared in place.
          const same = byHash.get(h);
          if (same) {
            for (let e = 0; e < same.length; e++) {
              const { word, names } = same[e]!;
              if (word.length === end - at && isFoldedAt(text, at, word)) {
                candidates = names;
                break;
              }
            }
          }
        }
      } else {
        WORD_CHAR_AT.lastIndex = i;
        if (!WORD_CHAR_AT.test(text)) {
          // Step over a whole surrogate pair, as a global Unicode expression does.
          i += c >= 0xd800 && c <= 0xdbff && isLowSurrogate(text.charCodeAt(i + 1)) ? 2 : 1;
          continue;
        }
        end = wordRunEnd(text, at);
        key = text.slice(at, end).toLowerCase();
      }
      i = end;
      if (at < coveredUntil) continue;
      if (key !== undefined) candidates = this.textByFirstWord.get(key);
      if (!candidates) continue;
      for (let e = 0; e < candidates.length; e++) {
        const candidate = candidates[e]!;
        const start = at - candidate.lead;
        if (start < coveredUntil || start < 0 || candidate.never) continue;
        const stop = start + candidate.name.length;
        // `startsWith` needs these two characters to match: a cheap test first.
        const held = candidate.exact ? text : (lower ??= text.toLowerCase());
        const at1 = start + candidate.probe;
        if (candidate.probe1 !== -1 && held.charCodeAt(at1) !== candidate.probe1) continue;
        if (candidate.probe2 !== -1 && held.charCodeAt(at1 + 1) !== candidate.probe2) continue;
        if (!held.startsWith(candidate.wanted, start)) continue;
        if (!isBoundary(text, start - 1) || !isBoundary(text, stop)) continue;
        if (!seen?.has(candidate.id)) {
          seen?.add(candidate.id);
          mentions.push(
            Object.freeze({ id: candidate.id, start, end: stop, matched: text.slice(start, stop) }),
          );
        }
        coveredUntil = stop;
        break;
      }
    }
    return mentions;
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

  private indexName(entry: CatalogEntry, name: string): void {
    const first = name.match(WORD);
    if (!first?.[0]) return;
    const lead = name.search(WORD_CHAR);
    const firstWord = first[0].toLowerCase();
    const list = this.textByFirstWord.get(firstWord) ?? [];
    const exact = entry.text === "exact";
    const wanted = exact ? name : name.toLowerCase();
    // The two characters after the first word tell most names with the same first word apart (`AWS
    // Lambda`, `AWS Glue`, … under `aws`): checked before comparing the whole name.
    const probe = lead + first[0].length;
    list.push({
      id: entry.id,
      name,
      exact,
      lead,
      wanted,
      never: wanted.length !== name.length,
      probe,
      probe1: probe < wanted.length ? wanted.charCodeAt(probe) : -1,
      probe2: probe + 1 < wanted.length ? wanted.charCodeAt(probe + 1) : -1,
    });
    this.textByFirstWord.set(firstWord, list);
  }
}

function isBoundary(text: string, index: number): boolean {
  if (index < 0 || index >= text.length) return true;
  const c = text.charCodeAt(index);
  if (c < 128) return ASCII_WORD[c] === 0;
  return !WORD_CHAR.test(text[index] ?? "");
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Where the run of letters and digits that starts at `at` ends. */
function wordRunEnd(text: string, at: number): number {
  WORD_RUN.lastIndex = at;
  return WORD_RUN.test(text) ? WORD_RUN.lastIndex : at + 1;
}

/** The YAML source folder of the shipped catalog. */
export function catalogDir(): string {
  return assetPath("extractors", "catalog");
}

// `npm run build` compiles the YAML into this JSON beside the built module: parsing 170 KB of YAML costs
// ~400 ms at every start, JSON ~5 ms.
const COMPILED = fileURLToPath(new URL("./catalog.json", import.meta.url));

let shipped: Promise<Catalog> | undefined;

/** The catalog shipped in extractors/catalog/, read once: compiled JSON when current, else the YAML. */
export function defaultCatalog(): Promise<Catalog> {
  shipped ??= loadShipped();
  return shipped;
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

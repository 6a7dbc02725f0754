// The fast scan for catalog names in prose: the index of names by their first word, and the scan that
// finds them (by character code, hashing plain ASCII words without building strings).
import { Buffer } from "node:buffer";
import { endianness } from "node:os";
import { AMBIGUOUS_KINDS, type AmbiguousKind, type CatalogEntry } from "../catalog-schema.js";

/** A technology named in prose: `[start, end)` in the text. */
export interface Mention {
  id: string;
  start: number;
  end: number;
  matched: string;
}

const WORD = /[\p{L}\p{N}]+/gu;
export const WORD_CHAR = /[\p{L}\p{N}]/u;

export interface TextName {
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
  /** Set when the name is also an ordinary word: found only where the text uses it as a technology. */
  ambiguous: AmbiguousKind | undefined;
}

/** `[0-9A-Za-z]` by character code, for the ASCII fast path of `[\p{L}\p{N}]`. */
export const ASCII_WORD = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  ASCII_WORD[c] = (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) ? 1 : 0;
}
/** Slots of the first-word filter: a word whose hash finds its slot empty is no name's first word. */
const FILTER_BITS = 1 << 16;
const WORD_RUN = /[\p{L}\p{N}]+/uy;
const WORD_CHAR_AT = /[\p{L}\p{N}]/uy;

/** Whether the text at `at` is `word` (lower-case ASCII) once lower-cased. */
function isFoldedAt(codes: Uint16Array, at: number, word: string): boolean {
  for (let i = 0; i < word.length; i++) {
    const c = codes[at + i]!;
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

export interface FirstWords {
  filter: Uint8Array;
  /** ASCII first words by their full hash, so that a word of the text is looked up without a string. */
  byHash: Map<number, { word: string; names: TextName[] }[]>;
}

/** Adds one of an entry's names to the index of names by their first word (lower case). */
export function indexName(textByFirstWord: Map<string, TextName[]>, entry: CatalogEntry, name: string): void {
  const first = name.match(WORD);
  if (!first?.[0]) return;
  const lead = name.search(WORD_CHAR);
  const firstWord = first[0].toLowerCase();
  const list = textByFirstWord.get(firstWord) ?? [];
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
    ambiguous: AMBIGUOUS_KINDS.find((kind) => entry.ambiguous?.[kind]?.includes(name)),
  });
  textByFirstWord.set(firstWord, list);
}

/** The first-word filter over the index, once each first word's names are in order. */
export function buildFirstWords(textByFirstWord: Map<string, TextName[]>): FirstWords {
  const filter = new Uint8Array(FILTER_BITS);
  const byHash: FirstWords["byHash"] = new Map();
  for (const [word, names] of textByFirstWord) {
    if (!isAscii(word)) continue;
    const h = wordHash(word);
    filter[h & (FILTER_BITS - 1)] = 1;
    const same = byHash.get(h);
    if (same) same.push({ word, names });
    else byHash.set(h, [{ word, names }]);
  }
  return { filter, byHash };
}

/** What a scan saw besides its mentions: the place of every match, repeats too, for `resolveAmbiguous`. */
export interface Found {
  /** `[start, end)` of every match, in text order, as pairs. */
  spans: number[];
  /** The kind of each match in `spans` (undefined: not an ambiguous name). */
  kinds: (AmbiguousKind | undefined)[];
  /** The matches of ambiguous names among the mentions. */
  pending: Pending[];
  codes: Uint16Array | undefined;
  /** Matches (indexes into `kinds`) of exact names found in another case: judged as verbs, spread only by lists. */
  folded?: Set<number>;
}

/** A match of an ambiguous name, at `index` in the mentions, waiting for its sentence to be read. */
export interface Pending {
  index: number;
  kind: AmbiguousKind;
}

/**
 * The scan. Every match of an ambiguous name is kept (also a repeat, when `firstOnly`: an earlier one may
 * turn out not to be a technology) and listed in `found.pending`.
 */
export function scan(
  text: string,
  firstOnly: boolean,
  textByFirstWord: Map<string, TextName[]>,
  firstWords: FirstWords,
  found: Found,
  anyCase = false,
): Mention[] {
  // Not a string (a malformed input): fail as reading its lower case always has.
  if (typeof text !== "string") (text as string).toLowerCase();
  const mentions: Mention[] = [];
  const seen = firstOnly ? new Set<string>() : undefined;
  const { filter, byHash } = firstWords;
  const n = text.length;
  const codes = codeUnits(text);
  found.codes = codes;
  const { spans, kinds, pending } = found;
  let lower: string | undefined;
  let coveredUntil = 0;
  let i = 0;
  while (i < n) {
    const c = codes[i]!;
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
        code = ++k < n ? codes[k]! : 0;
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
            if (word.length === end - at && isFoldedAt(codes, at, word)) {
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
        i += c >= 0xd800 && c <= 0xdbff && isLowSurrogate(codes[i + 1] ?? 0) ? 2 : 1;
        continue;
      }
      end = wordRunEnd(text, at);
      key = text.slice(at, end).toLowerCase();
    }
    i = end;
    if (at < coveredUntil) continue;
    if (key !== undefined) candidates = textByFirstWord.get(key);
    if (!candidates) continue;
    for (let e = 0; e < candidates.length; e++) {
      const candidate = candidates[e]!;
      const start = at - candidate.lead;
      if (start < coveredUntil || start < 0 || candidate.never) continue;
      const stop = start + candidate.name.length;
      // Any case: an exact name is compared in lower case too, and written otherwise it is a word until its
      // sentence shows it a technology ("react with redux" in a profile; "engineers react quickly" not).
      const folded = anyCase && candidate.exact;
      const held = candidate.exact && !folded ? text : (lower ??= text.toLowerCase());
      const wanted = folded ? candidate.name.toLowerCase() : candidate.wanted;
      if (folded && wanted.length !== candidate.name.length) continue;
      // `startsWith` needs these two characters to match: a cheap test first.
      const at1 = start + candidate.probe;
      if (!folded && candidate.probe1 !== -1 && held.charCodeAt(at1) !== candidate.probe1) continue;
      if (!folded && candidate.probe2 !== -1 && held.charCodeAt(at1 + 1) !== candidate.probe2) continue;
      if (!held.startsWith(wanted, start)) continue;
      if (!isBoundary(codes, start - 1) || !isBoundary(codes, stop)) continue;
      const otherCase = folded && !text.startsWith(candidate.name, start);
      const kind = candidate.ambiguous ?? (otherCase ? "verb" : undefined);
      if (otherCase) (found.folded ??= new Set()).add(kinds.length);
      spans.push(start, stop);
      kinds.push(kind);
      if (kind !== undefined) {
        pending.push({ index: mentions.length, kind });
        mentions.push(
          Object.freeze({ id: candidate.id, start, end: stop, matched: text.slice(start, stop) }),
        );
      } else if (!seen?.has(candidate.id)) {
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

/**
 * The text's UTF-16 code units, copied out once (natively). Read through a typed array, the scan's loop
 * stays fast whatever kinds of string it has been given before; `charCodeAt` slows down for good once a
 * process has passed it strings of several representations (one- and two-byte, sliced, concatenated), as
 * extract does before the guards run.
 */
function codeUnits(text: string): Uint16Array {
  if (!LITTLE_ENDIAN) {
    const codes = new Uint16Array(text.length);
    for (let i = 0; i < text.length; i++) codes[i] = text.charCodeAt(i);
    return codes;
  }
  const bytes = Buffer.from(text, "utf16le");
  // Node aligns its pooled buffers to 8 bytes; a copy covers any other start.
  if (bytes.byteOffset % 2 !== 0)
    return new Uint16Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length));
  return new Uint16Array(bytes.buffer, bytes.byteOffset, text.length);
}

const LITTLE_ENDIAN = endianness() === "LE";

function isBoundary(codes: Uint16Array, index: number): boolean {
  if (index < 0 || index >= codes.length) return true;
  const c = codes[index]!;
  if (c < 128) return ASCII_WORD[c] === 0;
  return !WORD_CHAR.test(String.fromCharCode(c));
}

function isLowSurrogate(code: number): boolean {
  return code >= 0xdc00 && code <= 0xdfff;
}

/** Where the run of letters and digits that starts at `at` ends. */
function wordRunEnd(text: string, at: number): number {
  WORD_RUN.lastIndex = at;
  return WORD_RUN.test(text) ? WORD_RUN.lastIndex : at + 1;
}

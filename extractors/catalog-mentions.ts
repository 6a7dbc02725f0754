// Finding catalog technologies named in prose: the index of names by their first word, and the scan.
import { Buffer } from "node:buffer";
import { endianness } from "node:os";
import { AMBIGUOUS_KINDS, type AmbiguousKind, type CatalogEntry } from "./catalog-schema.js";

/** A technology named in prose: `[start, end)` in the text. */
export interface Mention {
  id: string;
  start: number;
  end: number;
  matched: string;
}

const WORD = /[\p{L}\p{N}]+/gu;
const WORD_CHAR = /[\p{L}\p{N}]/u;

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
const ASCII_WORD = new Uint8Array(128);
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

/**
 * Each word (a run of letters and digits, as `/[\p{L}\p{N}]+/gu` finds them) is looked up by its lower
 * case. Plain ASCII words are read by character code and hashed on the way; a word whose hash is not in
 * the first-word filter is skipped without building a string. A name that is also an ordinary word
 * (`ambiguous` in the catalog) is kept only where its sentence uses it as a technology (`resolveAmbiguous`).
 */
export function scanMentions(
  text: string,
  firstOnly: boolean,
  textByFirstWord: Map<string, TextName[]>,
  firstWords: FirstWords,
): Mention[] {
  const found: Found = { spans: [], kinds: [], pending: [], codes: undefined };
  const mentions = scan(text, firstOnly, textByFirstWord, firstWords, found);
  if (found.pending.length === 0) return mentions;
  return resolveAmbiguous(text, mentions, found, firstOnly);
}

/** What a scan saw besides its mentions: the place of every match, repeats too, for `resolveAmbiguous`. */
interface Found {
  /** `[start, end)` of every match, in text order, as pairs. */
  spans: number[];
  /** The kind of each match in `spans` (undefined: not an ambiguous name). */
  kinds: (AmbiguousKind | undefined)[];
  /** The matches of ambiguous names among the mentions. */
  pending: Pending[];
  codes: Uint16Array | undefined;
}

/**
 * The scan. Every match of an ambiguous name is kept (also a repeat, when `firstOnly`: an earlier one may
 * turn out not to be a technology) and listed in `found.pending`.
 */
function scan(
  text: string,
  firstOnly: boolean,
  textByFirstWord: Map<string, TextName[]>,
  firstWords: FirstWords,
  found: Found,
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
      // `startsWith` needs these two characters to match: a cheap test first.
      const held = candidate.exact ? text : (lower ??= text.toLowerCase());
      const at1 = start + candidate.probe;
      if (candidate.probe1 !== -1 && held.charCodeAt(at1) !== candidate.probe1) continue;
      if (candidate.probe2 !== -1 && held.charCodeAt(at1 + 1) !== candidate.probe2) continue;
      if (!held.startsWith(candidate.wanted, start)) continue;
      if (!isBoundary(codes, start - 1) || !isBoundary(codes, stop)) continue;
      spans.push(start, stop);
      kinds.push(candidate.ambiguous);
      if (candidate.ambiguous !== undefined) {
        pending.push({ index: mentions.length, kind: candidate.ambiguous });
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

// Ambiguous names. A name that is also a common word, a person's name or a season (Black, Julia, Spring) is
// a technology only where the text uses it as one, judged within its sentence (a line, or up to a `.`, `!`,
// `?` or `;` and a space) from what is next to it (extractors/catalog/README.md, "Ambiguous names"):
// - never a technology: a year after it (`Spring 2023`, `Spring of 2022`), a capitalised word that makes
//   another name with it (`Black Friday`, `Hong Kong`, `Julia Evans`), a group or time after it (`the Ruby
//   team`, `Spring semester`), a hyphenated word (`Go-to-market`), a person's possessive (`Julia's`), a
//   season's time word before it (`in Spring`, `last Spring`);
// - a technology: the whole text (a skill keyword `Go`), a version after it (`Go 1.22`, `Ruby 3`), a
//   technology's noun after it (`Go services`, `Chef cookbooks`, `Go-based`; not after a verb that starts
//   the sentence, `Exposed metrics`) or before it (`the formatter Black`), a word of use before it
//   (`written in Go`, `with Black`; for a person's name not `with`, for a season not `in`);
// - then, spreading: a list with a technology or a file name (`Go, Rust and Kafka`, `Kafka (Go)`), a list
//   of ambiguous names not all people's (`Chef and Puppet`; `Julia and Hugo` are people), a file name in
//   the sentence (`go.mod`, `Gemfile`, code in backticks), and for a common word or a season past the
//   sentence's first word any other technology in it (`Ported the Python jobs to Go`).
// Everything else is not a technology.

/** A match of an ambiguous name, at `index` in the mentions, waiting for its sentence to be read. */
interface Pending {
  index: number;
  kind: AmbiguousKind;
}

type Verdict = "technology" | "not" | "open";

/** A thing in a sentence that can show a technology: a mention (of its kind when ambiguous) or a file name. */
interface Item {
  start: number;
  end: number;
  kind: AmbiguousKind | undefined;
  verdict: Verdict;
  file?: true;
}

/** The longest a sentence is read either side of a name: past it, a run of text is no sentence. */
const SENTENCE_REACH = 400;

/** Drops the ambiguous matches their sentences do not use as technologies; `firstOnly` then drops repeats. */
function resolveAmbiguous(text: string, mentions: Mention[], found: Found, firstOnly: boolean): Mention[] {
  const codes = found.codes!;
  /** Whether each ambiguous name (by its start) is a technology, filled a sentence at a time. */
  const verdicts = new Map<number, boolean>();
  const read = new Set<number>();
  const drop = new Set<number>();
  for (const { index } of found.pending) {
    const mention = mentions[index]!;
    const from = sentenceStart(codes, mention.start);
    if (!read.has(from)) {
      readSentence(text, from, sentenceEnd(codes, mention.end), found, verdicts);
      read.add(from);
    }
    if (verdicts.get(mention.start) !== true) drop.add(index);
  }
  const kept = drop.size === 0 ? mentions : mentions.filter((_, i) => !drop.has(i));
  if (!firstOnly) return kept;
  const seen = new Set<string>();
  return kept.filter((m) => !seen.has(m.id) && seen.add(m.id));
}

/** Where the sentence around `at` starts (cut short: at a space, not inside a word). */
function sentenceStart(codes: Uint16Array, at: number): number {
  let from = at;
  const floor = Math.max(0, at - SENTENCE_REACH);
  while (from > floor && !endsSentence(codes, from - 1)) from--;
  if (from === floor && from > 0) while (from < at && !isSpaceCode(codes[from - 1]!)) from++;
  return from;
}

/** Where the sentence around `at` ends. */
function sentenceEnd(codes: Uint16Array, at: number): number {
  let to = at;
  const ceiling = Math.min(codes.length, at + SENTENCE_REACH);
  while (to < ceiling && !endsSentence(codes, to)) to++;
  if (to === ceiling && to < codes.length) while (to > at && !isSpaceCode(codes[to]!)) to--;
  return to;
}

/** Whether the character at `i` ends a sentence: a line break, a bullet, or `.!?;` before a space. */
function endsSentence(codes: Uint16Array, i: number): boolean {
  const c = codes[i]!;
  if (c === 10 || c === 13 || c === 0x2022) return true;
  if (c !== 46 && c !== 33 && c !== 63 && c !== 59) return false;
  return i + 1 >= codes.length || isSpaceCode(codes[i + 1]!);
}

function isSpaceCode(c: number): boolean {
  return c === 32 || c === 9 || c === 10 || c === 13 || c === 0xa0;
}

/** Judges every ambiguous name in the sentence `[from, to)` of `text`, into `verdicts` (by its start). */
function readSentence(
  text: string,
  from: number,
  to: number,
  found: Found,
  verdicts: Map<number, boolean>,
): void {
  const sentence = text.slice(from, to);
  const { spans, kinds } = found;
  const items: Item[] = [];
  // The scan's matches, in text order: the first at or after `from` by bisection.
  let lo = 0;
  let hi = kinds.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (spans[2 * mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  for (let m = lo; m < kinds.length && spans[2 * m + 1]! <= to; m++) {
    const kind = kinds[m];
    items.push({
      start: spans[2 * m]! - from,
      end: spans[2 * m + 1]! - from,
      kind,
      verdict: kind === undefined ? "technology" : "open",
    });
  }
  if (FILE_CUE.test(sentence)) addFileNames(sentence, items);
  const firstWord = sentence.search(WORD_CHAR);
  // The whole text is this sentence, give or take punctuation (`Go.`, `- Go`).
  const whole =
    from + text.length - to <= 8 && !WORD_CHAR.test(text.slice(0, from)) && !WORD_CHAR.test(text.slice(to));
  for (const item of items) {
    if (item.kind === undefined) continue;
    const alone = whole && item.start === firstWord && !WORD_CHAR.test(sentence.slice(item.end));
    item.verdict = alone ? "technology" : localVerdict(sentence, item, item.kind, items, firstWord);
  }
  // Ambiguous names in a list are technologies (`Chef and Puppet`, `Go and Ruby`), unless all are people's
  // names (`Julia and Hugo`).
  items.forEach((item, i) => {
    const next = items[i + 1];
    if (!next || item.verdict !== "open" || next.verdict !== "open") return;
    if (item.kind === "person" && next.kind === "person") return;
    if (!isListGap(sentence.slice(item.end, next.start))) return;
    item.verdict = "technology";
    next.verdict = "technology";
  });
  // Technologies spread along lists; a file name, or for a common word another technology, anywhere in
  // the sentence shows that it is about technology.
  const file = items.some((item) => item.file);
  for (let changed = true; changed;) {
    changed = false;
    const named = items.some((item) => item.verdict === "technology");
    items.forEach((item, i) => {
      if (item.verdict !== "open") return;
      const listed = [items[i - 1], items[i + 1]].some(
        (other) =>
          other?.verdict === "technology" &&
          isListGap(sentence.slice(Math.min(item.end, other.end), Math.max(item.start, other.start))),
      );
      const about = item.kind === "person" ? file : named && item.start !== firstWord;
      if (listed || about) {
        item.verdict = "technology";
        changed = true;
      }
    });
  }
  for (const item of items)
    if (item.kind !== undefined) verdicts.set(from + item.start, item.verdict === "technology");
}

/** Adds the sentence's file names to its items, in text order: a name inside one (`Black.toml`) is the file's. */
function addFileNames(sentence: string, items: Item[]): void {
  let added = false;
  for (const file of sentence.matchAll(FILE_NAME)) {
    const start = file.index;
    const end = start + file[0].length;
    if (items.some((item) => (item.start < start ? item.end > start : item.start < end && item.end > end)))
      continue;
    for (let i = items.length - 1; i >= 0; i--)
      if (items[i]!.start >= start && items[i]!.end <= end) items.splice(i, 1);
    items.push({ start, end, kind: undefined, verdict: "technology", file: true });
    added = true;
  }
  if (added) items.sort((a, b) => a.start - b.start);
}

/**
 * Tells one mention's verdict from the words next to it (`items`: the sentence's mentions and files;
 * `firstWord`: where the sentence's first word starts).
 */
function localVerdict(
  sentence: string,
  item: Item,
  kind: AmbiguousKind,
  items: readonly Item[],
  firstWord: number,
): Verdict {
  const { start, end } = item;
  const hyphen = sentence.charCodeAt(end) === 45 ? wordAt(sentence, end + 1) : undefined;
  const nextStart = afterSpaces(sentence, end);
  const nextWord = nextStart > end ? wordAt(sentence, nextStart) : undefined;
  const nextLower = nextWord?.toLowerCase();
  const nextIsName = items.some((other) => other.start === nextStart);
  const prevEnd = beforeSpaces(sentence, start);
  const prevStart = prevEnd < start ? wordStartBefore(sentence, prevEnd) : prevEnd;
  const prevWord = prevStart < prevEnd ? sentence.slice(prevStart, prevEnd) : undefined;
  const prevLower = prevWord?.toLowerCase();
  const prevIsName = items.some((other) => other.end === prevEnd);
  const usedBefore =
    prevLower !== undefined && (USE_WORDS[kind].has(prevLower) || DESCRIPTORS.has(prevLower));

  // What makes it a date, a group or part of another name.
  if (matchesAt(YEAR_AFTER, sentence, end)) return "not";
  if (hyphen !== undefined && !HYPHEN_TECHNOLOGY.has(hyphen.toLowerCase())) return "not";
  if (kind === "person" && matchesAt(POSSESSIVE, sentence, end)) return "not";
  if (nextLower !== undefined && !nextIsName) {
    if (GROUPS_AND_TIMES.has(nextLower)) return "not";
    if (isTitleWord(nextWord!) && !TECHNOLOGY_NOUNS.has(nextLower)) return "not";
  }
  if (prevLower !== undefined && !prevIsName) {
    if (kind === "season" && TIME_WORDS.has(prevLower)) return "not";
    const named = usedBefore || TECHNOLOGY_NOUNS.has(prevLower);
    if (!named && isTitleWord(prevWord!) && prevStart !== firstWord) return "not";
  }

  // What makes it a technology.
  if (matchesAt(VERSION_AFTER, sentence, end)) return "technology";
  if (hyphen !== undefined) return "technology";
  if (nextLower !== undefined && TECHNOLOGY_NOUNS.has(nextLower) && !(kind === "verb" && start === firstWord))
    return "technology";
  if (usedBefore) return "technology";
  // `5 years of Go`
  if (prevLower === "of" && YEARS_BEFORE.test(sentence.slice(Math.max(0, prevStart - 8), prevStart)))
    return "technology";
  return "open";
}

/** Whether a sticky expression matches `text` at `at`. */
function matchesAt(expression: RegExp, text: string, at: number): boolean {
  expression.lastIndex = at;
  return expression.test(text);
}

/** The run of letters and digits that starts at `at`, if one does. */
function wordAt(text: string, at: number): string | undefined {
  let k = at;
  while (k < text.length && isWordCharAt(text, k)) k++;
  return k > at ? text.slice(at, k) : undefined;
}

/** Where a word run ending at `end` starts. */
function wordStartBefore(text: string, end: number): number {
  let k = end;
  while (k > 0 && isWordCharAt(text, k - 1)) k--;
  return k;
}

/** Past the spaces (not line breaks) that start at `at`. */
function afterSpaces(text: string, at: number): number {
  let k = at;
  while (k < text.length && isInlineSpace(text.charCodeAt(k))) k++;
  return k;
}

/** Back over the spaces (not line breaks) that end at `at`. */
function beforeSpaces(text: string, at: number): number {
  let k = at;
  while (k > 0 && isInlineSpace(text.charCodeAt(k - 1))) k--;
  return k;
}

function isInlineSpace(c: number): boolean {
  return c === 32 || c === 9 || c === 0xa0;
}

function isWordCharAt(text: string, i: number): boolean {
  const c = text.charCodeAt(i);
  return c < 128 ? ASCII_WORD[c] === 1 : WORD_CHAR.test(text[i]!);
}

/** Whether only separators of a list lie between two things: `, `, ` and `, ` or `, `/`, ` (`. */
function isListGap(gap: string): boolean {
  return gap.trim() !== "" && LIST_GAP.test(gap);
}

function isTitleWord(word: string): boolean {
  return TITLE_WORD.test(word);
}

/** A set of the words in a string, separated by white space. */
function words(list: string): ReadonlySet<string> {
  return new Set(list.trim().split(/\s+/));
}

const TITLE_WORD = /^\p{Lu}\p{Ll}+$/u;
const YEARS_BEFORE = /\byears?[ \t\u00a0]+$/;
const POSSESSIVE = /['’]s(?![\p{L}\p{N}])/uy;
/** `Spring 2023`, `Spring of 2022`, `Spring '23`. */
const YEAR_AFTER = /[ \t\u00a0]+(?:of[ \t\u00a0]+)?(?:(?:19|20)\d\d|['’]\d\d)(?![\p{L}\p{N}]|\.\d)/uy;
/** `Go 1.22`, `Ruby 3.3.0`, `Dart 3`, `Spring 6.x`, `Black v24` (a small whole number: not `Julia 3 years`). */
const VERSION_AFTER =
  /[ \t\u00a0]+v?(?:\d+(?:\.\d+)+|\d{1,2}(?![\p{N}]|\.\d|[ \t\u00a0]+(?:years?|months?|weeks?|days?|hours?|times|people|engineers|developers|members|reports|interns|students|of)\b))(?:\.x)?(?![\p{L}\p{N}%])/uy;
const LIST_GAP = /^[\s,/&+|()]*(?:(?:and|or|plus|and\/or|as well as)[\s,/&+|()]*)?$/i;
/** What a sentence with a file name holds: a dot, a backtick, or `file` (`Gemfile`). */
const FILE_CUE = /[.`]|file/i;
/** File and package names that show a technology, and code in backticks. */
const FILE_NAME =
  /(?<![\p{L}\p{N}.])(?:[\w-]+(?:\.[\w-]+)*)?\.(?:rb|go|rs|py|jl|swift|dart|exs?|cr|elm|nim|zig|erb|gemspec|mod|sum|toml|lock|sls|pp|hcl|tf|java|kts?|scala|sh|ya?ml|json|[jt]sx?)(?![\p{L}\p{N}])|\b(?:Gemfile|Rakefile|Jenkinsfile|Makefile|Vagrantfile|Procfile|Podfile|Puppetfile|Berksfile|Pipfile|Brewfile|Justfile|Dockerfile)\b|`[^`\n]+`/gu;

/** Words that, right before a name, show that it is used as a technology (by what the name can be). */
const USE_WORDS: Record<AmbiguousKind, ReadonlySet<string>> = {
  word: words("in with using via on onto into atop to from use uses used"),
  verb: words("in with using via on onto into atop to from use uses used"),
  person: words("in using via on onto into atop"),
  season: words("with using via on onto into atop use uses used"),
};

/** Words that, right before a season, make it a time: `in Spring`, `last Spring`. */
const TIME_WORDS = words(
  `in during by until till since before after through throughout this last next early late mid each every`,
);

/** A kind of technology named before a name: `the formatter Black`, `the language Julia`. */
const DESCRIPTORS = words(
  `language formatter linter framework library tool runtime package gem crate module generator orchestrator server database`,
);

/** Hyphenated words that make a technology of the name before them: `Go-based`, `Rust-native`. */
const HYPHEN_TECHNOLOGY = words(
  `based powered native backed written compatible specific only first style flavored flavoured managed generated built driven friendly compiled`,
);

/** A group of people or a time after a name: `the Ruby team`, `Spring semester`. */
const GROUPS_AND_TIMES = words(
  `team teams squad squads guild guilds group groups department org organisation organization tribe chapter semester term break quarter season sale sales festival holiday holidays weekend cohort campaign intake cleaning`,
);

/** Nouns that make a technology of the name before them (`Go services`, `Chef cookbooks`) or after them. */
const TECHNOLOGY_NOUNS = words(
  `service services microservice microservices code codebase codebases module modules package packages gem
  gems crate crates library libraries lib libs sdk sdks api apis cli clis orm dsl app apps application
  applications backend backends frontend frontends server servers client clients binary binaries runtime
  runtimes compiler toolchain stack framework plugin plugins extension extensions script scripts scripting
  program programs programming programmer programmers developer developers engineer engineers dev devs
  cookbook cookbooks recipe recipes playbook playbooks manifest manifests chart charts template templates
  formatter formatting linter linting config configs configuration configurations pipeline pipelines job
  jobs build builds test tests testing spec specs suite suites handler handlers function functions worker
  workers consumer consumers producer producers project projects repo repos repository repositories
  monorepo monolith port rewrite bindings version versions upgrade cluster clusters agent agents policy
  policies secrets proxy proxies sidecar sidecars filter filters gateway controller controllers operator
  operators image images state states formula formulas pillar pillars minion minions component components
  route routes router middleware endpoint endpoints view views blueprint blueprints site sites notebook
  notebooks kernel macro macros trait traits struct structs generics syntax ecosystem language toolkit kit
  instance instances deployment deployments migrations schema schemas model models query queries index
  indexes queue queues topic topics stream streams task tasks workflow workflows dag dags cache caching
  database databases db webhook webhooks integration integrations hooks ruleset fixtures mocks stubs
  assertions matchers runner runners tracing traces logging ui widgets bot bots prompts embeddings
  inference pods containers vms nodes shards serve tune experience expertise proficiency skills`,
);

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
import type { AmbiguousKind } from "../catalog-schema.js";
import {
  DESCRIPTORS,
  FILE_CUE,
  FILE_NAME,
  GROUPS_AND_TIMES,
  HYPHEN_TECHNOLOGY,
  LIST_GAP,
  POSSESSIVE,
  TECHNOLOGY_NOUNS,
  TIME_WORDS,
  TITLE_WORD,
  USE_WORDS,
  VERSION_AFTER,
  YEAR_AFTER,
  YEARS_BEFORE,
} from "./ambiguous-words.js";
import { ASCII_WORD, WORD_CHAR, type Found, type Mention } from "./scan.js";

type Verdict = "technology" | "not" | "open";

/** A thing in a sentence that can show a technology: a mention (of its kind when ambiguous) or a file name. */
interface Item {
  start: number;
  end: number;
  kind: AmbiguousKind | undefined;
  verdict: Verdict;
  file?: true;
  /** An exact name written in another case ("react"): a technology only by its neighbours or a list. */
  folded?: true;
}

const WITH_GAP = /^\s+with\s+$/i;
const ACRONYM = /^[A-Z]{2,5}s?$/;

/** The longest a sentence is read either side of a name: past it, a run of text is no sentence. */
const SENTENCE_REACH = 400;

/** Drops the ambiguous matches their sentences do not use as technologies; `firstOnly` then drops repeats. */
export function resolveAmbiguous(
  text: string,
  mentions: Mention[],
  found: Found,
  firstOnly: boolean,
): Mention[] {
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
      ...(found.folded?.has(m) ? { folded: true as const } : {}),
    });
  }
  if (FILE_CUE.test(sentence)) addFileNames(sentence, items);
  const firstWord = sentence.search(WORD_CHAR);
  // The whole text is this sentence, give or take punctuation (`Go.`, `- Go`).
  const whole =
    from + text.length - to <= 8 && !WORD_CHAR.test(text.slice(0, from)) && !WORD_CHAR.test(text.slice(to));
  // "Keywords: Swift, VoiceOver, MapKit", "Skills: Go": a list under a label of technologies.
  const listStart = TECH_LABEL.exec(sentence)?.[0].length;
  for (const item of items) {
    if (item.kind === undefined) continue;
    const alone = whole && item.start === firstWord && !WORD_CHAR.test(sentence.slice(item.end));
    // A whole item of that list: "Skills: Go, Rust", not "Skills: go to market".
    const labelled =
      listStart !== undefined &&
      item.start >= listStart &&
      /(?:^|[,;|/&+]\s*)$/u.test(sentence.slice(listStart, item.start)) &&
      /^\s*(?:[,;|/&+]|\.(?:\s|$)|$)/u.test(sentence.slice(item.end));
    item.verdict =
      alone || labelled ? "technology" : localVerdict(sentence, item, item.kind, items, firstWord);
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
      const listed = [items[i - 1], items[i + 1]].some((other) => {
        if (other?.verdict !== "technology") return false;
        const gap = sentence.slice(Math.min(item.end, other.end), Math.max(item.start, other.start));
        // "react with redux": a name written in lower case is joined to a technology by `with` too.
        return isListGap(gap) || (item.folded === true && WITH_GAP.test(gap));
      });
      // A name in another case stands only by its own neighbours: a technology elsewhere in the sentence
      // says nothing of "react" in "engineers react quickly to outages on Kubernetes".
      const about = item.folded ? false : item.kind === "person" ? file : named && item.start !== firstWord;
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

/** A label that says a list of technologies follows (a resume's skills line, a document's keywords). */
const TECH_LABEL =
  /^\s*(?:keywords|skills|technologies|tech(?:nology)? stack|stack|tools|languages|frameworks|platforms)\s*:\s*/i;

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
  // What it is used for, in a list of tools: `Dapper for ORM`, `Black for formatting`, `Chef for CM`.
  if (nextLower === "for" && kind !== "person") {
    const purposeStart = afterSpaces(sentence, nextStart + 3);
    const purpose = wordAt(sentence, purposeStart);
    if (purpose && (TECHNOLOGY_NOUNS.has(purpose.toLowerCase()) || ACRONYM.test(purpose)))
      return "technology";
  }
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

// Reading figures out of prose. A figure is a number with what the text attaches to it: currency, sign,
// scale, unit, `+`, and a bound word before it. Digits that belong to names, versions and identifiers (`S3`,
// `Route 53`, `Python 3.12`, `p99`, `1.4.2`, `24/7`, URLs) are not figures and are skipped.
//
// One loop finds the runs of digits and one expression the number words, so a long text costs little more than
// those two passes. Each run of digits is read in digits.ts (by character code: read.ts,
// dates.ts, names.ts); URLs and addresses are masked in masks.ts.
import type { Catalog } from "../../extractors/catalog.js";
import type { NumberMention, SourceNumber, SourceRef } from "./types.js";
import { NO_SPANS, type Scan, linkRange, readAt } from "./digits.js";
import { type Reading, newReading, round, toMention, withoutRate } from "./reading.js";
import { masksOf, overlaps } from "./masks.js";
import { readBound, readSpaced } from "./read.js";
import { unitOf } from "./units.js";
import { type TextView, readingView } from "../../core/text-view.js";
import { type WordNumber, findWordNumbers, hasNumberWord } from "./words.js";

/** `output` checks what a writer states; `source` reads everything that can back a figure. */
type Role = "output" | "source";

/** Where the next run of digits starts at or after `from` (-1: none), read by character code. */
function nextRun(text: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) return i;
  }
  return -1;
}

/** Where the run of digits at `start` ends: `\d+(?:[.,]\d+)*`. */
function runEnd(text: string, start: number): number {
  let i = start;
  for (;;) {
    let c = text.charCodeAt(i);
    while (c >= 48 && c <= 57) c = text.charCodeAt(++i);
    if (c !== 44 && c !== 46) return i;
    const next = text.charCodeAt(i + 1);
    if (!(next >= 48 && next <= 57)) return i;
    i++;
  }
}

/**
 * One pass over a text: every figure in order, each handed to `emit` once final, after its neighbours have
 * shared a range's unit (`3-5 years`) and its bound is read. Figures written in digits and number words are
 * read in one pass, in text order, so a reading is garbage as soon as it is emitted: a long text keeps only
 * what the caller makes of each figure.
 *
 * Digits come in text order (a prefix never reaches back over an earlier figure's digits), number words too,
 * and a number word lies between digit runs: so the merge is by position, and a word is judged against the
 * digits read before it (a figure whose unit swallowed it, identifiers skipped around it).
 */
class Pass implements Scan {
  readonly text: string;
  readonly catalog: Catalog | undefined;
  readonly masks: readonly [number, number][];
  maskAt = 0;
  skipped = NO_SPANS;
  floor = 0;
  /** Figures read from digits, kept until no number word can fall inside them any more. */
  private digits: Reading[] = [];
  private k = 0;
  private previous: Reading | undefined = undefined;
  /** Where the run of digits to read next starts (-1: none left). */
  private run: number;
  private readonly emit: (d: Reading) => void;

  constructor(
    text: string,
    catalog: Catalog | undefined,
    masks: readonly [number, number][],
    first: number,
    emit: (d: Reading) => void,
  ) {
    this.text = text;
    this.catalog = catalog;
    this.masks = masks;
    this.run = first;
    this.emit = emit;
  }

  private put(d: Reading): void {
    const previous = this.previous;
    if (previous) {
      linkRange(this.text, previous, d);
      readBound(this.text, previous);
      this.emit(previous);
    }
    this.previous = d;
  }

  /** Read the runs of digits that start before `limit`. */
  readDigitsBefore(limit: number): void {
    const { text } = this;
    for (let at = this.run; at !== -1 && at < limit; at = this.run) {
      const digits = this.digits;
      const from = digits.length;
      const resume = readAt(this, at, text.slice(at, runEnd(text, at)), digits);
      if (resume > this.floor) this.floor = resume;
      for (let i = from; i < digits.length; i++) this.put(digits[i]!);
      // Resume where the figure ended: a list cut at a comma (`1,2,3`) is read on from the comma.
      this.run = nextRun(text, Math.max(resume, at + 1));
    }
  }

  /** A number word, unless a figure read from digits covers it or it is inside an identifier or URL. */
  word(w: WordNumber, role: Role): void {
    if (role === "output" && (w.loose || w.ordinal)) return;
    const digits = this.digits;
    while (this.k < digits.length && digits[this.k]!.end <= w.start) this.k++;
    if (this.k > 1024) {
      this.digits = digits.slice(this.k);
      this.k = 0;
    }
    const next = this.digits[this.k];
    if (next && next.start < w.end) return;
    if (overlaps(this.masks, w) || overlaps(this.skipped, w)) return;
    const d = newReading(w.start, w.end, w.value, 0, 0);
    d.step = w.precision;
    d.word = true;
    if (w.ordinal) d.kind = "ordinal";
    if (w.unit) d.unit = unitOf(w.unit === "x" ? "x" : "%", true);
    if (!w.unit && !w.ordinal) d.end = readSpaced(this.text, w.end, d);
    if (w.min) d.bound = "min";
    if (d.end > this.floor) this.floor = d.end;
    this.put(d);
  }

  finish(): void {
    if (this.previous) {
      readBound(this.text, this.previous);
      this.emit(this.previous);
    }
  }
}

const NO_WORDS: readonly WordNumber[] = [];

function scanDrafts(
  text: string,
  role: Role,
  catalog: Catalog | undefined,
  emit: (d: Reading) => void,
): void {
  // URLs and addresses first, as always (a text that is not a string fails here, as it always has).
  const masks = masksOf(text);
  const first = nextRun(text, 0);
  // Numbers written as words (only worth looking for where there are letters).
  const words = /[a-z]{3}/i.test(text) ? findWordNumbers(text) : NO_WORDS;
  if (first === -1 && words.length === 0) return;
  const pass = new Pass(text, catalog, masks, first, emit);
  for (const w of words) {
    pass.readDigitsBefore(w.start);
    pass.word(w, role);
  }
  pass.readDigitsBefore(Infinity);
  pass.finish();
}

/**
 * Whether `text` can state a figure at all: it has a digit or a number word. A source without either is
 * skipped before anything is built for it (most lines of code that truth cites have none).
 */
export function mayStateFigures(text: string): boolean {
  // Not a string (a malformed input): let the scan fail on it as it always has.
  if (typeof text !== "string") return true;
  if (nextRun(text, 0) !== -1) return true;
  // Digits of another script, full-width or mathematical, read as the view reads them.
  text = readingView(text).text;
  if (nextRun(text, 0) !== -1) return true;
  return /[a-z]{3}/i.test(text) && hasNumberWord(text);
}

/**
 * The figures `text` states that a source must back, left to right. With a catalog, digits in technology
 * names and versions (`Route 53`, `Python 3.12`, `Node.js 20`) are skipped; identifiers glued to letters
 * (`S3`, `p99`, `OAuth2`, `v2`), semver, URLs, `24/7` and hyphenated idioms (`3-tier`) always are. Number
 * words are figures when they clearly count (`twelve`, `twenty-five`); `one`, `first`, `second` are not.
 */
export function findNumbers(text: string, catalog?: Catalog): NumberMention[] {
  const mentions: NumberMention[] = [];
  eachNumber(text, catalog, (m) => mentions.push(m));
  return mentions;
}

/**
 * `findNumbers(text, catalog).forEach(fn)` without the list: a long text's figures need not all be kept. `fn`
 * may read other texts (a scan started from it does not disturb this one).
 */
export function eachNumber(text: string, catalog: Catalog | undefined, fn: (m: NumberMention) => void): void {
  // Not a string (a malformed input): let the scan fail on it as it always has.
  const view = typeof text === "string" ? readingView(text) : undefined;
  if (!view?.changed) {
    scanDrafts(text, "output", catalog, (d) => fn(toMention(text, d)));
    return;
  }
  // Read as the view reads (`９０%` is 90%); reported where and as it is written.
  scanDrafts(view.text, "output", catalog, (d) => fn(inOriginal(toMention(view.text, d), view)));
}

/** A figure read from a view, placed and quoted in the original text. */
function inOriginal(m: NumberMention, view: TextView): NumberMention {
  m.span = view.toOriginal(m.span[0], m.span[1]);
  m.raw = view.original.slice(m.span[0], m.span[1]);
  if (m.range) m.range = view.toOriginal(m.range[0], m.range[1]);
  return m;
}

/** Whitespace that `replace(/\s+/g, " ")` would change: two in a row, or one that is not a space. */
const UNEVEN_SPACE = /\s\s|[^\S ]/;

function excerpt(text: string, start: number, end: number): string {
  const from = Math.max(0, start - 40);
  const to = Math.min(text.length, end + 40);
  let near = text.slice(from, to);
  if (UNEVEN_SPACE.test(near)) near = near.replace(/\s+/g, " ");
  return `${from > 0 ? "…" : ""}${near.trim()}${to < text.length ? "…" : ""}`;
}

/**
 * The figures a source backs: every figure `findNumbers` would read, plus number words (`six`, `first`,
 * `doubled` → 2x), the year of every date (`2019-03` → 2019), a ratio read as a percentage
 * (`0.9995` → 99.95%), and what a rate counts (`$2M a year` → `$2M`).
 */
export function sourceNumbers(text: string, ref: SourceRef, catalog?: Catalog): SourceNumber[] {
  const out: SourceNumber[] = [];
  addSourceNumbers(text, ref, catalog, out);
  return out;
}

/** `out.push(...sourceNumbers(text, ref, catalog))`, without the list in between. */
export function addSourceNumbers(
  text: string,
  ref: SourceRef,
  catalog: Catalog | undefined,
  out: SourceNumber[],
): void {
  const { source } = ref;
  const at = ref.ref;
  // A source is read as the view reads it; its excerpt is what the view reads, too.
  if (typeof text === "string") text = readingView(text).text;
  scanDrafts(text, "source", catalog, (d) => {
    const m = toMention(text, d);
    const { raw } = m;
    const near = excerpt(text, m.span[0], m.span[1]);
    // Written out field by field (no spread of a shared base): the key order is the one callers see.
    out.push({
      source,
      ref: at,
      raw,
      text: near,
      value: m.value,
      unit: m.unit,
      precision: m.precision,
      bound: m.bound,
      kind: m.kind,
    });
    if (m.kind === "date") {
      out.push({
        source,
        ref: at,
        raw,
        text: near,
        value: Math.floor(m.value / 10000),
        unit: null,
        precision: 1,
        bound: "exact",
        kind: "year",
        fromDate: true,
      });
    }
    // A rate backs what it counts too: `15,000 orders a minute` backs `15,000 orders`, `$2M a year` backs
    // `$2M` (a rate is never backed by a bare figure, only the other way).
    if (d.per !== undefined && m.kind !== "date" && m.kind !== "phone") {
      const n = toMention(text, withoutRate(d));
      out.push({
        source,
        ref: at,
        raw,
        text: near,
        value: n.value,
        unit: n.unit,
        precision: n.precision,
        bound: n.bound,
        kind: n.kind,
      });
    }
    if (m.kind === "count" && m.unit === null && d.decimals > 0 && m.value > 0 && m.value < 1) {
      out.push({
        source,
        ref: at,
        raw,
        text: near,
        value: round(m.value * 100),
        unit: "%",
        precision: round(m.precision * 100),
        bound: m.bound,
        kind: "percent",
      });
    }
  });
}

/** A figure stored as a JSON number in a source document (`"gpa": 3.9`). */
export function jsonNumber(value: number, ref: SourceRef): SourceNumber {
  const decimals = /\.(\d+)$/.exec(String(value))?.[1]?.length ?? 0;
  return {
    ...ref,
    value: Math.abs(value),
    unit: null,
    precision: 10 ** -decimals,
    bound: "exact",
    kind: "count",
    raw: String(value),
    text: String(value),
  };
}

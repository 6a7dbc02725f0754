// The text as the guards read it, and the way back to the text as written. A model can write a figure in
// another script (`９０%`, `٩٠%`, `𝟗𝟎`), in full-width or mathematical letters, or hide a zero-width space
// inside it; read literally, such a figure is no figure and such a name no name. So every reader (the
// guards, the local verifier, the chatbot's checks, the KB injection filter) reads one view: NFKC, digits of
// every script as ASCII digits, vulgar fractions as decimals, letters disguised as digits inside a figure
// (`9O%`) as digits, thin spaces between thousands as commas, invisible characters set aside. Edits
// and records still address the original: a view's range maps back to the original range it covers.

import unhomoglyph from "unhomoglyph";

/** A text as read, with the way back to the original's offsets. */
export interface TextView {
  /** What the guards read. */
  readonly text: string;
  /** The text as written. */
  readonly original: string;
  /** Whether reading changed anything (when not, offsets are the same in both). */
  readonly changed: boolean;
  /** The original range that the view's range `[start, end)` covers (hidden characters at its edges left out). */
  toOriginal(start: number, end: number): [number, number];
}

/** Characters that may read otherwise: anything outside ASCII. */
const NON_ASCII = /[\u0080-\u{10ffff}]/u;
/** Characters that take no room: format characters and the default-ignorable (U+034F, Hangul fillers, …). */
const FORMAT = /^[\p{Cf}\p{Default_Ignorable_Code_Point}]$/u;
/** Thin and narrow no-break spaces group thousands (`50 000`). */
const THIN_SPACES = new Set(["\u2009", "\u202f"]);
/** A digit next to a letter that looks like one (`9O%`, `l00`): worth a look for a disguised figure. */
const LOOKALIKE_NEXT_TO_DIGIT = /\d[OoIl]|[OoIl]\d/;
/** A word made of digits and look-alike letters, with `.` or `,` between them (`5O,OOO`). */
const LOOKALIKE_WORD = /(?<![A-Za-z0-9_])[0-9OoIl](?:[.,]?[0-9OoIl])*(?![A-Za-z0-9_])/g;
const LOOKALIKE_DIGITS: Record<string, string> = { O: "0", o: "0", I: "1", l: "1" };
const DECIMAL_DIGIT = /^\p{Nd}$/u;
const JOINABLE = /[\p{L}\p{M}\p{Extended_Pictographic}]/u;

/** Vulgar fractions as the decimals they are (`1½` reads `1.5`, `½` reads `0.5`). */
const FRACTIONS: Record<string, string> = {
  "¼": "25",
  "½": "5",
  "¾": "75",
  "⅐": "14",
  "⅑": "11",
  "⅒": "1",
  "⅓": "33",
  "⅔": "67",
  "⅕": "2",
  "⅖": "4",
  "⅗": "6",
  "⅘": "8",
  "⅙": "17",
  "⅚": "83",
  "⅛": "125",
  "⅜": "375",
  "⅝": "625",
  "⅞": "875",
  "↉": "0",
};

/** Characters NFKC would change but a reader must keep: the micro sign is a unit letter (`250µs`). */
const KEEP = new Set(["µ"]);

/** Arabic number punctuation, as the figures it belongs to read it. */
const NUMBER_PUNCTUATION: Record<string, string> = { "٫": ".", "٬": ",", "٪": "%" };

const readings = new Map<string, string>();

/** The ASCII digit of a decimal digit of any script: Unicode encodes each script's 0–9 as one run of ten. */
function digitOf(c: string): string {
  let cp = c.codePointAt(0)!;
  const at = cp;
  while (DECIMAL_DIGIT.test(String.fromCodePoint(cp - 1))) cp--;
  return String((at - cp) % 10);
}

/** How one character (a code point) reads, apart from fractions, whose reading depends on what is before. */
function readingOf(c: string): string {
  let read = readings.get(c);
  if (read === undefined) {
    if (FORMAT.test(c)) read = "";
    else if (KEEP.has(c)) read = c;
    else if (NUMBER_PUNCTUATION[c] !== undefined) read = NUMBER_PUNCTUATION[c];
    else {
      read = c.normalize("NFKC");
      if (DECIMAL_DIGIT.test(read) && read.charCodeAt(0) >= 128) read = digitOf(read);
      else if (read.length > 1 && /\p{Nd}/u.test(read)) read = [...read].map(readingOf).join("");
    }
    readings.set(c, read);
  }
  return read;
}

const isAsciiDigit = (code: number): boolean => code >= 48 && code <= 57;

/** Per BMP code unit: 0 not yet seen, 1 always reads as written, 2 may read otherwise (see `keeps`). */
const KEEPS = new Uint8Array(0x10000);

/** Whether a character always reads as written, wherever it stands. */
function keeps(c: string): boolean {
  return readingOf(c) === c && !THIN_SPACES.has(c) && FRACTIONS[c] === undefined;
}

/** One changed place: `[viewStart, viewEnd)` of the view reads `[start, end)` of the original. */
interface Piece {
  viewStart: number;
  viewEnd: number;
  start: number;
  end: number;
}

class MappedView implements TextView {
  readonly changed = true;
  constructor(
    readonly text: string,
    readonly original: string,
    private readonly pieces: readonly Piece[],
  ) {}

  /** The last piece whose view start is at most `p` (`strict`: below `p`), or -1. */
  private pieceBefore(p: number, strict: boolean): number {
    let lo = 0;
    let hi = this.pieces.length - 1;
    let found = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const s = this.pieces[mid]!.viewStart;
      if (s < p || (!strict && s === p)) {
        found = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  }

  private shifted(p: number, k: number): number {
    if (k < 0) return p;
    const piece = this.pieces[k]!;
    return p + piece.end - piece.viewEnd;
  }

  toOriginal(start: number, end: number): [number, number] {
    // A start inside a changed place takes all of it; hidden characters just before it stay out.
    const a = this.pieceBefore(start, false);
    const from = a >= 0 && start < this.pieces[a]!.viewEnd ? this.pieces[a]!.start : this.shifted(start, a);
    // An end inside a changed place takes all of it; hidden characters just after it stay out.
    const b = this.pieceBefore(end, true);
    const to = b >= 0 && end < this.pieces[b]!.viewEnd ? this.pieces[b]!.end : this.shifted(end, b);
    return [from, Math.max(from, to)];
  }
}

class SameView implements TextView {
  readonly changed = false;
  constructor(readonly text: string) {}
  get original(): string {
    return this.text;
  }
  toOriginal(start: number, end: number): [number, number] {
    return [start, end];
  }
}

let last: TextView | undefined;

/** The text as the guards read it (see the file's header). Plain ASCII is its own view, built for free. */
export function readingView(text: string): TextView {
  if (last?.original === text) return last;
  let view: TextView = new SameView(text);
  if (NON_ASCII.test(text)) {
    const pieces: Piece[] = [];
    let out = "";
    let copied = 0;
    for (let at = 0; at < text.length; at++) {
      const code = text.charCodeAt(at);
      if (code < 128) continue;
      const pair = code >= 0xd800 && code <= 0xdbff && at + 1 < text.length;
      // Most characters of other scripts read as written: known after the first look, with no string built.
      if (!pair && KEEPS[code] === 1) continue;
      const c = pair ? text.slice(at, at + 2) : text[at]!;
      if (!pair && KEEPS[code] === 0) KEEPS[code] = keeps(c) ? 1 : 2;
      if (!pair && KEEPS[code] === 1) continue;
      const fraction = FRACTIONS[c];
      let read: string;
      if (
        THIN_SPACES.has(c) &&
        isAsciiDigit(lastCode(out, text, copied, at, pieces)) &&
        /^\d{3}(?!\d)/.test(text.slice(at + 1, at + 5))
      ) {
        read = ",";
      } else if (fraction !== undefined) {
        const afterDigit = isAsciiDigit(lastCode(out, text, copied, at, pieces));
        read = afterDigit ? `.${fraction}` : `0.${fraction}`;
      } else read = readingOf(c);
      if (read === c) {
        if (pair) at++;
        continue;
      }
      out += text.slice(copied, at);
      pieces.push({
        viewStart: out.length,
        viewEnd: out.length + read.length,
        start: at,
        end: at + c.length,
      });
      out += read;
      copied = at + c.length;
      if (pair) at++;
    }
    if (pieces.length > 0) view = new MappedView(out + text.slice(copied), text, pieces);
  }
  last = withLookalikeDigits(withLatinWords(view));
  return last;
}

/** The character before `at` as read: the original's, or how a changed one reads (`１½`). */
function lastCode(out: string, text: string, copied: number, at: number, pieces: readonly Piece[]): number {
  return copied === at && pieces.length > 0 ? out.charCodeAt(out.length - 1) : text.charCodeAt(at - 1);
}

/**
 * A figure disguised with letters that look like digits (`cut costs by 9O%`, `Led l00 engineers`,
 * `5O,OOO users`) reads as the figure a person sees. Only a word of digits and look-alikes that starts with
 * a digit or holds two, so that a name (`O2`, `I2C`) stays a name. One letter for one digit: offsets stay.
 */
function withLookalikeDigits(view: TextView): TextView {
  if (!LOOKALIKE_NEXT_TO_DIGIT.test(view.text)) return view;
  let changed = false;
  const text = view.text.replace(LOOKALIKE_WORD, (word) => {
    const digits = word.replace(/[^0-9]/g, "").length;
    if (digits === word.replace(/[^0-9OoIl]/g, "").length) return word;
    if (digits < 2 && !isAsciiDigit(word.charCodeAt(0))) return word;
    changed = true;
    return word.replace(/[OoIl]/g, (c) => LOOKALIKE_DIGITS[c]!);
  });
  if (!changed) return view;
  return { text, original: view.original, changed: true, toOriginal: (a, b) => view.toOriginal(a, b) };
}

/** `readingView(text).text`. */
export function readable(text: string): string {
  return readingView(text).text;
}

/** A run of characters that are there but cannot be seen. */
export interface HiddenRun {
  start: number;
  end: number;
  /** `U+200B`, `U+00AD`, … one per character. */
  codes: string[];
}

/** Characters that take no room, but not variation selectors (an emoji's presentation needs them). */
const HIDDEN = /(?:(?![\uFE00-\uFE0F\u{E0100}-\u{E01EF}])[\p{Cf}\p{Default_Ignorable_Code_Point}])+/gu;
const ZERO_WIDTH_JOINERS = new Set([0x200c, 0x200d]);

/**
 * The invisible format characters an AI-written string should lose: zero-width spaces, soft hyphens, bidi
 * controls, word joiners, tags. A zero-width (non-)joiner between two letters or pictographs stays: Persian,
 * Indic scripts and emoji need it.
 */
export function hiddenRuns(text: string): HiddenRun[] {
  if (!NON_ASCII.test(text)) return [];
  const runs: HiddenRun[] = [];
  for (const m of text.matchAll(HIDDEN)) {
    const chars = [...m[0]];
    const before = text.slice(Math.max(0, m.index - 2), m.index);
    const after = text.slice(m.index + m[0].length, m.index + m[0].length + 2);
    const joins =
      chars.every((c) => ZERO_WIDTH_JOINERS.has(c.codePointAt(0)!)) &&
      JOINABLE.test([...before].at(-1) ?? "") &&
      JOINABLE.test([...after][0] ?? "");
    if (joins) continue;
    runs.push({
      start: m.index,
      end: m.index + m[0].length,
      codes: chars.map((c) => `U+${c.codePointAt(0)!.toString(16).toUpperCase().padStart(4, "0")}`),
    });
  }
  return runs;
}

// Letters of other scripts that look like Latin ones (Cyrillic "о", Greek "ο", Cyrillic "і") read as the
// Latin letter, from Unicode's confusables table (the unhomoglyph package). Only characters outside ASCII
// are mapped, and only to ASCII: the table's own ASCII entries (`m` → `rn`, `I` → `l`) would garble plain
// English. Case is kept by mapping the lower-case letter and upper-casing the result.
const NON_ASCII_CHARS = /[\u0080-\u{10ffff}]/gu;
const PRINTABLE_ASCII = /^[\x20-\x7e]+$/;
const latinOfChar = new Map<string, string>();

function latinOf(char: string): string {
  let out = latinOfChar.get(char);
  if (out === undefined) {
    const lower = char.toLowerCase();
    const skeleton = unhomoglyph(lower);
    out = skeleton !== lower && PRINTABLE_ASCII.test(skeleton) ? skeleton : char;
    if (out !== char && lower !== char) out = out.toUpperCase();
    latinOfChar.set(char, out);
  }
  return out;
}

/** The text with look-alike letters of other scripts as the Latin letters they imitate. */
export function latinLookalikes(text: string): string {
  return text.replace(NON_ASCII_CHARS, latinOf);
}

/** The text without combining marks (`Ignóre` reads `Ignore`, `früheren` reads `fruheren`): for matching only. */
export function withoutMarks(text: string): string {
  if (!NON_ASCII.test(text)) return text;
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .normalize("NFC");
}

const WORD = /[\p{L}\p{M}]+/gu;
const ASCII_LETTER = /[A-Za-z]/;
const LATIN_SCRIPT = /\p{Script=Latin}/u;
const LETTER = /\p{L}/u;

/** Whether a text holds more Latin letters than letters of other scripts. */
function mostlyLatin(text: string): boolean {
  let latin = 0;
  let other = 0;
  for (const c of text) {
    if (c.charCodeAt(0) < 128) {
      if (ASCII_LETTER.test(c)) latin++;
    } else if (LETTER.test(c)) {
      if (LATIN_SCRIPT.test(c)) latin++;
      else other++;
    }
  }
  return latin > other;
}

/** A letter of another script as the one ASCII letter it imitates, else itself (Latin letters stay: ı, ł). */
function latinLetterOf(char: string): string {
  if (char.length !== 1 || LATIN_SCRIPT.test(char)) return char;
  const latin = latinOf(char);
  return latin.length === 1 ? latin : char;
}

/**
 * Disguised Latin words read as Latin: "Lеd the frontend team" with a Cyrillic "е", or "ОpenAI" with a
 * Cyrillic "О", reads as the words a person sees. A word is disguised when it mixes Latin letters with
 * look-alikes of another script, or is made of look-alikes only inside a mostly Latin text; a word of
 * Cyrillic or Greek in its own script (Яндекс, Αθήνα) reads as written. One letter for one letter: offsets stay.
 */
function withLatinWords(view: TextView): TextView {
  if (!NON_ASCII.test(view.text)) return view;
  let latinText: boolean | undefined;
  let changed = false;
  const seen = view.text.replace(WORD, (word) => {
    if (!NON_ASCII.test(word)) return word;
    const single = [...word].map(latinLetterOf);
    const disguised = single.every((c) => c.charCodeAt(0) < 128);
    if (!ASCII_LETTER.test(word) && !(disguised && (latinText ??= mostlyLatin(view.text)))) return word;
    const out = single.join("");
    if (out !== word) changed = true;
    return out;
  });
  if (!changed) return view;
  return { text: seen, original: view.original, changed: true, toOriginal: (a, b) => view.toOriginal(a, b) };
}

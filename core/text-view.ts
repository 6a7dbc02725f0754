// The text as the guards read it, and the way back to the text as written. A model can write a figure in
// another script (`９０%`, `٩٠%`, `𝟗𝟎`), in full-width or mathematical letters, or hide a zero-width space
// inside it; read literally, such a figure is no figure and such a name no name. So every reader (the
// guards, the local verifier, the chatbot's checks, the KB injection filter) reads one view: NFKC, digits of
// every script as ASCII digits, vulgar fractions as decimals, invisible format characters set aside. Edits
// and records still address the original: a view's range maps back to the original range it covers.

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
const NON_ASCII_ALL = /[\u0080-\u{10ffff}]/gu;
const FORMAT = /^\p{Cf}$/u;
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
    for (const m of text.matchAll(NON_ASCII_ALL)) {
      const c = m[0];
      const at = m.index;
      const fraction = FRACTIONS[c];
      let read: string;
      if (fraction !== undefined) {
        // What is just before: the original's character, or how a changed one reads (`１½`).
        const before =
          copied === at && pieces.length > 0 ? out.charCodeAt(out.length - 1) : text.charCodeAt(at - 1);
        const afterDigit = isAsciiDigit(before);
        read = afterDigit ? `.${fraction}` : `0.${fraction}`;
      } else read = readingOf(c);
      if (read === c) continue;
      out += text.slice(copied, at);
      pieces.push({
        viewStart: out.length,
        viewEnd: out.length + read.length,
        start: at,
        end: at + c.length,
      });
      out += read;
      copied = at + c.length;
    }
    if (pieces.length > 0) view = new MappedView(out + text.slice(copied), text, pieces);
  }
  last = view;
  return view;
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

const HIDDEN = /\p{Cf}+/gu;
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

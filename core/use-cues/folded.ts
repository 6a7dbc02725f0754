// Cue phrases read on a folded copy of a text, for speed: the same matches at the same offsets as the
// phrases' own patterns (case-insensitive Unicode, whole words by `[\p{L}\p{N}_]`), from patterns that
// compile in a twentieth of the time. V8 spends ~10 ms compiling each of those (the word class, case-folded);
// the data file has sixty, and a doc search compiles them all.
//
// The folded copy has the text's length: ASCII letters in lower case, `ſ` and `K` (Kelvin) as the `s` and `k`
// they fold to, white space and `’` as they are, and any other character as `_` when it is a word character
// (a letter or digit of any script) or `\x01` when not; an astral character's two halves alike. A phrase of
// ASCII words, `\s`, `\.`, `'`/`’` and plain groups, classes and quantifiers then matches the folded copy
// exactly where its own pattern matches the text, with `[a-z0-9_]` for the word class. A phrase with
// anything else (another script, `.`, other escapes) is not foldable: its list keeps the Unicode patterns.

const WORD = /^[\p{L}\p{N}_]$/iu;
const ASCII_LETTER = /^[a-z]$/iu;
const WHITE_SPACE = /^\s$/u;
/** A surrogate pair, or any one character outside ASCII. */
const NON_ASCII = /[\ud800-\udbff][\udc00-\udfff]|[\u0080-\uffff]/g;
const BOUNDARY_BEFORE = "(?<![a-z0-9_])";
const BOUNDARY_AFTER = "(?![a-z0-9_])";

/** Each character outside ASCII seen so far (a surrogate pair as one), folded. */
const folds = new Map<string, string>();

function foldOf(c: string): string {
  let folded = folds.get(c);
  if (folded === undefined) {
    if (c.length === 1 && ASCII_LETTER.test(c)) {
      // `ſ` and `K` match `s` and `k` case-insensitively: which letter, asked of each.
      folded = "abcdefghijklmnopqrstuvwxyz".split("").find((letter) => new RegExp(letter, "iu").test(c))!;
    } else if (c === "’" || WHITE_SPACE.test(c)) folded = c;
    else folded = (WORD.test(c) ? "_" : "\x01").repeat(c.length);
    folds.set(c, folded);
  }
  return folded;
}

/** The folded copy of `text`, as long as it. */
export function foldText(text: string): string {
  return text.replace(NON_ASCII, foldOf).toLowerCase();
}

/**
 * The folded copy of `text.slice(start, end)`, from the folded copy of the whole text: a surrogate pair cut
 * at either end leaves a lone half, which is no word character.
 */
export function foldedSlice(text: string, folded: string, start: number, end: number): string {
  const from = Math.max(0, start);
  const to = Math.min(text.length, end);
  let slice = folded.slice(from, to);
  if (slice && isLow(text.charCodeAt(from)) && from > 0 && isHigh(text.charCodeAt(from - 1)))
    slice = `\x01${slice.slice(1)}`;
  if (slice && isHigh(text.charCodeAt(to - 1)) && to < text.length && isLow(text.charCodeAt(to)))
    slice = `${slice.slice(0, -1)}\x01`;
  return slice;
}

const isHigh = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLow = (code: number) => code >= 0xdc00 && code <= 0xdfff;

const ESCAPES = /\\[s.]/g;
/** Classes of letters, digits, apostrophes and ranges within one of `a-z`, `A-Z`, `0-9`. */
const CLASSES = /\[(?:[a-z](?:-[a-z])?|[A-Z](?:-[A-Z])?|[0-9](?:-[0-9])?|['’])+\]/g;
const PLAIN = /^[A-Za-z0-9 '’()|?*+{},:!=<>-]*$/;

/** Whether a phrase's pattern source (spaces already `\s+`) reads the same on a folded copy. */
export function isFoldable(source: string): boolean {
  return PLAIN.test(source.replace(ESCAPES, "").replace(CLASSES, ""));
}

/** The folded form of a foldable source: its letters in lower case (its only escapes are `\s` and `\.`). */
export function foldedSource(source: string): string {
  return source.toLowerCase();
}

/** Whole-word alternatives on a folded copy, as `wordsPattern` builds them on the text. */
export function foldedWordsPattern(sources: readonly string[], flags = "g"): RegExp {
  return new RegExp(`${BOUNDARY_BEFORE}(?:${sources.map(foldedSource).join("|")})${BOUNDARY_AFTER}`, flags);
}

/** `^\s*(?:alternatives)` then a word's end, on a folded copy (a cue's `unless-next`). */
export function foldedNext(sources: readonly string[]): RegExp {
  return new RegExp(`^\\s*(?:${sources.map(foldedSource).join("|")})${BOUNDARY_AFTER}`);
}

/** A word's start, then `(?:alternatives)\s*$`, on a folded copy (a cue's `unless-previous`). */
export function foldedPrevious(sources: readonly string[]): RegExp {
  return new RegExp(`${BOUNDARY_BEFORE}(?:${sources.map(foldedSource).join("|")})\\s*$`);
}

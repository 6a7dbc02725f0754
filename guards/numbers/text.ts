// Characters and words around a figure, read by character code: the scanner asks these for every number it
// meets, so they build no strings unless a word may matter (see WordSet).

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;

/** A letter or digit (`_` too in ASCII), as identifiers are made of. */
export function isWordCode(code: number): boolean {
  if (Number.isNaN(code)) return false;
  if (code < 128) {
    return (
      (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
    );
  }
  return LETTER_OR_DIGIT.test(String.fromCharCode(code));
}

export function isLetterCode(code: number): boolean {
  if (Number.isNaN(code)) return false;
  if (code < 128) return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return LETTER.test(String.fromCharCode(code));
}

export const isDigitCode = (code: number): boolean => code >= 48 && code <= 57;

/**
 * A character a number is glued to: a letter or digit, or the `]` of a redaction marker, so that what is
 * left next to a redaction (`[NUM_REDACTED]+1000000`) reads on a second pass as it did on the first.
 */
export const isGlue = (code: number): boolean => code === 93 || isWordCode(code);

export function sticky(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

/** Whether a sticky expression matches at `at`, without building a match. */
export function stickyTest(re: RegExp, text: string, at: number): boolean {
  re.lastIndex = at;
  return re.test(text);
}

export const isSpaceCode = (code: number): boolean => code === 32 || code === 0xa0;

/** Where the run of spaces that ends at `at` starts. */
export function skipSpacesBack(text: string, at: number): number {
  while (at > 0 && isSpaceCode(text.charCodeAt(at - 1))) at--;
  return at;
}

/** Where the word of letters (and `&`) that ends at `at` starts; `at` when there is none. */
export function wordStartBefore(text: string, at: number): number {
  let k = at;
  while (k > 0 && (isLetterCode(text.charCodeAt(k - 1)) || text.charCodeAt(k - 1) === 38)) k--;
  return k;
}

// ASCII on purpose: Unicode property classes cost milliseconds to compile in a cold process. A non-ASCII
// letter ends the identifier here, and digits glued to it are skipped as glued to a letter.
const IDENTIFIER_TAIL = /[A-Za-z0-9_]*(?:[-./,][A-Za-z0-9_]+)*/y;

/** The end of the identifier that starts at or covers `at` (`S3-backed`, `x86_64`, `v1.4.2`). */
export function identifierEnd(text: string, at: number): number {
  IDENTIFIER_TAIL.lastIndex = at;
  return IDENTIFIER_TAIL.test(text) ? IDENTIFIER_TAIL.lastIndex : at;
}

/** Letters of a unit or scale after a number (`ms`, `k`, `×`, `years`): `[A-Za-zµ×]`. */
export function isUnitLetterCode(code: number): boolean {
  return (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 0xb5 || code === 0xd7;
}

/** The end of the run of unit letters that starts at `at` (`at` when there is none). */
export function unitLettersEnd(text: string, at: number): number {
  let k = at;
  while (k < text.length && isUnitLetterCode(text.charCodeAt(k))) k++;
  return k;
}

function asciiLowerHash(h: number, code: number): number {
  return (Math.imul(h, 31) + (code >= 65 && code <= 90 ? code + 32 : code)) | 0;
}

/** Whether `text[start, end)` is `word` (plain ASCII, lower case) once lower-cased. */
export function isFolded(text: string, start: number, end: number, word: string): boolean {
  if (end - start !== word.length) return false;
  for (let i = start; i < end; i++) {
    const c = text.charCodeAt(i);
    if ((c >= 65 && c <= 90 ? c + 32 : c) !== word.charCodeAt(i - start)) return false;
  }
  return true;
}

/**
 * A set of lower-case words asked about a slice of the text: `has(text, start, end)` is
 * `words.has(text.slice(start, end).toLowerCase())`, but an ASCII slice is hashed and compared in place, and
 * only a slice with other characters builds its string.
 */
export class WordSet {
  private readonly words: ReadonlySet<string>;
  /** The ASCII words by their hash. */
  private readonly byHash = new Map<number, string[]>();

  constructor(words: Iterable<string>) {
    this.words = new Set(words);
    for (const word of this.words) {
      let h = 0;
      let ascii = true;
      for (let i = 0; i < word.length && ascii; i++) {
        const code = word.charCodeAt(i);
        ascii = code < 128;
        h = asciiLowerHash(h, code);
      }
      if (!ascii) continue;
      const same = this.byHash.get(h);
      if (same) same.push(word);
      else this.byHash.set(h, [word]);
    }
  }

  has(text: string, start: number, end: number): boolean {
    let h = 0;
    for (let i = start; i < end; i++) {
      const code = text.charCodeAt(i);
      if (code >= 128) return this.words.has(text.slice(start, end).toLowerCase());
      h = asciiLowerHash(h, code);
    }
    const same = this.byHash.get(h);
    if (!same) return false;
    for (let i = 0; i < same.length; i++) if (isFolded(text, start, end, same[i]!)) return true;
    return false;
  }
}

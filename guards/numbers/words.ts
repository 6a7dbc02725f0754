// Numbers written as words: `six`, `twenty-five`, `two hundred`, `first`, `doubled`. Sources read all of
// them; AI-written text is checked only for the unambiguous ones (see WordRole).

const UNITS = [
  "zero",
  "one",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "eleven",
  "twelve",
  "thirteen",
  "fourteen",
  "fifteen",
  "sixteen",
  "seventeen",
  "eighteen",
  "nineteen",
];
const TENS = ["", "", "twenty", "thirty", "forty", "fifty", "sixty", "seventy", "eighty", "ninety"];
const SCALES: Record<string, number> = {
  hundred: 100,
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
};
const ORDINALS = [
  "",
  "first",
  "second",
  "third",
  "fourth",
  "fifth",
  "sixth",
  "seventh",
  "eighth",
  "ninth",
  "tenth",
  "eleventh",
  "twelfth",
  "thirteenth",
  "fourteenth",
  "fifteenth",
  "sixteenth",
  "seventeenth",
  "eighteenth",
  "nineteenth",
  "twentieth",
];
/**
 * Words that state a change as a figure: `doubled throughput` is `2x`, `halved` a 50 % cut. Sources read them
 * all; AI-written text is checked for the `strict` ones, which say nothing but the figure (`twice a week` is
 * a frequency, not a multiplier).
 */
const CHANGE_WORDS: Record<string, { value: number; unit: string; strict?: true }> = {
  doubled: { value: 2, unit: "x", strict: true },
  tripled: { value: 3, unit: "x", strict: true },
  quadrupled: { value: 4, unit: "x", strict: true },
  quintupled: { value: 5, unit: "x", strict: true },
  halved: { value: 50, unit: "%", strict: true },
  // The same changes under way: "doubling throughput", "halving restore times" (not "halves", a noun).
  doubling: { value: 2, unit: "x", strict: true },
  tripling: { value: 3, unit: "x", strict: true },
  quadrupling: { value: 4, unit: "x", strict: true },
  halving: { value: 50, unit: "%", strict: true },
  twice: { value: 2, unit: "x" },
  twofold: { value: 2, unit: "x", strict: true },
  threefold: { value: 3, unit: "x", strict: true },
  fourfold: { value: 4, unit: "x", strict: true },
  fivefold: { value: 5, unit: "x", strict: true },
  sixfold: { value: 6, unit: "x", strict: true },
  sevenfold: { value: 7, unit: "x", strict: true },
  eightfold: { value: 8, unit: "x", strict: true },
  ninefold: { value: 9, unit: "x", strict: true },
  tenfold: { value: 10, unit: "x", strict: true },
  hundredfold: { value: 100, unit: "x", strict: true },
};

/**
 * Counts said in idioms, each a figure AI-written text must ground like digits: `a dozen` is 12, `half a
 * dozen` 6, `two dozen` 24; a vague plural is a lower bound (`hundreds of users`: at least 200, as `over
 * 200` would be; `dozens` at least 24; `tens of thousands` at least 20,000).
 */
const IDIOMS: readonly { pattern: RegExp; value: (m: RegExpExecArray) => number | undefined; min?: true }[] =
  [
    { pattern: /\bhalf an? dozen\b/gi, value: () => 6 },
    {
      pattern: /\b(a|one|two|three|four|five|six|seven|eight|nine|ten) dozen\b(?! of\b)/gi,
      value: (m) => (m[1]!.toLowerCase() === "a" ? 1 : CARDINAL.get(m[1]!.toLowerCase())!) * 12,
    },
    { pattern: /\bdozens\b/gi, value: () => 24, min: true },
    {
      pattern: /\b(tens|hundreds) of (thousands|millions|billions)\b/gi,
      value: (m) => (m[1]!.toLowerCase() === "tens" ? 20 : 200) * SCALES[m[2]!.toLowerCase().slice(0, -1)]!,
      min: true,
    },
    {
      pattern: /\b(hundreds|thousands|millions|billions)\b/gi,
      value: (m) => 2 * SCALES[m[1]!.toLowerCase().slice(0, -1)]!,
      min: true,
    },
  ];
const IDIOM_WORDS = /dozen|hundreds|thousands|millions|billions/i;

const CARDINAL = new Map<string, number>();
UNITS.forEach((w, i) => CARDINAL.set(w, i));
TENS.forEach((w, i) => w && CARDINAL.set(w, i * 10));
const ORDINAL = new Map<string, number>();
ORDINALS.forEach((w, i) => w && ORDINAL.set(w, i));

/** Hyphenated idioms that are not counts: `two-factor`, `three-tier`, `zero-downtime`. */
export const IDIOM_AFTER =
  /^-(?:factor|phase|tier|way|step|pizza|dimensional|sided|pronged|thirds?|fourths?|fifths?)\b/i;

/** Every number word as written in lower case, Capitalised or UPPER case (no lower-casing per word). */
const NUMBER_WORDS = [
  ...CARDINAL.keys(),
  ...Object.keys(SCALES),
  ...ORDINAL.keys(),
  ...Object.keys(CHANGE_WORDS),
].flatMap((w) => [w, w[0]!.toUpperCase() + w.slice(1), w.toUpperCase()]);

/** An alternation of `words` as a trie (`t(?:en|w(?:o|elve))`): the engine tries one branch per letter. */
function trieSource(words: readonly string[]): string {
  interface Node {
    end: boolean;
    next: Map<string, Node>;
  }
  const root: Node = { end: false, next: new Map() };
  for (const word of words) {
    let node = root;
    for (const ch of word) {
      let child = node.next.get(ch);
      if (!child) node.next.set(ch, (child = { end: false, next: new Map() }));
      node = child;
    }
    node.end = true;
  }
  const emit = (node: Node): string => {
    const branches = [...node.next].map(([ch, child]) => ch + emit(child));
    if (branches.length === 0) return "";
    const body = branches.length === 1 ? branches[0]! : `(?:${branches.join("|")})`;
    return node.end ? `(?:${body})?` : body;
  };
  return emit(root);
}

// A whole run of ASCII letters that is a number word (3 to 11 letters, as all of them are). One expression
// finds them in a long text at the engine's speed; a loop over every word costs several times more. Plain
// ASCII alternatives without the `i` flag: a case-insensitive alternation costs ~15 ms to compile cold.
const NUMBER_WORD = new RegExp(
  `(?<![A-Za-z])${trieSource(NUMBER_WORDS.filter((w) => w.length >= 3 && w.length <= 11))}(?![A-Za-z])`,
  "g",
);
const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;

/**
 * A character that would make a word part of a longer token (`five5`, `twelve_x`, `dreißig`), or a bracket
 * of a redaction marker: `[NUM_REDACTED]twelve` must read as `0100twelve` did before the redaction.
 */
function joinsWord(code: number): boolean {
  if (Number.isNaN(code)) return false;
  if (code < 128) return (code >= 48 && code <= 57) || code === 95 || code === 91 || code === 93;
  return LETTER_OR_DIGIT.test(String.fromCharCode(code));
}

interface Token {
  start: number;
  end: number;
  word: string;
}

function numberWordTokens(text: string): Token[] {
  const tokens: Token[] = [];
  const re = NUMBER_WORD; // shared: synchronous, never re-entered
  re.lastIndex = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const raw = m[0];
    const start = m.index;
    const end = start + raw.length;
    if (joinsWord(text.charCodeAt(start - 1)) || joinsWord(text.charCodeAt(end))) continue;
    tokens.push({ start, end, word: raw.toLowerCase() });
  }
  return tokens;
}

/** What may join two words of one number: `twenty-five`, `two hundred`, `two hundred and fifty`. */
const JOINER = /^(?:[ -]|[ -]and[ -])$/i;

export interface WordNumber {
  start: number;
  end: number;
  value: number;
  /** "" for a plain count, `x` or `%` for change words. */
  unit: string;
  ordinal: boolean;
  /** The step of the last word: 1 for `twenty-five`, 1000 for `twelve thousand`. */
  precision: number;
  /** A single word that reads as a number only loosely (`one`, `zero`, `second`, `hundred`, `twice`). */
  loose: boolean;
  /** A lower bound (`hundreds of`), not the figure itself. */
  min?: true;
}

/** Parse `two hundred fifty thousand` → 250000; undefined when the words do not form one number. */
function phraseValue(parts: string[]): number | undefined {
  let total = 0;
  let current = 0;
  let seen = false;
  for (const part of parts) {
    const scale = SCALES[part];
    const cardinal = CARDINAL.get(part);
    if (cardinal !== undefined) {
      // `twenty five` and `two hundred five` add; `five twenty` and `ten five` are not one number.
      const tail = current % 100;
      if (seen && !(tail === 0 || (tail >= 20 && tail % 10 === 0 && cardinal < 10))) return undefined;
      current += cardinal;
      seen = true;
    } else if (scale !== undefined) {
      if (!seen) return undefined;
      if (scale === 100) current *= 100;
      else {
        total += current * scale;
        current = 0;
      }
    } else if (part !== "and") return undefined;
  }
  return seen ? total + current : undefined;
}

/** Whether `text` has a word `findWordNumbers` may read as a number (no phrase built). */
export function hasNumberWord(text: string): boolean {
  NUMBER_WORD.lastIndex = 0;
  return NUMBER_WORD.test(text) || IDIOM_WORDS.test(text);
}

/** The idioms of `text` that count (`a dozen`, `hundreds of`), left to right, the longest at each place. */
function idiomNumbers(text: string): WordNumber[] {
  if (!IDIOM_WORDS.test(text)) return [];
  const found: WordNumber[] = [];
  for (const idiom of IDIOMS) {
    idiom.pattern.lastIndex = 0;
    for (let m = idiom.pattern.exec(text); m; m = idiom.pattern.exec(text)) {
      const [start, end] = [m.index, m.index + m[0].length];
      const value = idiom.value(m);
      if (value === undefined || found.some((f) => f.start < end && start < f.end)) continue;
      found.push({
        start,
        end,
        value,
        unit: "",
        ordinal: false,
        precision: 1,
        loose: false,
        ...(idiom.min ? { min: true as const } : {}),
      });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

/** Every number phrase in `text`, left to right. */
export function findWordNumbers(text: string): WordNumber[] {
  const idioms = idiomNumbers(text);
  const words = cardinalNumbers(text);
  if (idioms.length === 0) return words;
  // An idiom holds its number words (`two dozen`, `hundreds of thousands`): it is the one figure there.
  const outside = words.filter((w) => !idioms.some((i) => i.start < w.end && w.start < i.end));
  return [...outside, ...idioms].sort((a, b) => a.start - b.start);
}

function cardinalNumbers(text: string): WordNumber[] {
  // Single words first, then runs of cardinals and scales joined into one phrase where they form a number.
  const tokens = numberWordTokens(text);
  const found: WordNumber[] = [];
  let i = 0;
  while (i < tokens.length) {
    const first = tokens[i]!;
    let last = i;
    if (CARDINAL.has(first.word)) {
      // Extend while the next word joins and the phrase still reads as one number.
      while (last + 1 < tokens.length) {
        const next = tokens[last + 1]!;
        if (!JOINER.test(text.slice(tokens[last]!.end, next.start))) break;
        if (phraseValue(tokens.slice(i, last + 2).map((t) => t.word)) === undefined) break;
        last++;
      }
    }
    const words = tokens.slice(i, last + 1).map((t) => t.word);
    const start = first.start;
    const end = tokens[last]!.end;
    i = last + 1;
    const after = text.charCodeAt(end);
    // `Three.js`, `one_two`, `two-factor`: names and idioms, not figures.
    // (`[` too: `twelve.[NUM_REDACTED]` must read the same as `twelve.twelve` did.)
    if ((after === 46 /* . */ && /[A-Za-z[]/.test(text[end + 1] ?? "")) || after === 95) continue;
    if (IDIOM_AFTER.test(text.slice(end, end + 14))) continue;
    const ordinal = ORDINAL.get(first.word);
    const change = CHANGE_WORDS[first.word];
    if (ordinal !== undefined) {
      found.push({ start, end, value: ordinal, unit: "", ordinal: true, precision: 1, loose: ordinal <= 2 });
    } else if (change) {
      found.push({
        start,
        end,
        value: change.value,
        unit: change.unit,
        ordinal: false,
        precision: 1,
        loose: change.strict !== true,
      });
    } else {
      const value = phraseValue(words);
      if (value === undefined) continue;
      const loose = words.length === 1 && (value <= 1 || SCALES[first.word] !== undefined);
      const precision = SCALES[words.at(-1)!] ?? 1;
      found.push({ start, end, value, unit: "", ordinal: false, precision, loose });
    }
  }
  return found;
}

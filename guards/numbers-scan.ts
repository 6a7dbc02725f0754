// Reading figures out of prose. A figure is a number with what the text attaches to it: currency, sign,
// scale, unit, `+`, and a bound word before it. Digits that belong to names, versions and identifiers (`S3`,
// `Route 53`, `Python 3.12`, `p99`, `1.4.2`, `24/7`, URLs) are not figures and are skipped.
import type { Catalog } from "../extractors/catalog.js";
import type { Bound, NumberKind, NumberMention, SourceNumber, SourceRef } from "./numbers.js";
import {
  CURRENCY_PREFIX,
  GLUED_SCALES,
  SCALE_WORDS,
  TIME_WORDS,
  currencyUnit,
  singular,
  unitOf,
  type UnitDef,
} from "./numbers-units.js";
import { IDIOM_AFTER, findWordNumbers } from "./numbers-words.js";

/** `output` checks what a writer states; `source` reads everything that can back a figure. */
type Role = "output" | "source";

/** A figure while it is being read. */
interface Draft {
  start: number;
  end: number;
  /** As written: unsigned, before scale and unit. */
  core: number;
  decimals: number;
  trailingZeros: number;
  /** Step of the last digit before scale and unit (1 for digits; 1000 for `twelve thousand`). */
  step: number;
  scale: number;
  hasScale: boolean;
  unit?: UnitDef;
  /** Seconds in a rate's denominator (`/min` → 60), when there is one. */
  per?: number;
  rateUnit?: string;
  currency?: string;
  kind: NumberKind;
  bound: Bound;
  plus: boolean;
  /** Dates and phone numbers carry their own value. */
  fixedValue?: number;
  fixedPrecision?: number;
  range?: [number, number];
  /** Written as a word (`twelve`): not a candidate for a version. */
  word?: boolean;
}

const RUN = /\d+(?:[.,]\d+)*/g;
const THOUSANDS = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;
const ISO_DATE = /(\d{4})-(\d{2})(?:-(\d{2}))?(?![\d-])/y;
const SHORT_YEAR_RANGE = /(\d{4})[-–](\d{2})(?![\d%.,]|\s?(?:[kKmMbB]|ms|s\b))/y;
const SLASH_DATE = /(\d{1,2})\/(?:(\d{1,2})\/)?(\d{4})(?!\d)/y;
const PHONE_INTL = /\+\d{1,3}(?:[ .-]?\(?\d{1,4}\)?){2,5}(?![\d%])/y;
const PHONE_US = /(?:\(\d{3}\) ?|\d{3}[.-])\d{3}[.-]\d{4}(?!\d)/y;
/** Letters of a unit or scale after a number (`ms`, `k`, `×`, `years`). */
const UNIT_LETTERS = /[A-Za-zµ×]+/y;
const DENOMINATOR =
  /(?:\/|[ \u00a0]per[ \u00a0])(s|sec|second|min|minute|h|hr|hour|d|day|wk|week|mo|month|yr|year)s?(?![A-Za-z0-9])/iy;
const PER_CENT = /per[ \u00a0]cent(?![A-Za-z0-9])/iy;
// ASCII on purpose: Unicode property classes cost milliseconds to compile in a cold process. A non-ASCII
// letter ends the identifier here, and digits glued to it are skipped as glued to a letter.
const IDENTIFIER_TAIL = /[A-Za-z0-9_]*(?:[-./,][A-Za-z0-9_]+)*/y;
// URLs and e-mail addresses. No `\b` before the scheme: `1.4.2https://…` and `[NUM_REDACTED]https://…` must
// mask the same text.
const MASK = /(?:(?:https?|ftp|ssh|git|s3|gs|file):\/\/|www\.)[^\s<>"'`]+|[\w.+-]+@[\w-]+(?:\.[\w-]+)+/giu;
/** Words glued before a hyphen that keep the number a figure: `mid-2021`, `sub-100ms`, `pre-2020`. */
const HYPHEN_PREFIXES = new Set([
  "mid",
  "pre",
  "post",
  "early",
  "late",
  "end",
  "sub",
  "over",
  "under",
  "top",
  "circa",
]);
/** A bare number after these words names a thing (`ISO 27001`, `Windows 11`, `version 3`), it does not measure one. */
const NAMING_WORDS = new Set(
  "version versions ver v release rev revision build iso iec soc rfc pep jsr wcag ieee pci fortune s&p section windows ios android macos ubuntu debian fedora rhel centos tier level series".split(
    " ",
  ),
);
/** Words before a figure that bound it; the longest phrase wins (`no more than` over `more than`). */
const BOUND_PHRASES = new Map<string, Bound>([
  ...[
    "over",
    "more than",
    "greater than",
    "at least",
    "above",
    "upwards of",
    "in excess of",
    "north of",
    "exceeding",
  ].map((w) => [w, "min"] as const),
  ["up to", "up-to"],
  ...["under", "below", "less than", "fewer than", "at most", "no more than"].map((w) => [w, "max"] as const),
  ...[
    "about",
    "around",
    "approximately",
    "approx",
    "roughly",
    "nearly",
    "almost",
    "close to",
    "circa",
    "ca",
    "some",
    "an estimated",
    "estimated",
  ].map((w) => [w, "approx"] as const),
]);
/** The last words of the bound phrases: any other word before a figure cannot bound it. */
const BOUND_LAST_WORDS = new Set([...BOUND_PHRASES.keys()].map((phrase) => phrase.split(" ").at(-1)!));
const BOUND_SYMBOLS: Record<string, Bound> = {
  "~": "approx",
  "≈": "approx",
  "<": "max",
  "≤": "max",
  ">": "min",
  "≥": "min",
};
const PLUS_FOLLOWER = /[\s,.;:!?)\]}"'’”/]/;
const RANGE_BETWEEN = /^[ \u00a0]*(?:-|–|—|to|through)[ \u00a0]*$/i;

// ---- characters ----

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u;
const LETTER = /\p{L}/u;

function isWordCode(code: number): boolean {
  if (Number.isNaN(code)) return false;
  if (code < 128) {
    return (
      (code >= 48 && code <= 57) || (code >= 65 && code <= 90) || (code >= 97 && code <= 122) || code === 95
    );
  }
  return LETTER_OR_DIGIT.test(String.fromCharCode(code));
}

function isLetterCode(code: number): boolean {
  if (Number.isNaN(code)) return false;
  if (code < 128) return (code >= 65 && code <= 90) || (code >= 97 && code <= 122);
  return LETTER.test(String.fromCharCode(code));
}

const isDigitCode = (code: number): boolean => code >= 48 && code <= 57;

/**
 * A character a number is glued to: a letter or digit, or the `]` of a redaction marker, so that what is
 * left next to a redaction (`[NUM_REDACTED]+1000000`) reads on a second pass as it did on the first.
 */
const isGlue = (code: number): boolean => code === 93 || isWordCode(code);

function sticky(re: RegExp, text: string, at: number): RegExpExecArray | null {
  re.lastIndex = at;
  return re.exec(text);
}

const isSpaceCode = (code: number): boolean => code === 32 || code === 0xa0;

/** Where the run of spaces that ends at `at` starts. */
function skipSpacesBack(text: string, at: number): number {
  while (at > 0 && isSpaceCode(text.charCodeAt(at - 1))) at--;
  return at;
}

/** Up to `count` space-separated words (letters and `&`) ending at `at`, lowercased, in text order. */
function wordsBefore(text: string, at: number, count: number): string[] {
  const words: string[] = [];
  let i = skipSpacesBack(text, at);
  while (words.length < count) {
    let k = i;
    while (k > 0 && (isLetterCode(text.charCodeAt(k - 1)) || text.charCodeAt(k - 1) === 38)) k--;
    if (k === i) break;
    words.unshift(text.slice(k, i).toLowerCase());
    const next = skipSpacesBack(text, k);
    if (next === k) break;
    i = next;
  }
  return words;
}

/** The end of the identifier that starts at or covers `at` (`S3-backed`, `x86_64`, `v1.4.2`). */
function identifierEnd(text: string, at: number): number {
  return at + (sticky(IDENTIFIER_TAIL, text, at)?.[0].length ?? 0);
}

// ---- names and versions from the catalog ----

const nameWordsCache = new WeakMap<Catalog, Set<string>>();

/**
 * The words of catalog names that can come right before a number: a name's last word (`java` in `Java 17`,
 * `js` in `Node.js 20`) and a word before digits inside a name (`route` in `Route 53`). A number after any
 * other word is neither in nor right after a name, so the catalog is not asked.
 */
function nameWords(catalog: Catalog): Set<string> {
  let words = nameWordsCache.get(catalog);
  if (!words) {
    words = new Set();
    for (const entry of catalog.entries) {
      if (entry.text === "none") continue;
      for (const name of [entry.name, ...(entry.aliases ?? [])]) {
        const lower = name.toLowerCase();
        // Most names are ASCII: split them without compiling a Unicode class in a cold process.
        const parts = /^[\x20-\x7e]*$/.test(lower)
          ? lower.split(/[^a-z0-9]+/).filter(Boolean)
          : (lower.match(/[\p{L}\p{N}]+/gu) ?? []);
        parts.forEach((w, i) => {
          if (i === parts.length - 1 || /^\d/.test(parts[i + 1]!)) words!.add(w);
        });
      }
    }
    nameWordsCache.set(catalog, words);
  }
  return words;
}

/** The word right before `start` (one space or none between; `C#`, `C++` keep their letters). */
function nameWordBefore(text: string, start: number): string {
  let j = start;
  if (isSpaceCode(text.charCodeAt(j - 1))) j--;
  for (let n = 0; n < 2 && (text[j - 1] === "#" || text[j - 1] === "+"); n++) j--;
  let k = j;
  while (k > 0 && k > j - 40 && isWordCode(text.charCodeAt(k - 1))) k--;
  return text.slice(k, j).toLowerCase();
}

/** Whether the number at `[start, end)` is inside a technology name (`Route 53`) or right after one (`Java 17`). */
function nameRelation(
  text: string,
  start: number,
  end: number,
  catalog: Catalog,
): "inside" | "after" | undefined {
  if (!nameWords(catalog).has(nameWordBefore(text, start))) return undefined;
  // A window from a word start at least 48 characters back: the longest catalog name is 41.
  let from = Math.max(0, start - 48);
  for (const limit = from - 32; from > 0 && from > limit && text[from - 1] !== " ";) from--;
  for (const m of catalog.findMentions(text.slice(from, end))) {
    const ms = from + m.start;
    const me = from + m.end;
    if (ms <= start && me > start) return "inside";
    if (me <= start && start - me <= 1 && /^[ \u00a0]?$/.test(text.slice(me, start))) return "after";
  }
  return undefined;
}

// ---- reading one figure ----

function newDraft(start: number, end: number, core: number, decimals: number, trailingZeros: number): Draft {
  return {
    start,
    end,
    core,
    decimals,
    trailingZeros,
    step: 10 ** -decimals,
    scale: 1,
    hasScale: false,
    unit: undefined,
    per: undefined,
    rateUnit: undefined,
    currency: undefined,
    kind: "count",
    bound: "exact",
    plus: false,
    fixedValue: undefined,
    fixedPrecision: undefined,
    range: undefined,
    word: false,
  };
}

/** `1,000+` is a lower bound when the `+` ends the figure; `1+1` and `1+[NUM_REDACTED]` are not bounds. */
function readPlus(text: string, pos: number, d: Draft): number {
  // Decided by the next character alone, never by digits further on that a redaction could replace.
  if (text[pos] === "+" && PLUS_FOLLOWER.test(text[pos + 1] ?? " ")) {
    d.plus = true;
    return pos + 1;
  }
  return pos;
}

/** `/s`, ` per minute` after a unit or counted noun: a rate. */
function readDenominator(text: string, pos: number, d: Draft): number {
  const m = sticky(DENOMINATOR, text, pos);
  if (!m) return pos;
  const seconds = TIME_WORDS[m[1]!.toLowerCase()];
  if (seconds === undefined) return pos;
  d.per = seconds;
  return pos + m[0].length;
}

/**
 * Scale, unit and `+` after the number, glued (`4.2M`, `250ms`, `10x`, `1st`) or after one space (`4.2
 * million`, `820 ms`, `2.5k req/s`, `40 percent`). Returns the end of the figure, or undefined when glued
 * letters make it an identifier (`2FA`, `5G`, `3f9a2b1`).
 */
function readSuffix(text: string, pos: number, d: Draft, glued: boolean): number | undefined {
  if (glued) {
    if (text[pos] === "%") {
      d.unit = unitOf("%", true);
      return readPlus(text, pos + 1, d);
    }
    const g = sticky(UNIT_LETTERS, text, pos);
    if (g) {
      const word = g[0];
      const after = pos + word.length;
      const boundary = !isWordCode(text.charCodeAt(after));
      if (!boundary) return undefined;
      if (/^(?:st|nd|rd|th)$/.test(word) && d.decimals === 0) {
        d.kind = "ordinal";
        return after;
      }
      if (word === "s" && d.kind === "year") return after; // the 1990s
      const unit = unitOf(word, true);
      if (unit) {
        d.unit = unit;
        return readPlus(text, readDenominator(text, after, d), d);
      }
      const scale = GLUED_SCALES[word];
      if (scale === undefined) return undefined;
      d.scale = scale;
      d.hasScale = true;
      pos = after;
    }
    pos = readPlus(text, pos, d);
  }
  return readSpaced(text, pos, d);
}

/** What follows after a space or hyphen: a scale word, a unit word, a rate (`requests per second`). */
function readSpaced(text: string, pos: number, d: Draft): number {
  for (let round = 0; round < 2 && !d.unit; round++) {
    const sep = text[pos];
    const hyphen = sep === "-";
    if (sep !== " " && sep !== "\u00a0" && !hyphen) break;
    const at = pos + 1;
    if (!hyphen && text[at] === "%") {
      d.unit = unitOf("%", true);
      return readPlus(text, at + 1, d);
    }
    if (!hyphen && sticky(PER_CENT, text, at)) {
      d.unit = unitOf("percent", false);
      return readPlus(text, at + 8, d);
    }
    const w = sticky(UNIT_LETTERS, text, at);
    if (!w) break;
    const word = w[0];
    const after = at + word.length;
    if (isWordCode(text.charCodeAt(after))) break;
    const scale = SCALE_WORDS[word.toLowerCase()];
    if (!hyphen && !d.hasScale && scale !== undefined) {
      d.scale = scale;
      d.hasScale = true;
      pos = readPlus(text, after, d);
      continue;
    }
    const unit = unitOf(word, false);
    if (unit && (!hyphen || unit.kind !== "money")) {
      d.unit = unit;
      return readPlus(text, readDenominator(text, after, d), d);
    }
    // A counted noun with a denominator is a rate: `req/s`, `requests per second`, `deploys/day`.
    if (!hyphen) {
      const end = readDenominator(text, after, d);
      if (end > after) {
        d.rateUnit = `${singular(word)}/s`;
        return readPlus(text, end, d);
      }
    }
    break;
  }
  // `2,500 per second`
  if (!d.unit && !d.rateUnit && /^[ \u00a0]per[ \u00a0]/i.test(text.slice(pos, pos + 5))) {
    const end = readDenominator(text, pos, d);
    if (end > pos) {
      d.rateUnit = "/s";
      return end;
    }
  }
  return pos;
}

/** Currency, sign or `#` written before the number. */
function readPrefix(text: string, d: Draft): void {
  const currency = CURRENCY_PREFIX.exec(text.slice(Math.max(0, d.start - 4), d.start));
  if (currency) {
    d.currency = currencyUnit(currency[0]);
    d.start -= currency[0].length;
  }
  const sign = text[d.start - 1];
  if ((sign === "+" || sign === "-" || sign === "−") && !isGlue(text.charCodeAt(d.start - 2))) {
    d.start -= 1;
  } else if (sign === "#" && !d.currency) {
    d.kind = "rank";
    d.start -= 1;
  }
}

function readBound(text: string, d: Draft): void {
  if (d.kind === "year" || d.kind === "date" || d.kind === "phone") return;
  if (d.plus) {
    d.bound = "min";
    return;
  }
  const at = skipSpacesBack(text, d.start);
  let c = text[at - 1] ?? "";
  if (c === "=" && (text[at - 2] === "<" || text[at - 2] === ">")) c = text[at - 2]!;
  const symbol = BOUND_SYMBOLS[c];
  if (symbol) {
    d.bound = symbol;
    return;
  }
  if (c === "-" && text.slice(at - 4, at).toLowerCase() === "sub-") {
    d.bound = "max";
    return;
  }
  // `approx.` and `ca.` end with a dot
  const wordEnd = c === "." ? at - 1 : at;
  let k = wordEnd;
  while (k > 0 && k > wordEnd - 16 && isLetterCode(text.charCodeAt(k - 1))) k--;
  if (k === wordEnd || !BOUND_LAST_WORDS.has(text.slice(k, wordEnd).toLowerCase())) return;
  const words = wordsBefore(text, wordEnd, 3);
  for (let n = Math.min(3, words.length); n >= 1; n--) {
    const bound = BOUND_PHRASES.get(words.slice(words.length - n).join(" "));
    if (bound && (c !== "." || bound === "approx")) {
      d.bound = bound;
      return;
    }
  }
}

function readPhone(text: string, s: number): Draft | undefined {
  const before = text[s - 1];
  const grouped = isDigitCode(text.charCodeAt(s + 2)) && (text[s + 3] === "-" || text[s + 3] === ".");
  const m =
    before === "+" // whatever precedes the `+`: a redaction next to it must not change the reading
      ? sticky(PHONE_INTL, text, s - 1)
      : before === "("
        ? sticky(PHONE_US, text, s - 1)
        : grouped
          ? sticky(PHONE_US, text, s)
          : null;
  if (!m) return undefined;
  const digits = m[0].replace(/\D/g, "");
  if (digits.length < 8 || digits.length > 15) return undefined;
  const d = newDraft(m.index, m.index + m[0].length, 0, 0, 0);
  d.kind = "phone";
  d.fixedValue = Number(digits);
  d.fixedPrecision = 1;
  return d;
}

function validDate(year: number, month: number, day = 1): boolean {
  return year >= 1900 && year <= 2100 && month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

/** `2021-03`, `2021-03-15`, `03/2021`, `12/31/2021`; and the short year range `2019-21`. */
function readDate(text: string, s: number): Draft[] | undefined {
  const iso = sticky(ISO_DATE, text, s);
  if (iso) {
    const [year, month, day] = [Number(iso[1]), Number(iso[2]), iso[3] ? Number(iso[3]) : 0];
    if (validDate(year, month, day || 1)) return [dateDraft(s, iso[0].length, year, month, day)];
  }
  const slash = sticky(SLASH_DATE, text, s);
  if (slash) {
    let [month, day] = [Number(slash[1]), slash[2] ? Number(slash[2]) : 0];
    if (month > 12 && day > 0 && day <= 12) [month, day] = [day, month];
    const year = Number(slash[3]);
    if (validDate(year, month, day || 1)) return [dateDraft(s, slash[0].length, year, month, day)];
  }
  const short = sticky(SHORT_YEAR_RANGE, text, s);
  if (short) {
    const from = Number(short[1]);
    const to = Math.floor(from / 100) * 100 + Number(short[2]);
    if (from >= 1900 && from <= 2100 && to > from && to - from < 100) {
      const a = newDraft(s, s + 4, from, 0, 0);
      const b = newDraft(s + 5, s + 7, to, 0, 0);
      a.kind = b.kind = "year";
      a.range = b.range = [s, s + 7];
      return [a, b];
    }
  }
  return undefined;
}

function dateDraft(start: number, length: number, year: number, month: number, day: number): Draft {
  const d = newDraft(start, start + length, 0, 0, 0);
  d.kind = "date";
  d.fixedValue = year * 10000 + month * 100 + day;
  d.fixedPrecision = day ? 1 : 100;
  return d;
}

interface Scan {
  text: string;
  role: Role;
  catalog?: Catalog;
  masks: [number, number][];
  maskAt: number;
  /** Identifiers skipped so far (`Q3/twenty-five`): number words inside them are not figures either. */
  skipped: [number, number][];
}

/** Read the figure whose digits start at `s` into `out`; returns where to resume scanning. */
function readAt(scan: Scan, s: number, digits: string, out: Draft[]): number {
  const { text } = scan;
  const none = (resume: number) => resume;
  /** Skip an identifier, and at least this run of digits. */
  const skip = () => {
    const end = Math.max(identifierEnd(text, s), s + digits.length);
    scan.skipped.push([s, end]);
    return end;
  };
  while (scan.maskAt < scan.masks.length && scan.masks[scan.maskAt]![1] <= s) scan.maskAt++;
  const mask = scan.masks[scan.maskAt];
  if (mask && mask[0] <= s) return none(mask[1]);

  const phone = readPhone(text, s);
  if (phone) {
    out.push(phone);
    return phone.end;
  }

  const prev = text.charCodeAt(s - 1);
  const prev2 = text.charCodeAt(s - 2);
  // Glued to a word: a name or identifier (`S3`, `p99`, `IPv6`, `x86`, `OAuth2`).
  if (isGlue(prev)) return skip();
  // After `x/`, `x-`, `x.`: `HTTP/2`, `GPT-4`. A redaction marker counts as a word, so that what is left
  // next to one (`[NUM_REDACTED]/0`) reads the same on a second pass.
  if ((prev === 46 || prev === 47 || prev === 45) && (isLetterCode(prev2) || prev2 === 93)) {
    const [word = ""] = prev === 45 ? wordsBefore(text, s - 1, 1) : [];
    if (!HYPHEN_PREFIXES.has(word)) return skip();
  }

  let start = s;
  let core = digits;
  const end = s + digits.length;
  // `.5` after a space or an opening bracket; not after `]` (`[NUM_REDACTED].5` is what is left of `4.5`).
  if (
    prev === 46 &&
    (s < 2 || /[\s(~≈$€£]/.test(text[s - 2]!)) &&
    !digits.includes(".") &&
    !digits.includes(",")
  ) {
    start = s - 1; // `.5`
    core = `0.${digits}`;
  }
  // Versions and addresses: 1.4.2, 10.0.0.1; `3.x`
  const firstDot = core.indexOf(".");
  if (firstDot >= 0 && core.indexOf(".", firstDot + 1) >= 0) return skip();
  // A list like 1,2,3 (not thousands): one number per part, redacted as a whole if one part is unbacked;
  // a part redacted alone would change how the rest groups (`3,003,000,0` → `3,003,[NUM_REDACTED],…`).
  if (core.includes(",") && !THOUSANDS.test(core)) {
    // `Python 3.12,24/7`: a version first; the rest is read on from the comma.
    const first = core.slice(0, core.indexOf(","));
    const head = numberDraft(start, start + first.length, first);
    if (isName(scan, head, s, head.end)) return head.end;
    if (text[end] === "/" && isDigitCode(text.charCodeAt(end + 1))) return skip();
    const list: Draft[] = [];
    let at = start;
    for (const part of core.split(",")) {
      list.push(numberDraft(at, at + part.length, part));
      at += part.length + 1;
    }
    const last = list.at(-1)!;
    const suffixEnd = readSuffix(text, last.end, last, true);
    if (suffixEnd === undefined) return skip();
    last.end = suffixEnd;
    for (const d of list) d.range = [start, last.end];
    out.push(...list);
    return last.end;
  }
  if (text[end] === "." && /[xX*]/.test(text[end + 1] ?? "") && !isWordCode(text.charCodeAt(end + 2))) {
    return none(end + 2);
  }
  const after = text[end];
  if ((digits.length === 4 && (after === "-" || after === "–")) || (digits.length <= 2 && after === "/")) {
    const dates = readDate(text, s);
    if (dates) {
      out.push(...dates);
      return dates.at(-1)!.end;
    }
  }
  // Fractions and schedules: 24/7, 50/50
  if (text[end] === "/" && isDigitCode(text.charCodeAt(end + 1))) return skip();
  if (text[end] === "-" && IDIOM_AFTER.test(text.slice(end, end + 14))) return none(end); // 3-tier, 2-factor

  const d = numberDraft(start, end, core);
  const suffixEnd = readSuffix(text, end, d, true);
  if (suffixEnd === undefined) return skip();
  d.end = suffixEnd;
  readPrefix(text, d);
  if (isBare(d) && isName(scan, d, s, start + core.length)) return none(d.end);
  out.push(d);
  return d.end;
}

/** A bare number from its digits (`1,200`, `23.4`, `0.5`); a plain four-digit 1900–2100 is a year. */
function numberDraft(start: number, end: number, core: string): Draft {
  const grouped = core.includes(",");
  const plain = grouped ? core.replace(/,/g, "") : core;
  const dot = plain.indexOf(".");
  const decimals = dot < 0 ? 0 : plain.length - dot - 1;
  let trailing = 0;
  while (dot < 0 && trailing < plain.length - 1 && plain.charCodeAt(plain.length - 1 - trailing) === 48) {
    trailing++;
  }
  const d = newDraft(start, end, Number(plain), decimals, trailing);
  if (!grouped && dot < 0 && plain.length === 4 && d.core >= 1900 && d.core <= 2100) d.kind = "year";
  return d;
}

function isBare(d: Draft): boolean {
  return !d.unit && !d.rateUnit && !d.currency && !d.hasScale && (d.kind === "count" || d.kind === "year");
}

/** A bare number that names a thing: `ISO 27001`, `Windows 11`, `Route 53`, `Java 17`, `Node.js 20`. */
function isName(scan: Scan, d: Draft, digitsStart: number, digitsEnd: number): boolean {
  const { text } = scan;
  if (d.word || d.start !== digitsStart) return false;
  const dot = text[d.start - 2] === "." && text[d.start - 1] === " " ? 2 : 0; // `v. 2`, `ver. 3`
  const [word] = wordsBefore(text, d.start - dot, 1);
  if (word !== undefined && NAMING_WORDS.has(word)) return true;
  if (!scan.catalog) return false;
  const relation = nameRelation(text, digitsStart, digitsEnd, scan.catalog);
  // Right after a name, only a version-shaped number is a version: `Kafka 1,200` counts something.
  return relation === "inside" || (relation === "after" && !text.slice(digitsStart, digitsEnd).includes(","));
}

/** Give a range's first figure the unit or scale written once at its end: `3-5 years`, `$2-3M`, `820 to 140 ms`. */
function linkRanges(text: string, drafts: Draft[]): void {
  for (let i = 0; i + 1 < drafts.length; i++) {
    const a = drafts[i]!;
    const b = drafts[i + 1]!;
    if (a.fixedValue !== undefined || b.fixedValue !== undefined || a.range || b.range) continue;
    if (b.start - a.end > 12 || !RANGE_BETWEEN.test(text.slice(a.end, b.start))) continue;
    let shared = false;
    if (!a.unit && !a.rateUnit && (b.unit || b.rateUnit) && !a.currency && a.kind !== "ordinal") {
      a.unit = b.unit;
      a.rateUnit = b.rateUnit;
      if (b.per !== undefined) a.per = b.per;
      shared = true;
    }
    if (!a.hasScale && b.hasScale && a.core < b.core) {
      a.scale = b.scale;
      a.hasScale = true;
      shared = true;
    }
    if (a.currency && !b.currency && !b.unit) {
      b.currency = a.currency;
      shared = true;
    }
    if (shared) {
      if (a.kind === "year") a.kind = "count";
      a.range = b.range = [a.start, b.end];
    }
  }
}

function kindOf(d: Draft): NumberKind {
  if (d.fixedValue !== undefined || d.kind === "ordinal" || d.kind === "rank") return d.kind;
  if (d.currency) return "money";
  if (d.unit) return d.unit.kind;
  if (d.rateUnit) return "measure";
  if (d.kind === "year" && !d.hasScale) return "year";
  return "count";
}

function toMention(text: string, d: Draft): NumberMention {
  const kind = kindOf(d);
  const factor = d.scale * (d.unit?.factor ?? 1);
  const per = d.per ?? 1;
  const unit =
    d.currency ?? d.rateUnit ?? (d.unit ? (d.per !== undefined ? `${d.unit.unit}/s` : d.unit.unit) : null);
  const precision = d.fixedPrecision ?? round(d.step * factor) / per;
  const mention: NumberMention = {
    span: [d.start, d.end],
    raw: text.slice(d.start, d.end),
    value: d.fixedValue ?? round(d.core * factor) / per,
    unit: kind === "date" ? "date" : kind === "phone" ? "phone" : unit,
    precision,
    coarsePrecision: precision * 10 ** d.trailingZeros,
    bound: kind === "year" || kind === "date" || kind === "phone" ? "exact" : d.bound,
    kind,
  };
  if (d.range) mention.range = d.range;
  return mention;
}

/** Round away binary noise (`0.1 * 1e6`), keeping 12 significant digits. */
function round(x: number): number {
  return Number.isInteger(x) || !Number.isFinite(x) ? x : Number(x.toPrecision(12));
}

function masksOf(text: string): [number, number][] {
  if (!text.includes("://") && !text.includes("www.") && !text.includes("@")) return [];
  return [...text.matchAll(MASK)].map((m) => [m.index, m.index + m[0].length] as [number, number]);
}

function scanDrafts(text: string, role: Role, catalog?: Catalog): Draft[] {
  const scan: Scan = { text, role, catalog, masks: masksOf(text), maskAt: 0, skipped: [] };
  const drafts: Draft[] = [];
  const run = RUN; // shared: scanning is synchronous and never re-entered
  run.lastIndex = 0;
  for (let m = run.exec(text); m; m = run.exec(text)) {
    const resume = readAt(scan, m.index, m[0], drafts);
    // Resume where the figure ended: a list cut at a comma (`1,2,3`) is read on from the comma.
    run.lastIndex = Math.max(resume, m.index + 1);
  }
  const words = wordDrafts(scan, drafts);
  const all = words.length ? [...drafts, ...words].sort((a, b) => a.start - b.start) : drafts;
  linkRanges(text, all);
  for (const d of all) readBound(text, d);
  return all;
}

/** Whether a span overlaps one of `spans` (sorted, as found left to right). */
function overlaps(spans: readonly [number, number][], w: { start: number; end: number }): boolean {
  if (spans.length === 0) return false;
  let lo = 0;
  let hi = spans.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (spans[mid]![1] <= w.start) lo = mid + 1;
    else hi = mid;
  }
  const span = spans[lo];
  return span !== undefined && span[0] < w.end;
}

/** Numbers written as words, outside the figures already read, identifiers and URLs. */
function wordDrafts(scan: Scan, digits: readonly Draft[]): Draft[] {
  const { text, role } = scan;
  if (!/[a-z]{3}/i.test(text)) return [];
  const drafts: Draft[] = [];
  let k = 0;
  for (const w of findWordNumbers(text)) {
    if (role === "output" && (w.loose || w.ordinal || w.unit)) continue;
    while (k < digits.length && digits[k]!.end <= w.start) k++;
    if (k < digits.length && digits[k]!.start < w.end) continue;
    if (overlaps(scan.masks, w) || overlaps(scan.skipped, w)) continue;
    const d = newDraft(w.start, w.end, w.value, 0, 0);
    d.step = w.precision;
    d.word = true;
    if (w.ordinal) d.kind = "ordinal";
    if (w.unit) d.unit = unitOf(w.unit === "x" ? "x" : "%", true);
    if (!w.unit && !w.ordinal) d.end = readSpaced(text, w.end, d);
    drafts.push(d);
  }
  return drafts;
}

/**
 * The figures `text` states that a source must back, left to right. With a catalog, digits in technology
 * names and versions (`Route 53`, `Python 3.12`, `Node.js 20`) are skipped; identifiers glued to letters
 * (`S3`, `p99`, `OAuth2`, `v2`), semver, URLs, `24/7` and hyphenated idioms (`3-tier`) always are. Number
 * words are figures when they clearly count (`twelve`, `twenty-five`); `one`, `first`, `second` are not.
 */
export function findNumbers(text: string, catalog?: Catalog): NumberMention[] {
  return scanDrafts(text, "output", catalog).map((d) => toMention(text, d));
}

function excerpt(text: string, start: number, end: number): string {
  const from = Math.max(0, start - 40);
  const to = Math.min(text.length, end + 40);
  return `${from > 0 ? "…" : ""}${text.slice(from, to).replace(/\s+/g, " ").trim()}${to < text.length ? "…" : ""}`;
}

/**
 * The figures a source backs: every figure `findNumbers` would read, plus number words (`six`, `first`,
 * `doubled` → 2x), the year of every date (`2019-03` → 2019), and a ratio read as a percentage
 * (`0.9995` → 99.95%).
 */
export function sourceNumbers(text: string, ref: SourceRef, catalog?: Catalog): SourceNumber[] {
  const out: SourceNumber[] = [];
  for (const d of scanDrafts(text, "source", catalog)) {
    const m = toMention(text, d);
    const base = {
      source: ref.source,
      ref: ref.ref,
      raw: m.raw,
      text: excerpt(text, m.span[0], m.span[1]),
    };
    out.push({ ...base, value: m.value, unit: m.unit, precision: m.precision, bound: m.bound, kind: m.kind });
    if (m.kind === "date") {
      out.push({
        ...base,
        value: Math.floor(m.value / 10000),
        unit: null,
        precision: 1,
        bound: "exact",
        kind: "year",
        fromDate: true,
      });
    }
    if (m.kind === "count" && m.unit === null && d.decimals > 0 && m.value > 0 && m.value < 1) {
      out.push({
        ...base,
        value: round(m.value * 100),
        unit: "%",
        precision: round(m.precision * 100),
        bound: m.bound,
        kind: "percent",
      });
    }
  }
  return out;
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

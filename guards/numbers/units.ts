// Units and scales a figure can carry (currencies are in currency.ts). Every unit maps to a base unit of its
// dimension and a factor, so `820 ms` and `0.82 s` compare as values: both are 0.82 in seconds.

export interface UnitDef {
  /** The base unit of the dimension: `s`, `B`, `bit`, `bit/s`, `B/s`, `%`, `x`, `$`, `request/s`. */
  unit: string;
  factor: number;
  kind: "percent" | "multiplier" | "money" | "measure";
}

const YEAR = 365.25 * 86400;
/** A Julian year in seconds, the factor of `year` (and of `yr`, `y`). */
export const SECONDS_PER_YEAR = YEAR;
/** A month of a date span, in seconds: a twelfth of a Julian year, as `month` is below. */
export const SECONDS_PER_MONTH = YEAR / 12;
const time = (factor: number): UnitDef => ({ unit: "s", factor, kind: "measure" });
const bytes = (factor: number): UnitDef => ({ unit: "B", factor, kind: "measure" });
const bits = (factor: number): UnitDef => ({ unit: "bit", factor, kind: "measure" });
const bitRate = (factor: number): UnitDef => ({ unit: "bit/s", factor, kind: "measure" });
const byteRate = (factor: number): UnitDef => ({ unit: "B/s", factor, kind: "measure" });
const mass = (factor: number): UnitDef => ({ unit: "g", factor, kind: "measure" });
const length = (factor: number): UnitDef => ({ unit: "m", factor, kind: "measure" });
const PERCENT: UnitDef = { unit: "%", factor: 1, kind: "percent" };
const TIMES: UnitDef = { unit: "x", factor: 1, kind: "multiplier" };
/** Percentage points (`5 pp`, `5 percentage points`): a difference of two percentages, never a percentage. */
export const PERCENTAGE_POINTS: UnitDef = { unit: "pp", factor: 1, kind: "measure" };

/** Seconds in a time unit, for rate denominators (`/s`, `per minute`). */
export const TIME_WORDS: Record<string, number> = {
  ns: 1e-9,
  nanosecond: 1e-9,
  µs: 1e-6,
  us: 1e-6,
  microsecond: 1e-6,
  ms: 1e-3,
  msec: 1e-3,
  millisecond: 1e-3,
  s: 1,
  sec: 1,
  second: 1,
  min: 60,
  minute: 60,
  h: 3600,
  hr: 3600,
  hour: 3600,
  d: 86400,
  day: 86400,
  wk: 7 * 86400,
  week: 7 * 86400,
  mo: YEAR / 12,
  month: YEAR / 12,
  quarter: YEAR / 4,
  y: YEAR,
  yr: YEAR,
  year: YEAR,
};

/** Case-sensitive spellings (abbreviations where case carries meaning: `MB` bytes, `Mb` bits). */
const EXACT: Record<string, UnitDef> = {
  "%": PERCENT,
  x: TIMES,
  X: TIMES,
  "×": TIMES,
  pp: PERCENTAGE_POINTS,
  KB: bytes(1e3),
  kB: bytes(1e3),
  MB: bytes(1e6),
  GB: bytes(1e9),
  TB: bytes(1e12),
  PB: bytes(1e15),
  KiB: bytes(1024),
  MiB: bytes(1024 ** 2),
  GiB: bytes(1024 ** 3),
  TiB: bytes(1024 ** 4),
  PiB: bytes(1024 ** 5),
  kb: bytes(1e3),
  mb: bytes(1e6),
  gb: bytes(1e9),
  tb: bytes(1e12),
  Kb: bits(1e3),
  Mb: bits(1e6),
  Gb: bits(1e9),
  Tb: bits(1e12),
  bps: bitRate(1),
  Kbps: bitRate(1e3),
  kbps: bitRate(1e3),
  Mbps: bitRate(1e6),
  Gbps: bitRate(1e9),
  Tbps: bitRate(1e12),
  MBps: byteRate(1e6),
  GBps: byteRate(1e9),
  rps: { unit: "request/s", factor: 1, kind: "measure" },
  RPS: { unit: "request/s", factor: 1, kind: "measure" },
  qps: { unit: "query/s", factor: 1, kind: "measure" },
  QPS: { unit: "query/s", factor: 1, kind: "measure" },
  tps: { unit: "transaction/s", factor: 1, kind: "measure" },
  TPS: { unit: "transaction/s", factor: 1, kind: "measure" },
  // Mass and length, as news and product copy write them; not `g` (5G), `m` or `mm` (a million), `t`.
  mg: mass(1e-3),
  kg: mass(1e3),
  lb: mass(453.59237),
  lbs: mass(453.59237),
  oz: mass(28.349523125),
  cm: length(0.01),
  km: length(1e3),
  ft: length(0.3048),
  mi: length(1609.344),
};
for (const [word, seconds] of Object.entries(TIME_WORDS)) EXACT[word] = time(seconds);

/** Case-insensitive words; plurals are found by dropping a trailing `s`. */
const WORDS: Record<string, UnitDef> = {
  percent: PERCENT,
  pct: PERCENT,
  fold: TIMES,
  times: TIMES,
  byte: bytes(1),
  kilobyte: bytes(1e3),
  megabyte: bytes(1e6),
  gigabyte: bytes(1e9),
  terabyte: bytes(1e12),
  petabyte: bytes(1e15),
  bit: bits(1),
  msec: time(1e-3),
  millisecond: time(1e-3),
  microsecond: time(1e-6),
  nanosecond: time(1e-9),
  sec: time(1),
  second: time(1),
  min: time(60),
  minute: time(60),
  hr: time(3600),
  hour: time(3600),
  day: time(86400),
  wk: time(7 * 86400),
  week: time(7 * 86400),
  month: time(YEAR / 12),
  quarter: time(YEAR / 4),
  yr: time(YEAR),
  year: time(YEAR),
  gram: mass(1),
  kilogram: mass(1e3),
  kilo: mass(1e3),
  tonne: mass(1e6),
  ton: mass(907184.74),
  ounce: mass(28.349523125),
  metre: length(1),
  meter: length(1),
  kilometre: length(1e3),
  kilometer: length(1e3),
  mile: length(1609.344),
  foot: length(0.3048),
  feet: length(0.3048),
};

/**
 * Letters that are units only when glued to the number (`10x`, `5y`, `250us`), never spaced: `3 x 4` is no
 * multiplier and `5 us engineers` no microseconds. Other units read the same spaced or glued (`0.45 s` = `0.45s`,
 * `24 h` = `24h`).
 */
const GLUED_ONLY = new Set(["y", "x", "X", "us"]);

/** A unit spelled `word`, or undefined. `glued`: written with no space after the number. */
export function unitOf(word: string, glued: boolean): UnitDef | undefined {
  if (!glued && GLUED_ONLY.has(word)) return undefined;
  const exact = EXACT[word];
  if (exact) return exact;
  const lower = word.toLowerCase();
  return WORDS[lower] ?? (lower.length >= 3 && lower.endsWith("s") ? WORDS[lower.slice(0, -1)] : undefined);
}

/** `k`, `M`, `bn`: scales glued to a number (`1.2k`, `$2M`, `$3bn`). */
export const GLUED_SCALES: Record<string, number> = {
  k: 1e3,
  K: 1e3,
  m: 1e6,
  M: 1e6,
  MM: 1e6,
  mm: 1e6,
  mn: 1e6,
  B: 1e9,
  b: 1e9,
  bn: 1e9,
  Bn: 1e9,
  BN: 1e9,
  T: 1e12,
  tn: 1e12,
};

/** Scale words after a space (`4.2 million`). */
export const SCALE_WORDS: Record<string, number> = {
  thousand: 1e3,
  million: 1e6,
  billion: 1e9,
  trillion: 1e12,
  mil: 1e6,
  mln: 1e6,
  bn: 1e9,
  lakh: 1e5,
  lac: 1e5,
  lakhs: 1e5,
  crore: 1e7,
  crores: 1e7,
};

/** Singular form of a counted noun in a rate (`requests/s` → `request`). */
export function singular(noun: string): string {
  const lower = noun.toLowerCase();
  const aliases: Record<string, string> = {
    req: "request",
    reqs: "request",
    queries: "query",
    txn: "transaction",
    txns: "transaction",
    msg: "message",
    msgs: "message",
    op: "operation",
    ops: "operation",
  };
  if (aliases[lower]) return aliases[lower];
  if (lower.endsWith("ies")) return `${lower.slice(0, -3)}y`;
  if (lower.endsWith("s") && !lower.endsWith("ss")) return lower.slice(0, -1);
  return lower;
}

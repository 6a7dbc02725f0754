// Properties of reading model-written text (issue 13): list markers at line starts, currencies in any
// spacing, name or code, ages, short year ranges, rates and spaced units, digits of any script and hidden
// characters. A text whose every figure a source
// states, in another of its forms, gives no finding at all; the same text with one figure changed gives one
// redaction, of that figure.
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { textFindings } from "../rule-tester.js";
import { type Catalog, defaultCatalog } from "../../../extractors/catalog.js";
import { applyEdits, revert } from "../../../guards/apply.js";
import { numberProvenance } from "../../../guards/number-provenance.js";
import { CURRENCIES, type Currency } from "../../../guards/numbers/currency.js";
import type { GuardContext, TextTarget } from "../../../guards/types.js";

/** `FC_RUNS=2000 npx vitest run …` for a longer search. */
const RUNS = Number(process.env.FC_RUNS ?? 200);

let catalog: Catalog;
beforeAll(async () => {
  catalog = await defaultCatalog();
});

/** One statement: as the source writes it, as the output writes it, and the output with its figure changed. */
interface Item {
  source: string;
  output: string;
  changed: string;
  /** What the guard redacts in `changed`. */
  actual: string;
}

/** Picks one of the forms each time it is asked (fast-check draws the indexes). */
type Pick = <T>(options: readonly T[]) => T;

const pickOf = (indexes: readonly number[]): Pick => {
  let i = 0;
  return <T>(options: readonly T[]): T => options[indexes[i++ % indexes.length]! % options.length]!;
};

// ---- money: every form the currency table allows ----

/** A money figure: digits (`160`, `2.74`) and a scale (none, or millions). */
interface Amount {
  digits: string;
  millions: boolean;
}

function moneyForms(c: Currency, a: Amount, pick: Pick): string[] {
  const { digits } = a;
  const scaleGlued = a.millions ? pick(["M", "m"]) : "";
  const scaleSpaced = a.millions ? " million" : "";
  const forms: string[] = [];
  for (const symbol of c.symbols) {
    const glue = !/[A-Za-z]$/.test(symbol);
    if (glue) forms.push(`${symbol}${digits}${scaleGlued}`, `${symbol}${digits}${scaleSpaced}`);
    forms.push(`${symbol} ${digits}${scaleGlued}`, `${symbol} ${digits}${scaleSpaced}`);
    if (symbol.length === 1)
      forms.push(`${digits}${scaleGlued} ${symbol}`, `${digits}${scaleGlued}${symbol}`);
  }
  for (const code of c.codes) {
    forms.push(`${code} ${digits}${scaleGlued}`, `${code} ${digits}${scaleSpaced}`);
    forms.push(`${digits}${scaleGlued} ${code}`, `${digits}${scaleSpaced} ${code}`);
  }
  for (const name of c.names) {
    const plural = name.endsWith("s") || name.endsWith("r") ? name : `${name}s`;
    const written = pick([name, plural, plural.replace(/^./, (ch) => ch.toUpperCase())]);
    forms.push(`${digits}${scaleSpaced} ${written}`);
  }
  return forms;
}

const amount = (value: number, decimals: boolean, millions: boolean): Amount => ({
  digits: decimals ? (value / 100).toFixed(2) : String(value),
  millions,
});

/** Money: values 1–999 (or 0.01–9.99), changed by 5,000 (no other money figure is that large). */
const moneyItem = fc
  .record({
    currency: fc.constantFrom(...CURRENCIES),
    value: fc.integer({ min: 1, max: 999 }),
    decimals: fc.boolean(),
    millions: fc.boolean(),
    picks: fc.array(fc.nat(), { minLength: 6, maxLength: 6 }),
  })
  .map(({ currency, value, decimals, millions, picks }): Item => {
    const pick = pickOf(picks);
    const base = amount(value, decimals, millions);
    const other = amount(value + (decimals ? 500_000 : 5000), decimals, millions);
    const source = pick(moneyForms(currency, base, pick));
    const index = picks[5]!;
    const outputs = moneyForms(currency, base, pickOf(picks));
    const changes = moneyForms(currency, other, pickOf(picks));
    const output = outputs[index % outputs.length]!;
    const changed = changes[index % changes.length]!;
    return {
      source: `Raised ${source} in funding.`,
      output: `Raised ${output} in funding.`,
      changed: `Raised ${changed} in funding.`,
      actual: changed,
    };
  });

// ---- counts, ages, year ranges, rates, latencies, sizes ----

/** A count 200–999, changed by 5,000: no other bare figure is in either range. */
const countItem = fc.integer({ min: 200, max: 999 }).map((n): Item => ({
  source: `Ran ${n} services.`,
  output: `Grew to ${n} services.`,
  changed: `Grew to ${n + 5000} services.`,
  actual: String(n + 5000),
}));

const AGE_FORMS = [
  (n: number) => `Hired a ${n}-year-old engineer.`,
  (n: number) => `Hired an engineer, ${n} years old.`,
  (n: number) => `Hired an engineer aged ${n}.`,
  (n: number) => `Hired an engineer, age ${n}.`,
  (n: number) => `Hired an engineer aged ${n} years.`,
  (n: number) => `Hired ${n}-year-olds.`,
];

/** An age 18–99, changed by 100: the age's digits alone are redacted, its year words stay. */
const ageItem = fc.tuple(fc.integer({ min: 18, max: 99 }), fc.nat(), fc.nat()).map(([n, a, b]): Item => {
  const out = AGE_FORMS[b % AGE_FORMS.length]!;
  return {
    source: AGE_FORMS[a % AGE_FORMS.length]!(n),
    output: out(n),
    changed: out(n + 100),
    actual: String(n + 100),
  };
});

const RANGE_DASHES = ["–", " – ", " -- ", "—", " - "];

/**
 * Years of a decade (`2030`–`2038`), as a short range or written out; changed to end in the decade's ninth
 * year, which no source states.
 */
const rangeItem = fc
  .tuple(fc.integer({ min: 195, max: 208 }), fc.integer({ min: 1, max: 8 }), fc.nat(), fc.nat(), fc.nat())
  .map(([decade, length, a, b, dash]): Item => {
    const from = decade * 10;
    const forms = (to: number) => [
      `${from}${RANGE_DASHES[dash % RANGE_DASHES.length]}${String(to % 100).padStart(2, "0")}`,
      `from ${from} to ${to}`,
    ];
    const source = forms(from + length)[a % 2]!;
    // The changed figure is a short range (redacted whole), so the changed year is never read alone.
    const output = forms(from + length)[b % 2]!;
    const changed = forms(from + 9)[0]!;
    return {
      source: `Worked there ${source}.`,
      output: `Worked there ${output}.`,
      changed: `Worked there ${changed}.`,
      actual: changed,
    };
  });

const PER_MINUTE = [" a minute", " each minute", " every minute", " per minute", "/min"];

/** A rate in thousands a minute, or sixty times that an hour; changed by 7 (no rate is that far from round). */
const rateItem = fc
  .tuple(fc.integer({ min: 1, max: 99 }), fc.nat(), fc.nat(), fc.nat())
  .map(([k, a, b, c]): Item => {
    const perMinute = k * 1000;
    const forms = (n: number) => [
      ...PER_MINUTE.map((per) => `${n.toLocaleString("en-US")} orders${per}`),
      `${(n * 60).toLocaleString("en-US")} orders an hour`,
    ];
    const all = forms(perMinute);
    const changed = forms(perMinute + 7)[c % all.length]!;
    return {
      source: `Took ${all[a % all.length]}.`,
      output: `Took ${all[b % all.length]}.`,
      changed: `Took ${changed}.`,
      actual: changed,
    };
  });

/** A latency of 100–990 ms in tens, in ms or seconds, glued or spaced; changed by 1 ms. */
const latencyItem = fc
  .tuple(fc.integer({ min: 10, max: 99 }), fc.nat(), fc.nat())
  .map(([tens, a, b]): Item => {
    const forms = (ms: number) => [`${ms} ms`, `${ms}ms`, `${ms / 1000} s`, `${ms / 1000}s`];
    const ms = tens * 10;
    const changed = forms(ms + 1)[b % 4]!;
    return {
      source: `Answers in ${forms(ms)[a % 4]}.`,
      output: `Answers in ${forms(ms)[b % 4]}.`,
      changed: `Answers in ${changed}.`,
      actual: changed,
    };
  });

/** A size of 1–64 GB, glued or spaced; changed by half a GB (no size has a half). */
const sizeItem = fc.tuple(fc.integer({ min: 1, max: 64 }), fc.nat(), fc.nat()).map(([gb, a, b]): Item => {
  const forms = (n: number) => [`${n} GB`, `${n}GB`];
  const changed = forms(gb + 0.5)[b % 2]!;
  return {
    source: `Caches ${forms(gb)[a % 2]}.`,
    output: `Caches ${forms(gb)[b % 2]}.`,
    changed: `Caches ${changed}.`,
    actual: changed,
  };
});

/** Numbered-list markers and bullets a line may start with (or none). */
const marker = fc.oneof(
  fc.constant(""),
  fc
    .tuple(
      fc.integer({ min: 1, max: 999 }),
      fc.constantFrom("N. ", "N) ", "(N) ", "- N. ", "* N) ", "  N. ", "\tN. ", "• N. ", "N.\t"),
    )
    .map(([n, shape]) => shape.replace("N", String(n))),
);

const item = fc.oneof(moneyItem, countItem, ageItem, rangeItem, rateItem, latencyItem, sizeItem);

/** Lines of items, each with its own marker in the source and in the output, and which one to change. */
const document = fc
  .array(fc.tuple(item, marker, marker), { minLength: 1, maxLength: 6 })
  .chain((lines) => fc.tuple(fc.constant(lines), fc.nat({ max: lines.length - 1 })));

/** Digits as a model may write them: ASCII, full-width, Arabic-Indic, Devanagari, mathematical bold. */
const SCRIPTS = ["0123456789", "０１２３４５６７８９", "٠١٢٣٤٥٦٧٨٩", "०१२३४५६७८९", "𝟎𝟏𝟐𝟑𝟒𝟓𝟔𝟕𝟖𝟗"];
/** No hidden character, or one a model may leave after a line's marker. */
const HIDDEN = ["", "\u200b", "\u00ad", "\u2060", "\ufeff"];

/** How a text is written: the digits of its output and of its source, and a hidden character per line. */
const writing = fc.record({
  output: fc.constantFrom(...SCRIPTS),
  source: fc.constantFrom(...SCRIPTS),
  hidden: fc.constantFrom(...HIDDEN),
});

/** `text` with its ASCII digits written in `script`. */
const inScript = (text: string, script: string): string => {
  const digits = [...script];
  return text.replace(/[0-9]/g, (d) => digits[Number(d)]!);
};

/**
 * Figures that no two items may share: a year range must not back another's year, a money value another's
 * (equal values in one currency would ground a changed figure by chance). Only items with distinct source
 * lines are kept.
 */
function distinct(lines: readonly [Item, string, string][]): [Item, string, string][] {
  const seen = new Set<string>();
  return lines.filter(([i]) => {
    const key = i.source.replace(/^\D*/, "").replace(/\D*$/, "");
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

const contextOf = (source: string): GuardContext =>
  ({ catalog, facts: [{ id: "kb", text: source, kind: "production" }] }) as GuardContext;

const target = (text: string): TextTarget => ({ field: "work[0].summary", text, role: "prose" });

describe("reading model-written text: properties", () => {
  it("a text whose every figure a source states, in any of its forms and scripts, finds nothing to redact", () => {
    fc.assert(
      fc.property(document, writing, ([generated], how) => {
        const lines = distinct(generated);
        const source = inScript(lines.map(([i, m]) => `${m}${i.source}`).join("\n"), how.source);
        const output = inScript(
          lines.map(([i, , m]) => `${m}${how.hidden}${i.output}`).join("\n"),
          how.output,
        );
        const findings = textFindings(numberProvenance, target(output), contextOf(source));
        // Only the hidden characters go, one record a line.
        const hidden = how.hidden ? lines.map(() => ["invisible-character", how.hidden]) : [];
        expect(
          findings.map((f) => [f.rule, f.actual]),
          `${output}\n  ← ${source}`,
        ).toEqual(hidden);
      }),
      { numRuns: RUNS },
    );
  });

  it("the same text with one figure changed redacts that figure, and only it", () => {
    fc.assert(
      fc.property(document, writing, ([generated, at], how) => {
        const lines = distinct(generated);
        const k = at % lines.length;
        const source = inScript(lines.map(([i, m]) => `${m}${i.source}`).join("\n"), how.source);
        const output = inScript(
          lines.map(([i, , m], j) => `${m}${how.hidden}${j === k ? i.changed : i.output}`).join("\n"),
          how.output,
        );
        const findings = textFindings(numberProvenance, target(output), contextOf(source));
        const why = `${output}\n  ← ${source}`;
        const hidden = how.hidden ? lines.map(() => ["invisible-character", how.hidden]) : [];
        expect(
          findings.map((f) => [f.rule, f.actual]),
          why,
        ).toEqual([["ungrounded-number", inScript(lines[k]![0].actual, how.output)], ...hidden]);
        // Every line keeps its marker (as written), and the edits revert exactly.
        const { output: redacted, applied } = applyEdits(output, findings);
        redacted
          .split("\n")
          .forEach((line, j) => expect(line.startsWith(inScript(lines[j]![2], how.output)), why).toBe(true));
        expect(revert(redacted, applied)).toBe(output);
        // Idempotent: nothing is left to redact in the guard's own output.
        const again = textFindings(numberProvenance, target(redacted), contextOf(source));
        expect(again.filter((f) => f.edit)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });
});

import { beforeAll, describe, expect, it } from "vitest";
import { type Catalog, defaultCatalog } from "../../../extractors/catalog.js";
import {
  findNumbers,
  ground,
  isGrounded,
  type NumberMention,
  NumberIndex,
  sourceNumbers,
} from "../../../guards/numbers/index.js";
import { derive, sentenceFigures } from "../../../guards/numbers/derive.js";
import { eachNumber } from "../../../guards/numbers/scan.js";

let catalog: Catalog;
beforeAll(async () => {
  catalog = await defaultCatalog();
});

const Y = 365.25 * 86400;

/** `raw=value unit [bound]`: one line a reader can check against the text. */
function brief(m: NumberMention): string {
  const bound = m.bound === "exact" ? "" : ` ${m.bound}`;
  return `${m.raw}=${m.value}${m.unit ?? ""}${bound}`;
}

describe("findNumbers: what is a figure and what it means", () => {
  const cases: [string, string[]][] = [
    // Values compare, not strings
    ["1,200 users", ["1,200=1200"]],
    ["1200 users", ["1200=1200"]],
    ["1.2k users", ["1.2k=1200"]],
    ["4.2M rows", ["4.2M=4200000"]],
    ["4.2 million rows", ["4.2 million=4200000"]],
    ["4,200,000 rows", ["4,200,000=4200000"]],
    ["saved $2M", ["$2M=2000000$"]],
    ["saved $2,000,000", ["$2,000,000=2000000$"]],
    ["raised $1.2B", ["$1.2B=1200000000$"]],
    ["$40K budget", ["$40K=40000$"]],
    ["€2M and 2M USD and USD 3M", ["€2M=2000000€", "2M USD=2000000$", "USD 3M=3000000$"]],
    ["40% fewer", ["40%=40%"]],
    ["40 percent fewer", ["40 percent=40%"]],
    ["40 per cent fewer", ["40 per cent=40%"]],
    ["up 5 percentage points", ["5 percentage points=5pp"]],
    ["a 2.5pp drop, 1 pp more", ["2.5pp=2.5pp", "1 pp=1pp"]],
    ["99.9% uptime", ["99.9%=99.9%"]],
    ["a -23% change and −5% drift", ["-23%=23%", "−5%=5%"]],
    // Multipliers, units, rates
    ["3x faster", ["3x=3x"]],
    ["10× faster", ["10×=10x"]],
    ["10-fold and 3 times faster", ["10-fold=10x", "3 times=3x"]],
    ["820ms", ["820ms=0.82s"]],
    ["820 ms", ["820 ms=0.82s"]],
    ["100ms vs 0.1s", ["100ms=0.1s", "0.1s=0.1s"]],
    ["a 24-hour rotation", ["24-hour=86400s"]],
    ["5 years", [`5 years=${5 * Y}s`]],
    ["2.5k req/s", ["2.5k req/s=2500request/s"]],
    ["2,500 requests per second", ["2,500 requests per second=2500request/s"]],
    ["1.2k rps", ["1.2k rps=1200request/s"]],
    ["10 deploys/day", [`10 deploys/day=${10 / 86400}deploy/s`]],
    ["8 GB and 8GB and 250 MB", ["8 GB=8000000000B", "8GB=8000000000B", "250 MB=250000000B"]],
    ["1 Gbps link", ["1 Gbps=1000000000bit/s"]],
    ["120 MB/s", ["120 MB/s=120000000B/s"]],
    ["p95 latency from 820ms to 140ms", ["820ms=0.82s", "140ms=0.14s"]],
    // Bounds: the bound word stays outside the figure; `+` is part of it
    ["over 1,000 users", ["1,000=1000 min"]],
    ["more than 1,000", ["1,000=1000 min"]],
    ["1,000+ users", ["1,000+=1000 min"]],
    ["10K+ users", ["10K+=10000 min"]],
    ["5+ years", [`5+ years=${5 * Y}s min`]],
    ["at least 40%", ["40%=40% min"]],
    ["under 200 ms", ["200 ms=0.2s max"]],
    ["sub-100ms", ["100ms=0.1s max"]],
    ["up to 10x", ["10x=10x up-to"]],
    ["~40%", ["40%=40% approx"]],
    ["about 40%", ["40%=40% approx"]],
    ["nearly 1,000", ["1,000=1000 approx"]],
    // Ranges share the unit or scale written once
    ["3-5 years", [`3=${3 * Y}s`, `5 years=${5 * Y}s`]],
    ["$2-3M", ["$2=2000000$", "3M=3000000$"]],
    ["from 820 to 140 ms", ["820=0.82s", "140 ms=0.14s"]],
    ["2019-21", ["2019=2019", "21=2021"]],
    ["2019–2021", ["2019=2019", "2021=2021"]],
    // Words
    ["twelve engineers", ["twelve=12"]],
    ["twenty-five services", ["twenty-five=25"]],
    ["two hundred customers", ["two hundred=200"]],
    ["five years", [`five years=${5 * Y}s`]],
    ["one of the first engineers", []],
    ["first-class and second-largest", []],
    ["two-factor auth on a three-tier app with zero-downtime deploys", []],
    ["3-tier and 2-factor", []],
    // A vague plural is a lower bound: "hundreds of services" claims at least 200 (issue 25).
    ["hundreds of services", ["hundreds=200 min"]],
    // Counts in idioms and changes as words: figures to ground like digits (issue 25).
    ["a team of a dozen engineers", ["a dozen=12"]],
    ["mentored half a dozen interns", ["half a dozen=6"]],
    ["ran two dozen services", ["two dozen=24"]],
    ["dozens of teams", ["dozens=24 min"]],
    ["tens of thousands of users", ["tens of thousands=20000 min"]],
    ["millions of events", ["millions=2000000 min"]],
    ["Doubled throughput", ["Doubled=2x"]],
    ["halved the build time", ["halved=50%"]],
    ["a tenfold speed-up", ["tenfold=10x"]],
    ["grew revenue threefold", ["threefold=3x"]],
    ["deploys twice a week", []],
    // Dates, years, ordinals, ranks, phones
    ["Q3 2022", ["2022=2022"]],
    ["since 2021-03", ["2021-03=20210300date"]],
    ["on 2021-03-15", ["2021-03-15=20210315date"]],
    ["03/2021", ["03/2021=20210300date"]],
    ["mid-2021", ["2021=2021"]],
    ["in the 1990s", ["1990s=1990"]],
    ["1st place", ["1st=1"]],
    ["fixed #42", ["#42=42"]],
    ["call +1 555 0100", ["+1 555 0100=15550100phone"]],
    ["(555) 123-4567", ["(555) 123-4567=5551234567phone"]],
    [".5 seconds", [".5 seconds=0.5s"]],
    // A comma list that is not thousands: one number per part (the guard redacts the list whole)
    ["1,2,3", ["1=1", "2=2", "3=3"]],
    ["Python 3.12,24/7", []],
    // Names, versions, identifiers: not figures
    ["S3, EC2 and Route 53", []],
    ["Python 3.12, Node.js 20 and Java 17", []],
    ["OAuth2, p99, K8s, v2, x86, IPv6", []],
    ["24/7 on-call, 50/50 split", []],
    ["semver 1.4.2, IP 10.0.0.1, commit 3f9a2b1", []],
    ["2FA, 5G, 4xx and 5xx errors", []],
    ["GPT-4, COVID-19, HTTP/2, x86_64", []],
    ["ISO 27001, SOC 2, Windows 11, Fortune 500, version 3", []],
    ["see https://example.com/2021/03/post-42 or jane2021@example.io", []],
    ["Python 3.x and Java 8+", []],
    // A number right after a technology name reads as its version, even before a noun; a grouped one does not.
    ["Java 17 services", []],
    ["Kafka 1,200 topics", ["1,200=1200"]],
  ];
  it.each(cases)("%s", (text, expected) => {
    const found = findNumbers(text, catalog);
    expect(found.map(brief)).toEqual(expected);
    for (const m of found) expect(text.slice(m.span[0], m.span[1])).toBe(m.raw);
  });

  it("gives exact spans, precision and kinds", () => {
    const text = "Cut p95 latency from 820 ms to 140ms (over 1,000+ req/s) in Q3 2022.";
    expect(
      findNumbers(text, catalog).map(({ span, precision, kind, range }) => ({
        span,
        precision,
        kind,
        range,
      })),
    ).toEqual([
      { span: [21, 27], precision: 0.001, kind: "measure", range: undefined },
      { span: [31, 36], precision: 0.001, kind: "measure", range: undefined },
      { span: [43, 55], precision: 1, kind: "measure", range: undefined },
      { span: [63, 67], precision: 1, kind: "year", range: undefined },
    ]);
  });

  it("marks a range that shares a unit", () => {
    expect(findNumbers("grew 3-5x", catalog).map((m) => m.range)).toEqual([
      [5, 9],
      [5, 9],
    ]);
  });

  it("reads precision from the written digits", () => {
    const p = (t: string) => findNumbers(t, catalog).map((m) => [m.precision, m.coarsePrecision]);
    expect(p("1.2k")).toEqual([[100, 100]]);
    expect(p("40%")).toEqual([[1, 10]]);
    expect(p("23.4%")).toEqual([[0.1, 0.1]]);
    expect(p("1,000")).toEqual([[1, 1000]]);
    expect(p("$2M")).toEqual([[1e6, 1e6]]);
  });

  it("works without a catalog (names glued to letters are still skipped)", () => {
    expect(findNumbers("S3 and 40%").map(brief)).toEqual(["40%=40%"]);
    expect(findNumbers("Route 53").map(brief)).toEqual(["53=53"]);
  });

  it("never throws, and spans stay inside the text", () => {
    for (const text of [
      "",
      "   ",
      "+",
      "$",
      "1",
      "1,",
      "1.",
      ".",
      ".0,0",
      "-1-",
      "+1 (",
      "2019-",
      "#",
      "x".repeat(5000),
    ]) {
      for (const m of findNumbers(text, catalog)) {
        expect(m.span[0]).toBeGreaterThanOrEqual(0);
        expect(m.span[1]).toBeLessThanOrEqual(text.length);
      }
    }
  });
});

describe("findNumbers: reading model-written text without cutting the truth", () => {
  /** `raw=value unit kind`, and the range when a figure has one. */
  const read = (text: string) =>
    findNumbers(text, catalog).map(
      (m) => `${m.raw}=${m.value}${m.unit ?? ""} ${m.kind}${m.range ? ` [${text.slice(...m.range)}]` : ""}`,
    );

  it.each<[string, string[]]>([
    // Numbered-list markers at the start of the text or a line (after blanks or a bullet) are no figures
    ["1. Led 7 teams", ["7=7 count"]],
    ["2) Led 7 teams", ["7=7 count"]],
    ["(3) Led 7 teams", ["7=7 count"]],
    ["Highlights:\n1. Led 7 teams\n2. Ran 40 nodes", ["7=7 count", "40=40 count"]],
    ["Highlights:\r\n  10. Led 7 teams", ["7=7 count"]],
    ["- 4. Led 7 teams\n* 5) Ran 40 nodes\n• 6. Ran 3 regions", ["7=7 count", "40=40 count", "3=3 count"]],
    ["\t\t12. nested", []],
    // ... but not inside a line, without a blank after, with a decimal, or four digits long
    ["Ranked 3. Then left", ["3=3 count"]],
    ["Led (3) teams", ["3=3 count"]],
    ["1.5 years in", [`1.5 years=${1.5 * Y}s measure`]],
    ["1.Led", ["1=1 count"]],
    ["2019. Joined Acme", ["2019=2019 year"]],
    ["-5. Loss", ["-5=5 count"]],
    // Times of day: minutes since midnight, whichever way the clock is written
    ["at 8 pm", ["8 pm=1200clock measure"]],
    [
      "at 8pm, 12.30 a.m. and 6:30 AM",
      ["8pm=1200clock measure", "12.30 a.m.=30clock measure", "6:30 AM=390clock measure"],
    ],
    ["at 20:00 sharp", ["20:00=1200clock measure"]],
    ["at 12 pm.", ["12 pm=720clock measure"]],
    ["at 13 pm and 8:75 am", ["13=13 count", "8=8 count", "75=75 count"]],
    ["logged at 18:30:05", ["18=18 count", "30=30 count", "05=5 count"]],
    // Mass and length, spaced or glued
    ["carried 20 kg over 9km", ["20 kg=20000g measure", "9km=9000m measure"]],
    ["(555) 123-4567 at the start", ["(555) 123-4567=5551234567phone phone"]],
    // Currency: symbols apart from the figure, codes before and after, names, all from one table
    ["$ 160 million", ["$ 160 million=160000000$ money"]],
    ["£ 289 and € 2.74", ["£ 289=289£ money", "€ 2.74=2.74€ money"]],
    ["2.74 euros", ["2.74 euros=2.74€ money"]],
    ["160 million dollars", ["160 million dollars=160000000$ money"]],
    ["289 pounds", ["289 pounds=289£ money"]],
    ["289 pounds sterling", ["289 pounds sterling=289£ money"]],
    ["5 million US dollars", ["5 million US dollars=5000000$ money"]],
    ["USD 5m and 5m USD", ["USD 5m=5000000$ money", "5m USD=5000000$ money"]],
    ["EUR 2.74, GBP 289, 289 GBP", ["EUR 2.74=2.74€ money", "GBP 289=289£ money", "289 GBP=289£ money"]],
    [
      "500 yen, 300 rupees, 20 Swiss francs",
      ["500 yen=500¥ money", "300 rupees=300₹ money", "20 Swiss francs=20CHF money"],
    ],
    ["2.74 € and 5€ and 5M€", ["2.74 €=2.74€ money", "5€=5€ money", "5M€=5000000€ money"]],
    [
      "CA$5, C$ 5, 5 Canadian dollars, $5 CAD",
      ["CA$5=5CAD money", "C$ 5=5CAD money", "5 Canadian dollars=5CAD money", "$5 CAD=5CAD money"],
    ],
    [
      "Rs. 500 and Rs 500 and Rs.500",
      ["Rs. 500=500₹ money", "Rs. 500=500₹ money".replace("Rs. ", "Rs "), "Rs.500=500₹ money"],
    ],
    ["₹5 crore", ["₹5 crore=50000000₹ money"]],
    ["five dollars", ["five dollars=5$ money"]],
    // ... not where the words are something else
    ["5 US engineers and 5 new hires", ["5=5 count", "5=5 count"]],
    ["1 Gbps link", ["1 Gbps=1000000000bit/s measure"]],
    ["a 5-dollar bill", ["5=5 count"]],
    ["Mrs 5 and BUSD 5", ["5=5 count", "5=5 count"]],
    // ... and never two figures sharing one currency
    ["2 $5M rounds", ["2=2 count", "$5M=5000000$ money"]],
    ["5 USD 3", ["5 USD=5$ money", "3=3 count"]],
    ["5 $ 3", ["5 $=5$ money", "3=3 count"]],
    // Ages are plain counts, their year words outside the figure
    ["a 39-year-old", ["39=39 count"]],
    ["39 years old, 39 year old, 39-years-old", ["39=39 count", "39=39 count", "39=39 count"]],
    ["hired 39-year-olds", ["39=39 count"]],
    [
      "aged 39, age 39, age: 39 years, at the age of 39 years",
      ["39=39 count", "39=39 count", "39=39 count", "39=39 count"],
    ],
    ["a thirty-nine-year-old", ["thirty-nine=39 count"]],
    ["39 years of work", [`39 years=${39 * Y}s measure`]],
    ["39 years older codebase", [`39 years=${39 * Y}s measure`]],
    // Short year ranges: any dash but a plain hyphen before a month; spaced too
    ["2007–11", ["2007=2007 year [2007–11]", "11=2011 year [2007–11]"]],
    ["2007 – 11.", ["2007=2007 year [2007 – 11]", "11=2011 year [2007 – 11]"]],
    ["2001 -- 07", ["2001=2001 year [2001 -- 07]", "07=2007 year [2001 -- 07]"]],
    ["2001—07", ["2001=2001 year [2001—07]", "07=2007 year [2001—07]"]],
    ["1998-99", ["1998=1998 year [1998-99]", "99=1999 year [1998-99]"]],
    ["1999–01", ["1999=1999 year [1999–01]", "01=2001 year [1999–01]"]],
    ["2007-11", ["2007-11=20071100date date"]],
    ["2007–11.5 and 2007–11k", ["2007=2007 year", "11.5=11.5 count", "2007=2007 year", "11k=11000 count"]],
    ["2019-18", ["2019=2019 year", "18=18 count"]],
    // Rates: `a`, `an`, `each`, `every`, `per`, `/` are one denominator
    ["15,000 orders a minute", ["15,000 orders a minute=250order/s measure"]],
    ["15,000 orders each minute", ["15,000 orders each minute=250order/s measure"]],
    ["15,000 orders every minute", ["15,000 orders every minute=250order/s measure"]],
    ["15,000 orders per minute", ["15,000 orders per minute=250order/s measure"]],
    ["15,000 orders/min", ["15,000 orders/min=250order/s measure"]],
    ["900,000 orders an hour", ["900,000 orders an hour=250order/s measure"]],
    ["2,500 a second", ["2,500 a second=2500/s measure"]],
    ["12 hires a quarter", [`12 hires a quarter=${12 / (Y / 4)}hire/s measure`]],
    ["$5 a month", [`$5 a month=${5 / (Y / 12)}$/s money`]],
    // ... not when the time goes on, after a word that counts nothing, or after a year
    ["15,000 orders a day after launch", ["15,000=15000 count"]],
    ["6 engineers a year later", ["6=6 count"]],
    ["$2M in a year", ["$2M=2000000$ money"]],
    ["in 2019 each month", ["2019=2019 year"]],
    // Units after a space read as glued (but `x`, `y`, `us`)
    ["0.45 s and 450 ms", ["0.45 s=0.45s measure", "450 ms=0.45s measure"]],
    ["24 h, 30 d, 3 mo", ["24 h=86400s measure", "30 d=2592000s measure", `3 mo=${Y / 4}s measure`]],
    ["3 x 4 and 5 us engineers", ["3=3 count", "4=4 count", "5=5 count"]],
  ])("%s", (text, expected) => {
    expect(read(text)).toEqual(expected);
    for (const m of findNumbers(text, catalog)) expect(text.slice(m.span[0], m.span[1])).toBe(m.raw);
  });

  it("reads what a rate counts as a source figure too, and no list marker", () => {
    const ref = { source: "fact", ref: "f1" } as const;
    const brief = (text: string) =>
      sourceNumbers(text, ref, catalog).map((s) => `${s.raw}=${s.value}${s.unit ?? ""}`);
    expect(brief("1. Took 15,000 orders a minute\n2) Saved $2M a year")).toEqual([
      "15,000 orders a minute=250order/s",
      "15,000 orders a minute=15000",
      `$2M a year=${2e6 / Y}$/s`,
      "$2M a year=2000000$",
    ]);
  });
});

describe("findNumbers: addresses and package specifiers", () => {
  it.each<[string, string[]]>([
    ["mail jane2021@example.io about 40%", ["40%=40% approx"]],
    ["dependencies: pg@^8.11.0 and 40%", ["40%=40%"]],
    ["import @aws-sdk/client-s3@3.5 for 12 buckets", ["12=12"]],
    // URLs are looked for in a text with `://`, `www.` or an `@`; then `WWW.` counts too. `pkg@^1` is no address.
    ["see WWW.example.com/2021 or pkg@^1 for 3x", ["1=1", "3x=3x"]],
    ["see WWW.example.com/2021 or a@b for 3x", ["3x=3x"]],
    ["a@b 5 ms", ["5 ms=0.005s"]],
  ])("%s", (text, expected) => {
    expect(findNumbers(text, catalog).map(brief)).toEqual(expected);
  });

  it("reads the same figures one at a time (eachNumber) as all at once", () => {
    const text =
      "Cut p95 from 820 ms to 140 ms, 3-5 years, $2-3M, twelve engineers, over 1,000+ users, Java 17.";
    const seen: NumberMention[] = [];
    eachNumber(text, catalog, (m) => seen.push(m));
    expect(seen).toEqual(findNumbers(text, catalog));
  });

  it("lets a scan start another from inside its callback", () => {
    const text = "from 820 ms to 140 ms and twelve engineers, 1,2,3 and 2019-21";
    const inner: string[][] = [];
    const outer: NumberMention[] = [];
    eachNumber(text, catalog, (m) => {
      outer.push(m);
      inner.push(findNumbers(`${m.raw} and 7 more`, catalog).map((n) => n.raw));
    });
    expect(outer).toEqual(findNumbers(text, catalog));
    expect(inner).toEqual(outer.map((m) => [...findNumbers(m.raw, catalog).map((n) => n.raw), "7"]));
  });
});

describe("sourceNumbers", () => {
  const ref = { source: "fact", ref: "f1" } as const;
  const brief = (text: string) =>
    sourceNumbers(text, ref, catalog).map(
      (s) => `${s.raw}=${s.value}${s.unit ?? (s.fromDate ? "@year" : "")}`,
    );

  it.each<[string, string[]]>([
    ["six engineers", ["six=6"]],
    ["the first hire", ["first=1"]],
    ["doubled throughput, halved costs", ["doubled=2x", "halved=50%"]],
    ["one team", ["one=1"]],
    ["uptime 0.9995", ["0.9995=0.9995", "0.9995=99.95%"]],
    ["2019-03", ["2019-03=20190300date", "2019-03=2019@year"]],
    ["S3 and Python 3.12", []],
    ["5 million users", ["5 million=5000000"]],
  ])("%s", (text, expected) => {
    expect(brief(text)).toEqual(expected);
  });

  it("keeps where each figure came from, with an excerpt", () => {
    const [s] = sourceNumbers("Reduced p95 latency from 820 ms to 140 ms for checkout.", ref, catalog);
    expect(s).toMatchObject({ source: "fact", ref: "f1", raw: "820 ms" });
    expect(s!.text).toContain("820 ms");
  });
});

describe("isGrounded", () => {
  const ref = { source: "profile", ref: "basics.summary" } as const;
  /** Every figure of `output` is backed by `source`. */
  function grounded(output: string, source: string): boolean {
    const mentions = findNumbers(output, catalog);
    expect(mentions.length, `no figure in "${output}"`).toBeGreaterThan(0);
    const sources = sourceNumbers(source, ref, catalog);
    return mentions.every((m) => isGrounded(m, sources));
  }

  it.each<[string, string, boolean]>([
    // Values, not strings
    ["1,200 users", "1200 users", true],
    ["1200 users", "1,200 users", true],
    ["1.2k users", "1,200 users", true],
    ["1,200 users", "1.2k users", true],
    ["4.2M rows", "4,200,000 rows", true],
    ["4.2 million rows", "4.2M rows", true],
    ["4,200,000 rows", "4.2 million rows", true],
    ["$2M saved", "$2,000,000 saved", true],
    ["$2,000,000 saved", "$2M saved", true],
    ["$1.2B", "$1.2 billion", true],
    ["$2M saved", "2,000,000 saved", false],
    ["$2M saved", "€2M saved", false],
    ["40%", "40 percent", true],
    ["40 percent", "40%", true],
    ["99.95% uptime", "availability 0.9995", true],
    ["40% of traffic", "a 0.4 share", true],
    ["40%", "40 engineers", false],
    ["up 3 percentage points", "3 regions", false],
    ["up 3 percentage points", "up 3 pp", true],
    ["3%", "3 percentage points", false],
    ["23% less exposure", "exposure change -23.4%", true],
    // Number words both ways
    ["6 engineers", "six engineers", true],
    ["six engineers", "6 engineers", true],
    ["twelve engineers", "a team of engineers", false],
    ["twelve engineers", "12 engineers", true],
    ["1st place", "won first place", true],
    ["2x throughput", "doubled throughput", true],
    ["halving restore times", "restore times went from 40 to 20 minutes", false],
    ["halving restore times", "halved restore times", true],
    // Bounds
    ["1,000+ users", "1,200 users", true],
    ["1,000+ users", "1,000 users", true],
    ["1,000+ users", "900 users", false],
    ["over 1,000 users", "1,500 users", true],
    ["more than 1,000", "999", false],
    ["over 1,000 users", "under 5,000 users", false],
    ["under 200 ms", "140 ms", true],
    ["under 200 ms", "250 ms", false],
    ["up to 200 ms", "140 ms", false],
    ["up to 10x", "10x", true],
    // A bound understates its source by less than tenfold: a far larger figure counts something else
    ["over 1,000 users", "9,500 users", true],
    ["over 25 other countries", "77,984 cases in more than two dozen other countries", false],
    ["under 200 ms", "5 ms", false],
    ["under 200 ms", "25 ms", true],
    // Rounding: only to the written precision and within 3 %
    ["23%", "23.4%", true],
    ["40%", "38%", false],
    ["40%", "41.5%", false],
    ["1.2k", "1,234", true],
    ["1.2k", "1,260", false],
    ["99.9% uptime", "99.95% uptime", true],
    ["99.99% uptime", "99.95% uptime", false],
    ["3x", "2.9x", false],
    ["4,213,000 rows", "4.2M rows", false],
    // Units stay attached
    ["820ms", "820 ms", true],
    ["100ms", "0.1s", true],
    ["0.1s", "100ms", true],
    ["0.1s", "140ms", false],
    ["250ms", "250 MB", false],
    ["250ms", "250", false],
    ["2.5k req/s", "2,500 requests per second", true],
    ["2.5k req/s", "2,500 rps", true],
    ["2.5k req/s", "2,500 requests", false],
    ["8 GB", "8GB", true],
    ["a 3.45-mile freeway", "a 3.45 mi freeway", true],
    ["$19k per month", "from ~$31k to $19k/month", true],
    ["$19k per month", "$19k a year", false],
    ["a 3.45-mile freeway", "a 3.45 km freeway", false],
    ["p95 latency from 820ms to 140ms", "p95 went from 820 ms down to 140 ms", true],
    ["p95 latency from 820ms to 140ms", "p95 went from 820 ms down to 180 ms", false],
    // Years, dates and identifiers
    ["since 2019", "startDate 2019-03", true],
    ["Rage Against the Machine (2007-11)", "Rage Against the Machine ( 2007 -- 11 )", true],
    ["the 2007-08 season", "the 2007 and 2008 seasons", true],
    ["the 2007-08 season", "the 2007 season", false],
    ["in 2019-12", "from 2019 to 2012", false],
    ["2,019 users", "startDate 2019-03", false],
    ["2019 users", "2,019 users", true],
    ["Q3 2022", "in 2022", true],
    ["2021-03", "2021-03-15", true],
    ["2021-03-15", "2021-03", false],
    ["#42", "PR 42", true],
    ["+1 555 0100", "phone: +1 (555) 0100", true],
    ["+1 555 0100", "phone: +1 555 0199", false],
    ["3-5 years", "3 to 5 years", true],
    ["3-5 years", "5 years", false],
    // One currency in any form, both ways; never another currency
    ["$ 160 million", "160 million dollars", true],
    ["160 million dollars", "$ 160 million", true],
    ["USD 5m", "$5M", true],
    ["5m USD", "5 million US dollars", true],
    ["5 million US dollars", "USD 5,000,000", true],
    ["USD 6m", "$5M", false],
    ["CA$5", "$5", false],
    ["2.74 euros", "€2.74", true],
    ["€ 2.74", "EUR 2.74", true],
    ["289 pounds", "£289", true],
    ["GBP 289", "289 pounds", true],
    ["289 pounds", "$289", false],
    // Ages are counts: a source's 39 backs them, a span of dates does not
    ["a 39-year-old", "39 years old", true],
    ["39 years old", "aged 39", true],
    ["a 39-year-old", "38 years old", false],
    ["a 39-year-old", "39 years", false],
    // Short year ranges and the years they stand for
    ["2007–11", "from 2007 to 2011", true],
    ["from 2007 to 2011", "2007–11", true],
    ["2007 -- 11", "2007—11", true],
    ["2007–12", "from 2007 to 2011", false],
    // Rates in any spelling; what a rate counts, but not a rate from a count
    ["15,000 orders a minute", "15,000 orders per minute", true],
    ["900,000 orders an hour", "15,000 orders/min", true],
    ["15,000 orders", "15,000 orders a minute", true],
    ["15,000 orders a minute", "15,000 orders", false],
    ["0.45 s", "450 ms", true],
    ["450 ms", "0.45 s", true],
    ["2 GB", "2GB", true],
  ])("%s ← %s: %s", (output, source, expected) => {
    expect(grounded(output, source)).toBe(expected);
  });

  it("with no source numbers every figure is ungrounded", () => {
    const [m] = findNumbers("40% faster", catalog);
    expect(isGrounded(m!, [])).toBe(false);
    expect(ground(m!, [])).toEqual({ status: "ungrounded", nearest: [] });
  });

  it("reports a loose reading as approximate, not grounded", () => {
    const status = (output: string, source: string) =>
      ground(findNumbers(output, catalog)[0]!, sourceNumbers(source, ref, catalog)).status;
    expect(status("~40%", "41.5%")).toBe("approximate");
    expect(status("about 40%", "40.4%")).toBe("grounded");
    expect(status("about 40%", "47%")).toBe("ungrounded");
    expect(status("up to 10x", "3x")).toBe("approximate");
    expect(status("up to 10x", "12x")).toBe("ungrounded");
  });

  it("names the nearest sources when it finds none", () => {
    const [m] = findNumbers("40% faster", catalog);
    const g = ground(m!, sourceNumbers("38% faster, 12% cheaper, 90% covered, 7 teams", ref, catalog));
    expect(g.status).toBe("ungrounded");
    expect(g.status === "ungrounded" && g.nearest.map((s) => s.raw)).toEqual(["38%", "12%", "90%"]);
  });

  it("accepts a prepared index", () => {
    const index = new NumberIndex(sourceNumbers("1,200 users", ref, catalog));
    expect(isGrounded(findNumbers("1.2k users", catalog)[0]!, index)).toBe(true);
  });
});

describe("derive: a percentage or multiplier from two figures of one sentence", () => {
  const sentence = (text: string) => sentenceFigures(text, { source: "fact", ref: "kb-1" }, catalog);
  const derived = (claim: string, ...sentences: string[]) => {
    const [m] = findNumbers(claim, catalog);
    const d = derive(m!, sentences.map(sentence));
    return d && `${d.how} ${Number(d.value.toPrecision(4))} from ${d.from.map((s) => s.raw).join(", ")}`;
  };

  it.each([
    ["cut latency by 83%", "Latency went from 820 ms to 140 ms.", "reduction 82.93 from 820 ms, 140 ms"],
    ["grew the fleet by 150%", "The fleet grew from 20 to 50 nodes.", "increase 150 from 50, 20"],
    ["40% of the fleet", "20 of the 50 nodes run Go.", "share 40 from 50, 20"],
    ["5.9x lower latency", "Latency went from 820 ms to 140 ms.", "ratio 5.857 from 820 ms, 140 ms"],
    ["about 79% cheaper", "The bill fell from $10,000 to $2,100.", "reduction 79 from $10,000, $2,100"],
    ["up 5 percentage points", "Conversion went from 40% to 45%.", "difference 5 from 45%, 40%"],
    ["a 2.5pp drop", "Churn fell from 7.5% to 5% a month.", "difference 2.5 from 7.5%, 5%"],
  ])("%s from %j: %s", (claim, source, expected) => {
    expect(derived(claim, source)).toBe(expected);
  });

  it.each([
    ["rounding past the written precision", "cut latency by 80%", ["Latency went from 820 ms to 140 ms."]],
    ["two sentences", "cut latency by 75%", ["Latency was 800 ms.", "Now it is 200 ms."]],
    ["two units", "cut it by 75%", ["It cost $800 and served 200 users."]],
    ["years are not quantities", "grew 50%", ["From 2014 to 2021 we grew."]],
    ["a bound is not derived", "over 80% faster", ["Latency went from 820 ms to 140 ms."]],
    ["a bare count is not derived", "cut latency to 83", ["Latency went from 820 ms to 140 ms."]],
    ["percentages are not combined", "a 50% rise", ["Uptime went from 40% to 60%."]],
    ["counts of two things", "cut costs by 50%", ["Led a team of 6 engineers across 3 time zones."]],
    ["percentage points from counts", "up 30 percentage points", ["The fleet grew from 20 to 50 nodes."]],
    ["a percentage from percentages", "up 12.5%", ["Conversion went from 40% to 45%."]],
    ["counts far apart", "grew by 150%", ["We had 20 nodes in March and by June the fleet had 50 nodes."]],
  ])("nothing for %s", (_why, claim, sources) => {
    expect(derived(claim, ...sources)).toBeUndefined();
  });
});

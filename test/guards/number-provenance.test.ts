import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { type Catalog, defaultCatalog } from "../../extractors/catalog.js";
import type { ExtractResult } from "../../core/truth.js";
import { applyEdits, revert } from "../../guards/apply.js";
import { NUM_REDACTED, numberProvenance } from "../../guards/number-provenance.js";
import { findNumbers, ground } from "../../guards/numbers/index.js";
import { derive } from "../../guards/numbers/derive.js";
import { allowedNumbers, sentenceNumbers } from "../../guards/numbers/sources.js";
import type { JsonResume } from "../../core/resume.js";
import type { GuardContext, TextTarget } from "../../guards/types.js";
import type { Fact } from "../../core/chunk.js";
import { testTextGuard, textFindings } from "./rule-tester.js";

const profile: JsonResume = {
  basics: {
    name: "Ada Example",
    label: "Platform engineer",
    summary: "Platform engineer who likes boring infrastructure.",
    phone: "+1 555 0100",
  },
  work: [
    {
      name: "Acme",
      position: "Staff Engineer",
      startDate: "2019-03",
      highlights: [
        "Reduced p95 latency from 820 ms to 140 ms",
        "Cut AWS spend by 23.4%",
        "Led a team of 6 engineers across 3 time zones",
        "Grew the platform to 1,200 services",
      ],
    },
    { name: "Initech", position: "Engineer", startDate: "2016-01", endDate: "2019-02" },
  ],
  meta: { lastModified: "2024-06-01" },
};

const facts: Fact[] = [
  {
    id: "kb-checkout",
    text: "Checkout handles 2.5k req/s at peak with 0.9995 availability.",
    kind: "production",
  },
  { id: "kb-pages", text: "The migration left 38% fewer pages to on-call.", kind: "docs" },
  { id: "kb-storage", text: "Each node caches 250 MB of sessions.", kind: "production" },
  { id: "kb-example", text: "Example: this sample app scales to 10,000 users.", kind: "example" },
];

const truth: ExtractResult = {
  repos: [],
  technologies: [],
  docClaims: [
    {
      repo: "acme/api",
      path: "README.md",
      line: 12,
      technology: "kubernetes",
      text: "Runs on 40 nodes.",
      stale: true,
    },
  ],
  warnings: [],
};

const sources = { profile, facts, truth };

testTextGuard(numberProvenance, {
  valid: [
    { name: "no numbers at all", text: "Built boring, reliable infrastructure." },
    { name: "no numbers and no sources", text: "Built boring infrastructure.", context: {} },
    {
      name: "latency as written in the profile",
      text: "Cut p95 latency from 820ms to 140ms.",
      context: sources,
    },
    { name: "rounded to the written precision", text: "Cut AWS spend by 23%.", context: sources },
    { name: "thousands written another way", text: "Grew the platform to 1.2k services.", context: sources },
    { name: "a bound a source satisfies", text: "Runs over 1,000 services.", context: sources },
    { name: "plus bound", text: "Runs 1,000+ services.", context: sources },
    { name: "number word from a digit", text: "Led six engineers in three time zones.", context: sources },
    { name: "rate in another spelling", text: "Serves 2,500 requests per second.", context: sources },
    { name: "ratio as a percentage", text: "Keeps checkout at 99.95% availability.", context: sources },
    { name: "truth doc claims are facts", text: "Ran 40 nodes.", context: sources },
    { name: "a year from a start date", text: "At Acme since 2019.", context: sources },
    { name: "a duration the dates cover", text: "5 years at Acme.", context: sources },
    { name: "a lower-bound duration", text: "Over 8 years of platform work.", context: sources },
    {
      name: "names, versions and identifiers",
      text: "Python 3.12 and Node.js 20 on EC2, S3 and Route 53, OAuth2, K8s, p99 alerts, 24/7 on-call, v2 API, x86 and IPv6, release 1.4.2.",
      context: sources,
    },
    {
      name: "the candidate's own wording",
      text: "Grew signups 40%.",
      original: "Grew signups by 40 percent.",
    },
    { name: "phone from the profile", text: "Call +1 (555) 0100.", context: sources },
    { name: "year in a quarter", text: "Shipped in Q3 2024.", context: sources },
  ],
  invalid: [
    {
      name: "an invented percentage",
      text: "Cut AWS spend by 40%.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "40%", action: "redact" }],
      output: `Cut AWS spend by ${NUM_REDACTED}.`,
    },
    {
      name: "rounding up is an inflation",
      text: "Paged 40% less.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "40%", action: "redact" }],
      output: `Paged ${NUM_REDACTED} less.`,
    },
    {
      name: "currency and scale go with the number",
      text: "Saved $2M in a year.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "$2M", action: "redact" }],
      output: `Saved ${NUM_REDACTED} in a year.`,
    },
    {
      name: "the bound word stays",
      text: "Served over 10,000 users.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "10,000", action: "redact" }],
      output: `Served over ${NUM_REDACTED} users.`,
    },
    {
      name: "plus is part of the number",
      text: "Runs 5,000+ services.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "5,000+", action: "redact" }],
      output: `Runs ${NUM_REDACTED} services.`,
    },
    {
      name: "a reduction derived from one profile sentence is kept and recorded",
      text: "Cut p95 latency by 83%.",
      context: sources,
      findings: [{ rule: "derived-number", actual: "83%", action: "annotate" }],
      output: "Cut p95 latency by 83%.",
    },
    {
      name: "a multiplier derived from one profile sentence is kept and recorded",
      text: "Made p95 latency 5.9x lower.",
      context: sources,
      findings: [{ rule: "derived-number", actual: "5.9x", action: "annotate" }],
      output: "Made p95 latency 5.9x lower.",
    },
    {
      name: "a derived figure is held to its written precision",
      text: "Cut p95 latency by 80%.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "80%", action: "redact" }],
      output: `Cut p95 latency by ${NUM_REDACTED}.`,
    },
    {
      name: "percentage points derived from two percentages of one sentence",
      text: "Raised checkout conversion by 5 percentage points.",
      context: {
        facts: [{ id: "kb-1", text: "Checkout conversion went from 40% to 45% after the redesign." }],
      },
      findings: [{ rule: "derived-number", actual: "5 percentage points", action: "annotate" }],
      output: "Raised checkout conversion by 5 percentage points.",
    },
    {
      name: "percentage points are not a bare count",
      text: "Raised conversion by 3 percentage points.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "3 percentage points", action: "redact" }],
      output: `Raised conversion by ${NUM_REDACTED}.`,
    },
    {
      name: "counts of two things derive nothing",
      text: "Cut costs by 50%.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "50%", action: "redact" }],
      output: `Cut costs by ${NUM_REDACTED}.`,
    },
    {
      name: "figures of two sentences derive nothing",
      text: "Cut checkout latency by 75%.",
      context: { facts: [{ id: "kb-1", text: "Checkout took 800 ms. A year later the API took 200 ms." }] },
      findings: [{ rule: "ungrounded-number", actual: "75%", action: "redact" }],
      output: `Cut checkout latency by ${NUM_REDACTED}.`,
    },
    {
      name: "figures of two units derive nothing",
      text: "Cut the bill by 75%.",
      context: { facts: [{ id: "kb-1", text: "The bill was $800 and we served 200 requests." }] },
      findings: [{ rule: "ungrounded-number", actual: "75%", action: "redact" }],
      output: `Cut the bill by ${NUM_REDACTED}.`,
    },
    {
      name: "example facts derive nothing",
      text: "Cut latency by 75%.",
      context: {
        facts: [{ id: "kb-1", text: "The sample cut latency from 800 ms to 200 ms.", kind: "example" }],
      },
      findings: [{ rule: "ungrounded-number", actual: "75%", action: "redact" }],
      output: `Cut latency by ${NUM_REDACTED}.`,
    },
    {
      name: "a unit stays attached",
      text: "Cut latency to 90 ms.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "90 ms", action: "redact" }],
      output: `Cut latency to ${NUM_REDACTED}.`,
    },
    {
      name: "a unit mismatch",
      text: "Cut latency to 250ms.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "250ms", action: "redact" }],
      output: `Cut latency to ${NUM_REDACTED}.`,
    },
    {
      name: "a scaled figure is redacted whole",
      text: "Processed 4.2M events.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "4.2M", action: "redact" }],
      output: `Processed ${NUM_REDACTED} events.`,
    },
    {
      name: "a duration the dates do not cover",
      text: "6 years at Acme.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "6 years", action: "redact" }],
      output: `${NUM_REDACTED} at Acme.`,
    },
    {
      name: "a range sharing its unit goes whole",
      text: "Mentored for 3-12 months.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "3-12 months", action: "redact" }],
      output: `Mentored for ${NUM_REDACTED}.`,
    },
    {
      name: "a number word is a number",
      text: "Led twelve engineers.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "twelve", action: "redact" }],
      output: `Led ${NUM_REDACTED} engineers.`,
    },
    {
      name: "an example chunk backs nothing",
      text: "Scaled to 10,000 users.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "10,000", action: "redact" }],
      output: `Scaled to ${NUM_REDACTED} users.`,
    },
    {
      name: "only the metric next to a version",
      text: "Moved to Python 3.12 for 35% lower cost.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "35%", action: "redact" }],
      output: `Moved to Python 3.12 for ${NUM_REDACTED} lower cost.`,
    },
    {
      name: "no sources: every number is ungrounded",
      text: "Made it 3x faster for 1,200 users.",
      findings: [
        { rule: "ungrounded-number", actual: "3x", action: "redact" },
        { rule: "ungrounded-number", actual: "1,200", action: "redact" },
      ],
      output: `Made it ${NUM_REDACTED} faster for ${NUM_REDACTED} users.`,
    },
    {
      name: "a comma list is redacted whole when one part is unbacked",
      text: "Ranked 3,6,41 in three surveys.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "3,6,41", action: "redact" }],
      output: `Ranked ${NUM_REDACTED} in three surveys.`,
    },
    {
      name: "an invented date",
      text: "Joined Acme in 2018-07.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "2018-07", action: "redact" }],
      output: `Joined Acme in ${NUM_REDACTED}.`,
    },
  ],
});

// ---- reading model-written text without cutting the truth (issue 13) ----

/** Money in one form each: symbols, names and codes ground one another when value and currency agree. */
const money = {
  facts: [
    { id: "kb-round", text: "Raised $160 million in the Series C." },
    { id: "kb-price", text: "The plan costs €2.74 for each seat." },
    { id: "kb-licence", text: "A licence is 289 pounds." },
    { id: "kb-deal", text: "Closed a 5 million US dollars deal." },
    { id: "kb-budget", text: "The budget was ¥ 800,000." },
  ],
};
/** Years as a range written out, and as a short range. */
const years = {
  facts: [
    { id: "kb-initech", text: "At Initech from 2007 to 2011." },
    { id: "kb-globex", text: "At Globex 1998-99, then 2013–15." },
  ],
};
/** An age stated once, and work dates that span 39 years (a duration an age must never borrow). */
const ages = {
  profile: {
    basics: { name: "Ada Example", summary: "Engineer, 38 years old." },
    work: [{ name: "Acme", position: "Engineer", startDate: "1985-01", endDate: "2024-02" }],
  } satisfies JsonResume,
};
/** Rates, a latency and a size, each in one spelling. */
const CLOCK = {
  facts: [
    {
      id: "kb-clock",
      text: "Releases ship at 8pm; the pager rota starts at 6.30am and the 9km route carries 20kg parcels.",
    },
  ],
};
const rates = {
  facts: [
    {
      id: "kb-checkout",
      text: "Checkout takes 15,000 orders per minute, answers in 0.45 s and caches 2 GB per node.",
    },
    { id: "kb-saving", text: "The rewrite saved $2M a year." },
  ],
};
/** Numbered lists in a source: their markers back nothing. */
const listed = {
  facts: [{ id: "kb-list", text: "1. Ran the platform.\n2. Led 6 engineers.\n(3) Ran 40 nodes." }],
};

testTextGuard(numberProvenance, {
  valid: [
    // 1. Numbered-list markers
    {
      name: "list markers at line starts are no figures",
      text: "1. Led 6 engineers\n2. Cut AWS spend by 23.4%\n3) Ran 40 nodes\n(4) Grew to 1,200 services",
      context: sources,
    },
    {
      name: "list markers after a bullet or indentation",
      text: "- 7. Ran 40 nodes\n  * 8) Led 6 engineers\n    9. Grew to 1,200 services",
      context: sources,
    },
    { name: "a list marker at the very start of the text", text: "12. Ran 40 nodes.", context: sources },
    { name: "a list marker after a CRLF", text: "Highlights:\r\n5. Ran 40 nodes.", context: sources },
    // 2. Currency
    { name: "a symbol set apart from its figure", text: "Raised $ 160 million.", context: money },
    { name: "a dollar amount as a name", text: "Raised 160 million dollars.", context: money },
    { name: "a dollar amount as US dollars", text: "Raised 160 million US dollars.", context: money },
    { name: "a code before the figure", text: "Raised USD 160m.", context: money },
    { name: "a code after the figure", text: "Raised 160m USD.", context: money },
    { name: "a dollar symbol with its country", text: "Raised US$160M.", context: money },
    { name: "euros by name for a euro symbol", text: "The plan costs 2.74 euros a seat.", context: money },
    { name: "a euro code before", text: "The plan costs EUR 2.74.", context: money },
    { name: "a euro symbol set apart", text: "The plan costs € 2.74.", context: money },
    { name: "a euro symbol after the figure", text: "The plan costs 2.74 €.", context: money },
    { name: "pounds by symbol for pounds by name", text: "A licence is £289.", context: money },
    { name: "a pound symbol set apart", text: "A licence is £ 289.", context: money },
    { name: "a pound code before", text: "A licence is GBP 289.", context: money },
    { name: "pounds sterling", text: "A licence is 289 pounds sterling.", context: money },
    { name: "US dollars by name ground a dollar symbol", text: "Closed a $5M deal.", context: money },
    { name: "US dollars by name ground a code", text: "Closed a USD 5m deal.", context: money },
    { name: "yen by name for a spaced yen symbol", text: "The budget was 800,000 yen.", context: money },
    // 3. Ages
    { name: "an age as an adjective", text: "A 38-year-old engineer.", context: ages },
    { name: "an age in words after", text: "An engineer, 38 years old.", context: ages },
    { name: "an age after aged", text: "An engineer aged 38.", context: ages },
    { name: "an age after age", text: "An engineer, age 38.", context: ages },
    { name: "an age with its years after aged", text: "An engineer aged 38 years.", context: ages },
    {
      name: "experience the dates cover is still a duration",
      text: "39 years of experience.",
      context: ages,
    },
    // 4. Short year ranges
    { name: "a short year range with an en dash", text: "Initech, 2007–11.", context: years },
    { name: "a short year range with a spaced en dash", text: "Initech, 2007 – 11.", context: years },
    { name: "a short year range with a double hyphen", text: "Initech, 2007 -- 11.", context: years },
    { name: "a short year range with an em dash", text: "Initech, 2007—11.", context: years },
    { name: "a short year range whose end is no month", text: "Globex, 1998-99.", context: years },
    {
      name: "a short year range with a hyphen whose end could be a month",
      text: "Initech, 2007-11.",
      context: years,
    },
    {
      name: "a short year range grounds a written-out one",
      text: "Globex from 2013 to 2015.",
      context: years,
    },
    // 5. Rates and spaced units
    { name: "a rate with a", text: "Checkout takes 15,000 orders a minute.", context: rates },
    { name: "a rate with each", text: "Checkout takes 15,000 orders each minute.", context: rates },
    { name: "a rate with every", text: "Checkout takes 15,000 orders every minute.", context: rates },
    { name: "a rate with a slash", text: "Checkout takes 15,000 orders/min.", context: rates },
    { name: "a rate in another time unit", text: "Checkout takes 900,000 orders an hour.", context: rates },
    { name: "a rate per second", text: "Checkout takes 250 orders a second.", context: rates },
    { name: "seconds spaced as milliseconds", text: "Checkout answers in 450 ms.", context: rates },
    { name: "seconds spaced as glued milliseconds", text: "Checkout answers in 450ms.", context: rates },
    { name: "seconds spaced and glued", text: "Checkout answers in 0.45s.", context: rates },
    { name: "bytes glued for bytes spaced", text: "Each node caches 2GB.", context: rates },
    { name: "bytes in another scale", text: "Each node caches 2,000 MB.", context: rates },
    { name: "what a rate counts", text: "The rewrite saved $2M.", context: rates },
    {
      name: "a time that goes on is no rate",
      text: "Took 15,000 orders a day after launch.",
      context: rates,
    },
    // Times of day, mass and length, spaced or glued
    { name: "a time of day written spaced", text: "Shipped releases at 8 pm.", context: CLOCK },
    { name: "a time of day with a colon", text: "Paged from 6:30 am.", context: CLOCK },
    { name: "a time of day on the 24-hour clock", text: "Shipped releases at 20:00.", context: CLOCK },
    { name: "mass and length spaced", text: "Routed 20 kg parcels over 9 km.", context: CLOCK },
  ],
  invalid: [
    {
      name: "a time of day no source states",
      text: "Shipped releases at 9 pm.",
      context: CLOCK,
      findings: [{ rule: "ungrounded-number", actual: "9 pm", action: "redact" }],
      output: `Shipped releases at ${NUM_REDACTED}.`,
    },
    {
      name: "a time of day with minutes the source does not have",
      text: "Shipped releases at 8:30 pm.",
      context: CLOCK,
      findings: [{ rule: "ungrounded-number", actual: "8:30 pm", action: "redact" }],
      output: `Shipped releases at ${NUM_REDACTED}.`,
    },
    {
      name: "a mass no source states",
      text: "Routed 25 kg parcels.",
      context: CLOCK,
      findings: [{ rule: "ungrounded-number", actual: "25 kg", action: "redact" }],
      output: `Routed ${NUM_REDACTED} parcels.`,
    },

    // 1. Numbered-list markers
    {
      name: "a list marker stays, a figure on its line goes",
      text: "1. Ran 40 nodes\n7. Ran 7 services",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "7", action: "redact" }],
      output: `1. Ran 40 nodes\n7. Ran ${NUM_REDACTED} services`,
    },
    {
      name: "a source's list markers back nothing",
      text: "Led 2 teams and 6 engineers.",
      context: listed,
      findings: [{ rule: "ungrounded-number", actual: "2", action: "redact" }],
      output: `Led ${NUM_REDACTED} teams and 6 engineers.`,
    },
    {
      name: "a number and a dot inside a line is a figure",
      text: "Ranked 9. Then left.",
      context: sources,
      findings: [{ rule: "ungrounded-number", actual: "9", action: "redact" }],
      output: `Ranked ${NUM_REDACTED}. Then left.`,
    },
    // 2. Currency
    {
      name: "a code for another amount",
      text: "Closed a USD 6m deal.",
      context: money,
      findings: [{ rule: "ungrounded-number", actual: "USD 6m", action: "redact" }],
      output: `Closed a ${NUM_REDACTED} deal.`,
    },
    {
      name: "a spaced symbol for another amount",
      text: "A licence is £ 290.",
      context: money,
      findings: [{ rule: "ungrounded-number", actual: "£ 290", action: "redact" }],
      output: `A licence is ${NUM_REDACTED}.`,
    },
    {
      name: "euros by name for another amount",
      text: "The plan costs 2.75 euros.",
      context: money,
      findings: [{ rule: "ungrounded-number", actual: "2.75 euros", action: "redact" }],
      output: `The plan costs ${NUM_REDACTED}.`,
    },
    {
      name: "the same amount in another currency",
      text: "Raised 160 million pounds.",
      context: money,
      findings: [{ rule: "ungrounded-number", actual: "160 million pounds", action: "redact" }],
      output: `Raised ${NUM_REDACTED}.`,
    },
    {
      name: "Canadian dollars are not US dollars",
      text: "Raised CA$160M.",
      context: money,
      findings: [{ rule: "ungrounded-number", actual: "CA$160M", action: "redact" }],
      output: `Raised ${NUM_REDACTED}.`,
    },
    {
      name: "a code after another amount",
      text: "Closed a 6m USD deal.",
      context: money,
      findings: [{ rule: "ungrounded-number", actual: "6m USD", action: "redact" }],
      output: `Closed a ${NUM_REDACTED} deal.`,
    },
    // 3. Ages
    {
      name: "an age no source states",
      text: "A 39-year-old engineer.",
      context: ages,
      findings: [{ rule: "ungrounded-number", actual: "39", action: "redact" }],
      output: `A ${NUM_REDACTED}-year-old engineer.`,
    },
    {
      name: "an age in words no source states",
      text: "An engineer, 39 years old.",
      context: ages,
      findings: [{ rule: "ungrounded-number", actual: "39", action: "redact" }],
      output: `An engineer, ${NUM_REDACTED} years old.`,
    },
    {
      name: "an age with its years no source states",
      text: "An engineer aged 39 years.",
      context: ages,
      findings: [{ rule: "ungrounded-number", actual: "39", action: "redact" }],
      output: `An engineer aged ${NUM_REDACTED} years.`,
    },
    {
      name: "experience the dates do not cover",
      text: "40 years of experience.",
      context: ages,
      findings: [{ rule: "ungrounded-number", actual: "40 years", action: "redact" }],
      output: `${NUM_REDACTED} of experience.`,
    },
    // 4. Short year ranges
    {
      name: "a short year range that ends a year late",
      text: "Initech, 2007–12.",
      context: years,
      findings: [{ rule: "ungrounded-number", actual: "2007–12", action: "redact" }],
      output: `Initech, ${NUM_REDACTED}.`,
    },
    {
      name: "a spaced short year range that starts a year early",
      text: "Initech, 2006 – 11.",
      context: years,
      findings: [{ rule: "ungrounded-number", actual: "2006 – 11", action: "redact" }],
      output: `Initech, ${NUM_REDACTED}.`,
    },
    {
      name: "a year and a month with a hyphen is a date, or a short year range neither of which is backed",
      text: "Joined Initech 2007-10.",
      context: years,
      findings: [{ rule: "ungrounded-number", actual: "2007-10", action: "redact" }],
      output: `Joined Initech ${NUM_REDACTED}.`,
    },
    {
      name: "a written-out range a short one does not back",
      text: "Globex from 2013 to 2016.",
      context: years,
      findings: [{ rule: "ungrounded-number", actual: "2016", action: "redact" }],
      output: `Globex from 2013 to ${NUM_REDACTED}.`,
    },
    // 5. Rates and spaced units
    {
      name: "another rate with a",
      text: "Checkout takes 16,000 orders a minute.",
      context: rates,
      findings: [{ rule: "ungrounded-number", actual: "16,000 orders a minute", action: "redact" }],
      output: `Checkout takes ${NUM_REDACTED}.`,
    },
    {
      name: "the same count in another time",
      text: "Checkout takes 15,000 orders a second.",
      context: rates,
      findings: [{ rule: "ungrounded-number", actual: "15,000 orders a second", action: "redact" }],
      output: `Checkout takes ${NUM_REDACTED}.`,
    },
    {
      name: "another spaced latency",
      text: "Checkout answers in 0.5 s.",
      context: rates,
      findings: [{ rule: "ungrounded-number", actual: "0.5 s", action: "redact" }],
      output: `Checkout answers in ${NUM_REDACTED}.`,
    },
    {
      name: "another spaced size",
      text: "Each node caches 3 GB.",
      context: rates,
      findings: [{ rule: "ungrounded-number", actual: "3 GB", action: "redact" }],
      output: `Each node caches ${NUM_REDACTED}.`,
    },
    {
      name: "a rate no source states is not backed by its count",
      text: "The rewrite saved $2M a month.",
      context: rates,
      findings: [{ rule: "ungrounded-number", actual: "$2M a month", action: "redact" }],
      output: `The rewrite saved ${NUM_REDACTED}.`,
    },
  ],
});

let catalog: Catalog;
beforeAll(async () => {
  catalog = await defaultCatalog();
});

const contextOf = (parts: Partial<GuardContext> & { asOf?: string } = {}): GuardContext =>
  ({ catalog, facts: [], ...parts }) as GuardContext;
const target = (text: string, original?: string): TextTarget => ({
  field: "work[0].highlights[0]",
  text,
  role: "prose",
  ...(original !== undefined ? { original } : {}),
});

describe("number-provenance: findings", () => {
  it("says why, and what would have grounded it", () => {
    const [f] = textFindings(numberProvenance, target("Cut AWS spend by 40%."), contextOf(sources));
    expect(f).toEqual({
      guard: "number-provenance",
      rule: "ungrounded-number",
      action: "redact",
      field: "work[0].highlights[0]",
      reason:
        '"40%" appears in no profile value or grounding fact (nearest source figures: 38%, 23.4%, 0.9995).',
      actual: "40%",
      expected: ["38%", "23.4%", "0.9995"],
      evidence: [],
      edit: { range: [17, 20], text: NUM_REDACTED },
    });
  });

  it("explains a bound", () => {
    const [f] = textFindings(numberProvenance, target("Runs over 5,000 services."), contextOf(sources));
    expect(f?.reason).toBe(
      '"5,000" is written as a lower bound, but no profile value or grounding fact is at least that large ' +
        "(nearest source figures: 2.5k req/s, 1,200, 40).",
    );
  });

  it("reports an approximate figure without an edit, with its evidence", () => {
    const context = contextOf({ facts: [{ id: "kb-1", text: "Conversion rose 41.5% after the redesign." }] });
    expect(textFindings(numberProvenance, target("Conversion rose ~40%."), context)).toEqual([
      {
        guard: "number-provenance",
        rule: "approximate-number",
        action: "annotate",
        field: "work[0].highlights[0]",
        reason: '"40%" is written as approximate and the closest source figure is 41.5%; left for review.',
        actual: "40%",
        expected: ["41.5%"],
        evidence: [{ source: "fact", ref: "kb-1", text: "Conversion rose 41.5% after the redesign." }],
      },
    ]);
  });

  it("records a derived figure with both sources, and derives from the candidate's own wording too", () => {
    const context = contextOf({ facts: [{ id: "kb-1", text: "Deploys went from 45 to 6 minutes." }] });
    expect(textFindings(numberProvenance, target("Deploys are 87% faster."), context)).toEqual([
      {
        guard: "number-provenance",
        rule: "derived-number",
        action: "annotate",
        field: "work[0].highlights[0]",
        reason:
          '"87%" is stated by no source, but follows from "45" and "6 minutes" in one sentence of fact kb-1 (a reduction of 86.7%): kept, and recorded as derived for the verifier or a person to confirm.',
        actual: "87%",
        expected: ["45", "6 minutes"],
        evidence: [
          { source: "fact", ref: "kb-1", text: "Deploys went from 45 to 6 minutes." },
          { source: "fact", ref: "kb-1", text: "Deploys went from 45 to 6 minutes." },
        ],
      },
    ]);
    const own = { ...target("Grew signups 3x."), original: "Grew signups from 2,000 to 6,000." };
    expect(textFindings(numberProvenance, own, contextOf({})).map((f) => [f.rule, f.actual])).toEqual([
      ["derived-number", "3x"],
    ]);
  });

  it("derives a figure stated after a range that held the same value", () => {
    const context = contextOf({ facts: [{ id: "kb-1", text: "The fleet went from 50 to 30 nodes." }] });
    const findings = textFindings(numberProvenance, target("Cut the fleet 30-40%, then by 40%."), context);
    expect(findings.map((f) => [f.rule, f.actual])).toEqual([
      ["ungrounded-number", "30-40%"],
      ["derived-number", "40%"],
    ]);
    expect(findings.map((f) => f.reason)).toEqual([
      '"30" appears in no profile value or grounding fact; the range "30-40%" is redacted whole.',
      '"40%" is stated by no source, but follows from "50" and "30" in one sentence of fact kb-1 (a reduction of 40%): kept, and recorded as derived for the verifier or a person to confirm.',
    ]);
  });

  it("reports an unreached `up to` without an edit", () => {
    const context = contextOf({ facts: [{ id: "kb-1", text: "Batch jobs ran 3x faster." }] });
    const findings = textFindings(numberProvenance, target("Up to 10x faster batch jobs."), context);
    expect(findings.map((f) => [f.rule, f.action, f.edit])).toEqual([
      ["approximate-number", "annotate", undefined],
    ]);
    expect(findings[0]?.reason).toBe(
      '"10x" is written as "up to", but the closest source figure below it is 3x; left for review.',
    );
  });

  it("reads an open end date as the latest date any source mentions", () => {
    const open: JsonResume = { work: [{ name: "Acme", startDate: "2019-03" }] };
    const check = (text: string, parts: Partial<GuardContext> & { asOf?: string }) =>
      textFindings(numberProvenance, target(text), contextOf(parts)).map((f) => f.actual);
    // Nothing later than the start date: the span is empty, so no duration is covered.
    expect(check("5 years at Acme.", { profile: open })).toEqual(["5 years"]);
    // A fact mentioning 2024-06 moves "present" there: 5 years 3 months.
    const later: Fact[] = [{ id: "kb-1", text: "Status report, 2024-06." }];
    expect(check("5 years at Acme.", { profile: open, facts: later })).toEqual([]);
    expect(check("6 years at Acme.", { profile: open, facts: later })).toEqual(["6 years"]);
    // A caller-provided asOf wins.
    expect(check("6 years at Acme.", { profile: open, asOf: "2025-04-01" })).toEqual([]);
    expect(check("7 years at Acme.", { profile: open, asOf: "2025-04-01" })).toEqual(["7 years"]);
    // Durations are read at their written precision: 63 months of dates back "63 months", not "60 months".
    expect(check("63 months at Acme.", { profile: open, facts: later })).toEqual([]);
    expect(check("60 months at Acme.", { profile: open, facts: later })).toEqual(["60 months"]);
  });

  it("memoises the allowed set per context and never mutates inputs", () => {
    const context = contextOf(structuredClone(sources));
    const before = JSON.stringify(context);
    const first = allowedNumbers(context);
    textFindings(numberProvenance, target("Cut AWS spend by 40%."), context);
    expect(allowedNumbers(context)).toBe(first);
    expect(JSON.stringify(context)).toBe(before);
    expect(allowedNumbers(contextOf(sources))).not.toBe(first);
  });

  it("uses the catalog for names: Route 53 is not a metric, 53 elsewhere is", () => {
    const findings = textFindings(numberProvenance, target("Route 53 zones for 53 teams."), contextOf());
    expect(findings.map((f) => f.actual)).toEqual(["53"]);
  });
});

// ---- properties ----

/** `FC_RUNS=5000 npx vitest run …` for a longer search. */
const RUNS = Number(process.env.FC_RUNS ?? 300);

/** A figure as a writer might format it: plain, grouped, scaled, with units and bounds. */
const figure = fc
  .tuple(
    fc.oneof(fc.integer({ min: 0, max: 5_000_000 }), fc.double({ min: 0, max: 1000, noNaN: true })),
    fc.constantFrom("", "%", "x", " ms", "ms", " MB", "k", "M", " million", "+", " years"),
    fc.constantFrom("", "", "$", "over ", "under ", "about ", "up to ", "~"),
    fc.constantFrom("plain", "grouped", "fixed1"),
  )
  .map(([value, suffix, prefix, style]) => {
    const digits =
      style === "grouped"
        ? Math.round(value).toLocaleString("en-US")
        : style === "fixed1"
          ? value.toFixed(1)
          : String(Math.round(value));
    return `${prefix}${digits}${suffix}`;
  });

const filler = fc.constantFrom(
  "Cut latency",
  "for",
  "users on Python 3.12",
  "with S3 and Route 53",
  "across",
  "teams,",
  "reducing cost by",
  "in Q3",
  "and",
  "24/7 on-call;",
  "since",
  "twelve",
  "requests per second",
  "-",
  "to",
  "twenty-five",
  "two hundred",
  "2021-03",
  "03/2021",
  "2019-21",
  "+1 555 0100",
  "#42",
  "1st",
  "v2",
  "p99",
  "1.4.2",
  "https://example.com/2021/7",
  "[NUM_REDACTED]",
  // Issue 13: list markers, currencies apart from their figures, ages, short year ranges, rates.
  "\n1.",
  "\n- 2)",
  "(3)",
  "$",
  "USD",
  "euros",
  "US dollars",
  "pounds sterling",
  "Rs.",
  "€",
  "a minute",
  "orders each hour",
  "-year-old",
  "years old",
  "aged",
  "2007–11",
  "2001 -- 07",
);

/** Pieces joined by spaces, or glued with the punctuation that changes how figures read (`3-5 years`, `1,2`). */
const separator = fc.constantFrom(
  " ",
  " ",
  " ",
  "",
  "-",
  "–",
  "/",
  ", ",
  ",",
  ".",
  " to ",
  "+",
  "#",
  "$",
  "~",
  "x",
  "\n",
  " – ",
  "\n  ",
);
const prose = fc
  .array(fc.tuple(fc.oneof(figure, filler), separator), { minLength: 1, maxLength: 24 })
  .map((parts) => parts.map(([part, sep]) => part + sep).join(""));

function runGuard(text: string, context: GuardContext) {
  const findings = textFindings(numberProvenance, target(text), context);
  return { findings, ...applyEdits(text, findings) };
}

describe("number-provenance: properties", () => {
  it("no number outside the allowed set survives", () => {
    fc.assert(
      fc.property(prose, fc.array(figure, { maxLength: 8 }), fc.boolean(), (text, allowed, withProfile) => {
        const context = contextOf({
          facts: [{ id: "f", text: allowed.join("; ") }],
          ...(withProfile ? { profile } : {}),
        });
        const { output, findings } = runGuard(text, context);
        const index = allowedNumbers(context);
        const derived = new Set(findings.filter((f) => f.rule === "derived-number").map((f) => f.actual));
        for (const m of findNumbers(output, catalog)) {
          // A derived figure survives only with its record, and only when two source figures give it.
          if (derived.has(m.raw)) expect(derive(m, sentenceNumbers(context))).toBeDefined();
          else expect(ground(m, index).status, `"${m.raw}" survived in "${output}"`).not.toBe("ungrounded");
        }
      }),
      { numRuns: RUNS },
    );
  });

  it("is idempotent: its own output has nothing left to redact", () => {
    fc.assert(
      fc.property(prose, fc.array(figure, { maxLength: 8 }), fc.boolean(), (text, allowed, withProfile) => {
        const context = contextOf({
          facts: [{ id: "f", text: allowed.join("; ") }],
          ...(withProfile ? { profile } : {}),
        });
        const first = runGuard(text, context);
        const second = textFindings(numberProvenance, target(first.output), context);
        expect(second.filter((f) => f.edit)).toEqual([]);
      }),
      { numRuns: RUNS },
    );
  });

  it("reverts exactly: revert(apply(x)) === x", () => {
    fc.assert(
      fc.property(prose, (text) => {
        const { output, applied } = runGuard(text, contextOf());
        expect(revert(output, applied)).toBe(text);
      }),
      { numRuns: RUNS },
    );
  });

  it("never crashes and never edits outside the text", () => {
    const anyText = fc.oneof(
      fc.string({ unit: "grapheme", maxLength: 200 }),
      fc.string({ unit: "binary", maxLength: 200 }),
      fc.string({ unit: fc.constantFrom(..."0123456789.,+-$%#/:xkKMB ~()"), maxLength: 200 }),
    );
    fc.assert(
      fc.property(anyText, (text) => {
        const { findings, output, applied } = runGuard(text, contextOf(sources));
        for (const f of findings) {
          if (!f.edit) continue;
          expect(f.edit.range[0]).toBeGreaterThanOrEqual(0);
          expect(f.edit.range[1]).toBeLessThanOrEqual(text.length);
        }
        expect(revert(output, applied)).toBe(text);
      }),
      { numRuns: RUNS * 2 },
    );
  });

  it("copes with empty and 200 KB strings", () => {
    expect(runGuard("", contextOf(sources)).findings).toEqual([]);
    const long = "Cut latency by 40% for 1,200 users on S3 with 99.95% uptime. ".repeat(3300);
    expect(long.length).toBeGreaterThan(200_000);
    const { findings, output, applied } = runGuard(long, contextOf(sources));
    expect(findings).toHaveLength(3300);
    expect(revert(output, applied)).toBe(long);
    const digits = "9".repeat(200_000);
    expect(() => runGuard(digits, contextOf(sources))).not.toThrow();
  });
});

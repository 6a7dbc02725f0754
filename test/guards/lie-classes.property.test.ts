// The lie and truth classes of issue 25 as properties: for any figure, team, title, technology and bound
// drawn from the pools below, the chain keeps what the profile says (in its own words, casing, spelling
// or rounding) and stops what it does not.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultCatalog } from "../../extractors/catalog.js";
import { isDictionaryWord } from "../../core/spelling.js";
import { buildContext } from "../../guards/chain.js";
import { GUARDS } from "../../guards/index.js";
import { isReworded, phraseWords } from "../../guards/record/titles.js";
import { guardString } from "../../guards/run-string.js";
import type { JsonResume } from "../../core/resume.js";

const catalog = await defaultCatalog();
const job = (position: string, highlights: string[]): JsonResume => ({
  work: [{ name: "Acme", position, startDate: "2020-01", highlights }],
});
/** The records the whole chain makes for one bullet of the first job. */
function records(text: string, profile: JsonResume) {
  const context = buildContext({ catalog, facts: [], profile });
  const target = { field: "work[0].highlights[0]", text, role: "prose" as const, entry: "work[0]" };
  return guardString(target, GUARDS, context).records;
}

const IDIOMS: [string, number][] = [
  ["a dozen", 12],
  ["half a dozen", 6],
  ["two dozen", 24],
  ["three dozen", 36],
];

describe("figures in words", () => {
  it("a team of an idiom's size is kept where the profile says that size, cut where it says another", () => {
    fc.assert(
      fc.property(fc.constantFrom(...IDIOMS), fc.integer({ min: 2, max: 60 }), ([words, value], stated) => {
        const profile = job("Engineer", [`Worked in a team of ${stated} engineers on payments`]);
        const cut = records(`Worked in a team of ${words} engineers on payments`, profile).some(
          (r) => r.guard === "number-provenance" && r.action === "redact",
        );
        expect(cut).toBe(stated !== value);
      }),
    );
  });
});

describe("bounds", () => {
  // Up to 1,800: a four-digit figure from 1900 reads as a year.
  it("'over N' is backed by a source of N up to ten times N, and by nothing larger", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2, max: 1800 }), fc.double({ min: 1, max: 40, noNaN: true }), (n, k) => {
        const source = Math.round(n * k);
        const profile = job("Engineer", [`Served ${source} customers`]);
        const cut = records(`Served over ${n} customers`, profile).some((r) => r.action === "redact");
        expect(cut).toBe(source >= n * 10);
      }),
    );
  });
});

const TEAMS = ["frontend team", "platform group", "data squad", "mobile team", "payments team"];
const VERBS = ["Led", "Managed", "Ran", "Headed", "Oversaw"];

describe("leadership", () => {
  it("leading a team is held in a job whose position leads, and nowhere else", () => {
    fc.assert(
      fc.property(fc.constantFrom(...VERBS), fc.constantFrom(...TEAMS), fc.boolean(), (verb, team, leads) => {
        const profile = job(leads ? "Engineering Manager" : "Software Engineer", ["Built the checkout"]);
        const found = records(`${verb} the ${team} that built the checkout`, profile).some(
          (r) => r.rule === "leadership-not-held",
        );
        expect(found).toBe(!leads);
      }),
    );
  });
});

describe("titles", () => {
  const TITLE = ["Backend", "Platform", "Engineer"];
  it("a title in the profile's words, in any order, is held; a word that raises it is not", () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(TITLE, { minLength: 1 }),
        fc.constantFrom("", "Senior", "Lead", "Staff", "Principal"),
        (words, raise) => {
          const claim = phraseWords([raise, ...words].filter(Boolean).join(" "));
          expect(isReworded(phraseWords("Backend / Platform Engineer"), claim)).toBe(raise === "");
        },
      ),
    );
  });
});

// Single-word names a misspelling can be read as (no name that is also a word).
const NAMES = catalog.entries
  .filter((e) => !e.ambiguous && e.text !== "exact" && e.text !== "none" && /^\p{L}{7,}$/u.test(e.name))
  .map((e) => ({ id: e.id, name: e.name }));

describe("spelling", () => {
  it("the profile's one-letter slip in a technology's name states it", () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.nat(), ({ id, name }, at) => {
        const i = 1 + (at % (name.length - 1));
        const slip = name.slice(0, i) + name.slice(i + 1);
        fc.pre(!isDictionaryWord(slip) && catalog.findMentionsAnyCase(slip).length > 0);
        const found = catalog.findMentionsAnyCase(`Ran the service on ${slip} in production`);
        expect(found.map((m) => m.id)).toContain(id);
      }),
    );
  });
});

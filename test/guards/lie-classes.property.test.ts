// The lie and truth classes of issue 25 as properties: for any figure, team, title, technology and bound
// drawn from the pools below, the chain keeps what the profile says (in its own words, casing, spelling
// or rounding) and stops what it does not.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { defaultCatalog } from "../../extractors/catalog.js";
import { isDictionaryWord } from "../../core/spelling.js";
import { buildContext } from "../../guards/chain.js";
import { GUARDS } from "../../guards/index.js";
import { isReworded, phraseWords } from "../../guards/record-provenance/titles.js";
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
// A slip that lands on another technology's name (OpenAPI less its P is OpenAI) names that one.
const ALL_NAMES = new Set(
  catalog.entries.flatMap((e) => [e.name, ...(e.aliases ?? [])].map((n) => n.toLowerCase())),
);

describe("spelling", () => {
  // Every name and every dropped letter, not a sample: a sample once drew the one slip that is a name.
  it("the profile's one-letter slip in a technology's name states it", () => {
    const missed: string[] = [];
    let tried = 0;
    for (const { id, name } of NAMES) {
      for (let i = 1; i < name.length; i++) {
        const slip = name.slice(0, i) + name.slice(i + 1);
        if (isDictionaryWord(slip) || ALL_NAMES.has(slip.toLowerCase())) continue;
        if (catalog.findMentionsAnyCase(slip).length === 0) continue;
        tried++;
        const found = catalog.findMentionsAnyCase(`Ran the service on ${slip} in production`);
        if (!found.some((m) => m.id === id)) missed.push(`${slip} (${name})`);
      }
    }
    expect(tried).toBeGreaterThan(1000);
    expect(missed).toEqual([]);
  });
});

const CLIENTS = ["Monster.com", "Dalesway Coaches", "Harborline Ferries", "Acme Insurance"];
const TEAM_FORMS = [
  (c: string) => `On ${c}'s search team, built the booking flow`,
  (c: string) => `Joined ${c}'s platform group to build the booking flow`,
  (c: string) => `On the ${c} search team, built the booking flow`,
];

describe("a client presented as the employer", () => {
  it("a client's team, in any of its forms, is an employer claim the contractor's job does not hold", () => {
    fc.assert(
      fc.property(fc.constantFrom(...CLIENTS), fc.constantFrom(...TEAM_FORMS), (client, form) => {
        const profile = job("Contract Developer", [`Contract for ${client}: built the booking flow`]);
        const found = records(form(client), profile).some((r) => r.rule === "employer-not-held");
        expect(found).toBe(true);
      }),
    );
  });
});

const RANKS = ["First place overall", "Winner of", "Grand prize at", "Ranked in the top 1 % at"];

describe("rank and award inflation", () => {
  it("a rank above the profile's finalist or runner-up award is not held; the award as stated is", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...RANKS),
        fc.constantFrom("Finalist", "Runner-up", "Honourable mention"),
        (rank, held) => {
          const profile: JsonResume = {
            ...job("Engineer", ["Built the checkout"]),
            awards: [{ title: `${held}, City Hack 2019`, awarder: "City Hack" }],
          };
          const inflated = records(`${rank} City Hack 2019 with a transit app`, profile);
          expect(inflated.some((r) => r.rule === "rank-not-held")).toBe(true);
          expect(records(`${held} at City Hack 2019 with a transit app`, profile)).toEqual([]);
        },
      ),
    );
  });
});

const TECHS = ["Kafka", "Redis", "Terraform", "GraphQL", "Elasticsearch"];

describe("a technology moved to another job", () => {
  it("a technology one job states is held in that job's bullet and not in another's", () => {
    fc.assert(
      fc.property(fc.constantFrom(...TECHS), fc.boolean(), (tech, own) => {
        const profile: JsonResume = {
          work: [
            {
              name: "Acme",
              position: "Engineer",
              startDate: "2021-01",
              highlights: ["Built the checkout API"],
            },
            {
              name: "Globex",
              position: "Engineer",
              startDate: "2017-01",
              endDate: "2020-12",
              highlights: [`Operated ${tech} for search`],
            },
          ],
        };
        const context = buildContext({ catalog, facts: [], profile });
        const entry = own ? "work[1]" : "work[0]";
        const target = {
          field: `${entry}.highlights[0]`,
          text: `Operated ${tech} for search`,
          role: "prose" as const,
          entry,
        };
        const moved = guardString(target, GUARDS, context).records.some(
          (r) => r.rule === "other-job-technology",
        );
        expect(moved).toBe(!own);
      }),
    );
  });
});

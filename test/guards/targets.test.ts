// Near-duplicate bullets: what makes a fallback repeat one the entry already has.
import { describe, expect, it } from "vitest";
import { contentWords, draftTargets, heldElsewhere, nearDuplicate } from "../../guards/targets.js";
import type { JsonResume } from "../../core/resume.js";

describe("nearDuplicate", () => {
  it.each([
    ["the same text", "Cut AWS spend by 38.6%.", "Cut AWS spend by 38.6%."],
    ["the same text, spaced", "Cut AWS spend by 38.6%. ", " Cut AWS spend by 38.6%."],
    ["another figure and its hedge", "Cut AWS spend by ~39%", "Cut AWS spend by 38.6%"],
    ["case and punctuation", "cut AWS spend: 39 %!", "Cut AWS Spend by 39%."],
    ["a redacted figure", "Cut AWS spend by [NUM_REDACTED].", "Cut AWS spend by 38.6%."],
    ["filler and a plural", "Cut the AWS bills by about $2M", "Cut AWS bill by $1.9M"],
    ["full-width digits", "Cut AWS spend by ３９%", "Cut AWS spend by 38.6%"],
  ])("%s is a duplicate", (_why, a, b) => {
    expect(nearDuplicate(a, b)).toBe(true);
    expect(nearDuplicate(b, a)).toBe(true);
  });

  it.each([
    ["one says more", "Cut AWS spend by 39%", "Cut AWS spend by 38.6% by rightsizing EC2 fleets"],
    ["another service", "Cut AWS spend by 39%", "Cut GCP spend by 39%"],
    [
      "another subject, many shared words",
      "Built the billing service in Go",
      "Built the billing pipeline in Go",
    ],
    ["no words at all", "—", "…"],
  ])("%s is not a duplicate", (_why, a, b) => {
    expect(nearDuplicate(a, b)).toBe(false);
    expect(nearDuplicate(b, a)).toBe(false);
  });

  it("reads figures as one token and drops filler", () => {
    expect([...contentWords("Cut the AWS bills by ~39% in 2023")]).toEqual(["cut", "aws", "bill", "#"]);
  });
});

describe("heldElsewhere", () => {
  const draft: JsonResume = {
    work: [
      { name: "A", highlights: ["Cut AWS spend by ~39%.", "Ran on-call.", "Wrote docs."] },
      { name: "B", highlights: ["Cut AWS spend by 38.6%."] },
    ],
  };

  it("names another item of the same list saying the same thing", () => {
    expect(heldElsewhere(draft, "work[0].highlights[2]", "Cut AWS spend by 38.6%.")).toEqual({
      field: "work[0].highlights[0]",
      text: "Cut AWS spend by ~39%.",
    });
  });

  it("never the item itself, another entry's item, or an item being removed", () => {
    expect(heldElsewhere(draft, "work[0].highlights[0]", "Cut AWS spend by 38.6%.")).toBeUndefined();
    expect(heldElsewhere(draft, "work[1].highlights[1]", "Ran on-call.")).toBeUndefined();
    expect(
      heldElsewhere(
        draft,
        "work[0].highlights[2]",
        "Cut AWS spend by 38.6%.",
        new Set(["work[0].highlights[0]"]),
      ),
    ).toBeUndefined();
  });

  it("is about list items only", () => {
    expect(heldElsewhere(draft, "basics.summary", "Ran on-call.")).toBeUndefined();
  });
});

describe("draftTargets: the candidate's own wording for a rewritten bullet", () => {
  const profile: JsonResume = {
    work: [
      {
        name: "Acme",
        highlights: [
          "Used SimpleInjector for DI and Dapper for ORM",
          "Ran the on-call rotation for payments",
        ],
      },
    ],
  };
  const targetsOf = (highlights: string[]) =>
    draftTargets({ work: [{ name: "Acme", highlights }] }, profile).map((t) => [t.field, t.originalField]);

  it("a bullet that shares few words with its source still falls back to it", () => {
    expect(targetsOf(["Wired dependencies with SimpleInjector and data access with Snowflake"])).toEqual([
      ["work[0].highlights[0]", "work[0].highlights[0]"],
    ]);
  });

  it("not when another bullet of the draft was rewritten from that source more closely", () => {
    expect(
      targetsOf([
        "Wired dependencies with SimpleInjector",
        "Used SimpleInjector for dependency injection and Dapper as the ORM",
      ]),
    ).toEqual([
      ["work[0].highlights[0]", undefined],
      ["work[0].highlights[1]", "work[0].highlights[0]"],
    ]);
  });

  it("not when it shares no content word with any of them: it is about something else", () => {
    expect(targetsOf(["Migrated billing to Snowflake"])).toEqual([["work[0].highlights[0]", undefined]]);
  });
});

describe("draftTargets: the prose of volunteering, awards and publications", () => {
  const profile: JsonResume = {
    volunteer: [{ organization: "Code Club", position: "Mentor", highlights: ["Mentored 9 students"] }],
    awards: [{ title: "Best Use of Snowflake", summary: "Sponsor prize at DataHack 2021." }],
    publications: [{ name: "Nine times normal", summary: "30 min talk on capacity planning." }],
  };
  const draft: JsonResume = {
    volunteer: [
      { organization: "Code Club", position: "Mentor", highlights: ["Mentored half a dozen cohorts"] },
    ],
    awards: [{ title: "Best Use of Snowflake", summary: "First place overall at DataHack 2021." }],
    publications: [{ name: "Nine times normal", summary: "Rated in the top 1 % of talks." }],
  };

  it("is checked like a job's, with the candidate's own wording for the place", () => {
    expect(
      draftTargets(draft, profile).map((t) => [t.field, t.role, t.original ?? null, t.originalField ?? null]),
    ).toEqual([
      ["volunteer[0].highlights[0]", "prose", "Mentored 9 students", "volunteer[0].highlights[0]"],
      ["awards[0].summary", "prose", "Sponsor prize at DataHack 2021.", "awards[0].summary"],
      ["publications[0].summary", "prose", "30 min talk on capacity planning.", "publications[0].summary"],
    ]);
  });
});

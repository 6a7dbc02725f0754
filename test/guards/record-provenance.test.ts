import { describe, expect, it } from "vitest";
import { recordProvenance } from "../../guards/record-provenance.js";
import type { JsonResume } from "../../core/resume.js";
import { testDraftGuard, testTextGuard, textFindings, draftFindings } from "./rule-tester.js";

const profile: JsonResume = {
  basics: {
    name: "Ada Park",
    label: "Backend Engineer",
    email: "ada@example.com",
    phone: "+1 555 0101",
    location: { city: "Leeds", countryCode: "GB" },
    profiles: [{ network: "GitHub", username: "adapark", url: "https://github.com/adapark" }],
    summary: "Backend engineer building payment systems.",
  },
  work: [
    {
      name: "Quillmark Ltd",
      position: "Senior Backend Engineer",
      startDate: "2021-04",
      highlights: ["Built the ledger API.", "Ran the on-call rota."],
    },
    {
      name: "Fernhill",
      position: "Software Engineer",
      startDate: "2018-06",
      endDate: "2021-03",
      highlights: ["Wrote the billing exports."],
    },
  ],
  education: [
    {
      institution: "University of Leeds",
      studyType: "BSc",
      area: "Computer Science",
      startDate: "2014-09",
      endDate: "2018-06",
    },
  ],
  certificates: [{ name: "AWS Certified Developer", issuer: "Amazon Web Services", date: "2022-03" }],
  projects: [
    { name: "ledger-cli", description: "A command-line ledger.", url: "https://example.com/ledger-cli" },
  ],
  languages: [
    { language: "English", fluency: "Native" },
    { language: "German", fluency: "Intermediate" },
  ],
  skills: [{ name: "Backend", level: "Advanced", keywords: ["Go", "PostgreSQL"] }],
};

const clone = (): JsonResume => structuredClone(profile);
/** The profile with `change` made to a copy of it: a draft a writer could return. */
const draftOf = (change: (d: JsonResume) => void): JsonResume => {
  const d = clone();
  change(d);
  return d;
};
const work = (d: JsonResume) => d.work as NonNullable<JsonResume["work"]>;

// Two roles at one employer: a rehire, and a promotion.
const rehired: JsonResume = {
  basics: { name: "Ada Park" },
  work: [
    { name: "Quillmark", position: "Staff Engineer", startDate: "2022-01" },
    { name: "Fernhill", position: "Software Engineer", startDate: "2019-01", endDate: "2021-12" },
    { name: "Quillmark", position: "Backend Engineer", startDate: "2015-01", endDate: "2018-12" },
  ],
};

testDraftGuard(recordProvenance, {
  valid: [
    { name: "the profile itself", draft: clone(), profile },
    {
      name: "reworded summaries and highlights, selected and reordered",
      draft: draftOf((d) => {
        d.basics!.summary = "Backend engineer who builds payment systems in Go.";
        work(d)[0]!.highlights = ["Ran the on-call rota for the ledger API."];
        work(d)[1]!.summary = "Billing team.";
        d.projects![0]!.description = "A ledger for the command line.";
      }),
      profile,
    },
    {
      name: "a label that is one of the candidate's positions",
      draft: draftOf((d) => (d.basics!.label = "Senior Backend Engineer")),
      profile,
    },
    {
      name: "a label joining two positions held, with the stack in parentheses",
      draft: draftOf((d) => (d.basics!.label = "Backend and Software Engineer (Go, PostgreSQL)")),
      profile,
    },
    {
      name: "a certificate, project or language left out (the writer may select them)",
      draft: draftOf((d) => {
        delete d.certificates;
        d.projects = [];
        d.languages = d.languages!.slice(0, 1);
      }),
      profile,
    },
    { name: "no profile: nothing to hold the draft to", draft: { basics: { name: "X" } }, profile: {} },
  ],
  invalid: [
    {
      name: "an employer without its legal suffix: matched by name, written as the profile writes it",
      draft: draftOf((d) => (work(d)[0]!.name = "QUILLMARK")),
      profile,
      findings: [{ rule: "changed-field", action: "fallback", field: "work[0].name", actual: "QUILLMARK" }],
      output: clone(),
    },
    {
      name: "a title inflated",
      draft: draftOf((d) => (work(d)[0]!.position = "Principal Backend Engineer")),
      profile,
      findings: [
        {
          rule: "changed-field",
          action: "fallback",
          field: "work[0].position",
          actual: "Principal Backend Engineer",
        },
      ],
      output: clone(),
    },
    {
      name: "the label raised to a title never held",
      draft: draftOf((d) => (d.basics!.label = "Staff Engineer")),
      profile,
      findings: [
        { rule: "label-not-held", action: "fallback", field: "basics.label", actual: "Staff Engineer" },
      ],
      output: clone(),
    },
    {
      name: "a rank in the label's parentheses is a title claim",
      draft: draftOf((d) => (d.basics!.label = "Backend Engineer (Lead)")),
      profile,
      findings: [
        {
          rule: "label-not-held",
          action: "fallback",
          field: "basics.label",
          actual: "Backend Engineer (Lead)",
        },
      ],
      output: clone(),
    },
    {
      name: "a label invented where the profile has none",
      draft: { basics: { name: "Ada Park", label: "Principal Engineer" } },
      profile: { basics: { name: "Ada Park" } },
      findings: [
        { rule: "label-not-held", action: "fallback", field: "basics", actual: "Principal Engineer" },
      ],
      output: { basics: { name: "Ada Park" } },
    },
    {
      name: "a start date moved years earlier",
      draft: draftOf((d) => (work(d)[1]!.startDate = "2015-01")),
      profile,
      findings: [
        { rule: "changed-field", action: "fallback", field: "work[1].startDate", actual: "2015-01" },
      ],
      output: clone(),
    },
    {
      name: "an end date invented for a current job",
      draft: draftOf((d) => (work(d)[0]!.endDate = "2024-01")),
      profile,
      findings: [{ rule: "invented-field", action: "fallback", field: "work[0]", actual: "2024-01" }],
      output: clone(),
    },
    {
      name: "an employer renamed to a famous company (matched by its dates)",
      draft: draftOf((d) => (work(d)[1]!.name = "Google")),
      profile,
      findings: [{ rule: "changed-field", action: "fallback", field: "work[1].name", actual: "Google" }],
      output: clone(),
    },
    {
      name: "an invented earlier job",
      draft: draftOf((d) =>
        work(d).push({ name: "Stripe", position: "Engineer", startDate: "2016-01", endDate: "2018-05" }),
      ),
      profile,
      findings: [
        {
          rule: "invented-entry",
          action: "remove",
          field: "work[2]",
          actual: '{"name":"Stripe","position":"Engineer","startDate":"2016-01","endDate":"2018-05"}',
        },
      ],
      output: clone(),
    },
    {
      name: "a job dropped: put back with its own highlights, in the profile's order",
      draft: draftOf((d) => work(d).splice(0, 1)),
      profile,
      findings: [{ rule: "dropped-entry", action: "restore", field: "work[0]", actual: "" }],
      output: clone(),
    },
    {
      name: "a job shown twice",
      draft: draftOf((d) => work(d).push(structuredClone(work(d)[1]!))),
      profile,
      findings: [
        {
          rule: "duplicate-entry",
          action: "remove",
          field: "work[2]",
          actual: JSON.stringify(work(clone())[1]),
        },
      ],
      output: clone(),
    },
    {
      name: "a degree raised and the institution changed",
      draft: draftOf((d) => {
        d.education![0]!.studyType = "MSc";
        d.education![0]!.institution = "Stanford University";
      }),
      profile,
      findings: [
        {
          rule: "changed-field",
          action: "fallback",
          field: "education[0].institution",
          actual: "Stanford University",
        },
        { rule: "changed-field", action: "fallback", field: "education[0].studyType", actual: "MSc" },
      ],
      output: clone(),
    },
    {
      name: "education dropped whole",
      draft: draftOf((d) => delete d.education),
      profile,
      findings: [{ rule: "dropped-entry", action: "restore", field: "education", actual: "" }],
      output: { ...clone() },
    },
    {
      name: "contact details dropped and the email changed",
      draft: draftOf((d) => {
        delete d.basics!.phone;
        delete d.basics!.location;
        delete d.basics!.profiles;
        d.basics!.email = "ada@google.com";
      }),
      profile,
      findings: [
        { rule: "changed-field", action: "fallback", field: "basics.email", actual: "ada@google.com" },
        { rule: "dropped-field", action: "restore", field: "basics.phone", actual: "" },
        { rule: "dropped-field", action: "restore", field: "basics.location", actual: "" },
        { rule: "dropped-field", action: "restore", field: "basics.profiles", actual: "" },
      ],
      output: (() => {
        const d = clone();
        const { phone, location, profiles, ...rest } = d.basics!;
        d.basics = { ...rest, phone, location, profiles };
        return d;
      })(),
    },
    {
      name: "an invented certificate, award and side project",
      draft: draftOf((d) => {
        d.certificates!.push({ name: "Certified Kubernetes Administrator", issuer: "CNCF" });
        d.awards = [{ title: "Engineer of the Year", awarder: "Quillmark" }];
        d.projects!.push({ name: "kube-autoscaler-pro", description: "An autoscaler with 3,000 stars." });
      }),
      profile,
      findings: [
        {
          rule: "invented-entry",
          action: "remove",
          field: "projects[1]",
          actual: '{"name":"kube-autoscaler-pro","description":"An autoscaler with 3,000 stars."}',
        },
        {
          rule: "invented-entry",
          action: "remove",
          field: "certificates[1]",
          actual: '{"name":"Certified Kubernetes Administrator","issuer":"CNCF"}',
        },
        {
          rule: "invented-entry",
          action: "remove",
          field: "awards[0]",
          actual: '{"title":"Engineer of the Year","awarder":"Quillmark"}',
        },
      ],
      output: { ...clone(), awards: [] },
    },
    {
      name: "a certificate's issuer and date changed",
      draft: draftOf((d) => Object.assign(d.certificates![0]!, { issuer: "AWS Training", date: "2019-01" })),
      profile,
      findings: [
        {
          rule: "changed-field",
          action: "fallback",
          field: "certificates[0].issuer",
          actual: "AWS Training",
        },
        { rule: "changed-field", action: "fallback", field: "certificates[0].date", actual: "2019-01" },
      ],
      output: clone(),
    },
    {
      name: "a language's fluency raised",
      draft: draftOf((d) => (d.languages![1]!.fluency = "Native")),
      profile,
      findings: [
        { rule: "changed-field", action: "fallback", field: "languages[1].fluency", actual: "Native" },
      ],
      output: clone(),
    },
    {
      name: "a skill level raised, and one invented for a new group (taken out, the other keys kept in order)",
      draft: draftOf((d) => {
        d.skills![0]!.level = "Expert";
        d.skills!.push({ name: "Cloud", level: "Master", keywords: ["AWS"] });
      }),
      profile,
      findings: [
        { rule: "changed-field", action: "fallback", field: "skills[0].level", actual: "Expert" },
        { rule: "invented-field", action: "fallback", field: "skills[1]", actual: "Master" },
      ],
      output: draftOf((d) => d.skills!.push({ name: "Cloud", keywords: ["AWS"] })),
    },
    {
      name: "an extra key on a work entry",
      draft: draftOf((d) => (work(d)[0]!.teamSize = "40 engineers")),
      profile,
      findings: [{ rule: "invented-field", action: "fallback", field: "work[0]", actual: "40 engineers" }],
      output: clone(),
    },
    {
      name: "a rehire: each entry matched by dates and role, the unfitting one to the closest by dates",
      draft: {
        basics: { name: "Ada Park" },
        work: [
          { name: "Quillmark", position: "Principal Engineer", startDate: "2021-06" },
          { name: "Fernhill", position: "Software Engineer", startDate: "2019-01", endDate: "2021-12" },
          { name: "Quillmark", position: "Backend Engineer", startDate: "2015-01", endDate: "2018-12" },
        ],
      },
      profile: rehired,
      findings: [
        {
          rule: "changed-field",
          action: "fallback",
          field: "work[0].position",
          actual: "Principal Engineer",
        },
        { rule: "changed-field", action: "fallback", field: "work[0].startDate", actual: "2021-06" },
      ],
      output: structuredClone(rehired),
    },
  ],
});

testTextGuard(recordProvenance, {
  valid: [
    {
      name: "a title the candidate held",
      text: "Senior Backend Engineer who built the ledger API.",
      context: { profile },
    },
    {
      name: "a held title shortened",
      text: "As a senior engineer, ran the on-call rota.",
      context: { profile },
    },
    {
      name: "an employer of the profile",
      text: "Worked at Quillmark on the ledger API.",
      context: { profile },
    },
    {
      name: "an employer of the profile with a soft hyphen",
      text: "Worked at Quill\u00admark on the ledger API.",
      context: { profile },
    },
    {
      name: "an employer in the possessive",
      text: "Worked at Fernhill's billing team.",
      context: { profile },
    },
    {
      name: "a rank that names someone else",
      text: "Presented the migration plan to the CTO.",
      context: { profile },
    },
    {
      name: "a title at the employer where it was held",
      text: "Software Engineer at Fernhill, 2018 to 2021.",
      context: { profile },
    },
    {
      name: "a head of something else's",
      text: "Partnered with the Head of Product on pricing.",
      context: { profile },
    },
    {
      name: "a titled colleague",
      text: "Paired with the Staff Engineer on the ledger design.",
      context: { profile },
    },
    {
      name: "someone's manager",
      text: "Reported to our VP of Engineering and Dana's Engineering Manager.",
      context: { profile },
    },
    {
      name: "a name used as an adjective",
      text: "Consulted for Fortune 500 companies on billing.",
      context: { profile },
    },
    {
      name: "a technology joined, not an employer",
      text: "Joined Kafka topics with PostgreSQL tables in Go.",
      context: { profile },
    },
    {
      name: "an employer and title the profile's own prose names",
      text: "Software developer at Hooli before Quillmark.",
      context: {
        profile: {
          ...profile,
          basics: {
            ...profile.basics,
            summary: "Before Quillmark, worked for Hooli as a part time software developer.",
          },
        },
      },
    },
    { name: "a bare noun is a kind of work", text: "An engineer who writes Go.", context: { profile } },
    {
      name: "attributive use: developer tooling",
      text: "Built developer tooling and manager dashboards.",
      context: { profile },
    },
    {
      name: "others' titles in the plural",
      text: "Mentored junior engineers and worked with senior stakeholders.",
      context: { profile },
    },
    {
      name: "a verb, not a title",
      text: "Owned the migration; lead the on-call rota.",
      context: { profile },
    },
    {
      name: "a title in the candidate's own wording for the place",
      text: "Staff engineer on the ledger.",
      original: "Staff engineer on the ledger team.",
      context: { profile },
    },
    { name: "list items are claim-net's", text: "Staff Engineer", role: "list-item", context: { profile } },
  ],
  invalid: [
    {
      name: "a title never held, with the candidate's wording to fall back on",
      text: "Promoted to Staff Engineer after the ledger launch.",
      original: "Built the ledger API.",
      context: { profile },
      findings: [{ rule: "title-not-held", actual: "Staff Engineer", action: "fallback" }],
      output: "Built the ledger API.",
    },
    {
      name: "a rank of something",
      text: "Head of Platform for two years.",
      field: "work[0].highlights[0]",
      context: { profile },
      findings: [{ rule: "title-not-held", actual: "Head of Platform", action: "remove" }],
      output: null,
    },
    {
      name: "an executive title alone",
      text: "Acted as CTO during the seed round.",
      field: "basics.summary",
      context: { profile },
      findings: [{ rule: "title-not-held", actual: "CTO", action: "remove" }],
      output: "",
    },
    {
      name: "a different role family",
      text: "Site Reliability Engineer with five years on call.",
      field: "basics.summary",
      original: "Backend engineer building payment systems.",
      context: { profile },
      findings: [{ rule: "title-not-held", actual: "Site Reliability Engineer", action: "fallback" }],
      output: "Backend engineer building payment systems.",
    },
    {
      name: "an employer the profile does not hold",
      text: "Worked at Google on search infrastructure.",
      field: "basics.summary",
      original: "Backend engineer building payment systems.",
      context: { profile },
      findings: [{ rule: "employer-not-held", actual: "Google", action: "fallback" }],
      output: "Backend engineer building payment systems.",
    },
    {
      name: "a title held, but at another employer",
      text: "Senior Backend Engineer at Fernhill.",
      field: "work[1].summary",
      original: "Billing team.",
      context: { profile },
      findings: [{ rule: "title-not-held", actual: "Senior Backend Engineer", action: "fallback" }],
      output: "Billing team.",
    },
    {
      name: "a school is not an employer",
      text: "Worked at University of Leeds as a researcher.",
      field: "basics.summary",
      original: "Backend engineer building payment systems.",
      context: { profile },
      findings: [{ rule: "employer-not-held", actual: "University of Leeds", action: "fallback" }],
      output: "Backend engineer building payment systems.",
    },
    {
      name: "a rank a sentence opens with",
      text: "Built the ledger. VP of Engineering since 2022.",
      field: "basics.summary",
      context: { profile },
      findings: [{ rule: "title-not-held", actual: "VP of Engineering", action: "remove" }],
      output: "",
    },
    {
      name: "a famous employer joined",
      text: "Joined Stripe in 2019 to build payments.",
      field: "work[0].highlights[0]",
      context: { profile },
      findings: [{ rule: "employer-not-held", actual: "Stripe", action: "remove" }],
      output: null,
    },
    {
      name: "a title in full-width letters",
      text: "Promoted to Ｓｔａｆｆ Ｅｎｇｉｎｅｅｒ in 2023.",
      original: "Built the ledger API.",
      context: { profile },
      findings: [{ rule: "title-not-held", actual: "Ｓｔａｆｆ Ｅｎｇｉｎｅｅｒ", action: "fallback" }],
      output: "Built the ledger API.",
    },
    {
      name: "a title with hidden characters inside its words",
      text: "Promoted to Sta\u200bff Engi\u00adneer in 2023.",
      original: "Built the ledger API.",
      context: { profile },
      findings: [{ rule: "title-not-held", actual: "Sta\u200bff Engi\u00adneer", action: "fallback" }],
      output: "Built the ledger API.",
    },
    {
      name: "a rank given to the subject",
      text: "Became the CTO of the payments spin-off.",
      field: "work[0].highlights[1]",
      context: { profile },
      findings: [{ rule: "title-not-held", actual: "CTO", action: "remove" }],
      output: null,
    },
    {
      name: "a title and an employer, both named",
      text: "Senior Backend Engineer at Stripe and joined Meta later.",
      field: "basics.summary",
      original: "Backend engineer building payment systems.",
      context: { profile },
      findings: [
        { rule: "title-not-held", actual: "Senior Backend Engineer, Stripe, Meta", action: "fallback" },
      ],
      output: "Backend engineer building payment systems.",
    },
  ],
});

describe("record-provenance's reasons", () => {
  it("name every claim the profile does not hold, and cite what was checked", () => {
    const [finding] = textFindings(
      recordProvenance,
      {
        field: "basics.summary",
        text: "Senior Backend Engineer at Stripe and joined Meta later.",
        role: "prose",
        original: "x",
      },
      { catalog: undefined as never, facts: [], profile },
    );
    expect(finding!.reason).toBe(
      'basics.summary: it names the title "Senior Backend Engineer" at Stripe, the employer "Stripe" and the employer "Meta", which no position, label, organisation or text of the profile holds; the candidate\'s own wording is used instead.',
    );
    expect(finding!.evidence.map((e) => e.ref)).toEqual([
      "basics.label",
      "work[0].position",
      "work[1].position",
    ]);
  });

  it("name the field, what the draft says and what the profile says, with the profile's place as evidence", () => {
    const draft = draftOf((d) => (work(d)[0]!.position = "Staff Engineer"));
    const [finding] = draftFindings(recordProvenance, draft, {
      catalog: undefined as never,
      facts: [],
      profile,
    });
    expect(finding!.reason).toBe(
      'work[0].position: the draft says "Staff Engineer" where the profile says "Senior Backend Engineer"; the profile\'s value is kept.',
    );
    expect(finding!.evidence).toEqual([
      { source: "profile", ref: "work[0].position", text: "Senior Backend Engineer" },
    ]);
  });
});

// Standing claimed in prose: leading people, winning, and a client presented as the employer. Each is held
// only where the profile says as much; the candidate's own wording for the place is what comes back.
import type { JsonResume } from "../../core/resume.js";
import { recordProvenance } from "../../guards/record-provenance.js";
import { testTextGuard } from "./rule-tester.js";

const profile: JsonResume = {
  work: [
    {
      name: "RDVO",
      position: "Senior Developer",
      highlights: [
        "Monster.com — developed the advanced search interface for the homepage",
        "Worked with 5 developers on the redesign",
      ],
    },
    { name: "Lantern", position: "Engineering Manager", highlights: ["Hired and grew the web team"] },
    { name: "Northwind", position: "Developer", highlights: ["Led the payments team through the PCI audit"] },
  ],
  awards: [
    { title: "Sponsor prize", awarder: "Acme hackathon", date: "2019-05" },
    { title: "Finalist", awarder: "Design Week awards", date: "2019-09" },
  ],
};
const rdvo = {
  field: "work[0].highlights[1]",
  entry: "work[0]",
  original: "Worked with 5 developers on the redesign",
};
const ctx = { profile };

testTextGuard(recordProvenance, {
  valid: [
    {
      name: "the candidate's own 'team lead' in the summary backs leading the team in the summary",
      field: "basics.summary",
      text: "Leads a small SRE team at a SaaS scale-up",
      original: "SRE team lead (3 engineers) at a SaaS scale-up",
      context: { profile: { basics: { summary: "SRE team lead (3 engineers) at a SaaS scale-up" } } },
    },
    {
      name: "a manager's job may say it managed",
      field: "work[1].highlights[0]",
      entry: "work[1]",
      text: "Managed the web team of eight",
      original: "Hired and grew the web team",
      context: ctx,
    },
    {
      name: "a job whose own text says led",
      field: "work[2].highlights[0]",
      entry: "work[2]",
      text: "Led the payments team through a PCI DSS audit",
      original: "Led the payments team through the PCI audit",
      context: ctx,
    },
    {
      name: "someone else's head",
      ...rdvo,
      text: "Partnered with the Head of Product on search",
      context: ctx,
    },
    {
      name: "a consumer group is no team",
      ...rdvo,
      text: "Ran the Kafka consumer group rebalance",
      context: ctx,
    },
    {
      name: "leading work the job's own text says it led",
      field: "work[2].highlights[0]",
      entry: "work[2]",
      text: "Led the PCI audit for payments",
      original: "Led the payments team through the PCI audit",
      context: ctx,
    },
    {
      name: "leading work in a job whose holder leads",
      field: "work[1].highlights[0]",
      entry: "work[1]",
      text: "Led the web team's hiring drive",
      original: "Hired and grew the web team",
      context: ctx,
    },
    {
      name: "a win the awards hold",
      ...rdvo,
      text: "Won the sponsor prize at the Acme hackathon",
      context: ctx,
    },
    {
      name: "a client named as a client",
      ...rdvo,
      text: "Built Monster.com's homepage search interface",
      context: ctx,
    },
    {
      name: "an internal team the profile names as one",
      field: "work[1].highlights[0]",
      entry: "work[1]",
      text: "On the web team, hired and grew it",
      original: "Hired and grew the web team",
      context: ctx,
    },
  ],
  invalid: [
    {
      name: "someone else's team lead says nothing of the candidate",
      field: "basics.summary",
      text: "Leads the platform team",
      original: "Web developer.",
      context: { profile: { basics: { summary: "Reported to the team lead on platform work." } } },
      findings: [{ rule: "leadership-not-held", actual: "Leads the platform team", action: "fallback" }],
      output: "Web developer.",
    },
    {
      name: "leading work the job's profile says it only took part in",
      ...rdvo,
      text: "Led the search redesign for the homepage",
      context: ctx,
      findings: [{ rule: "leadership-not-held", actual: "Led the search redesign", action: "fallback" }],
      output: "Worked with 5 developers on the redesign",
    },
    {
      name: "spearheading work nobody says was led",
      ...rdvo,
      text: "Spearheaded the rollout of the advanced search interface",
      context: ctx,
      findings: [{ rule: "leadership-not-held", actual: "Spearheaded the rollout", action: "fallback" }],
      output: "Worked with 5 developers on the redesign",
    },
    {
      name: "an interim head of something",
      ...rdvo,
      text: "Acted as interim head of search",
      context: ctx,
      findings: [{ rule: "leadership-not-held", actual: "as interim head of", action: "fallback" }],
      output: "Worked with 5 developers on the redesign",
    },
    {
      name: "a client's team, the sentence's first words",
      ...rdvo,
      text: "On the Monster.com search team, developed the advanced search interface",
      context: ctx,
      findings: [{ rule: "employer-not-held", actual: "Monster.com", action: "fallback" }],
      output: "Worked with 5 developers on the redesign",
    },
    {
      name: "a client's team in a plural possessive",
      ...rdvo,
      text: "On Dalesway Coaches' digital team, built the booking tool",
      context: ctx,
      findings: [{ rule: "employer-not-held", actual: "Dalesway Coaches", action: "fallback" }],
      output: "Worked with 5 developers on the redesign",
    },
    {
      name: "a rank as a share",
      field: "basics.summary",
      text: "Rated in the top 1 % of speakers",
      original: "Web developer.",
      context: ctx,
      findings: [{ rule: "rank-not-held", actual: "top 1 %", action: "fallback" }],
      output: "Web developer.",
    },
    {
      name: "leading a team the job's profile never says",
      ...rdvo,
      text: "Led the frontend team through the redesign",
      context: ctx,
      findings: [{ rule: "leadership-not-held", actual: "Led the frontend team", action: "fallback" }],
      output: "Worked with 5 developers on the redesign",
    },
    {
      name: "another job's leadership does not carry over",
      ...rdvo,
      text: "Managed a team of 5 developers",
      context: ctx,
      findings: [{ rule: "leadership-not-held", actual: "Managed a team", action: "fallback" }],
      output: "Worked with 5 developers on the redesign",
    },
    {
      name: "as head of engineering",
      field: "basics.summary",
      text: "As head of engineering, built the web platform",
      original: "Web developer.",
      context: ctx,
      findings: [{ rule: "leadership-not-held", actual: "As head of", action: "fallback" }],
      output: "Web developer.",
    },
    {
      name: "first place overall from a sponsor prize",
      ...rdvo,
      text: "Won first place overall at the Acme hackathon",
      context: ctx,
      findings: [{ rule: "rank-not-held", actual: "first place", action: "fallback" }],
      output: "Worked with 5 developers on the redesign",
    },
    {
      name: "winner for a finalist",
      ...rdvo,
      text: "Winner of the Design Week awards",
      context: ctx,
      findings: [{ rule: "rank-not-held", actual: "Winner", action: "fallback" }],
      output: "Worked with 5 developers on the redesign",
    },
    {
      name: "a client's team as the employer's, possessive",
      ...rdvo,
      text: "Worked on Monster.com's search team",
      context: ctx,
      findings: [{ rule: "employer-not-held", actual: "Monster.com", action: "fallback" }],
      output: "Worked with 5 developers on the redesign",
    },
    {
      name: "a client's team as the employer's, compound",
      ...rdvo,
      text: "Worked on the Monster.com homepage search team",
      context: ctx,
      findings: [{ rule: "employer-not-held", actual: "Monster.com", action: "fallback" }],
      output: "Worked with 5 developers on the redesign",
    },
  ],
});

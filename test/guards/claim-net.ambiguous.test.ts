// claim-net and names that are also common words, people's names or seasons (DESIGN.md, "The guards": "A
// name that is also a common word or a person's name ... is a technology only where the text uses it as
// one"). A bullet that says "Black Friday" claims no formatter and stays whole.
import type { JsonResume } from "../../core/resume.js";
import { claimNet } from "../../guards/claim-net.js";
import { testTextGuard } from "./rule-tester.js";

// States none of Black, Spring, Julia, Hugo, Ruby, Go, Swift or Chef as a technology; names two of them
// as people.
const profile: JsonResume = {
  basics: { name: "Ada Park", summary: "Backend engineer building payment and ledger systems in Python." },
  work: [
    {
      name: "Quillmark",
      highlights: ["Built the ledger API and its nightly exports", "Mentored Julia and Hugo through on-call"],
    },
  ],
  skills: [{ name: "Backend", keywords: ["Python", "PostgreSQL"] }],
};

const statesGo: JsonResume = { ...profile, skills: [{ name: "Backend", keywords: ["Python", "Go"] }] };

const highlight = "work[0].highlights[2]";

testTextGuard(claimNet, {
  valid: [
    {
      name: "Black Friday is a day",
      field: highlight,
      text: "Prepared checkout for Black Friday traffic",
      context: { profile },
    },
    {
      name: "Spring 2023 is a season",
      field: highlight,
      text: "Shipped the Spring 2023 release",
      context: { profile },
    },
    {
      name: "Julia and Hugo are people",
      field: highlight,
      text: "Mentored Julia and Hugo",
      context: { profile },
    },
    {
      // A team named after a language says who the candidate worked with, not what they used.
      name: "the Ruby team is a team",
      field: highlight,
      text: "Worked with the Ruby team",
      context: { profile },
    },
    {
      name: "a season and a sale in one bullet, beside a backed technology",
      field: highlight,
      text: "Tuned PostgreSQL for the Spring sale and Black Friday",
      context: { profile },
    },
    {
      name: "a name as a person's, after a fallback original that names it too",
      field: highlight,
      text: "Paired with Julia on the Python ledger exports",
      original: "Paired with Julia on the ledger exports",
      context: { profile },
    },
    {
      name: "Go in context, stated by the profile",
      field: highlight,
      text: "Wrote services in Go",
      context: { profile: statesGo },
    },
    {
      name: "a Go skill keyword, stated by the profile",
      field: "skills[0].keywords[1]",
      role: "list-item",
      text: "Go",
      context: { profile: statesGo },
    },
  ],
  invalid: [
    {
      name: "Go used as a language, unbacked, falls back",
      field: highlight,
      text: "Wrote services in Go",
      original: "Wrote the ledger services",
      context: { profile },
      findings: [{ rule: "unbacked-technology", actual: "Go", action: "fallback" }],
      output: "Wrote the ledger services",
    },
    {
      name: "Black used as a formatter, unbacked, is removed",
      field: highlight,
      text: "Formatted code with Black",
      context: { profile },
      findings: [{ rule: "unbacked-technology", actual: "Black", action: "remove" }],
      output: null,
    },
    {
      name: "a name the profile uses only as a person's does not back the technology",
      field: highlight,
      text: "Ran the risk simulations in Julia",
      original: "Ran the risk simulations",
      context: { profile },
      findings: [{ rule: "unbacked-technology", actual: "Julia", action: "fallback" }],
      output: "Ran the risk simulations",
    },
    {
      name: "technologies listed together",
      field: highlight,
      text: "Automated provisioning with Chef and Puppet",
      original: "Automated provisioning",
      context: { profile },
      findings: [{ rule: "unbacked-technology", actual: "Chef, Puppet", action: "fallback" }],
      output: "Automated provisioning",
    },
    {
      name: "a version makes Ruby a language",
      field: highlight,
      text: "Upgraded billing to Ruby 3.3",
      original: "Upgraded billing",
      context: { profile },
      findings: [{ rule: "unbacked-technology", actual: "Ruby", action: "fallback" }],
      output: "Upgraded billing",
    },
    {
      name: "an unbacked Swift skill keyword is removed",
      field: "skills[0].keywords[2]",
      role: "list-item",
      text: "Swift",
      context: { profile },
      findings: [{ rule: "unbacked-technology", actual: "Swift", action: "remove" }],
      output: null,
    },
  ],
});

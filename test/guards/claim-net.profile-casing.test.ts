// The candidate's own words state a technology in any casing ("build system with gulp", "react with
// redux") and in a list of tools ("Dapper for ORM"); a verb that only looks like one ("react quickly")
// states nothing.
import { describe, expect, it } from "vitest";
import { defaultCatalog } from "../../extractors/catalog.js";
import { claimNet } from "../../guards/claim-net.js";
import type { JsonResume } from "../../core/resume.js";
import { testTextGuard } from "./rule-tester.js";

const catalog = await defaultCatalog();
const said = (...highlights: string[]): JsonResume => ({ work: [{ name: "Acme", highlights }] });

testTextGuard(claimNet, {
  valid: [
    {
      name: "gulp and babel in lower case state Gulp and Babel",
      text: "Set up the Gulp build system and Babel for ES2015",
      context: { profile: said("build system with gulp, babel for ES2015") },
    },
    {
      name: "react with redux states React",
      text: "Built the checkout UI in React with Redux",
      context: { profile: said("react with redux for the UI") },
    },
    {
      name: "a lower-case name before a technology noun states it",
      text: "React",
      role: "list-item",
      field: "skills[0].keywords[0]",
      context: { profile: said("wrote a react app for the warehouse") },
    },
    {
      name: "a capitalised name in a list of tools is stated by that list",
      text: "Data access with Dapper",
      context: { profile: said("Used SimpleInjector for DI and Dapper for ORM") },
    },
  ],
  invalid: [
    {
      name: "react the verb states no React",
      text: "Built the UI in React",
      original: "Engineers react quickly to incidents",
      context: { profile: said("Engineers react quickly to incidents") },
      findings: [{ rule: "unbacked-technology", actual: "React", action: "fallback" }],
      output: "Engineers react quickly to incidents",
    },
    {
      name: "a technology elsewhere in the sentence does not make the verb one",
      text: "Built the UI in React",
      original: "Helped engineers react quickly to incidents on Kubernetes",
      context: { profile: said("Helped engineers react quickly to incidents on Kubernetes") },
      findings: [{ rule: "unbacked-technology", actual: "React", action: "fallback" }],
      output: "Helped engineers react quickly to incidents on Kubernetes",
    },
  ],
});

describe("findMentionsAnyCase", () => {
  it.each([
    ["build system with gulp, babel for ES2015", ["gulp", "babel"]],
    ["react with redux for the UI", ["react", "redux"]],
    ["react and redux", ["react", "redux"]],
    ["Used react hooks", ["react"]],
    ["Built an angular frontend", ["angular"]],
    ["experience with python and django", ["python", "django"]],
    ["Engineers react quickly to incidents", []],
    ["We react to feedback", []],
    ["we go to market", []],
    ["Kept the ruby team happy", []],
    ["swift delivery", []],
  ])("%j names %j", (text, ids) => {
    expect(catalog.findMentionsAnyCase(text).map((m) => m.id)).toEqual(ids);
  });

  it("reads text as written exactly as findMentions does", () => {
    const text = "Built services in Go and React with PostgreSQL on Kubernetes.";
    expect(catalog.findMentionsAnyCase(text)).toEqual(catalog.findMentions(text));
  });
});

testTextGuard(claimNet, {
  valid: [
    {
      name: "the profile's misspelt technology states it (a spelling fix is no new claim)",
      text: "Deployed the services on Kubernetes",
      context: { profile: said("deployed the services on Kubernets") },
    },
    {
      name: "a skill the catalog does not know, spelt right where the profile slipped",
      text: "Mustache",
      role: "list-item",
      field: "skills[0].keywords[0]",
      context: { profile: said("Rendered server-side templates with Mustach") },
    },
  ],
  invalid: [
    {
      name: "a real word one letter from a technology states nothing",
      text: "Built the storefront in Flask",
      original: "Ran the flash sale for the storefront",
      context: { profile: said("Ran the flash sale for the storefront") },
      findings: [{ rule: "unbacked-technology", actual: "Flask", action: "fallback" }],
      output: "Ran the flash sale for the storefront",
    },
    {
      name: "a skill two slips from the profile's word is another name",
      text: "Mustachio",
      role: "list-item",
      field: "skills[0].keywords[0]",
      context: { profile: said("Rendered server-side templates with Mustach") },
      findings: [{ rule: "unknown-skill", actual: "Mustachio", action: "remove" }],
      output: null,
    },
  ],
});

testTextGuard(claimNet, {
  valid: [
    {
      name: "'node' in the candidate's own words, where a technology is meant, states Node.js",
      text: "Wrote a small Node.js backend in Express",
      context: { profile: said("Wrote a small node backend with express for the product pages") },
    },
    {
      name: "a cluster node in AI text names no Node.js",
      text: "Drained each Kubernetes node before the upgrade",
      context: { profile: said("Ran Kubernetes upgrades") },
    },
  ],
  invalid: [
    {
      name: "a cluster node in the profile states no Node.js",
      text: "Built the upgrade tooling in Node.js",
      original: "Drained a Kubernetes node before the upgrade",
      context: { profile: said("Drained a Kubernetes node before the upgrade") },
      findings: [{ rule: "unbacked-technology", actual: "Node.js", action: "fallback" }],
      output: "Drained a Kubernetes node before the upgrade",
    },
  ],
});

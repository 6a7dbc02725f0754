// What a post offers, or how to apply, is no requirement: a table of real-looking lines either way.
import { describe, expect, it } from "vitest";
import { isOffer } from "../../../pipeline/requirements/offers.js";
import { defaultCatalog } from "../../../extractors/catalog.js";
import { fromText } from "../../../pipeline/inputs/job.js";
import { jobRequirements } from "../../../pipeline/requirements.js";

const catalog = await defaultCatalog();

describe("isOffer", () => {
  it.each([
    ["Medical, dental and vision insurance from day one.", "Responsibilities"],
    ["401(k) with a 4% match.", ""],
    ["Salary range: $150,000 – $180,000.", ""],
    ["The base pay range for this role is $140k-$175k.", "About the role"],
    ["Competitive salary and equity.", ""],
    ["Equity in a fast-growing company.", ""],
    ["Generous stock options.", ""],
    ["Unlimited PTO and a $1,000 learning budget.", ""],
    ["16 weeks of paid parental leave.", ""],
    ["Remote-first with quarterly offsites.", ""],
    ["Northwind Pay is an equal opportunity employer.", ""],
    ["We celebrate diversity and are committed to an inclusive environment.", ""],
    ["Send your resume and a short note to jobs@northwind.example.", ""],
    ["To apply, fill in the form on our careers page.", ""],
    ["Visa sponsorship available.", ""],
    ["A MacBook Pro and GitHub Copilot for every engineer.", "What we offer"],
    ["Work with Kubernetes on day one.", "Perks & benefits 🎁"],
    ["Flexible hours.", "Why join us?"],
    ["Hybrid, two days a week in Berlin.", "Life at Northwind"],
  ])("%j (under %j) is an offer", (text, section) => {
    expect(isOffer({ text, section })).toBe(true);
  });

  it.each([
    ["Build the payroll service that computes salaries and tax withholding.", "Responsibilities"],
    ["Design the equity vesting ledger in PostgreSQL.", "What you will do"],
    ["Own the insurance claims API in Go.", "Responsibilities"],
    ["Improve latency and cost with Prometheus.", "What you will do"],
    ["3+ years of backend development.", "Requirements"],
    ["Apply TDD and code review to everything you ship.", "How we work"],
    ["Experience with Stripe and payment APIs.", "Backend Engineer, Payments — Northwind Pay"],
  ])("%j (under %j) is not", (text, section) => {
    expect(isOffer({ text, section }, "Backend Engineer, Payments — Northwind Pay")).toBe(false);
  });
});

describe("a post with benefits, pay, EEO and how to apply", () => {
  const post = [
    "# Backend Engineer, Payments — Northwind Pay",
    "",
    "We're hiring a Go engineer with 5+ years of experience.",
    "",
    "## Responsibilities",
    "",
    "- Build payment services in Go backed by PostgreSQL.",
    "",
    "## Benefits",
    "",
    "- Medical, dental and vision insurance.",
    "- A MacBook Pro.",
    "",
    "## How to apply",
    "",
    "Send your resume to jobs@northwind.example.",
    "",
    "Northwind Pay is an equal opportunity employer.",
  ].join("\n");

  it("counts only what it asks: the title's company is no benefits heading", () => {
    const requirements = jobRequirements(fromText("job.md", post), catalog);
    expect(requirements.map((r) => [r.kind, r.technology, r.years])).toEqual([
      ["technology", "go", undefined],
      ["years", "go", 5],
      ["technology", "postgresql", undefined],
    ]);
  });
});

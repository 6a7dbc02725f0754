// Years clauses and their subjects: after the figure in its clause, else before it, else a nested item.
import { describe, expect, it } from "vitest";
import type { NamedTechnology } from "../../../pipeline/requirements/technologies.js";
import { yearsClauses } from "../../../pipeline/requirements/years.js";

/** Technologies named at the given words of the text. */
const at = (text: string, ...names: [string, string][]): NamedTechnology[] =>
  names.map(([id, word]) => ({ id, start: text.indexOf(word), end: text.indexOf(word) + word.length }));

describe("yearsClauses", () => {
  it.each<[string, string, [string, string][], string[]]>([
    ["overall experience", "5+ years building backend systems", [], ["5"]],
    [
      "the technology after it",
      "3+ years running Kubernetes in production",
      [["kubernetes", "Kubernetes"]],
      ["3 kubernetes"],
    ],
    [
      "the first of several after it",
      "3+ years of Go or Rust",
      [
        ["go", "Go"],
        ["rust", "Rust"],
      ],
      ["3 go"],
    ],
    [
      "the technology before it in its clause",
      "Kubernetes: 3+ years",
      [["kubernetes", "Kubernetes"]],
      ["3 kubernetes"],
    ],
    [
      "not a technology of an earlier sentence",
      "We run Kubernetes. 5+ years of backend work",
      [["kubernetes", "Kubernetes"]],
      ["5"],
    ],
    [
      "two clauses, each its own subject",
      "5+ years of Go and 2 years of Kafka",
      [
        ["go", "Go"],
        ["kafka", "Kafka"],
      ],
      ["5 go", "2 kafka"],
    ],
    ["a range asks for its lower end", "3-5 years of Go", [["go", "Go"]], ["3 go"]],
    ["or more", "4 or more years with Go", [["go", "Go"]], ["4 go"]],
  ])("%s", (_name, text, names, expected) => {
    const clauses = yearsClauses(text, at(text, ...names));
    expect(clauses.map((c) => [c.years, c.technology].filter(Boolean).join(" "))).toEqual(expected);
  });

  it("a lead-in takes its first nested technology; a clause with its own words does not", () => {
    const nested = [{ id: "go", start: 0, end: 2 }];
    expect(yearsClauses("4+ years with:", [], nested)).toEqual([{ years: 4, start: 0, technology: "go" }]);
    expect(yearsClauses("4+ years building systems:", [], nested)).toEqual([{ years: 4, start: 0 }]);
  });
});

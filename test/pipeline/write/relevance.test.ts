// Relevance of a profile string to the job: required technologies weigh 3 each, shared content words 1.
import { describe, expect, it } from "vitest";
import type { Requirement } from "../../../pipeline/requirements.js";
import { contentStems } from "../../../pipeline/requirements.js";
import { relevance } from "../../../pipeline/write/relevance.js";
import { testCatalog } from "../../helpers/catalog.js";

const requirement = (text: string, technology?: string): Requirement => ({
  id: "R1",
  kind: technology ? "technology" : "domain",
  text,
  line: 1,
  optional: false,
  ...(technology ? { technology } : {}),
  stems: contentStems(text),
});
const rank = relevance(
  [requirement("Operate PostgreSQL", "postgresql"), requirement("Kubernetes clusters", "kubernetes")],
  testCatalog(),
);

describe("score", () => {
  it.each([
    ["nothing in common", "Wrote the style guide.", 0],
    ["a shared word", "Operate the office.", 1],
    ["a required technology and its stem", "Used PostgreSQL.", 4],
    ["an alias counts as the technology", "Used Postgres.", 3],
    ["each technology once however often named", "PostgreSQL, Postgres and PostgreSQL.", 4],
    ["two technologies and shared words", "Operate Kubernetes clusters with PostgreSQL.", 3 + 3 + 4],
    ["a technology the job does not ask for", "Used MySQL.", 0],
  ])("%s", (_name, text, score) => {
    expect(rank.score(text)).toBe(score);
  });
});

describe("order", () => {
  it("most relevant first; ties keep the candidate's order; the input is untouched", () => {
    const items = [
      "Style guide.",
      "Used Postgres.",
      "Office party.",
      "Operate Kubernetes clusters.",
      "Used MySQL.",
    ];
    const copy = [...items];
    expect(rank.order(items, (s) => s)).toEqual([
      "Operate Kubernetes clusters.",
      "Used Postgres.",
      "Style guide.",
      "Office party.",
      "Used MySQL.",
    ]);
    expect(items).toEqual(copy);
  });

  it("reads the text of any item through the accessor", () => {
    const items = [
      { id: 1, t: "Style guide." },
      { id: 2, t: "Used PostgreSQL." },
    ];
    expect(rank.order(items, (i) => i.t).map((i) => i.id)).toEqual([2, 1]);
  });

  it("keeps the order when the job asks for nothing", () => {
    const none = relevance([], testCatalog());
    expect(none.order(["b PostgreSQL", "a Kubernetes"], (s) => s)).toEqual(["b PostgreSQL", "a Kubernetes"]);
    expect(none.score("PostgreSQL")).toBe(0);
  });
});

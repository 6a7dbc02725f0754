// The candidate's own misspelling of a technology names it; a real word near a name does not.
import { expect, it } from "vitest";
import { defaultCatalog } from "../../extractors/catalog.js";

const catalog = await defaultCatalog();
const ids = (text: string) => catalog.findMentionsAnyCase(text).map((m) => [m.id, m.matched]);

it.each([
  ["Deployed the services on Kubernets", [["kubernetes", "Kubernets"]]],
  [
    "Moved reporting to Postgress and Kubernets",
    [
      ["postgresql", "Postgress"],
      ["kubernetes", "Kubernets"],
    ],
  ],
  ["Search on Elasticsaerch", [["elasticsearch", "Elasticsaerch"]]],
])("%j names %j", (text, expected) => {
  expect(ids(text)).toEqual(expected);
});

it.each([
  "Ran the flash sale for the storefront",
  "Worked on the Kafka3 upgrade notes",
  "Planned the season",
])("%j names no misspelt technology", (text) => {
  expect(ids(text)).toEqual([]);
});

it("finds no slip in text as written: only the candidate's own words are read so", () => {
  expect(catalog.findMentions("Deployed on Kubernets")).toEqual([]);
});

// Product names the catalog does not know: capitalised inside a sentence after a lead-in, never an
// ordinary word a post capitalises, an acronym, a catalog name or a word of the job's own title.
import { describe, expect, it } from "vitest";
import { unknownNames } from "../../../pipeline/requirements/names.js";

const names = (text: string, known: string[] = []) =>
  unknownNames(text, [], new Set(known)).map((n) => `${n.name}@${n.start}`);

describe("unknownNames", () => {
  it.each<[string, string, string[]]>([
    ["after with", "Experience with Meltano.", ["Meltano@16"]],
    ["a run of capitalised words", "Pipelines on Apache Pinot", ["Apache Pinot@13"]],
    [
      "members of a list",
      "Tools like Meltano, Kestra or Windmill",
      ["Meltano@11", "Kestra@20", "Windmill@30"],
    ],
    ["CamelCase anywhere, even first", "ClickHouse tuning", ["ClickHouse@0"]],
    ["the first word of a sentence", "Meltano pipelines. Kestra too.", []],
    ["the word after a colon", "Nice to have: Familiarity with it", []],
    ["ordinary capitalised words", "Experience with Distributed Systems and Infrastructure", []],
    ["acronyms", "Experience with LLM APIs, SRE or CI", []],
    ["no lead-in", "We are Remote First in Europe", []],
    ["places and days", "Work with Europe on Monday", []],
    ["a place after in or at", "Based in Berlin, at Harbor", []],
    ["a known word (catalog or the job's title)", "Work with Quayside and Hatchet", ["Hatchet@23"]],
  ])("%s", (_name, text, expected) => {
    expect(names(text, ["quayside"])).toEqual(expected);
  });

  it("leaves out what a catalog mention covers", () => {
    expect(unknownNames("Experience with Snowflake", [{ id: "snowflake", start: 16, end: 25 }])).toEqual([]);
  });
});

import { expect, it } from "vitest";
import { isJoinedTitles, isReworded, phraseWords } from "../../../guards/record-provenance/titles.js";

it.each([
  ["Contract C# / .NET developer (backend)", "C#/.NET Backend Developer", true],
  ["Backend / Platform Engineer", "Backend and Platform Engineer", true],
  ["Senior Platform Engineer", "Platform Engineer", true],
  ["Backend / Platform Engineer", "Senior Backend Engineer", false],
  ["Assistant Manager", "Manager", false],
  ["Vice President of Engineering", "President of Engineering", false],
  ["Junior Developer", "Developer", false],
  ["Software Engineer", "Staff Engineer", false],
  ["Full Stack Developer", "Junior Full-Stack Developer", true],
  ["Full-Stack Developer", "Full Stack Developer", true],
  ["Junior Developer", "Junior Software Developer", false],
])("%j reworded as %j: %s", (title, claim, held) => {
  expect(isReworded(phraseWords(title), phraseWords(claim))).toBe(held);
});

it.each([
  ["Site Reliability and Cloud Engineer", true],
  ["Cloud and Site Reliability Engineer", true],
  ["Senior Cloud and Site Reliability Engineer", false],
  ["Site Reliability and Staff Engineer", false],
  ["Site Reliability Engineer", false],
])("%j joins two titles held: %s", (claim, held) => {
  const titles = ["Site Reliability Engineer", "Cloud Engineer"].map(phraseWords);
  expect(isJoinedTitles(titles, phraseWords(claim))).toBe(held);
});

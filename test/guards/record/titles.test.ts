import { expect, it } from "vitest";
import { isReworded, phraseWords } from "../../../guards/record/titles.js";

it.each([
  ["Contract C# / .NET developer (backend)", "C#/.NET Backend Developer", true],
  ["Backend / Platform Engineer", "Backend and Platform Engineer", true],
  ["Senior Platform Engineer", "Platform Engineer", true],
  ["Backend / Platform Engineer", "Senior Backend Engineer", false],
  ["Assistant Manager", "Manager", false],
  ["Vice President of Engineering", "President of Engineering", false],
  ["Junior Developer", "Developer", false],
  ["Software Engineer", "Staff Engineer", false],
])("%j reworded as %j: %s", (title, claim, held) => {
  expect(isReworded(phraseWords(title), phraseWords(claim))).toBe(held);
});

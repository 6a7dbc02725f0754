import { describe, expect, it } from "vitest";
import { splitClaims } from "../../../pipeline/verify/claims.js";

describe("splitClaims", () => {
  it.each([
    ["One sentence.", ["One sentence."]],
    ["Built X. Cut Y by 20%.", ["Built X.", "Cut Y by 20%."]],
    ["- first bullet\n- second bullet", ["first bullet", "second bullet"]],
    ["1. one\n2) two", ["one", "two"]],
    ["Intro line.\n\n* bullet one. Still bullet.", ["Intro line.", "bullet one.", "Still bullet."]],
    [
      "Latency fell to 140 ms. Deploys take 6 minutes.",
      ["Latency fell to 140 ms.", "Deploys take 6 minutes."],
    ],
    ["Version 3.12 of Python. Next.", ["Version 3.12 of Python.", "Next."]],
    ["  \n- \n", []],
  ])("%j", (answer, expected) => {
    expect(splitClaims(answer).map((c) => c.text)).toEqual(expected);
  });

  it("keeps each claim's offset into the answer", () => {
    const answer = "Intro.\n- Built the orders service.";
    for (const claim of splitClaims(answer)) {
      expect(answer.slice(claim.start, claim.start + claim.text.length)).toBe(claim.text);
    }
  });
});

describe("a full stop before a figure", () => {
  it("ends a sentence even where the platform's segmenter does not split", () => {
    expect(splitClaims("Runs on AWS. 8 years of experience.").map((c) => c.text)).toEqual([
      "Runs on AWS.",
      "8 years of experience.",
    ]);
    expect(splitClaims("Python 3.12 is used.").map((c) => c.text)).toEqual(["Python 3.12 is used."]);
  });
});

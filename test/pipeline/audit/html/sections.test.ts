import { describe, expect, it } from "vitest";
import { sectionOf } from "../../../../pipeline/audit/html/sections.js";

describe("sectionOf", () => {
  it.each([
    ["basics.summary", "summary"],
    ["basics.phone", "header"],
    ["basics.profiles[0].url", "header"],
    ["work[1].highlights[2]", "experience"],
    ["skills[0].keywords[3]", "skills"],
    ["certifications[0]", "certificates"],
    ["matches[4]", "matches"],
    ["volunteer[0].summary", "volunteer"],
    ["text", "text"],
  ])("%s → %s", (field, section) => {
    expect(sectionOf(field)).toBe(section);
  });
});

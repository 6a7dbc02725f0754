import { describe, expect, it } from "vitest";
import { formatDate, formatDateRange } from "../../../pipeline/render/dates.js";

const dates = { format: "MMM YYYY", present: "Present", separator: " – ", position: "right" as const };

describe("formatDate", () => {
  it.each([
    ["2021-04", "MMM YYYY", "Apr 2021"],
    ["2021-04-15", "MMMM YYYY", "April 2021"],
    ["2021-03", "MM/YYYY", "03/2021"],
    ["2021-03", "YYYY", "2021"],
    ["2019", "MMM YYYY", "2019"],
    ["Spring 2020", "MMM YYYY", "Spring 2020"],
  ])("%s in %s is %s", (date, format, expected) => {
    expect(formatDate(date, format)).toBe(expected);
  });
});

describe("formatDateRange", () => {
  it("says Present for an open-ended entry and joins with the separator", () => {
    expect(formatDateRange("2021-04", undefined, dates)).toBe("Apr 2021 – Present");
    expect(formatDateRange("2018-06", "2021-03", dates)).toBe("Jun 2018 – Mar 2021");
  });

  it("shows one date once, and nothing when there is none", () => {
    expect(formatDateRange("2020-01", "2020-01", dates)).toBe("Jan 2020");
    expect(formatDateRange("2020-01", "2020-11", { ...dates, format: "YYYY" })).toBe("2020");
    expect(formatDateRange(undefined, "2018-06", dates)).toBe("Jun 2018");
    expect(formatDateRange(undefined, undefined, dates)).toBe("");
  });
});

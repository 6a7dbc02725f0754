// How many years the profile's work dates cover: from the earliest start to the run's date.
import { describe, expect, it } from "vitest";
import type { JsonResume } from "../../core/resume.js";
import { type ExperienceSpan, experienceYears } from "../../pipeline/years.js";

const starts = (...dates: (string | undefined)[]): JsonResume => ({
  work: dates.map((startDate) => (startDate === undefined ? { name: "X" } : { name: "X", startDate })),
});

describe("experienceYears", () => {
  it.each<[string, JsonResume, string, ExperienceSpan]>([
    ["no work", {}, "2024-06-01", { years: 0 }],
    ["work without dates", starts(undefined), "2024-06-01", { years: 0 }],
    [
      "whole years to the month",
      starts("2018-06"),
      "2024-06-01",
      { years: 6, from: { field: "work[0].startDate", value: "2018-06" } },
    ],
    [
      "months as a fraction",
      starts("2021-04"),
      "2024-01-15",
      { years: 2.75, from: { field: "work[0].startDate", value: "2021-04" } },
    ],
    [
      "a year alone is its January",
      starts("2020"),
      "2021-07-01",
      { years: 1.5, from: { field: "work[0].startDate", value: "2020" } },
    ],
    [
      "a full date counts its month",
      starts("2020-03-31"),
      "2021-03-01",
      { years: 1, from: { field: "work[0].startDate", value: "2020-03-31" } },
    ],
    [
      "the earliest start wherever it is listed",
      starts("2021-04", undefined, "2018-06", "2019-01"),
      "2024-06-01",
      { years: 6, from: { field: "work[2].startDate", value: "2018-06" } },
    ],
    [
      "the first of equal starts",
      starts("2018-06", "2018-06-20"),
      "2024-06-01",
      { years: 6, from: { field: "work[0].startDate", value: "2018-06" } },
    ],
    [
      "a start after the run's date is no experience",
      starts("2025-01"),
      "2024-06-01",
      { years: 0, from: { field: "work[0].startDate", value: "2025-01" } },
    ],
    ["a start that is not a date", starts("April 2021"), "2024-06-01", { years: 0 }],
  ])("%s", (_name, profile, asOf, expected) => {
    expect(experienceYears(profile, asOf)).toEqual(expected);
  });

  it("has no span when the run's date is not a date", () => {
    expect(experienceYears(starts("2018-06"), "today")).toEqual({ years: 0 });
  });
});

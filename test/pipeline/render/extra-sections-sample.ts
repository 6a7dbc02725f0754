// A resume with the JSON Resume sections past the core ones (jsonresume.org field names), for the renderers.
import type { JsonResume } from "../../../core/resume.js";

export function extraSectionsResume(): JsonResume {
  return {
    basics: { name: "Sam Lee" },
    awards: [
      {
        title: "Engineering Excellence Award",
        date: "2022-11",
        awarder: "Fernhill Supply",
        summary: "For the move of the order platform to Amazon EKS.",
      },
    ],
    publications: [
      {
        name: "Idempotent checkouts",
        publisher: "InfoQ",
        releaseDate: "2023-03-14",
        url: "https://www.infoq.com/articles/idempotent-checkouts/",
        summary: "How idempotency keys in Redis ended double charges.",
      },
    ],
    volunteer: [
      {
        organization: "Code for Portland",
        position: "Mentor",
        url: "codeforportland.org",
        startDate: "2019-01",
        endDate: "2020-06",
        summary: "Weekly hack nights for new contributors.",
        highlights: ["Mentored first-time contributors.", "Set up CI for the group's projects."],
      },
      {
        organization: "Portland Food Bank",
        position: "Volunteer",
        startDate: "2021-05",
        highlights: ["Rebuilt the shift sign-up sheet."],
      },
    ],
    languages: [
      { language: "English", fluency: "Native" },
      { language: "German", fluency: "Professional" },
      { language: "Japanese" },
    ],
    interests: [
      { name: "Cycling", keywords: ["Randonneuring", "Bike repair"] },
      { name: "Open source", keywords: ["OpenTelemetry"] },
    ],
  };
}

/** The same sections present but drawing nothing: empty lists, empty strings, names without keywords. */
export function emptySectionsResume(): JsonResume {
  return {
    basics: { name: "Sam Lee" },
    awards: [],
    publications: [{ name: "", publisher: " ", releaseDate: "", url: "", summary: "" }],
    volunteer: [
      { organization: "", position: "", startDate: "", endDate: "", summary: "", highlights: ["", " "] },
    ],
    languages: [{ language: "", fluency: "Native" }],
    interests: [{ name: "Cycling", keywords: [] }, { name: "", keywords: [""] }, { name: " " }],
    skills: [
      { name: "AI", keywords: [] },
      { name: "Cloud", keywords: [" "] },
      { name: "", level: "Expert" },
    ],
  };
}

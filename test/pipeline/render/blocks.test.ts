import { describe, expect, it } from "vitest";
import type { RedactionRecord } from "../../../guards/redaction-record.js";
import { getField } from "../../../core/resume.js";
import { type Block, blockText, resumeBlocks } from "../../../pipeline/render/blocks.js";
import { SECTION_HEADINGS } from "../../../pipeline/render/layout-schema.js";
import { loadLayout } from "../../../pipeline/render/layout.js";
import { anchorRecords } from "../../../pipeline/render/review.js";
import { emptySectionsResume, extraSectionsResume } from "./extra-sections-sample.js";

const classic = loadLayout("classic");
const resume = extraSectionsResume();
const blocks = resumeBlocks(resume, classic);

/** Each block as `kind key: text [dates]`. */
const lines = (list: Block[]) =>
  list.map((b) => `${b.kind} ${b.key}: ${blockText(b)}${b.dates ? ` [${b.dates}]` : ""}`);
/** The fielded segments of one block, as `field=text`. */
const fields = (key: string) =>
  (blocks.find((b) => b.key === key)?.segments ?? [])
    .filter((s) => s.field)
    .map((s) => `${s.field}=${s.text}`);

describe("resumeBlocks: awards, publications, volunteer, languages, interests", () => {
  it("renders each section under its standard heading, in the layout's order", () => {
    expect(lines(blocks)).toEqual([
      "name basics.name: Sam Lee",
      "heading heading:awards: Awards",
      "entry awards[0]: Engineering Excellence Award — Fernhill Supply [Nov 2022]",
      "text awards[0].summary: For the move of the order platform to Amazon EKS.",
      "heading heading:publications: Publications",
      "entry publications[0]: Idempotent checkouts — InfoQ — www.infoq.com/articles/idempotent-checkouts [Mar 2023]",
      "text publications[0].summary: How idempotency keys in Redis ended double charges.",
      "heading heading:volunteer: Volunteer Experience",
      "entry volunteer[0]: Mentor — Code for Portland — codeforportland.org [Jan 2019 – Jun 2020]",
      "text volunteer[0].summary: Weekly hack nights for new contributors.",
      "bullet volunteer[0].highlights[0]: Mentored first-time contributors.",
      "bullet volunteer[0].highlights[1]: Set up CI for the group's projects.",
      "entry volunteer[1]: Volunteer — Portland Food Bank [May 2021 – Present]",
      "bullet volunteer[1].highlights[0]: Rebuilt the shift sign-up sheet.",
      "heading heading:languages: Languages",
      "skills languages: English (Native), German (Professional), Japanese",
      "heading heading:interests: Interests",
      "skills interests[0]: Cycling: Randonneuring, Bike repair",
      "skills interests[1]: Open source: OpenTelemetry",
    ]);
  });

  it("gives every segment from a field its exact JSON Resume path", () => {
    expect(fields("awards[0]")).toEqual([
      "awards[0].title=Engineering Excellence Award",
      "awards[0].awarder=Fernhill Supply",
    ]);
    // A URL shown without its scheme is not the field's text: it has no path (a review offset would be wrong).
    expect(fields("publications[0]")).toEqual([
      "publications[0].name=Idempotent checkouts",
      "publications[0].publisher=InfoQ",
    ]);
    expect(fields("volunteer[0]")).toEqual([
      "volunteer[0].position=Mentor",
      "volunteer[0].organization=Code for Portland",
      "volunteer[0].url=codeforportland.org",
    ]);
    expect(fields("volunteer[1].highlights[0]")).toEqual([
      "volunteer[1].highlights[0]=Rebuilt the shift sign-up sheet.",
    ]);
    expect(fields("languages")).toEqual([
      "languages[0].language=English",
      "languages[0].fluency=Native",
      "languages[1].language=German",
      "languages[1].fluency=Professional",
      "languages[2].language=Japanese",
    ]);
    expect(fields("interests[0]")).toEqual([
      "interests[0].name=Cycling",
      "interests[0].keywords[0]=Randonneuring",
      "interests[0].keywords[1]=Bike repair",
    ]);
    for (const segment of blocks.flatMap((b) => b.segments)) {
      if (segment.field) expect(getField(resume, segment.field)).toBe(segment.text);
    }
  });

  it("styles entries like work: the title bold, a volunteer summary italic", () => {
    const segment = (key: string, field: string) =>
      blocks.find((b) => b.key === key)?.segments.find((s) => s.field === field);
    expect(segment("awards[0]", "awards[0].title")?.bold).toBe(true);
    expect(segment("publications[0]", "publications[0].name")?.bold).toBe(true);
    expect(segment("volunteer[0]", "volunteer[0].position")?.bold).toBe(true);
    expect(segment("volunteer[0].summary", "volunteer[0].summary")?.italic).toBe(true);
    expect(segment("interests[1]", "interests[1].name")?.bold).toBe(true);
  });

  it("lets a review comment find a new field and its offsets", () => {
    const base = { runId: "t", ts: "t", evidence: [], prevHash: "", hash: "", reason: "Why." };
    const records: RedactionRecord[] = [
      {
        ...base,
        seq: 1,
        guard: "verifier",
        rule: "not-grounded",
        action: "fallback",
        field: "languages[1].fluency",
        original: "Fluent",
        replacement: "Professional",
      },
      {
        ...base,
        seq: 2,
        guard: "claim-net",
        rule: "unbacked-technology",
        action: "redact",
        field: "volunteer[0].highlights[1]",
        range: [7, 21],
        outputRange: [7, 9],
        original: "GitHub Actions",
        replacement: "CI",
      },
    ];
    const anchors = anchorRecords(resume, records, classic);
    const wrapped = (key: string) => {
      const text = blockText(blocks.find((b) => b.key === key) as Block);
      return anchors.get(key)?.map((a) => text.slice(a.start, a.end));
    };
    expect(wrapped("languages")).toEqual(["Professional"]);
    expect(wrapped("volunteer[0].highlights[1]")).toEqual(["CI"]);
  });
});

describe("resumeBlocks: no empty heading, no bare group name", () => {
  it("draws nothing for a skills group without keywords, and no Skills heading when no group has one", () => {
    expect(lines(resumeBlocks(emptySectionsResume(), classic))).toEqual(["name basics.name: Sam Lee"]);
    const skills = [
      { name: "AI", keywords: [] },
      { name: "Cloud", keywords: ["AWS", ""] },
      { keywords: ["Go"] },
    ];
    expect(lines(resumeBlocks({ skills }, classic))).toEqual([
      "heading heading:skills: Skills",
      "skills skills[1]: Cloud: AWS",
      "skills skills[2]: Go",
    ]);
  });

  it("draws a skill with no keyword list as a skill of its own, with its level", () => {
    const skills = [{ name: "Kubernetes", level: "Advanced" }, { name: "Go" }, { name: "AI", keywords: [] }];
    expect(lines(resumeBlocks({ skills }, classic))).toEqual([
      "heading heading:skills: Skills",
      "skills skills[0]: Kubernetes (Advanced)",
      "skills skills[1]: Go",
    ]);
    const [kubernetes] = resumeBlocks({ skills }, classic).filter((b) => b.key === "skills[0]");
    expect(kubernetes!.segments.map((s) => s.field)).toEqual([
      "skills[0].name",
      undefined,
      "skills[0].level",
      undefined,
    ]);
  });

  it("draws no heading for a section that is present but empty", () => {
    for (const section of ["awards", "publications", "volunteer", "languages", "interests"]) {
      expect(lines(resumeBlocks({ [section]: [] }, classic))).toEqual([]);
      expect(lines(resumeBlocks({ [section]: [{}, "", null] }, classic))).toEqual([]);
    }
    expect(
      lines(resumeBlocks({ awards: [{ title: " ", awarder: "", date: "", summary: "" }] }, classic)),
    ).toEqual([]);
  });

  it("keeps an entry that has only some fields, without empty separators", () => {
    const partial = {
      awards: [{ awarder: "CNCF", date: "2024" }],
      languages: [{ language: "Spanish", fluency: "" }],
    };
    expect(lines(resumeBlocks(partial, classic))).toEqual([
      "heading heading:awards: Awards",
      "entry awards[0]: CNCF [2024]",
      "heading heading:languages: Languages",
      "skills languages: Spanish",
    ]);
  });
});

describe("the shipped layouts", () => {
  it("order every section, the new ones after education and certificates", () => {
    for (const name of ["classic", "compact"]) {
      const sections = loadLayout(name).sections;
      expect([...sections].sort()).toEqual(Object.keys(SECTION_HEADINGS).sort());
      expect(sections.slice(-5)).toEqual(["awards", "publications", "volunteer", "languages", "interests"]);
    }
  });
});

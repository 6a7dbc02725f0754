import mammoth from "mammoth";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { renderDocx } from "../../../pipeline/render/docx.js";
import { SECTION_HEADINGS } from "../../../pipeline/render/layout-schema.js";
import { type Layout, layoutNames, loadLayout } from "../../../pipeline/render/layout.js";
import { type DocParagraph, docxParts, paragraphs, sampleResume } from "./docx-reader.js";
import { emptySectionsResume, extraSectionsResume } from "./extra-sections-sample.js";

const resume = sampleResume();
const classic = loadLayout("classic");

let bytes: Uint8Array;
let parts: Record<string, string>;
let body: DocParagraph[];

beforeAll(async () => {
  bytes = await renderDocx(resume, classic);
  parts = docxParts(bytes);
  body = paragraphs(parts["word/document.xml"] ?? "");
});

const headings = (list: DocParagraph[]) => list.filter((p) => p.style === "Heading1").map((p) => p.text);

describe("renderDocx: an ATS-friendly resume", () => {
  it("puts the standard headings in the layout's order, as Heading 1 paragraphs", () => {
    expect(headings(body)).toEqual(["Summary", "Experience", "Projects", "Skills", "Education"]);
  });

  it("puts the name, label and contact line in the body, before the first heading", () => {
    const firstHeading = body.findIndex((p) => p.style === "Heading1");
    const header = body.slice(0, firstHeading);
    expect(header[0]).toMatchObject({ style: "Title", text: "Dana Reyes" });
    expect(header.map((p) => p.text)).toContain("Backend and Platform Engineer");
    const contact = header.find((p) => p.text.includes("dana.reyes@example.com"));
    expect(contact?.text).toContain("+1 555 0100");
    expect(contact?.text).toContain("Portland, US");
    expect(contact?.text).toContain("github.com/dana-reyes");
  });

  it("writes each job as a Heading 2 line with position — company and dates, then its bullets", () => {
    const at = body.findIndex((p) => p.text.startsWith("Senior Platform Engineer — Fernhill Supply"));
    expect(body[at]?.style).toBe("Heading2");
    expect(body[at]?.text).toBe("Senior Platform Engineer — Fernhill Supply\tApr 2021 – Present");
    expect(body[at + 1]?.text).toMatch(/^Platform team for an online supply store/);
    const bullets = body.slice(at + 2, at + 7);
    expect(bullets.every((p) => p.numbered)).toBe(true);
    expect(bullets[0]?.text).toBe(
      "Moved the order platform from self-managed VMs to Amazon EKS with Terraform and Helm.",
    );
    expect(body.find((p) => p.text.startsWith("Software Engineer — Quillmark"))?.text).toContain(
      "Jun 2018 – Mar 2021",
    );
  });

  it("makes every highlight a real list paragraph and types no bullet characters", () => {
    const highlights = [...(resume.work ?? []).flatMap((w) => w.highlights ?? [])];
    const numbered = body.filter((p) => p.numbered).map((p) => p.text);
    expect(numbered).toEqual(highlights);
    expect(body.some((p) => /^\s*[•*·-]\s/.test(p.text))).toBe(false);
    const numbering = parts["word/numbering.xml"] ?? "";
    expect(numbering).toContain('<w:numFmt w:val="bullet"/>');
  });

  it("writes skills as `Name: keyword, keyword` lines", () => {
    expect(body.map((p) => p.text)).toContain("Languages: TypeScript, Python, Go, Java");
    expect(body.map((p) => p.text)).toContain("Data: PostgreSQL, Redis, Kafka, Amazon SQS");
  });

  it("has no tables, text boxes, drawings, headers or footers", () => {
    const xml = parts["word/document.xml"] ?? "";
    for (const element of [
      "<w:tbl>",
      "<w:tbl ",
      "w:txbxContent",
      "v:textbox",
      "<w:drawing",
      "w:headerReference",
    ]) {
      expect(xml).not.toContain(element);
    }
    expect(Object.keys(parts).filter((p) => /word\/(header|footer)\d*\.xml$/.test(p))).toEqual([]);
    expect(xml.match(/<w:sectPr/g)).toHaveLength(1);
    expect(xml).not.toContain("<w:cols w:num=");
  });

  it("uses the layout's font and sizes in the styles", () => {
    const styles = parts["word/styles.xml"] ?? "";
    expect(styles).toContain('w:ascii="Calibri"');
    expect(styles).toContain('<w:sz w:val="21"/>'); // 10.5 pt body, in half-points
    expect(styles).toContain('<w:sz w:val="44"/>'); // 22 pt name
    expect(styles).toMatch(/<w:style [^>]*w:styleId="Heading1"[\s\S]*?<w:caps\/>[\s\S]*?<\/w:style>/);
    expect(styles).toMatch(/<w:style [^>]*w:styleId="Heading1"[\s\S]*?<w:pBdr><w:bottom [\s\S]*?<\/w:style>/);
  });

  it("sets the document properties, with a fixed date by default", () => {
    const core = parts["docProps/core.xml"] ?? "";
    expect(core).toContain("<dc:title>Dana Reyes — Resume</dc:title>");
    expect(core).toContain("<dc:creator>Dana Reyes</dc:creator>");
    expect(core).toContain("<cp:lastModifiedBy>vouch</cp:lastModifiedBy>");
    expect(core).toContain("<dc:description>Dana Reyes, Backend and Platform Engineer</dc:description>");
    expect(core).toMatch(/<cp:keywords>TypeScript, Python, Go, Java, AWS, [^<]*<\/cp:keywords>/);
    expect(core).toContain(
      '<dcterms:created xsi:type="dcterms:W3CDTF">1980-01-01T00:00:00Z</dcterms:created>',
    );
  });

  it("takes the title, description, keywords and date from options", async () => {
    const core = docxParts(
      await renderDocx(resume, classic, {
        properties: {
          title: "Dana Reyes — Platform Engineer",
          description: "For Acme",
          keywords: ["Go", "AWS"],
        },
        date: "2025-03-04T05:06:07Z",
      }),
    )["docProps/core.xml"];
    expect(core).toContain("<dc:title>Dana Reyes — Platform Engineer</dc:title>");
    expect(core).toContain("<dc:description>For Acme</dc:description>");
    expect(core).toContain("<cp:keywords>Go, AWS</cp:keywords>");
    expect(core).toContain(">2025-03-04T05:06:07Z</dcterms:modified>");
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("does not depend on the clock: the library's timestamps are pinned to the date option", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2001-02-03T04:05:06Z"));
    const early = await renderDocx(resume, classic);
    vi.setSystemTime(new Date("2039-10-11T12:13:14Z"));
    const late = await renderDocx(resume, classic);
    expect(late).toEqual(early);
    expect(late).toEqual(bytes);
  });

  it("gives the same bytes for the same input, and different bytes for another date", async () => {
    expect(await renderDocx(resume, classic)).toEqual(bytes);
    expect(await renderDocx(resume, classic, { date: "2025-01-01T00:00:00Z" })).not.toEqual(bytes);
  });

  it("reads as headings, paragraphs and list items in mammoth", async () => {
    const buffer = Buffer.from(bytes);
    const { value: html } = await mammoth.convertToHtml({ buffer });
    expect(html).toContain("<h1>Summary</h1>");
    expect(html).toContain("<h1>Experience</h1>");
    expect(html).toMatch(/<h2><strong>Senior Platform Engineer<\/strong> — Fernhill Supply/);
    expect(html).toContain(
      "<li>Cut p95 checkout latency from 820 ms to 140 ms by caching idempotency keys in Redis.</li>",
    );
    expect(html.match(/<li>/g)).toHaveLength(8);
    const { value: text } = await mammoth.extractRawText({ buffer });
    const order = ["Dana Reyes", "Summary", "Experience", "Projects", "Skills", "Education"].map((h) =>
      text.indexOf(`${h}\n`),
    );
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > (order[i - 1] as number)))).toBe(true);
  });
});

describe("renderDocx: every layout", () => {
  it.each(layoutNames())("renders the sample with %s", async (name) => {
    const layout: Layout = loadLayout(name);
    const rendered = docxParts(await renderDocx(resume, layout));
    const list = paragraphs(rendered["word/document.xml"] ?? "");
    // The sample has none of these sections: they are left out, heading and all.
    const absent = ["certificates", "awards", "publications", "volunteer", "languages", "interests"];
    for (const key of absent) expect(resume).not.toHaveProperty(key);
    const expected = layout.sections.filter((s) => !absent.includes(s)).map((s) => SECTION_HEADINGS[s]);
    expect(headings(list)).toEqual(expected);
    expect(rendered["word/styles.xml"]).toContain(`w:ascii="${layout.font}"`);
    expect(list.filter((p) => p.numbered)).toHaveLength(8);
  });

  it("puts the dates on a line of their own when the layout says below", async () => {
    const compact = loadLayout("compact");
    const list = paragraphs(docxParts(await renderDocx(resume, compact))["word/document.xml"] ?? "");
    const at = list.findIndex((p) => p.text === "Senior Platform Engineer — Fernhill Supply");
    expect(list[at + 1]).toMatchObject({ style: "ResumeDates", text: "2021 – Present" });
  });

  it("renders a resume with only a name, and certificates when present", async () => {
    const minimal = {
      basics: { name: "Sam Lee" },
      certificates: [{ name: "CKA", issuer: "CNCF", date: "2023-05" }],
    };
    const list = paragraphs(docxParts(await renderDocx(minimal, classic))["word/document.xml"] ?? "");
    expect(list.map((p) => p.text)).toEqual(["Sam Lee", "Certifications", "CKA — CNCF\tMay 2023"]);
  });
});

describe("renderDocx: awards, publications, volunteer, languages, interests", () => {
  const render = async (input: Parameters<typeof renderDocx>[0], layout = classic) =>
    paragraphs(docxParts(await renderDocx(input, layout))["word/document.xml"] ?? "");

  it("writes each under its Heading 1, entries as Heading 2 with dates, highlights as list items", async () => {
    const list = await render(extraSectionsResume());
    expect(list.map((p) => `${p.style ?? ""}${p.numbered ? " (list)" : ""}: ${p.text}`)).toEqual([
      "Title: Sam Lee",
      "Heading1: Awards",
      "Heading2: Engineering Excellence Award — Fernhill Supply\tNov 2022",
      ": For the move of the order platform to Amazon EKS.",
      "Heading1: Publications",
      "Heading2: Idempotent checkouts — InfoQ — www.infoq.com/articles/idempotent-checkouts\tMar 2023",
      ": How idempotency keys in Redis ended double charges.",
      "Heading1: Volunteer Experience",
      "Heading2: Mentor — Code for Portland — codeforportland.org\tJan 2019 – Jun 2020",
      ": Weekly hack nights for new contributors.",
      "ListParagraph (list): Mentored first-time contributors.",
      "ListParagraph (list): Set up CI for the group's projects.",
      "Heading2: Volunteer — Portland Food Bank\tMay 2021 – Present",
      "ListParagraph (list): Rebuilt the shift sign-up sheet.",
      "Heading1: Languages",
      ": English (Native), German (Professional), Japanese",
      "Heading1: Interests",
      ": Cycling: Randonneuring, Bike repair",
      ": Open source: OpenTelemetry",
    ]);
  });

  it("reads the same in mammoth, with the compact layout's dates below", async () => {
    const buffer = Buffer.from(await renderDocx(extraSectionsResume(), loadLayout("compact")));
    const { value: html } = await mammoth.convertToHtml({ buffer });
    for (const heading of ["Awards", "Publications", "Volunteer Experience", "Languages", "Interests"]) {
      expect(html).toContain(`<h1>${heading}</h1>`);
    }
    expect(html).toContain("<h2><strong>Mentor</strong> — Code for Portland — codeforportland.org</h2>");
    expect(html).toContain("<li>Set up CI for the group's projects.</li>");
    const { value: text } = await mammoth.extractRawText({ buffer });
    expect(text).toContain("English (Native), German (Professional), Japanese\n");
    expect(text).toContain("Volunteer — Portland Food Bank\n\n2021 – Present\n");
  });

  it("draws no heading for empty sections or a skills group without keywords", async () => {
    expect((await render(emptySectionsResume())).map((p) => p.text)).toEqual(["Sam Lee"]);
    const skills = [
      { name: "AI", keywords: [] },
      { name: "Cloud", keywords: ["AWS"] },
    ];
    expect((await render({ basics: { name: "Sam Lee" }, skills })).map((p) => p.text)).toEqual([
      "Sam Lee",
      "Skills",
      "Cloud: AWS",
    ]);
  });
});

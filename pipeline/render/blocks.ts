// The rendered resume as plain data: one block per paragraph, in reading order, each made of text segments
// that remember which field of the JSON Resume they show. The DOCX and Markdown renderers draw these blocks,
// and the review variant finds where a record's field landed in them.
import type { JsonResume } from "../../guards/resume.js";
import { formatDateRange } from "./dates.js";
import { type Layout, SECTION_HEADINGS, type SectionId } from "./layout-schema.js";

export type BlockKind = "name" | "label" | "contact" | "heading" | "entry" | "text" | "bullet" | "skills";

export interface Segment {
  text: string;
  /**
   * The JSON Resume field this text is exactly, e.g. `work[0].highlights[2]`; absent for separators and for
   * text composed or shortened from fields (a degree, a URL without its scheme).
   */
  field?: string;
  bold?: boolean;
  italic?: boolean;
}

export interface Block {
  /** A stable name: a field path (`work[0]`, `basics.summary`) or `heading:<section>`. */
  key: string;
  kind: BlockKind;
  segments: Segment[];
  /** An entry's dates, drawn apart from its text (at a right tab stop or on a line below). */
  dates?: string;
  /** For headings: which section they open. */
  section?: SectionId;
}

export type BlockOptions = Pick<Layout, "sections" | "dates" | "header" | "labels">;

export function blockText(block: Block): string {
  return block.segments.map((s) => s.text).join("");
}

const text = (value: unknown): string | undefined =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const record = (value: unknown): Record<string, unknown> =>
  value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
const withoutScheme = (url: string) => url.replace(/^https?:\/\//i, "").replace(/\/$/, "");

/** `A — B` from the parts that exist, each segment keeping its field. */
function joined(parts: (Segment | undefined)[], separator: string): Segment[] {
  const present = parts.filter((p): p is Segment => p !== undefined);
  return present.flatMap((p, i) => (i === 0 ? [p] : [{ text: separator }, p]));
}

// A field's text is kept exactly as written: a review comment's offsets are offsets into this string.
const field = (value: unknown, path: string, style: Partial<Segment> = {}): Segment | undefined =>
  text(value) === undefined ? undefined : { text: value as string, field: path, ...style };

function headerBlocks(resume: JsonResume, options: BlockOptions): Block[] {
  const basics = record(resume.basics);
  const location = record(basics.location);
  const blocks: Block[] = [];
  const name = field(basics.name, "basics.name");
  if (name) blocks.push({ key: "basics.name", kind: "name", segments: [name] });
  const label = field(basics.label, "basics.label");
  if (label) blocks.push({ key: "basics.label", kind: "label", segments: [label] });
  const place = [location.city, location.region, location.countryCode].map(text).filter(Boolean).join(", ");
  const contact: (Segment | undefined)[] = [
    place ? { text: place } : undefined,
    field(basics.email, "basics.email"),
    field(basics.phone, "basics.phone"),
    text(basics.url) ? { text: withoutScheme(text(basics.url)!) } : undefined,
    ...list(basics.profiles).map((p) => {
      const profile = record(p);
      const url = text(profile.url);
      const shown = url
        ? withoutScheme(url)
        : [text(profile.network), text(profile.username)].filter(Boolean).join(": ");
      return shown ? { text: shown } : undefined;
    }),
  ];
  const segments = joined(contact, options.header.separator);
  if (segments.length > 0) blocks.push({ key: "basics.contact", kind: "contact", segments });
  return blocks;
}

/** An entry's line, its optional summary line and its highlights as bullets. */
function entryBlocks(
  key: string,
  title: Segment[],
  dates: string,
  summary: Segment | undefined,
  highlights: unknown,
): Block[] {
  const blocks: Block[] = [];
  if (title.length > 0 || dates) {
    blocks.push({ key, kind: "entry", segments: title, ...(dates ? { dates } : {}) });
  }
  if (summary) blocks.push({ key: summary.field as string, kind: "text", segments: [summary] });
  list(highlights).forEach((h, j) => {
    const bullet = field(h, `${key}.highlights[${j}]`);
    if (bullet) blocks.push({ key: bullet.field as string, kind: "bullet", segments: [bullet] });
  });
  return blocks;
}

function sectionBody(resume: JsonResume, section: SectionId, options: BlockOptions): Block[] {
  const range = (entry: Record<string, unknown>) =>
    formatDateRange(text(entry.startDate), text(entry.endDate), options.dates);
  switch (section) {
    case "summary": {
      const summary = field(record(resume.basics).summary, "basics.summary");
      return summary ? [{ key: "basics.summary", kind: "text", segments: [summary] }] : [];
    }
    case "experience":
      return list(resume.work).flatMap((w, i) => {
        const work = record(w);
        const key = `work[${i}]`;
        const title = joined(
          [field(work.position, `${key}.position`, { bold: true }), field(work.name, `${key}.name`)],
          " — ",
        );
        const summary = field(work.summary, `${key}.summary`, { italic: true });
        return entryBlocks(key, title, range(work), summary, work.highlights);
      });
    case "projects":
      return list(resume.projects).flatMap((p, i) => {
        const project = record(p);
        const key = `projects[${i}]`;
        const url = text(project.url);
        const title = joined(
          [
            field(project.name, `${key}.name`, { bold: true }),
            url ? { text: withoutScheme(url) } : undefined,
          ],
          " — ",
        );
        const description = field(project.description, `${key}.description`);
        const blocks = entryBlocks(key, title, range(project), description, project.highlights);
        const keywords = joined(
          list(project.keywords).map((k, j) => field(k, `${key}.keywords[${j}]`)),
          ", ",
        );
        if (keywords.length > 0) {
          const label = { text: `${options.labels.keywords}: `, italic: true };
          blocks.push({ key: `${key}.keywords`, kind: "text", segments: [label, ...keywords] });
        }
        return blocks;
      });
    case "skills":
      return list(resume.skills).flatMap((s, i): Block[] => {
        const skill = record(s);
        const keywords = joined(
          list(skill.keywords).map((k, j) => field(k, `skills[${i}].keywords[${j}]`)),
          ", ",
        );
        const name = field(skill.name, `skills[${i}].name`, { bold: true });
        if (!name && keywords.length === 0) return [];
        const segments = name ? [name, ...(keywords.length ? [{ text: ": " }, ...keywords] : [])] : keywords;
        return [{ key: `skills[${i}]`, kind: "skills", segments }];
      });
    case "education":
      return list(resume.education).flatMap((e, i) => {
        const education = record(e);
        const key = `education[${i}]`;
        const degree = [text(education.studyType), text(education.area)].filter(Boolean).join(" in ");
        const title = joined(
          [
            degree ? { text: degree, bold: true } : undefined,
            field(education.institution, `${key}.institution`),
          ],
          " — ",
        );
        return entryBlocks(key, title, range(education), undefined, undefined);
      });
    case "certificates": {
      // JSON Resume calls them `certificates`; some exports say `certifications`.
      const name = resume.certificates !== undefined ? "certificates" : "certifications";
      return list(resume[name]).flatMap((c, i) => {
        const cert = record(c);
        const key = `${name}[${i}]`;
        const title = joined(
          [field(cert.name, `${key}.name`, { bold: true }), field(cert.issuer, `${key}.issuer`)],
          " — ",
        );
        const date = text(cert.date);
        const dates = date ? formatDateRange(date, date, options.dates) : "";
        return entryBlocks(key, title, dates, undefined, undefined);
      });
    }
  }
}

/** The whole resume as blocks: the header, then each section of the layout that has something to show. */
export function resumeBlocks(resume: JsonResume, options: BlockOptions): Block[] {
  const blocks = headerBlocks(resume, options);
  for (const section of options.sections) {
    const body = sectionBody(resume, section, options);
    if (body.length === 0) continue;
    const heading = SECTION_HEADINGS[section];
    blocks.push({ key: `heading:${section}`, kind: "heading", section, segments: [{ text: heading }] });
    blocks.push(...body);
  }
  return blocks;
}

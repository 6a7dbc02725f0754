// The rendered resume as plain data: one block per paragraph, in reading order, each made of text segments
// that remember which field of the JSON Resume they show. The DOCX and Markdown renderers draw these blocks,
// and the review variant finds where a record's field landed in them.
import type { JsonResume } from "../../core/resume.js";
import {
  type Block,
  type BlockOptions,
  type Segment,
  entryBlocks,
  field,
  fieldList,
  groupLine,
  joined,
  link,
  list,
  record,
  singleDate,
  text,
  withHref,
  shownUrl,
} from "./block-parts.js";
import { formatDateRange } from "./dates.js";
import { EXTRA_SECTIONS } from "./extra-sections.js";
import { SECTION_HEADINGS, type SectionId } from "./layout-schema.js";

export { type Block, type BlockKind, type BlockOptions, type Segment, blockText } from "./block-parts.js";

const mail = (email: Segment | undefined): Segment | undefined =>
  email && /^[^\s@<>"]+@[^\s@<>"]+$/.test(email.text.trim())
    ? { ...email, href: `mailto:${email.text.trim()}` }
    : email;

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
    mail(field(basics.email, "basics.email")),
    field(basics.phone, "basics.phone"),
    text(basics.url) ? withHref({ text: shownUrl(text(basics.url)!) }, text(basics.url)!) : undefined,
    ...list(basics.profiles).map((p) => {
      const profile = record(p);
      const url = text(profile.url);
      const shown = url
        ? shownUrl(url)
        : [text(profile.network), text(profile.username)].filter(Boolean).join(": ");
      if (!shown) return undefined;
      return url ? withHref({ text: shown }, url) : { text: shown };
    }),
  ];
  const segments = joined(contact, options.header.separator);
  if (segments.length > 0) blocks.push({ key: "basics.contact", kind: "contact", segments });
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
        const title = joined(
          [field(project.name, `${key}.name`, { bold: true }), link(project.url, `${key}.url`)],
          " — ",
        );
        const description = field(project.description, `${key}.description`);
        const blocks = entryBlocks(key, title, range(project), description, project.highlights);
        const keywords = fieldList(project.keywords, `${key}.keywords`);
        if (keywords.length > 0) {
          const label = { text: `${options.labels.keywords}: `, italic: true };
          blocks.push({ key: `${key}.keywords`, kind: "text", segments: [label, ...keywords] });
        }
        return blocks;
      });
    case "skills":
      // A group whose keyword list is empty (a guard removed them all) is not drawn as a bare name.
      return list(resume.skills).flatMap((skill, i) => groupLine(skill, `skills[${i}]`));
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
        return entryBlocks(key, title, singleDate(cert.date, options.dates), undefined, undefined);
      });
    }
    case "awards":
    case "publications":
    case "volunteer":
    case "languages":
    case "interests":
      return EXTRA_SECTIONS[section](resume, options);
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

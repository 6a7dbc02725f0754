// The JSON Resume sections past the core ones (jsonresume.org schema): awards, publications, volunteer,
// languages, interests. Same rules as blocks.ts: each text segment keeps its exact field path, and an entry
// whose fields are all empty renders nothing, so its section gets no heading.
import type { JsonResume } from "../../core/resume.js";
import {
  type Block,
  type BlockOptions,
  type Segment,
  entryBlocks,
  field,
  groupLine,
  joined,
  link,
  list,
  record,
  singleDate,
  text,
} from "./block-parts.js";
import { formatDateRange } from "./dates.js";
import type { SectionId } from "./layout-schema.js";

type SectionBuilder = (resume: JsonResume, options: BlockOptions) => Block[];

const awards: SectionBuilder = (resume, options) =>
  list(resume.awards).flatMap((a, i) => {
    const award = record(a);
    const key = `awards[${i}]`;
    const title = joined(
      [field(award.title, `${key}.title`, { bold: true }), field(award.awarder, `${key}.awarder`)],
      " — ",
    );
    const summary = field(award.summary, `${key}.summary`);
    return entryBlocks(key, title, singleDate(award.date, options.dates), summary, undefined);
  });

const publications: SectionBuilder = (resume, options) =>
  list(resume.publications).flatMap((p, i) => {
    const publication = record(p);
    const key = `publications[${i}]`;
    const title = joined(
      [
        field(publication.name, `${key}.name`, { bold: true }),
        field(publication.publisher, `${key}.publisher`),
        link(publication.url, `${key}.url`),
      ],
      " — ",
    );
    const summary = field(publication.summary, `${key}.summary`);
    return entryBlocks(key, title, singleDate(publication.releaseDate, options.dates), summary, undefined);
  });

// Drawn like a work entry: position — organization, dates, an italic summary, highlights as bullets.
const volunteer: SectionBuilder = (resume, options) =>
  list(resume.volunteer).flatMap((v, i) => {
    const entry = record(v);
    const key = `volunteer[${i}]`;
    const title = joined(
      [
        field(entry.position, `${key}.position`, { bold: true }),
        field(entry.organization, `${key}.organization`),
        link(entry.url, `${key}.url`),
      ],
      " — ",
    );
    const dates = formatDateRange(text(entry.startDate), text(entry.endDate), options.dates);
    const summary = field(entry.summary, `${key}.summary`, { italic: true });
    return entryBlocks(key, title, dates, summary, entry.highlights);
  });

// One line, `English (Native), German (Professional)`: a fluency without its language says nothing.
const languages: SectionBuilder = (resume) => {
  const items = list(resume.languages).flatMap((l, i): Segment[][] => {
    const entry = record(l);
    const language = field(entry.language, `languages[${i}].language`);
    if (!language) return [];
    const fluency = field(entry.fluency, `languages[${i}].fluency`);
    return [fluency ? [language, { text: " (" }, fluency, { text: ")" }] : [language]];
  });
  if (items.length === 0) return [];
  const segments = items.flatMap((item, i) => (i === 0 ? item : [{ text: ", " }, ...item]));
  return [{ key: "languages", kind: "skills", segments }];
};

const interests: SectionBuilder = (resume) =>
  list(resume.interests).flatMap((entry, i) => groupLine(entry, `interests[${i}]`));

export const EXTRA_SECTIONS = {
  awards,
  publications,
  volunteer,
  languages,
  interests,
} satisfies Partial<Record<SectionId, SectionBuilder>>;

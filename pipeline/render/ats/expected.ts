// What an applicant tracking system must read back from our files, straight from resume.json (not from
// the blocks the renderers draw, so a renderer that drops a field is caught): every name, position,
// employer, date range, highlight, skill and contact detail, in the order the layout shows them.
import type { JsonResume } from "../../../core/resume.js";
import { writableText } from "../../../core/xml-text.js";
import { list, record, text, shownUrl } from "../block-parts.js";
import { formatDateRange } from "../dates.js";
import type { Layout, SectionId } from "../layout-schema.js";

export interface ExpectedText {
  /** The resume.json field it comes from (`work[0].highlights[2]`), or `work[0].dates` for a range. */
  field: string;
  text: string;
  /** A contact detail: reported apart, since a lost email costs the candidate the call. */
  contact?: boolean;
}

type Entry = Record<string, unknown>;
/** An entry's parts in drawing order: a field name, a list of strings (`highlights`), or its dates. */
type Part = string | { list: string } | { dates: [string, string] } | { date: string } | { url: string };

const ENTRY_PARTS: Partial<Record<SectionId, { key: string; parts: Part[] }>> = {
  experience: {
    key: "work",
    parts: ["position", "name", { dates: ["startDate", "endDate"] }, "summary", { list: "highlights" }],
  },
  projects: {
    key: "projects",
    parts: [
      "name",
      { url: "url" },
      { dates: ["startDate", "endDate"] },
      "description",
      { list: "highlights" },
      { list: "keywords" },
    ],
  },
  education: {
    key: "education",
    parts: ["studyType", "area", "institution", { dates: ["startDate", "endDate"] }],
  },
  awards: { key: "awards", parts: ["title", "awarder", { date: "date" }, "summary"] },
  publications: {
    key: "publications",
    parts: ["name", "publisher", { url: "url" }, { date: "releaseDate" }, "summary"],
  },
  volunteer: {
    key: "volunteer",
    parts: [
      "position",
      "organization",
      { url: "url" },
      { dates: ["startDate", "endDate"] },
      "summary",
      { list: "highlights" },
    ],
  },
  languages: { key: "languages", parts: ["language", "fluency"] },
};

function contactTexts(resume: JsonResume): ExpectedText[] {
  const basics = record(resume.basics);
  const location = record(basics.location);
  const items: ExpectedText[] = [];
  const add = (field: string, value: string | undefined) => {
    if (value) items.push({ field, text: value, contact: true });
  };
  add("basics.location.city", text(location.city));
  add("basics.location.region", text(location.region));
  add("basics.email", text(basics.email));
  add("basics.phone", text(basics.phone));
  const url = text(basics.url);
  add("basics.url", url && shownUrl(url));
  list(basics.profiles).forEach((p, i) => {
    const profile = record(p);
    const shown = text(profile.url);
    add(`basics.profiles[${i}]`, shown ? shownUrl(shown) : text(profile.username));
  });
  return items;
}

function entryTexts(entry: Entry, key: string, parts: Part[], layout: Layout): ExpectedText[] {
  return parts.flatMap((part): ExpectedText[] => {
    if (typeof part === "string") {
      const value = text(entry[part]);
      return value ? [{ field: `${key}.${part}`, text: value }] : [];
    }
    if ("list" in part)
      return list(entry[part.list]).flatMap((v, j) => {
        const value = text(v);
        return value ? [{ field: `${key}.${part.list}[${j}]`, text: value }] : [];
      });
    if ("url" in part) {
      const url = text(entry[part.url]);
      return url ? [{ field: `${key}.${part.url}`, text: shownUrl(url) }] : [];
    }
    const [start, end] = "dates" in part ? part.dates : [part.date, part.date];
    const range = formatDateRange(text(entry[start]), text(entry[end]), layout.dates);
    return range ? [{ field: `${key}.dates`, text: range }] : [];
  });
}

function sectionTexts(resume: JsonResume, section: SectionId, layout: Layout): ExpectedText[] {
  if (section === "summary") {
    const summary = text(record(resume.basics).summary);
    return summary ? [{ field: "basics.summary", text: summary }] : [];
  }
  if (section === "skills" || section === "interests") {
    const key = section;
    return list(resume[key]).flatMap((g, i) => {
      const group = record(g);
      const keywords = list(group.keywords).flatMap((v, j) => {
        const value = text(v);
        return value ? [{ field: `${key}[${i}].keywords[${j}]`, text: value }] : [];
      });
      const name = text(group.name);
      // A group with a keyword list but none left is not drawn at all (blocks.ts), so nothing is expected.
      if (Array.isArray(group.keywords) && keywords.length === 0) return [];
      return [...(name ? [{ field: `${key}[${i}].name`, text: name }] : []), ...keywords];
    });
  }
  if (section === "certificates") {
    const key = resume.certificates !== undefined ? "certificates" : "certifications";
    const parts: Part[] = ["name", "issuer", { date: "date" }];
    return list(resume[key]).flatMap((c, i) => entryTexts(record(c), `${key}[${i}]`, parts, layout));
  }
  const spec = ENTRY_PARTS[section]!;
  return list(resume[spec.key]).flatMap((e, i) =>
    entryTexts(record(e), `${spec.key}[${i}]`, spec.parts, layout),
  );
}

/** Every text an ATS must find, in the layout's reading order, as the files write it. */
export function expectedTexts(resume: JsonResume, layout: Layout): ExpectedText[] {
  const basics = record(resume.basics);
  const head = (["name", "label"] as const).flatMap((f) => {
    const value = text(basics[f]);
    return value ? [{ field: `basics.${f}`, text: value }] : [];
  });
  const all = [
    ...head,
    ...contactTexts(resume),
    ...layout.sections.flatMap((section) => sectionTexts(resume, section, layout)),
  ];
  // The files write a string without the characters XML and PDF text cannot hold (core/xml-text.ts).
  return all.map((item) => ({ ...item, text: writableText(item.text) })).filter((item) => item.text.trim());
}

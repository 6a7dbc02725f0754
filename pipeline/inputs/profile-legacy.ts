// JSON Resume 0.x wrote some keys differently (`work[].company`, `website`, `picture`, `gpa`); many public
// resume.json files still do. They are read as today's keys, and the run says so once; a key vouch does
// not read at all is named in a warning, never dropped silently.
import type { JsonResume } from "../../core/resume.js";

/** Old key → today's, per section (`basics` is an object, the rest are lists of entries). */
const RENAMED: Record<string, Record<string, string>> = {
  basics: { website: "url", picture: "image" },
  work: { company: "name", website: "url" },
  volunteer: { website: "url" },
  education: { gpa: "score" },
  publications: { website: "url" },
  projects: { website: "url" },
};

/** JSON Resume 1.0's keys (jsonresume.org/schema), which vouch reads, renders or passes through. */
const KNOWN: Record<string, readonly string[]> = {
  $root: [
    "$schema",
    "basics",
    "work",
    "volunteer",
    "education",
    "awards",
    "certificates",
    "publications",
    "skills",
    "languages",
    "interests",
    "references",
    "projects",
    "meta",
  ],
  basics: ["name", "label", "image", "email", "phone", "url", "summary", "location", "profiles"],
  work: [
    "name",
    "location",
    "description",
    "position",
    "url",
    "startDate",
    "endDate",
    "summary",
    "highlights",
    "keywords",
  ],
  volunteer: ["organization", "position", "url", "startDate", "endDate", "summary", "highlights"],
  education: ["institution", "url", "area", "studyType", "startDate", "endDate", "score", "courses"],
  awards: ["title", "date", "awarder", "summary"],
  certificates: ["name", "date", "url", "issuer"],
  publications: ["name", "publisher", "releaseDate", "url", "summary"],
  skills: ["name", "level", "keywords"],
  languages: ["language", "fluency"],
  interests: ["name", "keywords"],
  references: ["name", "reference"],
  projects: [
    "name",
    "description",
    "highlights",
    "keywords",
    "startDate",
    "endDate",
    "url",
    "roles",
    "entity",
    "type",
  ],
};

export interface LegacyReading {
  profile: JsonResume;
  /** One sentence each, for stderr: what was read as what, and what is not read. */
  notes: string[];
  /** Whether a 0.x key was read as today's. */
  renamed: boolean;
}

/** Today's keys for a profile written with JSON Resume 0.x's; `file` names the profile in the notes. */
export function readLegacyKeys(profile: JsonResume, file: string): LegacyReading {
  const read = structuredClone(profile) as Record<string, unknown>;
  const renamed = new Set<string>();
  const unread = new Set<string>();
  const entriesOf = (section: string): Record<string, unknown>[] => {
    const value = read[section];
    if (section === "basics") return isObject(value) ? [value] : [];
    return Array.isArray(value) ? value.filter(isObject) : [];
  };
  for (const [section, renames] of Object.entries(RENAMED)) {
    const path = section === "basics" ? "basics" : `${section}[]`;
    for (const entry of entriesOf(section)) {
      for (const [old, now] of Object.entries(renames)) {
        if (!(old in entry)) continue;
        if (!(now in entry) || entry[now] === "" || entry[now] === undefined) {
          if (entry[old] !== "") entry[now] = entry[old];
          renamed.add(`${path}.${old} as ${path}.${now}`);
        }
        delete entry[old];
      }
    }
  }
  for (const key of Object.keys(read)) if (!KNOWN.$root!.includes(key)) unread.add(key);
  for (const [section, keys] of Object.entries(KNOWN)) {
    if (section === "$root") continue;
    const path = section === "basics" ? "basics" : `${section}[]`;
    for (const entry of entriesOf(section)) {
      for (const key of Object.keys(entry)) if (!keys.includes(key)) unread.add(`${path}.${key}`);
    }
  }
  const notes: string[] = [];
  if (renamed.size > 0)
    notes.push(`${file}: JSON Resume 0.x keys read as today's: ${[...renamed].join(", ")}.`);
  if (unread.size > 0) {
    notes.push(
      `${file}: keys outside JSON Resume, which the resume does not show (they still count as your own statements): ${[...unread].join(", ")}.`,
    );
  }
  return { profile: read as JsonResume, notes, renamed: renamed.size > 0 };
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

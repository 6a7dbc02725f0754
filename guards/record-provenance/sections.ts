// The candidate's record, section by section (JSON Resume's names): which field names an entry, which
// fields are the writer's to reword or shorten, and which sections may not lose an entry. Every other field
// of an entry is the record: it is the profile's, whatever the draft says.

export interface SectionSpec {
  /** The top-level key: `work`, `education`, … */
  key: string;
  /** What the section's entries are called in a reason. */
  noun: string;
  /** The field that names an entry (employer, institution, title); compared by `nameKey`. */
  identity: string;
  /** Prose the writer may reword, select and order: the other guards judge it. */
  prose: readonly string[];
  /** Lists the writer may shorten but not add to (every item must be in the profile entry's list). */
  subsets?: readonly string[];
  /** Fields that tell two entries with one name apart (two roles at one employer). */
  role?: readonly string[];
  /** A profile entry the draft dropped is put back: hiding a job or a degree is a lie by omission. */
  keepAll?: boolean;
}

export const RECORD_SECTIONS: readonly SectionSpec[] = [
  {
    key: "work",
    noun: "work entry",
    identity: "name",
    prose: ["summary", "highlights"],
    role: ["position"],
    keepAll: true,
  },
  {
    key: "education",
    noun: "education entry",
    identity: "institution",
    prose: [],
    role: ["studyType", "area"],
    keepAll: true,
  },
  {
    key: "volunteer",
    noun: "volunteer entry",
    identity: "organization",
    prose: ["summary", "highlights"],
    role: ["position"],
  },
  {
    key: "projects",
    noun: "project",
    identity: "name",
    prose: ["description", "highlights", "keywords"],
  },
  { key: "certificates", noun: "certificate", identity: "name", prose: [] },
  // Some exports say `certifications`.
  { key: "certifications", noun: "certificate", identity: "name", prose: [] },
  { key: "awards", noun: "award", identity: "title", prose: ["summary"] },
  { key: "publications", noun: "publication", identity: "name", prose: ["summary"] },
  { key: "languages", noun: "language", identity: "language", prose: [] },
  { key: "interests", noun: "interest", identity: "name", prose: [], subsets: ["keywords"] },
  { key: "references", noun: "reference", identity: "name", prose: [] },
];

/** `basics` fields that are the writer's: the summary, and the label (held to the candidate's titles apart). */
export const BASICS_PROSE = new Set(["summary", "label"]);

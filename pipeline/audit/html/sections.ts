// Which part of the resume a record is about, for the section filter: the layout's section ids, plus the
// header (identity and contact) and the matches (changed before writing, not in the text).
import { parseField } from "../../../core/resume.js";

const BY_KEY: Record<string, string> = {
  work: "experience",
  projects: "projects",
  skills: "skills",
  education: "education",
  certificates: "certificates",
  certifications: "certificates",
  awards: "awards",
  publications: "publications",
  volunteer: "volunteer",
  languages: "languages",
  interests: "interests",
  matches: "matches",
};

export function sectionOf(field: string): string {
  if (field === "basics.summary") return "summary";
  const first = parseField(field)[0];
  if (first === "basics") return "header";
  return typeof first === "string" ? (BY_KEY[first] ?? first) : "other";
}

// The document properties both files carry (DOCX core properties, PDF metadata): title, author, keywords.
import type { JsonResume } from "../../core/resume.js";

export interface GivenProperties {
  title?: string;
  description?: string;
  keywords?: string | readonly string[];
}

export interface ResumeProperties {
  title: string;
  /** The candidate's name, or "vouch" for a resume without one. */
  author: string;
  description?: string;
  keywords: string[];
}

export function resumeProperties(resume: JsonResume, given: GivenProperties = {}): ResumeProperties {
  const name = typeof resume.basics?.name === "string" ? resume.basics.name.trim() : "";
  const label = typeof resume.basics?.label === "string" ? resume.basics.label.trim() : "";
  const skills = [
    ...new Set(
      (Array.isArray(resume.skills) ? resume.skills : []).flatMap((s) =>
        Array.isArray(s?.keywords) ? s.keywords.filter((k): k is string => typeof k === "string") : [],
      ),
    ),
  ];
  const keywords = given.keywords ?? skills;
  const description = given.description ?? ([name, label].filter(Boolean).join(", ") || undefined);
  return {
    title: given.title ?? (name ? `${name} — Resume` : "Resume"),
    author: name || "vouch",
    ...(description ? { description } : {}),
    keywords: typeof keywords === "string" ? keywords.split(/,\s*/).filter(Boolean) : [...keywords],
  };
}

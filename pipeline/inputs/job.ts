// The job description: text or Markdown, or JSON Resume's job format (jsonresume.org/job-description).
import { extname } from "node:path";
import { z } from "zod";
import { InputError } from "../../core/errors.js";
import { checkDocument } from "../../core/document.js";
import { MAX_JOB_BYTES, readInputFile } from "./input-file.js";
import { type Unit, jobUnits } from "./job-units.js";

/** One unit of the job: a heading, a list item or a paragraph, its wrapped lines joined. */
export interface JobLine {
  text: string;
  /** 1-based line in the file (JSON jobs: the order of the fields). */
  line: number;
  /** The nearest heading above it (`What you bring`), or the JSON field (`qualifications`). */
  section: string;
  heading: boolean;
  /** A list item or table row, or an entry of a JSON job's lists; not a paragraph. */
  item?: true;
  /** A list item's nested items ("3+ years with:" over "Go", "Kubernetes"). */
  context?: string[];
  /** The list item this one is nested under. */
  parent?: string;
}

export interface Job {
  path: string;
  title?: string;
  company?: string;
  lines: JobLine[];
}

const jsonJob = z
  .object({
    title: z.string().optional(),
    company: z.string().optional(),
    description: z.string().optional(),
    responsibilities: z.array(z.string()).optional(),
    qualifications: z.array(z.string()).optional(),
    skills: z.array(z.object({ name: z.string(), keywords: z.array(z.string()).optional() })).optional(),
    experience: z.string().optional(),
  })
  .catchall(z.unknown());

export async function readJob(path: string): Promise<Job> {
  // Text only, at most 1 MB (input-file.ts): a binary or huge file is refused before it is parsed.
  const text = await readInputFile(path, {
    noun: "job description",
    maxBytes: MAX_JOB_BYTES,
    missing: "no such job description file.",
  });
  if (extname(path).toLowerCase() === ".json") return fromJson(path, checkDocument(text, path, jsonJob));
  const job = fromText(path, text);
  if (job.lines.every((l) => l.heading)) throw new InputError(`${path}: the job description is empty.`);
  return job;
}

/** Markdown or plain text: headings set the section; paragraphs and list items are the lines (job/units.ts). */
export function fromText(path: string, text: string): Job {
  let section = "";
  let title: string | undefined;
  const lines = plainTitle(jobUnits(text)).map(({ heading, ...unit }): JobLine => {
    if (heading) {
      section = unit.text;
      title ??= unit.text;
    }
    return { ...unit, section, heading };
  });
  return { path, lines, ...(title ? { title } : {}) };
}

/**
 * A plain-text post opens with its title on a line of its own ("Backend Engineer at
 * Quayside"): a first unit of a few words and no sentence ending, with more after it.
 */
function plainTitle(units: Unit[]): Unit[] {
  const first = units[0];
  if (!first || first.heading || first.item || units.length < 2) return units;
  const titleLike =
    /^[\p{L}\p{N}]/u.test(first.text) && first.text.split(/\s+/).length <= 8 && !/[.!?:,;]$/.test(first.text);
  return titleLike && units[1]!.line > first.line + 1
    ? [{ ...first, heading: true }, ...units.slice(1)]
    : units;
}

function fromJson(path: string, job: z.output<typeof jsonJob>): Job {
  const lines: JobLine[] = [];
  const add = (section: string, text: string, item = true) =>
    lines.push({ text, line: lines.length + 1, section, heading: false, ...(item ? { item } : {}) });
  if (job.description) add("description", job.description, false);
  if (job.experience) add("experience", job.experience, false);
  for (const r of job.responsibilities ?? []) add("responsibilities", r);
  for (const q of job.qualifications ?? []) add("qualifications", q);
  for (const s of job.skills ?? []) add("skills", [s.name, ...(s.keywords ?? [])].join(", "));
  if (lines.length === 0)
    throw new InputError(`${path}: the job has no description, responsibilities, qualifications or skills.`);
  return {
    path,
    lines,
    ...(job.title ? { title: job.title } : {}),
    ...(job.company ? { company: job.company } : {}),
  };
}

// The job description: text or Markdown, or JSON Resume's job format (jsonresume.org/job-description).
import { readFile } from "node:fs/promises";
import { extname } from "node:path";
import { z } from "zod";
import { InputError } from "../core/errors.js";
import { readDocument } from "../core/document.js";

/** One line of the job: a heading, a bullet or a paragraph sentence group. */
export interface JobLine {
  text: string;
  /** 1-based line in the file (JSON jobs: the order of the fields). */
  line: number;
  /** The nearest heading above it (`What you bring`), or the JSON field (`qualifications`). */
  section: string;
  heading: boolean;
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
  if (extname(path).toLowerCase() === ".json") return fromJson(path, await readDocument(path, jsonJob));
  const text = await readFile(path, "utf8").catch((error: NodeJS.ErrnoException) => {
    throw new InputError(
      error.code === "ENOENT"
        ? `${path}: no such job description file.`
        : `${path}: the job description cannot be read (${error.code ?? error.message}).`,
    );
  });
  const job = fromText(path, text);
  if (job.lines.every((l) => l.heading)) throw new InputError(`${path}: the job description is empty.`);
  return job;
}

/** Markdown or plain text: headings set the section; list markers and emphasis are dropped. */
export function fromText(path: string, text: string): Job {
  const lines: JobLine[] = [];
  let section = "";
  let title: string | undefined;
  text.split(/\r?\n/).forEach((raw, i) => {
    const heading = /^\s{0,3}#{1,6}\s+(.*)$/.exec(raw)?.[1];
    const body = (heading ?? raw)
      .replace(/^\s*(?:[-*+•]|\d{1,3}[.)])\s+/, "")
      .replace(/[*_`]+/g, "")
      .trim();
    if (body === "") return;
    if (heading !== undefined) {
      section = body;
      title ??= body;
    }
    lines.push({ text: body, line: i + 1, section, heading: heading !== undefined });
  });
  return { path, lines, ...(title ? { title } : {}) };
}

function fromJson(path: string, job: z.output<typeof jsonJob>): Job {
  const lines: JobLine[] = [];
  const add = (section: string, text: string) =>
    lines.push({ text, line: lines.length + 1, section, heading: false });
  if (job.description) add("description", job.description);
  if (job.experience) add("experience", job.experience);
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

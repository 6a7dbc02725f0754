// The profile and the code-derived truth as documents for the knowledge base: each profile entry and
// each production technology becomes a short text a retrieval can return on its own.
import { type ExtractResult, type Technology, candidateEvidence, describeCommits } from "../../core/truth.js";
import type { JsonResume } from "../../core/resume.js";
import type { SourceDoc } from "./chunker.js";

const MAX_LOCATIONS = 3;

/** One document per work entry (with its highlights), per project, for the summary and for the skills. */
export function profileDocs(profile: JsonResume, file: string): SourceDoc[] {
  const docs: SourceDoc[] = [];
  const add = (field: string, title: string, lines: (string | undefined)[]) => {
    const text = lines.filter((line): line is string => Boolean(line?.trim())).join("\n");
    if (text) {
      docs.push({
        uri: `${file}#${field}`,
        text,
        kind: "profile",
        title,
        path: file,
        lines: false,
        metadata: { field },
      });
    }
  };

  const basics = profile.basics ?? {};
  const who = [str(basics.name), str(basics.label)].filter(Boolean).join(", ");
  add("basics.summary", "Summary", [who && `${who}.`, str(basics.summary)]);

  (profile.work ?? []).forEach((work, i) => {
    const role = [str(work.position), str(work.name)].filter(Boolean).join(" at ");
    const dates = period(work.startDate, work.endDate);
    add(`work[${i}]`, role || `Work ${i + 1}`, [
      role && `${role}${dates ? ` (${dates})` : ""}.`,
      str(work.description),
      str(work.summary),
      ...strings(work.highlights).map((h) => `- ${h}`),
      ...otherFields(work, WORK_RECORD),
    ]);
  });

  (profile.projects ?? []).forEach((project, i) => {
    const name = str(project.name) ?? `Project ${i + 1}`;
    const keywords = strings(project.keywords);
    add(`projects[${i}]`, name, [
      `${name}${project.description ? `: ${str(project.description)}` : "."}`,
      ...strings(project.highlights).map((h) => `- ${h}`),
      keywords.length > 0 ? `Keywords: ${keywords.join(", ")}.` : undefined,
    ]);
  });

  (profile.education ?? []).forEach((entry, i) => {
    const [institution, area, studyType] = [str(entry.institution), str(entry.area), str(entry.studyType)];
    const degree = studyType && area ? `${studyType} in ${area}` : (studyType ?? area);
    // Written like a job's first line, so "Where did Dana study?" reads it as the entry's record.
    const head = degree
      ? [degree, institution].filter(Boolean).join(" at ")
      : institution && `Studied at ${institution}`;
    if (!head) return;
    const dates = period(entry.startDate, entry.endDate);
    const courses = strings(entry.courses);
    add(`education[${i}]`, head, [
      `${head}${dates ? ` (${dates})` : ""}.`,
      str(entry.score) && `Score: ${str(entry.score)}.`,
      courses.length > 0 ? `Courses: ${courses.join(", ")}.` : undefined,
    ]);
  });

  (profile.volunteer ?? []).forEach((entry, i) => {
    const role = [str(entry.position), str(entry.organization)].filter(Boolean).join(" at ");
    if (!role) return;
    const dates = period(str(entry.startDate), str(entry.endDate));
    add(`volunteer[${i}]`, role, [
      `Volunteer: ${role}${dates ? ` (${dates})` : ""}.`,
      str(entry.summary),
      ...strings(entry.highlights).map((h) => `- ${h}`),
    ]);
  });

  for (const [section, noun] of [
    ["certificates", "Certificate"],
    ["awards", "Award"],
    ["publications", "Publication"],
  ] as const) {
    (profile[section] ?? []).forEach((entry, i) => {
      const name = str(entry.name) ?? str(entry.title);
      if (!name) return;
      const by = [
        str(entry.issuer) ?? str(entry.awarder) ?? str(entry.publisher),
        str(entry.date) ?? str(entry.releaseDate),
      ]
        .filter(Boolean)
        .join(", ");
      add(`${section}[${i}]`, name, [`${noun}: ${name}${by ? ` (${by})` : ""}.`, str(entry.summary)]);
    });
  }

  add(
    "skills",
    "Skills",
    (profile.skills ?? []).map((skill) => {
      const keywords = strings(skill.keywords);
      const name = str(skill.name);
      if (!name && keywords.length === 0) return undefined;
      return `${name ?? "Skills"}${skill.level ? ` (${str(skill.level)})` : ""}: ${keywords.join(", ")}.`;
    }),
  );
  return docs;
}

/**
 * One fact per production technology, naming where it is used, e.g. "Amazon EKS is used in production:
 * platform-infra/terraform/eks.tf:21." Other statuses are left out: a fact here backs a claim.
 */
export function truthDocs(truth: ExtractResult): SourceDoc[] {
  return truth.technologies.flatMap((tech) => {
    if (tech.status !== "production") return [];
    const evidence = candidateEvidence(tech).filter((e) => e.kind === "production");
    const first = evidence[0];
    if (!first) return [];
    const places = [...new Set(evidence.map((e) => `${e.repo}/${e.path}${e.line ? `:${e.line}` : ""}`))];
    const shown = places.slice(0, MAX_LOCATIONS).join(", ");
    const more = places.length > MAX_LOCATIONS ? ` and ${places.length - MAX_LOCATIONS} more` : "";
    const doc: SourceDoc = {
      uri: `${first.repo}/${first.path}`,
      text: `${tech.name} is used in production: ${shown}${more}${commitsSaid(tech)}.`,
      kind: "truth",
      title: tech.name,
      repo: first.repo,
      path: first.path,
      lines: first.line ? [first.line, first.line] : false,
      metadata: technologyMetadata(tech),
    };
    return [doc];
  });
}

/** ` (812 of 1,196 commits by the candidate, 2016-03 to 2026-07)`, when history was read. */
function commitsSaid(tech: Technology): string {
  return tech.authored ? ` (${describeCommits(tech.authored)})` : "";
}

function technologyMetadata(tech: Technology): Record<string, string> {
  return { technology: tech.id, category: tech.category, ...(tech.vendor ? { vendor: tech.vendor } : {}) };
}

// The fields a work entry's lines above already say (or that are no statement: a link, a place).
const WORK_RECORD = new Set([
  "name",
  "position",
  "startDate",
  "endDate",
  "description",
  "summary",
  "highlights",
  "url",
  "location",
]);

/**
 * Every other field of an entry, as the entry's own evidence: `keywords` or `technologies` a resume
 * generator adds ("Technologies: TypeScript, React."), an older key such as `descriptionPoints`.
 */
function otherFields(entry: object, said: ReadonlySet<string>): string[] {
  return Object.entries(entry).flatMap(([key, value]) => {
    if (said.has(key)) return [];
    const values = typeof value === "string" ? [value] : strings(value);
    const kept = values.map((v) => v.trim()).filter(Boolean);
    if (kept.length === 0) return [];
    const label = key.replace(/([a-z])([A-Z])/g, "$1 $2").replace(/^./, (c) => c.toUpperCase());
    return [`${label}: ${kept.join(", ")}${/[.!?]$/.test(kept.at(-1)!) ? "" : "."}`];
  });
}

function period(start: unknown, end: unknown): string {
  const from = str(start);
  if (!from) return "";
  return `${from} – ${str(end) ?? "present"}`;
}

function str(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() || undefined;
  if (typeof value === "number") return String(value);
  return undefined;
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.flatMap((v) => str(v) ?? []) : [];
}

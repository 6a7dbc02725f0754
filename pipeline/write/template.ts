// The embedded writer: deterministic, extractive. It chooses and orders the candidate's own highlights for
// the job, builds skills from the profile plus production truth, and writes the summary from
// templates/summary.yaml. It never invents: every sentence is the profile's or a template filled from it.
import { readFile } from "node:fs/promises";
import { z } from "zod";
import { checkDocument } from "../../core/document.js";
import { listWords } from "../../guards/index.js";
import type { JsonResume, ResumeSkill } from "../../core/resume.js";
import { assetPath } from "../../core/paths.js";
import { experienceYears } from "../years.js";
import { backedEvidence, relevance } from "./relevance.js";
import type { Writer, WriterInput } from "./types.js";

const MAX_SUMMARY_TECHNOLOGIES = 6;
export const ADDITIONAL_SKILLS = "Additional";

const summaryTemplateSchema = z.strictObject({ sentences: z.array(z.string().min(1)).min(1) });
export type SummaryTemplate = z.infer<typeof summaryTemplateSchema>;

/** The summary's sentences, read as every YAML document of vouch is: a mistake is named by line and field. */
export async function loadSummaryTemplate(
  path = assetPath("templates", "summary.yaml"),
): Promise<SummaryTemplate> {
  return checkDocument(await readFile(path, "utf8"), path, summaryTemplateSchema, { syntax: "yaml" });
}

export function templateWriter(template: SummaryTemplate): Writer {
  return { name: "template", write: (input) => Promise.resolve(writeFromTemplate(input, template)) };
}

export function writeFromTemplate(input: WriterInput, template: SummaryTemplate): JsonResume {
  const draft = structuredClone(input.profile);
  const rank = relevance(input.requirements, input.catalog);
  const evidenced = backedEvidence(input.requirements, input.matches, input.catalog);
  // A profile with nothing to fill the summary from gets none (not an empty one).
  const text = summary(input, template);
  if (text !== "") draft.basics = { ...draft.basics, summary: text };
  if (draft.work) {
    draft.work = draft.work.map((w) => ({
      ...w,
      ...(w.highlights
        ? {
            // Every highlight, most relevant first: the page budget (render/budget/) leaves out the rest.
            highlights: orderByBacked(w.highlights, (h) => h, evidenced, rank.score),
          }
        : {}),
    }));
  }
  if (draft.projects) {
    draft.projects = orderByBacked(
      draft.projects,
      (p) => [p.name, p.description, ...(p.highlights ?? []), ...(p.keywords ?? [])].join(". "),
      evidenced,
      rank.score,
    );
  }
  const built = skills(input, rank.order.bind(rank));
  if (built.length > 0 || draft.skills) draft.skills = built;
  return draft;
}

/**
 * Highlights (or projects) that evidence more of the job's backed requirements first, then the more
 * relevant; ties keep the candidate's order.
 */
function orderByBacked<T>(
  items: readonly T[],
  text: (item: T) => string,
  evidenced: (text: string) => number,
  score: (text: string) => number,
): T[] {
  return items
    .map((item, index) => ({ item, index, backed: evidenced(text(item)), score: score(text(item)) }))
    .sort((a, b) => b.backed - a.backed || b.score - a.score || a.index - b.index)
    .map((x) => x.item);
}

function summary(input: WriterInput, template: SummaryTemplate): string {
  const years = Math.floor(experienceYears(input.profile, input.asOf).years);
  // The job's required technologies lead, in the job's order; its nice-to-haves follow.
  const technologies = input.matches
    .filter((m) => m.kind === "technology" && m.status === "production-backed" && m.technology)
    .sort((a, b) => Number(a.optional) - Number(b.optional))
    .map((m) => input.catalog.get(m.technology!)?.name ?? m.technology!)
    .slice(0, MAX_SUMMARY_TECHNOLOGIES);
  const values: Record<string, string> = {
    label: input.profile.basics?.label ?? "",
    years: years > 0 ? String(years) : "",
    profileSummary: input.profile.basics?.summary?.trim() ?? "",
    technologies: listWords(technologies),
  };
  const filled = template.sentences.flatMap((sentence) => {
    const names = [...sentence.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
    if (names.some((n) => !values[n])) return [];
    return [sentence.replace(/\{(\w+)\}/g, (_, n: string) => values[n]!)];
  });
  // A sentence of the profile's that ends without a full stop still ends before the next one: joined
  // bare, the two would read as one sentence, which the verifier judges (and blocks) as one claim.
  const ended = filled.map((sentence, i) =>
    i < filled.length - 1 && !/[.!?…]["'’”)\]]*$/.test(sentence.trimEnd())
      ? `${sentence.trimEnd()}.`
      : sentence,
  );
  return ended.join(" ") || (input.profile.basics?.summary ?? "");
}

/** The profile's groups, job-relevant keywords first, plus production technologies the job asks for. */
function skills(
  input: WriterInput,
  order: <T>(items: readonly T[], text: (item: T) => string) => T[],
): ResumeSkill[] {
  const groups = (input.profile.skills ?? []).map((s) => ({
    ...s,
    ...(s.keywords ? { keywords: order(s.keywords, (k) => k) } : {}),
  }));
  const stated = new Set(
    groups.flatMap((g) => (g.keywords ?? []).flatMap((k) => input.catalog.findMentions(k).map((m) => m.id))),
  );
  // Only what production code backs: a skill the candidate lacks is never added.
  const extra = input.matches
    .filter(
      (m) =>
        m.kind === "technology" &&
        m.status === "production-backed" &&
        m.technology &&
        !stated.has(m.technology),
    )
    .map((m) => input.catalog.get(m.technology!)?.name ?? m.technology!);
  const unique = [...new Set(extra)];
  return unique.length > 0 ? [...groups, { name: ADDITIONAL_SKILLS, keywords: unique }] : groups;
}

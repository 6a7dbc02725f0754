import type { JsonResume, ResumeWork } from "../core/resume.js";
import type { TextTarget } from "./types.js";

/** Every string value of a document, for "copied verbatim from the profile" checks. */
export function allStrings(doc: unknown, into = new Set<string>()): Set<string> {
  if (typeof doc === "string") into.add(doc.trim());
  else if (Array.isArray(doc)) for (const item of doc) allStrings(item, into);
  else if (doc && typeof doc === "object") for (const value of Object.values(doc)) allStrings(value, into);
  return into;
}

const words = (text: string) => new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);

/** The words of each string, read once per draft: every draft highlight is compared with every original. */
type WordSets = Map<string, Set<string>>;

function wordsOf(text: string, known: WordSets): Set<string> {
  let set = known.get(text);
  if (!set) {
    set = words(text);
    known.set(text, set);
  }
  return set;
}

/** Jaccard overlap of two strings' words. */
function similarity(a: string, b: string, known: WordSets): number {
  const x = wordsOf(a, known);
  const y = wordsOf(b, known);
  let shared = 0;
  for (const w of x) if (y.has(w)) shared++;
  return shared / (x.size + y.size - shared || 1);
}

// Below this overlap a profile highlight is about something else: no fallback rather than a wrong one.
const SAME_SUBJECT = 0.3;

function closest(
  text: string,
  candidates: readonly string[] | undefined,
  known: WordSets,
): string | undefined {
  let best: string | undefined;
  let score = SAME_SUBJECT;
  for (const candidate of candidates ?? []) {
    const s = similarity(text, candidate, known);
    if (s >= score) [best, score] = [candidate, s];
  }
  return best;
}

/** The profile's entry for a draft entry: same name (and position), else the same index. */
function sameEntry<T extends { name?: string; position?: string }>(
  entry: T,
  index: number,
  list?: T[],
): T | undefined {
  return (
    list?.find((p) => p.name === entry.name && p.position === entry.position) ??
    list?.find((p) => p.name === entry.name) ??
    list?.[index]
  );
}

/**
 * The AI-written strings of a draft, each with the candidate's own wording for that place when the profile
 * has one. Strings copied verbatim from the profile are the candidate's own and are left out.
 */
export function draftTargets(draft: JsonResume, profile?: JsonResume): TextTarget[] {
  const own = allStrings(profile ?? {});
  const known: WordSets = new Map();
  const targets: TextTarget[] = [];
  const add = (field: string, text: unknown, role: TextTarget["role"], original?: string) => {
    if (typeof text !== "string" || text.trim() === "" || own.has(text.trim())) return;
    targets.push({ field, text, role, ...(original !== undefined ? { original } : {}) });
  };

  add("basics.label", draft.basics?.label, "prose", profile?.basics?.label);
  add("basics.summary", draft.basics?.summary, "prose", profile?.basics?.summary);
  draft.work?.forEach((work: ResumeWork, i) => {
    const mine = sameEntry(work, i, profile?.work);
    add(`work[${i}].summary`, work.summary, "prose", mine?.summary);
    work.highlights?.forEach((h, j) =>
      add(`work[${i}].highlights[${j}]`, h, "prose", closest(h, mine?.highlights, known)),
    );
  });
  draft.projects?.forEach((project, i) => {
    const mine = sameEntry(project, i, profile?.projects);
    add(`projects[${i}].description`, project.description, "prose", mine?.description);
    project.highlights?.forEach((h, j) =>
      add(`projects[${i}].highlights[${j}]`, h, "prose", closest(h, mine?.highlights, known)),
    );
    project.keywords?.forEach((k, j) => add(`projects[${i}].keywords[${j}]`, k, "list-item"));
  });
  draft.skills?.forEach((skill, i) => {
    skill.keywords?.forEach((k, j) => add(`skills[${i}].keywords[${j}]`, k, "list-item"));
  });
  return targets;
}

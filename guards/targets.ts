import { readable } from "../core/text-view.js";
import {
  type JsonResume,
  type ResumeEntry,
  type ResumeWork,
  formatField,
  getField,
  parseField,
} from "../core/resume.js";
import { NUM_REDACTED } from "./number-provenance.js";
import type { TextTarget } from "./types.js";
import { lowerWords } from "../core/words.js";

/** Every string value of a document, for "copied verbatim from the profile" checks. */
export function allStrings(doc: unknown, into = new Set<string>()): Set<string> {
  if (typeof doc === "string") into.add(doc.trim());
  else if (Array.isArray(doc)) for (const item of doc) allStrings(item, into);
  else if (doc && typeof doc === "object") for (const value of Object.values(doc)) allStrings(value, into);
  return into;
}

const words = (text: string) => new Set(lowerWords(text));

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

/** The index of the candidate closest to a text, when one is about the same subject. */
function closest(
  text: string,
  candidates: readonly string[] | undefined,
  known: WordSets,
): number | undefined {
  let best: number | undefined;
  let score = SAME_SUBJECT;
  (candidates ?? []).forEach((candidate, i) => {
    const s = similarity(text, candidate, known);
    if (s >= score) [best, score] = [i, s];
  });
  return best;
}

/**
 * The profile highlight a draft bullet was rewritten from when none is about the same subject: the one it
 * resembles most, provided the two share a content word and no other bullet of the draft's entry
 * resembles that highlight more.
 */
function rewrittenFrom(
  text: string,
  candidates: readonly string[] | undefined,
  drafted: readonly string[],
  known: WordSets,
): number | undefined {
  if (!candidates || candidates.length === 0) return undefined;
  const mine = contentWords(text);
  let best: number | undefined;
  let score = 0;
  candidates.forEach((candidate, k) => {
    const theirs = contentWords(candidate);
    if (![...mine].some((w) => w !== "#" && theirs.has(w))) return;
    const s = similarity(text, candidate, known);
    if (s > score) [best, score] = [k, s];
  });
  if (best === undefined) return undefined;
  const source = candidates[best]!;
  return drafted.some((other) => other !== text && similarity(other, source, known) > score)
    ? undefined
    : best;
}

// Words that do not change what a bullet says: articles, prepositions, and the hedges around a figure
// ("by about 39%", "by over 38%").
const FILLER = new Set(
  (
    "a an the and or of to in on for by with at from as into onto per via its their our my his her this that " +
    "these those is are was were be been being about around approximately approx nearly roughly almost some " +
    "over under up than more less"
  ).split(" "),
);

/**
 * The content words of a text as the guards read it (core/text-view.ts), lower case, figures (and a
 * redacted figure) as one token `#`, filler words left out, a plural's `s` dropped.
 */
export function contentWords(text: string): Set<string> {
  const flat = readable(text).replaceAll(NUM_REDACTED, " 0 ").toLowerCase();
  const out = new Set<string>();
  for (const word of lowerWords(flat)) {
    if (/^\p{N}/u.test(word)) out.add("#");
    else if (FILLER.has(word)) continue;
    else out.add(word.length > 3 && word.endsWith("s") && !word.endsWith("ss") ? word.slice(0, -1) : word);
  }
  return out;
}

/**
 * Two bullets that say the same thing: the same text, or the same content words once figures, punctuation,
 * case and filler are set aside ("Cut AWS spend by ~39%" and "Cut AWS spend by 38.6%"). Bullets that share
 * many words but not all ("Cut AWS spend by 39% by rightsizing EC2") are different bullets.
 */
export function nearDuplicate(a: string, b: string): boolean {
  if (a.trim() === b.trim()) return true;
  const x = contentWords(a);
  const y = contentWords(b);
  if (x.size === 0 || x.size !== y.size) return false;
  for (const w of x) if (!y.has(w)) return false;
  return true;
}

/**
 * Another item of the list holding `field` (`work[0].highlights[2]`) that already says `text`, or a
 * near-duplicate of it: a fallback to `text` there would repeat a bullet. Items whose field is in `except`
 * (removals not yet made) do not count.
 */
export function heldElsewhere(
  draft: JsonResume,
  field: string,
  text: string,
  except: ReadonlySet<string> = new Set(),
): { field: string; text: string } | undefined {
  const path = parseField(field);
  const index = path.at(-1);
  if (typeof index !== "number") return undefined;
  const list = getField(draft, formatField(path.slice(0, -1)));
  if (!Array.isArray(list)) return undefined;
  for (let k = 0; k < list.length; k++) {
    const item: unknown = list[k];
    const other = formatField([...path.slice(0, -1), k]);
    if (k === index || typeof item !== "string" || except.has(other)) continue;
    if (nearDuplicate(item, text)) return { field: other, text: item };
  }
  return undefined;
}

/**
 * The profile's entry for a draft entry, with its field there (`work[1]`): same name (and position), else
 * the same index.
 */
function sameEntry<T extends { name?: string; position?: string }>(
  entry: T,
  index: number,
  list?: T[],
  section = "work",
): [T, string] | undefined {
  if (!list) return undefined;
  let at = list.findIndex((p) => p.name === entry.name && p.position === entry.position);
  if (at < 0) at = list.findIndex((p) => p.name === entry.name);
  if (at < 0) at = index;
  const mine = list[at];
  return mine ? [mine, `${section}[${at}]`] : undefined;
}

/** Sections beside work and projects whose entries hold prose, with the field that names an entry. */
const OTHER_PROSE = [
  ["volunteer", "organization"],
  ["awards", "title"],
  ["publications", "name"],
] as const;

const text = (value: unknown) => (typeof value === "string" ? value : undefined);

/** The profile's entry of another section a draft's entry stands for: by its name, else by place. */
function sameOther(
  entry: ResumeEntry,
  index: number,
  list: ResumeEntry[] | undefined,
  section: string,
  key: string,
): [ResumeEntry, string] | undefined {
  if (!list) return undefined;
  let at = list.findIndex((p) => p[key] !== undefined && p[key] === entry[key]);
  if (at < 0) at = index;
  const mine = list[at];
  return mine ? [mine, `${section}[${at}]`] : undefined;
}

/** An AI-written string of a draft, with where the profile holds the candidate's own wording for it. */
export interface DraftTarget extends TextTarget {
  /** The profile's field that holds `original` (`work[1].highlights[0]`); present with `original`. */
  originalField?: string;
}

/**
 * The AI-written strings of a draft, each with the candidate's own wording for that place when the profile
 * has one. Strings copied verbatim from the profile are the candidate's own and are left out.
 */
export function draftTargets(draft: JsonResume, profile?: JsonResume): DraftTarget[] {
  const own = allStrings(profile ?? {});
  const known: WordSets = new Map();
  const targets: DraftTarget[] = [];
  const add = (
    field: string,
    text: unknown,
    role: TextTarget["role"],
    original?: string,
    from?: string,
    entry?: string,
  ) => {
    if (typeof text !== "string" || text.trim() === "" || own.has(text.trim())) return;
    targets.push({
      field,
      text,
      role,
      ...(original !== undefined ? { original, ...(from ? { originalField: from } : {}) } : {}),
      ...(entry ? { entry } : {}),
    });
  };
  // The closest highlight of the profile's entry, with its field there: one about the same subject, else
  // the one this bullet was most likely rewritten from (each other's best match, sharing a content word),
  // so a bullet that carries a lie falls back to the candidate's own instead of going.
  const highlight = (
    text: string,
    entry: string | undefined,
    mine: readonly string[] | undefined,
    drafted: readonly string[],
  ) => {
    const k = closest(text, mine, known) ?? rewrittenFrom(text, mine, drafted, known);
    return k === undefined ? [] : ([mine![k], `${entry}.highlights[${k}]`] as const);
  };

  add("basics.label", draft.basics?.label, "prose", profile?.basics?.label, "basics.label");
  add("basics.summary", draft.basics?.summary, "prose", profile?.basics?.summary, "basics.summary");
  draft.work?.forEach((work: ResumeWork, i) => {
    const [mine, at] = sameEntry(work, i, profile?.work) ?? [];
    add(`work[${i}].summary`, work.summary, "prose", mine?.summary, `${at}.summary`, at);
    work.highlights?.forEach((h, j) => {
      const [original, from] = highlight(h, at, mine?.highlights, work.highlights!);
      add(`work[${i}].highlights[${j}]`, h, "prose", original, from, at);
    });
  });
  draft.projects?.forEach((project, i) => {
    const [mine, at] = sameEntry(project, i, profile?.projects, "projects") ?? [];
    add(`projects[${i}].description`, project.description, "prose", mine?.description, `${at}.description`);
    project.highlights?.forEach((h, j) =>
      add(
        `projects[${i}].highlights[${j}]`,
        h,
        "prose",
        ...highlight(h, at, mine?.highlights, project.highlights!),
      ),
    );
    project.keywords?.forEach((k, j) => add(`projects[${i}].keywords[${j}]`, k, "list-item"));
  });
  draft.skills?.forEach((skill, i) => {
    skill.keywords?.forEach((k, j) => add(`skills[${i}].keywords[${j}]`, k, "list-item"));
  });
  // The other sections' prose is the candidate's claim too ("First place overall" in an award's summary).
  for (const [section, key] of OTHER_PROSE) {
    draft[section]?.forEach((item, i) => {
      const [mine, at] = sameOther(item, i, profile?.[section], section, key) ?? [];
      add(`${section}[${i}].summary`, item.summary, "prose", text(mine?.summary), `${at}.summary`);
      if (!Array.isArray(item.highlights)) return;
      const drafted = item.highlights.filter((h): h is string => typeof h === "string");
      const own = Array.isArray(mine?.highlights)
        ? mine.highlights.filter((h): h is string => typeof h === "string")
        : undefined;
      item.highlights.forEach((h, j) => {
        if (typeof h !== "string") return;
        add(`${section}[${i}].highlights[${j}]`, h, "prose", ...highlight(h, at, own, drafted));
      });
    });
  }
  return targets;
}

/** Why a fallback to the candidate's wording became a removal: that wording is already in the entry. */
export function repeatNote(original: string, held: { field: string; text: string }): string {
  const as = held.text.trim() === original.trim() ? "" : ` as "${held.text}"`;
  return `The candidate's own wording for it, "${original}", is already in this entry at ${held.field}${as}, so it is removed rather than repeated.`;
}

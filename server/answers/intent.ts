// What a recruiter's question asks, read deterministically: the technologies, employers, projects and
// kinds of technology it names, then the first phrasing of intents.yaml (beside this file) it matches.
// Nothing here answers anything; anything not understood is left to retrieval.
import { readFileSync } from "node:fs";
import { z } from "zod";
import type { Catalog } from "../../extractors/catalog.js";
import { checkDocument } from "../../core/document.js";
import { lazy } from "../../core/lazy.js";
import { assetPath } from "../../core/paths.js";
import type { JsonResume } from "../../core/resume.js";
import { namesWord } from "../../pipeline/index.js";

export interface Intent {
  kind: IntentKind;
  /** The id of the phrasing that matched; none for retrieval. */
  phrasing?: string;
  /** Catalog ids the question names, in its order. */
  technologies: string[];
  /** Catalog categories a category word asks for ("which database"). */
  categories: string[];
  /** Indexes of the work entries whose employer the question names. */
  employers: number[];
  /** Project or repository names the question names, as the portfolio spells them. */
  projects: string[];
  /** A fit question's job text. */
  job?: string;
  /** An employer the question names that no work entry has ("Did Dana work at Google?"). */
  employerName?: string;
}

const KINDS = [
  "technology",
  "employer",
  "years",
  "fit",
  "overview",
  "project",
  "contact",
  "retrieval",
] as const;
/** What a question asks for: intents.yaml's `intent` values, and the composer answers/index.ts picks for each. */
export type IntentKind = (typeof KINDS)[number];
const NEEDS = ["technology", "employer", "project", "nothing"] as const;

const intentsFile = z.object({
  phrasings: z
    .array(
      z.object({
        id: z.string().regex(/^[a-z][a-z-]*$/, { message: "expected a kebab-case id" }),
        intent: z.enum(KINDS),
        needs: z.enum(NEEDS).optional(),
        pattern: z.string().min(1),
      }),
    )
    .min(1),
  categories: z.record(z.string(), z.array(z.string()).min(1)),
  related: z.record(z.string(), z.array(z.string())),
});

export interface IntentPhrasing {
  id: string;
  intent: IntentKind;
  needs?: (typeof NEEDS)[number];
  pattern: RegExp;
}

export interface IntentData {
  phrasings: IntentPhrasing[];
  categories: ReadonlyMap<string, readonly string[]>;
  related: ReadonlyMap<string, readonly string[]>;
}

/** Read and compile an intents file (a bad pattern names the file and the phrasing's id). */
export function loadIntents(path: string): IntentData {
  const data = checkDocument(readFileSync(path, "utf8"), path, intentsFile, { mapping: "a mapping" });
  const phrasings = data.phrasings.map(({ pattern, ...rest }) => {
    try {
      return { ...rest, pattern: new RegExp(pattern, "i") };
    } catch (error) {
      throw new Error(`${path}: phrasing ${rest.id}: ${(error as Error).message}`, { cause: error });
    }
  });
  return {
    phrasings,
    categories: new Map(Object.entries(data.categories)),
    related: new Map(Object.entries(data.related)),
  };
}

/** The shipped intents (server/answers/intents.yaml), read on first use. */
export const defaultIntents = lazy(() => loadIntents(assetPath("server", "answers", "intents.yaml")));

export interface Understanding {
  catalog: Catalog;
  profile: JsonResume;
  /** Repository names of the portfolio: a question may name one as a project. */
  repos: readonly string[];
  intents?: IntentData;
}

/**
 * The intent of a question. A follow-up that names something but matches no phrasing ("And Kafka?") is
 * read with the previous question's phrasing.
 */
export function understand(question: string, options: Understanding, previous?: string): Intent {
  const data = options.intents ?? defaultIntents();
  const subject = subjectsOf(question, options, data);
  const matched =
    phrasingFor(question, subject, data) ??
    (previous && named(subject) ? phrasingFor(previous, subject, data) : undefined);
  if (!matched) return { kind: "retrieval", ...subject };
  if (matched.kind === "retrieval") return { kind: "retrieval", phrasing: matched.id, ...subject };
  const job = matched.kind === "fit" ? jobOf(matched.match) : undefined;
  const employerName = matched.kind === "employer" ? employerNameOf(matched.match) : undefined;
  if (matched.kind === "employer" && subject.employers.length === 0 && !employerName)
    return { kind: "retrieval", ...subject };
  return {
    kind: matched.kind,
    phrasing: matched.id,
    ...subject,
    ...(job ? { job } : {}),
    ...(employerName ? { employerName } : {}),
  };
}

type Subjects = Pick<Intent, "technologies" | "categories" | "employers" | "projects">;

const named = (s: Subjects) =>
  s.technologies.length + s.categories.length + s.employers.length + s.projects.length > 0;

function phrasingFor(
  text: string,
  subject: Subjects,
  data: IntentData,
): { kind: IntentKind; id: string; match: RegExpExecArray } | undefined {
  for (const p of data.phrasings) {
    const match = p.pattern.exec(text);
    if (!match || !meets(p.needs, subject)) continue;
    return { kind: p.intent, id: p.id, match };
  }
  return undefined;
}

function meets(needs: IntentPhrasing["needs"], s: Subjects): boolean {
  if (needs === "technology") return s.technologies.length + s.categories.length > 0;
  if (needs === "employer") return s.employers.length > 0;
  if (needs === "project") return s.projects.length > 0;
  if (needs === "nothing") return s.technologies.length + s.employers.length + s.projects.length === 0;
  return true;
}

/** The capitalised words of an `employer` group: `Google` of "work at Google before?". */
function employerNameOf(match: RegExpExecArray): string | undefined {
  const words: string[] = [];
  for (const word of (match.groups?.employer ?? "").split(/\s+/)) {
    if (!/^\p{Lu}/u.test(word)) break;
    words.push(word);
  }
  const name = words.join(" ").replace(/[?!.,;:'\s]+$/, "");
  return name || undefined;
}

/** A fit question's job: the `job` group, without a leading colon or the question's closing mark. */
function jobOf(match: RegExpExecArray): string | undefined {
  const job = match.groups?.job?.replace(/^[\s:]+/, "").replace(/[?!.\s]+$/, "");
  return job ? job : undefined;
}

function subjectsOf(question: string, options: Understanding, data: IntentData): Subjects {
  const { catalog, profile } = options;
  // The candidate's own name is no technology ("Ruby Chen"), nor anything else the question asks about.
  const name = profile.basics?.name ?? "";
  const nameWords = new Set(name.toLowerCase().split(/\s+/).filter(Boolean));
  const technologies: string[] = [];
  for (const m of catalog.findMentions(question)) {
    if (nameWords.has(m.matched.toLowerCase())) continue;
    if (!technologies.includes(m.id)) technologies.push(m.id);
  }
  const categories = new Set<string>();
  for (const word of question.toLowerCase().match(/[a-z]+/g) ?? []) {
    for (const c of data.categories.get(word) ?? []) categories.add(c);
  }
  const employers: number[] = [];
  (profile.work ?? []).forEach((w, i) => {
    const employer = w.name?.trim();
    if (!employer) return;
    const first = employer.split(/\s+/)[0]!;
    const short = first !== employer && first.length >= 4 && !nameWords.has(first.toLowerCase());
    if (namesWord(question, employer) || (short && namesWord(question, first))) employers.push(i);
  });
  const projectNames = [
    ...(profile.projects ?? []).map((p) => p.name?.trim() ?? ""),
    ...options.repos,
  ].filter((p) => p.length >= 3);
  const projects = [...new Set(projectNames.filter((p) => namesWord(question, p)))];
  return { technologies, categories: [...categories], employers, projects };
}

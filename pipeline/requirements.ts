// What a job asks for: one requirement per technology named (list members too), per years clause, per
// product name the catalog does not know, and per duty, in the job's order. Pure.
import { BoundedMap } from "../core/bounded-map.js";
import type { Catalog } from "../extractors/catalog.js";
import type { Job, JobLine } from "./inputs/job.js";
import { isContentWord, lowerWords, stemOf, wordsOf } from "../core/words.js";
import { unknownNames } from "./requirements/names.js";
import { isOffer } from "./requirements/offers.js";
import { namedTechnologies } from "./requirements/technologies.js";
import { yearsClauses } from "./requirements/years.js";

/** `name`: a product the catalog does not know, matched on the profile's words. */
export type RequirementKind = "technology" | "years" | "name" | "domain";

export interface Requirement {
  /** `R1`, `R2`, … in the order of the job. */
  id: string;
  kind: RequirementKind;
  /** The job's own words (the line it came from). */
  text: string;
  line: number;
  /** Under a "nice to have" / "bonus" / "preferred" heading or phrase. */
  optional: boolean;
  /** A technology requirement's technology; a years requirement's subject, when it has one. */
  technology?: string;
  years?: number;
  /** A `name` requirement's product name as the job writes it. */
  name?: string;
  /** Content stems, for relevance and for matching duties to highlights. */
  stems: string[];
}

const OPTIONAL = /\b(nice[- ]to[- ]have|bonus|preferred|a plus|plus if)\b/i;

/** The names and aliases of the catalog in lower case: a word that is one is never an unknown product. */
const catalogNames = new WeakMap<Catalog, Set<string>>();
function namesOf(catalog: Catalog): Set<string> {
  let names = catalogNames.get(catalog);
  if (!names) {
    names = new Set(
      catalog.entries.flatMap((e) => [e.name, ...(e.aliases ?? [])].map((n) => n.toLowerCase())),
    );
    catalogNames.set(catalog, names);
  }
  return names;
}

function keyOf(r: Omit<Requirement, "id">): string {
  if (r.kind === "technology") return `tech:${r.technology}`;
  if (r.kind === "years") return `years:${r.years}:${r.technology ?? ""}`;
  if (r.kind === "name") return `name:${r.name!.toLowerCase()}`;
  return `text:${r.text}`;
}

export function jobRequirements(job: Job, catalog: Catalog): Requirement[] {
  const out: Requirement[] = [];
  const seen = new Map<string, Requirement>();
  const add = (r: Omit<Requirement, "id">) => {
    const earlier = seen.get(keyOf(r));
    // Asked for anywhere without "nice to have", it is required: the required line's words describe it.
    if (earlier?.optional && !r.optional) Object.assign(earlier, r);
    if (earlier) return;
    const requirement = { ...r, id: `R${out.length + 1}` };
    seen.set(keyOf(r), requirement);
    out.push(requirement);
  };
  // Words of the job's title, company and headings name the job, not a product it asks for.
  const known = new Set([...namesOf(catalog), ...jobWords(job)]);
  // Where a post lists its duties, its paragraphs tell of the company and the role ("We're a fintech…",
  // "About the role: …"): they name technologies and years, but no duty of their own.
  const listsDuties = job.lines.some((l) => l.item);
  for (const line of job.lines) {
    if (line.heading || isOffer(line, job.title)) continue;
    for (const r of lineRequirements(line, catalog, known, listsDuties && !line.item)) add(r);
  }
  return out;
}

function lineRequirements(
  line: JobLine,
  catalog: Catalog,
  known: ReadonlySet<string>,
  prose: boolean,
): Omit<Requirement, "id">[] {
  const optional = [line.text, line.section, line.parent ?? ""].some((t) => OPTIONAL.test(t));
  const stems = contentStems(line.text);
  const base = { text: line.text, line: line.line, optional, stems };
  const named = namedTechnologies(line.text, catalog);
  const nested = (line.context ?? []).flatMap((c) => namedTechnologies(c, catalog));
  const years = yearsClauses(line.text, named, nested);
  const names = unknownNames(line.text, named, known);
  const found: { start: number; r: Omit<Requirement, "id"> }[] = [
    ...years.map((y) => ({
      start: y.start,
      r: {
        ...base,
        kind: "years" as const,
        years: y.years,
        ...(y.technology ? { technology: y.technology } : {}),
      },
    })),
    ...named.map((t) => ({ start: t.start, r: { ...base, kind: "technology" as const, technology: t.id } })),
    ...names.map((n) => ({ start: n.start, r: { ...base, kind: "name" as const, name: n.name } })),
  ];
  // A lead-in to nested items ("Cloud experience:") is no duty of its own.
  const leadIn = line.text.endsWith(":") && (line.context?.length ?? 0) > 0;
  if (found.length === 0 && stems.length >= 2 && !leadIn && !prose) return [{ ...base, kind: "domain" }];
  // Left to right; at one place a years figure comes before the technology it asks for.
  return found.sort((a, b) => a.start - b.start).map((f) => f.r);
}

function jobWords(job: Job): string[] {
  const texts = [
    job.title ?? "",
    job.company ?? "",
    ...job.lines.filter((l) => l.heading).map((l) => l.text),
  ];
  return texts.flatMap(lowerWords);
}

export function contentStems(text: string): string[] {
  let stems = stemsCache.get(text);
  if (!stems) {
    stems = [
      ...new Set(
        wordsOf(text)
          .filter((w) => isContentWord(w.text))
          .map((w) => stemOf(w.text)),
      ),
    ];
    stemsCache.set(text, stems);
  }
  return [...stems];
}

/** A highlight's stems are read for every question the chat composes from it: once is enough. */
const stemsCache = new BoundedMap<string, string[]>(4_096);

// The truth's facts as chunks the chat can quote and the guards and verifier judge by: each technology's
// status with its best evidence (file:line), each stale doc claim with the code that contradicts it, the
// technologies with the most production evidence, each repository's production technologies, the years the
// profile's dates give each technology, and the contact details of `basics`. Each chunk's uri names where
// its first fact lives (`payments-api/src/queue.ts:1`, `profile.yaml#basics`), so a source says it.
import type { Catalog } from "../../extractors/catalog.js";
import type { Chunk } from "../../core/chunk.js";
import type { JsonResume } from "../../core/resume.js";
import {
  type DocClaim,
  type Evidence,
  type ExtractResult,
  type Technology,
  candidateEvidence,
  describeCommits,
} from "../../core/truth.js";
import { NATIVE_STATUSES, placeRef, whereSeen } from "../../guards/index.js";
import { technologyYears } from "../../pipeline/index.js";
import { skillGroups } from "./profile.js";

/** Metadata that marks a fact chunk: the composers quote it whole, retrieval's answerer leaves it alone. */
export const FACT_KEY = "composedFact";

/** Whether a chunk is one of the facts below (or a fact a composer made for one question). */
export function isFact(chunk: Chunk): boolean {
  return chunk.metadata?.[FACT_KEY] === true;
}

/** Evidence places a fact cites at most. */
const MAX_PLACES = 3;
/** Technologies the overview names. */
export const TOP_TECHNOLOGIES = 3;

// How direct a piece of evidence is: code importing it first, a container or CI step last.
const VIA_RANK: Record<Evidence["via"], number> = {
  import: 0,
  iac: 1,
  manifest: 2,
  config: 3,
  container: 4,
  ci: 5,
};

/**
 * The best evidence of a kind, most direct first, each place once: of the evidence that can back the
 * candidate, or of all of it (`whoever`: what the repositories show, and what others wrote of an
 * others-only technology).
 */
export function bestEvidence(tech: Technology, kind?: Evidence["kind"], whoever = false): Evidence[] {
  const seen = new Set<string>();
  return (whoever || tech.status === "others-only" ? tech.evidence : candidateEvidence(tech))
    .filter((e) => (kind ? e.kind === kind : true))
    .map((e, i) => ({ e, i }))
    .sort((a, b) => VIA_RANK[a.e.via] - VIA_RANK[b.e.via] || a.i - b.i)
    .map(({ e }) => e)
    .filter((e) => {
      const key = placeRef(e);
      return !seen.has(key) && seen.add(key);
    });
}

/** `payments-api (src/queue.ts:1, package.json:21) and platform-infra (services/orders/go.mod:8)`. */
export function placesByRepo(evidence: readonly Evidence[]): string {
  const byRepo = new Map<string, string[]>();
  for (const e of evidence) {
    const place = `${e.path}${e.line !== undefined ? `:${e.line}` : ""}`;
    byRepo.set(e.repo, [...(byRepo.get(e.repo) ?? []), place]);
  }
  const parts = [...byRepo].map(([repo, places]) => `${repo} (${places.join(", ")})`);
  return parts.length <= 1 ? (parts[0] ?? "") : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
}

export interface FactSources {
  catalog: Catalog;
  profile: JsonResume;
  profilePath: string;
  truth?: ExtractResult;
  /** What the contact answer says it keeps back ("Phone and email are private in this chat."). */
  withheld?: string;
}

const chunk = (id: string, uri: string, title: string, text: string, at?: Evidence | DocClaim): Chunk => ({
  id,
  uri,
  kind: "truth",
  title,
  text,
  metadata: { [FACT_KEY]: true },
  ...(at ? { repo: at.repo, path: at.path } : {}),
  ...(at?.line !== undefined ? { lines: [at.line, at.line] as [number, number] } : {}),
});

/** The first name, for "Dana lists it under Data". */
export function firstName(profile: JsonResume): string {
  return profile.basics?.name?.trim().split(/\s+/)[0] ?? "The candidate";
}

/** One status fact per technology of the truth. */
export function technologyFacts(sources: FactSources): Chunk[] {
  const groups = skillGroups(sources.profile, sources.catalog);
  const who = firstName(sources.profile);
  return (sources.truth?.technologies ?? []).flatMap((tech) => {
    const listed = groups.get(tech.id);
    const lists = listed ? `; ${who} lists it under ${listed}` : "";
    if (tech.status === "production") {
      const places = bestEvidence(tech, "production").slice(0, MAX_PLACES);
      if (places.length === 0) return [];
      const text = `${tech.name}: production code in ${placesByRepo(places)}${authorship(tech, places)}${lists}.`;
      return [chunk(`truth:status:${tech.id}`, placeRef(places[0]!), tech.name, text, places[0])];
    }
    const places = bestEvidence(tech).slice(0, MAX_PLACES);
    if (places.length === 0) return [];
    const refs = places.map(placeRef).join(", ");
    if (tech.status === "others-only") {
      const repos = [...new Set(places.map((e) => e.repo))].join(", ");
      const shown = whereSeen(tech.repositoryStatus ?? "production");
      const text = `${tech.name}: ${repos} uses it in ${shown} (${refs}), but none of its commits that touch it are ${who}'s${lists}.`;
      return [chunk(`truth:status:${tech.id}`, placeRef(places[0]!), tech.name, text, places[0])];
    }
    const category = sources.catalog.get(tech.id)?.category ?? tech.category;
    // A test framework in tests is used as one: that is experience with it, said without "only".
    const text = NATIVE_STATUSES[category]?.includes(tech.status)
      ? `${tech.name}: used in ${whereSeen(tech.status)} (${refs})${lists}.`
      : `${tech.name} appears only in ${whereSeen(tech.status)} (${refs}), not in production code${lists}.`;
    return [chunk(`truth:status:${tech.id}`, placeRef(places[0]!), tech.name, text, places[0])];
  });
}

/**
 * What history says of production evidence: the candidate's commits on it, or that nobody can say who
 * wrote it (a folder without history).
 */
function authorship(tech: Technology, places: readonly Evidence[]): string {
  if (tech.authored) return ` (${describeCommits(tech.authored)})`;
  return places.every((e) => e.author === "unknown") ? " (authorship not verified: no history)" : "";
}

/** Technologies the truth knows only from live doc claims: docs-only, one fact each. */
export function docsOnlyFacts(sources: FactSources): Chunk[] {
  const truth = sources.truth;
  if (!truth) return [];
  const known = new Set(truth.technologies.map((t) => t.id));
  const byTech = new Map<string, DocClaim[]>();
  for (const c of truth.docClaims) {
    if (c.stale || known.has(c.technology)) continue;
    byTech.set(c.technology, [...(byTech.get(c.technology) ?? []), c]);
  }
  return [...byTech].map(([id, claims]) => {
    const name = sources.catalog.get(id)?.name ?? id;
    const refs = claims.slice(0, MAX_PLACES).map(placeRef).join(", ");
    const text = `${name} appears only in documentation (${refs}), not in code.`;
    return chunk(`truth:status:${id}`, placeRef(claims[0]!), name, text, claims[0]);
  });
}

/**
 * One fact per technology a stale doc claim names: what the docs say and what the code uses instead
 * ("The docs say MySQL (…), but the code uses PostgreSQL (…)").
 */
export function staleFacts(sources: FactSources): Chunk[] {
  const truth = sources.truth;
  if (!truth) return [];
  const byTech = new Map<string, DocClaim[]>();
  for (const c of truth.docClaims) {
    if (c.stale) byTech.set(c.technology, [...(byTech.get(c.technology) ?? []), c]);
  }
  return [...byTech].map(([id, claims]) => {
    const name = sources.catalog.get(id)?.name ?? id;
    const who = claims.every((c) => /^readme/i.test(c.path.split("/").at(-1) ?? ""))
      ? "The README says"
      : "The docs say";
    const refs = claims.slice(0, MAX_PLACES).map(placeRef).join(", ");
    const against = contradiction(claims, sources);
    const lines = [...new Set(claims.flatMap((c) => c.contradictedBy ?? []).map(placeRef))];
    const code = against
      ? `the code uses ${against.name} (${against.places.map(placeRef).join(", ")})`
      : `the code contradicts it${lines.length > 0 ? ` (${lines.slice(0, MAX_PLACES).join(", ")})` : ""}`;
    const text = `${who} ${name} (${refs}), but ${code}.`;
    return chunk(`truth:stale:${id}`, placeRef(claims[0]!), name, text, claims[0]);
  });
}

/** The production technology whose evidence contradicts the claims, competitors of the claimed one first. */
function contradiction(
  claims: readonly DocClaim[],
  sources: FactSources,
): { name: string; places: Evidence[] } | undefined {
  const against = claims.flatMap((c) => c.contradictedBy ?? []);
  const keys = new Set(against.map(placeRef));
  const rivals = new Set(sources.catalog.competitors(claims[0]!.technology));
  const candidates = (sources.truth?.technologies ?? [])
    // What the code uses whoever wrote it: a stale line is the repository's, not the candidate's.
    .filter(
      (t) =>
        (t.repositoryStatus ?? t.status) === "production" && t.evidence.some((e) => keys.has(placeRef(e))),
    )
    .sort((a, b) => Number(rivals.has(b.id)) - Number(rivals.has(a.id)));
  const tech = candidates[0];
  if (!tech) return undefined;
  const places = bestEvidence(tech, "production", true).filter((e) => keys.has(placeRef(e)));
  return { name: tech.name, places: places.slice(0, MAX_PLACES) };
}

/** Categories of tools around the work (a CI service, an image base), not experience to lead with. */
const SUPPORTING = new Set(["ci", "container", "build-tool", "linting", "testing", "runtime"]);

/** Production technologies ranked by the repositories and places that show them; supporting tools left out. */
export interface Strength {
  tech: Technology;
  places: number;
  repos: number;
}

const ranked = new WeakMap<ExtractResult, Strength[]>();

export function strongest(truth: ExtractResult | undefined): Strength[] {
  if (!truth) return [];
  let out = ranked.get(truth);
  if (!out) ranked.set(truth, (out = rank(truth)));
  return out;
}

function rank(truth: ExtractResult): Strength[] {
  return truth.technologies
    .filter((t) => t.status === "production" && !SUPPORTING.has(t.category))
    .map((tech) => {
      const production = bestEvidence(tech, "production");
      return { tech, places: production.length, repos: new Set(production.map((e) => e.repo)).size };
    })
    .filter((s) => s.places > 0)
    .sort((a, b) => b.repos - a.repos || b.places - a.places || a.tech.name.localeCompare(b.tech.name));
}

/** The overview's fact: the technologies with the most production evidence. */
export function overviewFact(sources: FactSources): Chunk[] {
  const top = strongest(sources.truth).slice(0, TOP_TECHNOLOGIES);
  if (top.length === 0) return [];
  const parts = top.map(
    (s) =>
      `${s.tech.name} (${s.places} ${s.places === 1 ? "place" : "places"} in ${s.repos} ${s.repos === 1 ? "repository" : "repositories"})`,
  );
  const text = `The most production evidence in the code: ${parts.join(", ")}.`;
  const first = bestEvidence(top[0]!.tech, "production")[0];
  return [
    chunk("truth:overview", first ? placeRef(first) : "truth", "Strongest production evidence", text, first),
  ];
}

/**
 * One fact per repository: the production technologies of the candidate's code there, then what code
 * others wrote there uses, and how its authorship was judged.
 */
export function repositoryFacts(sources: FactSources): Chunk[] {
  const truth = sources.truth;
  if (!truth) return [];
  const who = firstName(sources.profile);
  return truth.repos.flatMap((repo) => {
    const inRepo = (t: Technology, evidence: readonly Evidence[]) =>
      evidence.some((e) => e.repo === repo.name && e.kind === "production");
    const names = truth.technologies
      .filter((t) => t.status === "production" && inRepo(t, candidateEvidence(t)))
      .map((t) => t.name);
    const others = truth.technologies
      .filter(
        (t) => t.status !== "production" && t.repositoryStatus === "production" && inRepo(t, t.evidence),
      )
      .map((t) => t.name);
    const parts = [
      names.length > 0 ? `its production code uses ${names.join(", ")}` : "",
      others.length > 0 ? `code others wrote there uses ${others.join(", ")}, none of it ${who}'s` : "",
    ].filter(Boolean);
    if (parts.length === 0) return [];
    const a = repo.authorship;
    const how = !a
      ? ""
      : a.verified
        ? ` (${a.candidateCommits} of ${a.commits} commits are ${who}'s)`
        : ` (authorship not verified: ${a.note?.replace(/:.*$/, "") ?? "no history"})`;
    const text = `${repo.name}: ${parts.join("; ")}${how}.`;
    return [chunk(`truth:repo:${repo.name}`, repo.name, repo.name, text)];
  });
}

/** Years per technology the work entries name, from their dates (merged where jobs overlap). */
export function yearsFacts(sources: FactSources, asOf: string): Chunk[] {
  const { profile, catalog, profilePath } = sources;
  const ids = new Set<string>();
  for (const w of profile.work ?? []) {
    for (const text of [w.position, w.summary, ...(w.highlights ?? [])]) {
      // Years on Amazon EKS are years of Kubernetes too (the catalog's `implies`), as generate counts them.
      for (const m of text ? catalog.findMentionsAnyCase(text) : []) {
        ids.add(m.id);
        for (const implied of catalog.get(m.id)?.implies ?? []) ids.add(implied);
      }
    }
  }
  const authored = new Map(
    (sources.truth?.technologies ?? []).flatMap((t) =>
      t.status === "production" && t.authored ? [[t.id, t.authored] as const] : [],
    ),
  );
  for (const id of authored.keys()) ids.add(id);
  return [...ids].flatMap((id) => {
    const span = technologyYears(profile, id, catalog, asOf);
    const commits = authored.get(id);
    if (span.entries.length === 0 && !commits) return [];
    const name = catalog.get(id)?.name ?? id;
    const where = span.entries.map((e) => `${employerOf(profile, e.field)}, ${e.dates}`).join("; ");
    const stated =
      span.entries.length > 0 ? `${span.years.toFixed(1)} years in the profile's dates (${where})` : "";
    const history = commits
      ? `${describeCommits(commits)}${span.entries.length > 0 ? "; with the profile's dates" : ","} ${technologyYears(profile, id, catalog, asOf, commits).years.toFixed(1)} years`
      : "";
    const text = `${name}: ${[stated, history].filter(Boolean).join("; ")}.`;
    const uri = span.entries[0] ? `${profilePath}#${span.entries[0].field}` : `${profilePath}#truth`;
    const c = chunk(`truth:years:${id}`, uri, name, text);
    return [{ ...c, kind: span.entries.length > 0 ? ("profile" as const) : ("truth" as const) }];
  });
}

function employerOf(profile: JsonResume, field: string): string {
  const i = Number(/\d+/.exec(field)?.[0]);
  const w = profile.work?.[i];
  return [w?.position, w?.name].filter(Boolean).join(" at ") || field;
}

/** The contact details of `basics`, and nothing else of the profile. */
export function contactFact(sources: FactSources): Chunk[] {
  const basics = sources.profile.basics ?? {};
  const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);
  const profiles = Array.isArray(basics.profiles) ? (basics.profiles as Record<string, unknown>[]) : [];
  const parts = [
    text(basics.email) && `email ${text(basics.email)}`,
    text(basics.phone) && `phone ${text(basics.phone)}`,
    text(basics.url) && `website ${text(basics.url)}`,
    ...profiles.map((p) => text(p.url) && `${text(p.network) ?? "profile"} ${text(p.url)}`),
  ].filter((p): p is string => Boolean(p));
  if (parts.length === 0 && !sources.withheld) return [];
  const who = text(basics.name) ?? "The candidate";
  const said = parts.length > 0 ? `${who}: ${parts.join(", ")}.` : "";
  const c = chunk(
    "profile:contact",
    `${sources.profilePath}#basics`,
    "Contact",
    [said, sources.withheld].filter(Boolean).join(" "),
  );
  return [{ ...c, kind: "profile" }];
}

/** Every fact the chat may compose from, for one day (the years run to it). */
export function truthFacts(sources: FactSources, asOf: string): Chunk[] {
  return [
    ...technologyFacts(sources),
    ...docsOnlyFacts(sources),
    ...staleFacts(sources),
    ...overviewFact(sources),
    ...repositoryFacts(sources),
    ...yearsFacts(sources, asOf),
    ...contactFact(sources),
  ];
}

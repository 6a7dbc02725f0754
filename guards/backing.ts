// What backs a technology named in AI-written text (DESIGN.md, "The guards"), in order:
//   1. the candidate states it in the profile;
//   2. code-derived truth knows it: backed only when its status is production (a language also when the
//      repositories hold code in it, counted in bytes);
//   3. truth is silent about it (or absent): backed when a grounding fact names it, unless the fact is an
//      example or a stale doc claim, or names it only inside a stale doc claim line.
// claim-net and the verifier ask this module; vendor-provenance and code-truth use the same answer to decide
// which of them owns an unbacked mention, so that one mention is reported once.
import type { Catalog, Mention } from "../extractors/catalog.js";
import type { DocClaim, Evidence, EvidenceKind, TechStatus, Technology } from "../extractors/types.js";
import { formatField, parseField } from "./resume.js";
import type { JsonResume } from "./resume.js";
import type { Edit, Fact, GuardContext, Match, RecordAction, RecordEvidence, TextTarget } from "./types.js";

/** Why a technology is (not) backed. */
export type BackingBasis =
  /** Stated in the candidate's profile. */
  | "profile"
  /** Truth has production evidence. */
  | "production"
  /** A language the repositories hold code in (linguist bytes). */
  | "language"
  /** A test framework seen in tests, a linter or build tool seen in tooling: that is its real use. */
  | "native"
  /** Truth is silent; a grounding fact names it. */
  | "fact"
  /** Truth knows it only from example, test, docs or tooling code (vendor-provenance owns it). */
  | "non-production"
  /** Its only support is a doc claim the code contradicts (code-truth owns it). */
  | "stale-claim"
  /** Nothing names it (claim-net owns it). */
  | "unsupported";

export interface Backing {
  backed: boolean;
  /** For a backed technology, what backs it; otherwise what was checked and what speaks against it. */
  by: RecordEvidence[];
  /** One sentence a person understands. */
  why: string;
  basis: BackingBasis;
  /** Truth's status for the technology, when truth knows it. */
  status?: TechStatus;
}

/** A string of the profile with its field path (`skills[0].keywords[2]`). */
export interface ProfileString {
  field: string;
  text: string;
}

/**
 * Non-production statuses that are a technology's real use for some categories: Vitest seen only in tests
 * or ESLint seen only in tooling is still experience with Vitest or ESLint. Anything else in these statuses
 * (an SDK, a database, a cloud service) is not production experience.
 */
export const NATIVE_STATUSES: Readonly<Record<string, readonly TechStatus[]>> = {
  testing: ["test-only", "tooling-only"],
  linting: ["tooling-only"],
  "build-tool": ["tooling-only"],
};

/** How many evidence items a finding cites for one technology. */
const MAX_EVIDENCE = 3;
const EXCERPT_CHARS = 160;
/** Top-level profile keys that are not the candidate's statements about their work. */
const NOT_STATEMENTS = new Set(["portfolio", "meta", "$schema"]);
/** Profile strings that name no skill: the candidate's name ("Julia", "Ruby"), contact details, links. */
const NOT_SKILLS = /^basics\.name$|(^|\.)(url|email|phone|image)$/;

/** Every string of the profile with its field path, in document order (vouch's `portfolio` key excluded). */
export function profileStrings(profile: JsonResume | undefined): ProfileString[] {
  const out: ProfileString[] = [];
  const walk = (node: unknown, path: (string | number)[]): void => {
    if (typeof node === "string") {
      if (node.trim() !== "") out.push({ field: formatField(path), text: node });
    } else if (Array.isArray(node)) {
      node.forEach((child, i) => walk(child, [...path, i]));
    } else if (node !== null && typeof node === "object") {
      for (const [key, child] of Object.entries(node)) {
        if (path.length === 0 && NOT_STATEMENTS.has(key)) continue;
        walk(child, [...path, key]);
      }
    }
  };
  walk(profile, []);
  return out;
}

/** `platform-infra/terraform/eks.tf:21`: how findings cite a place in a repository. */
export function placeRef(place: { repo: string; path: string; line?: number }): string {
  return `${place.repo}/${place.path}${place.line !== undefined ? `:${place.line}` : ""}`;
}

/** Truth's evidence as a record's evidence. */
export function truthEvidence(evidence: Evidence): RecordEvidence {
  return { source: "truth", ref: placeRef(evidence), text: evidence.detail };
}

/** A stale doc claim as a record's evidence. */
export function claimEvidence(claim: DocClaim): RecordEvidence {
  return { source: "truth", ref: placeRef(claim), text: claim.text };
}

/** The display name of a technology. */
export function technologyName(id: string, context: GuardContext): string {
  return context.catalog.get(id)?.name ?? context.truth?.technologies.find((t) => t.id === id)?.name ?? id;
}

interface FactMention {
  fact: Fact;
  mention: Mention;
}

interface Index {
  /** Technology id → the profile strings that name it. */
  profile: Map<string, ProfileString[]>;
  technologies: Map<string, Technology>;
  /** Lower-cased linguist language name → bytes per repository. */
  languages: Map<string, { repo: string; language: string; bytes: number }[]>;
  staleByTechnology: Map<string, DocClaim[]>;
  /** `repo\0path\0line` → the stale claims on that line. */
  staleByLine: Map<string, DocClaim[]>;
  /** `repo/path:line` → the stale claims on that line. */
  staleByRef: Map<string, DocClaim[]>;
  /** Facts that may back: technology id → where they name it (outside stale claim lines). */
  facts: Map<string, FactMention[]>;
  /** Facts that name a technology but cannot back it, with why. */
  rejectedFacts: Map<string, { fact: Fact; why: string }[]>;
  /** Facts by id. */
  factById: Map<string, Fact>;
  /** `repo/path:line` of truth's evidence → its kind. */
  evidenceKindByRef: Map<string, EvidenceKind>;
}

const indexes = new WeakMap<GuardContext, Index>();

function lineKey(place: { repo: string; path: string; line?: number }): string {
  return `${place.repo}\0${place.path}\0${place.line ?? ""}`;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Derived lookups for one context, built once (contexts are never mutated). */
function indexOf(context: GuardContext): Index {
  const cached = indexes.get(context);
  if (cached) return cached;
  const { catalog, truth } = context;

  const profile = new Map<string, ProfileString[]>();
  for (const item of profileStrings(context.profile)) {
    if (NOT_SKILLS.test(item.field)) continue;
    for (const id of new Set(catalog.findMentions(item.text).map((m) => m.id))) push(profile, id, item);
  }

  const technologies = new Map((truth?.technologies ?? []).map((t) => [t.id, t]));
  const evidenceKindByRef = new Map<string, EvidenceKind>();
  for (const t of truth?.technologies ?? []) {
    for (const e of t.evidence) {
      const ref = placeRef(e);
      // Production wins when two technologies cite the same line with different kinds.
      if (evidenceKindByRef.get(ref) !== "production") evidenceKindByRef.set(ref, e.kind);
    }
  }

  const languages = new Map<string, { repo: string; language: string; bytes: number }[]>();
  for (const repo of truth?.repos ?? []) {
    for (const [language, bytes] of Object.entries(repo.languages)) {
      if (bytes > 0) push(languages, language.toLowerCase(), { repo: repo.name, language, bytes });
    }
  }

  const staleByTechnology = new Map<string, DocClaim[]>();
  const staleByLine = new Map<string, DocClaim[]>();
  const staleByRef = new Map<string, DocClaim[]>();
  for (const claim of truth?.docClaims ?? []) {
    if (!claim.stale) continue;
    push(staleByTechnology, claim.technology, claim);
    push(staleByLine, lineKey(claim), claim);
    push(staleByRef, placeRef(claim), claim);
  }
  const staleTexts = [...new Set([...staleByLine.values()].flat().map((c) => c.text.trim()))].filter(
    (t) => t !== "",
  );

  const facts = new Map<string, FactMention[]>();
  const rejectedFacts = new Map<string, { fact: Fact; why: string }[]>();
  for (const fact of context.facts) {
    const mentions = catalog.findMentions(fact.text);
    if (fact.kind === "example" || fact.kind === "stale-claim") {
      const why = fact.kind === "example" ? "an example" : "a stale doc claim";
      for (const id of new Set(mentions.map((m) => m.id))) push(rejectedFacts, id, { fact, why });
      continue;
    }
    const staleSpans = spansOf(fact.text, staleTexts);
    const inStale = new Set<string>();
    for (const mention of mentions) {
      if (staleSpans.some(([s, e]) => mention.start >= s && mention.end <= e)) {
        inStale.add(mention.id);
        continue;
      }
      push(facts, mention.id, { fact, mention });
    }
    for (const id of inStale) {
      if (!facts.get(id)?.some((m) => m.fact === fact)) {
        push(rejectedFacts, id, { fact, why: "only inside a stale doc claim line" });
      }
    }
  }

  const index: Index = {
    profile,
    technologies,
    languages,
    staleByTechnology,
    staleByLine,
    staleByRef,
    facts,
    rejectedFacts,
    factById: new Map(context.facts.map((f) => [f.id, f])),
    evidenceKindByRef,
  };
  indexes.set(context, index);
  return index;
}

/** Where each of `needles` occurs in `text`. */
function spansOf(text: string, needles: readonly string[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const needle of needles) {
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      spans.push([at, at + needle.length]);
    }
  }
  return spans;
}

/** The line of `text` that holds `[start, end)`, or a window of it around the span when the line is long. */
function excerpt(text: string, start: number, end: number): string {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const lineEnd = text.indexOf("\n", end);
  const line = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  if (line.trim().length <= EXCERPT_CHARS) return line.trim();
  const from = Math.max(0, start - lineStart - Math.floor((EXCERPT_CHARS - (end - start)) / 2));
  return `…${line.slice(from, from + EXCERPT_CHARS).trim()}…`;
}

function refList(items: readonly { ref: string }[]): string {
  return items.map((e) => e.ref).join(", ");
}

const WHERE: Record<Exclude<TechStatus, "production">, string> = {
  "example-only": "example code",
  "test-only": "test code",
  "docs-only": "documentation",
  "tooling-only": "tooling (build, lint or dev dependencies)",
};

/** Where a technology with this non-production status was seen, in words (`example code`). */
export function whereSeen(status: TechStatus): string {
  return status === "production" ? "production code" : WHERE[status];
}

/** Linguist bytes for a language entry, per repository. */
function languageBytes(id: string, context: GuardContext, index: Index) {
  const entry = context.catalog.get(id);
  if (entry?.category !== "language") return [];
  const names = new Set([entry.name, ...(entry.aliases ?? [])].map((n) => n.toLowerCase()));
  return [...names].flatMap((n) => index.languages.get(n) ?? []);
}

/** The stale doc claims that are a technology's only support in truth (empty when truth knows it). */
export function staleSupport(id: string, context: GuardContext): DocClaim[] {
  const index = indexOf(context);
  if (index.technologies.has(id)) return [];
  return index.staleByTechnology.get(id) ?? [];
}

/** Stale claims and the code that contradicts them, as evidence. */
export function staleEvidence(claims: readonly DocClaim[]): RecordEvidence[] {
  const shown = claims.slice(0, MAX_EVIDENCE);
  const seen = new Set<string>();
  const code: RecordEvidence[] = [];
  for (const claim of shown) {
    for (const e of claim.contradictedBy ?? []) {
      const ref = placeRef(e);
      if (seen.has(ref)) continue;
      seen.add(ref);
      code.push(truthEvidence(e));
    }
  }
  return [...shown.map(claimEvidence), ...code.slice(0, MAX_EVIDENCE)];
}

/** Decide whether technology `id`, named in AI-written text, is backed (see the order at the top). */
export function technologyBacking(id: string, context: GuardContext): Backing {
  const index = indexOf(context);
  const name = technologyName(id, context);

  const stated = index.profile.get(id);
  if (stated && stated.length > 0) {
    return {
      backed: true,
      basis: "profile",
      by: stated.slice(0, MAX_EVIDENCE).map((s) => ({ source: "profile", ref: s.field, text: s.text })),
      why: `${name} is stated in the profile (${stated[0]!.field}).`,
    };
  }

  const technology = index.technologies.get(id);
  const status = technology?.status;
  if (technology && status === "production") {
    const by = technology.evidence
      .filter((e) => e.kind === "production")
      .slice(0, MAX_EVIDENCE)
      .map(truthEvidence);
    return {
      backed: true,
      basis: "production",
      status,
      by,
      why: `${name} has production evidence: ${refList(by)}.`,
    };
  }

  const bytes = languageBytes(id, context, index);
  if (bytes.length > 0) {
    const by: RecordEvidence[] = bytes
      .slice(0, MAX_EVIDENCE)
      .map((b) => ({ source: "truth", ref: b.repo, text: `${b.language}: ${b.bytes} bytes` }));
    return {
      backed: true,
      basis: "language",
      ...(status ? { status } : {}),
      by,
      why: `The repositories hold ${name} code (${bytes.map((b) => b.repo).join(", ")}).`,
    };
  }

  if (technology && status) {
    const by = technology.evidence.slice(0, MAX_EVIDENCE).map(truthEvidence);
    const category = context.catalog.get(id)?.category ?? technology.category;
    if (NATIVE_STATUSES[category]?.includes(status)) {
      return {
        backed: true,
        basis: "native",
        status,
        by,
        why: `${name} is a ${category} tool and is used as one: ${refList(by)}.`,
      };
    }
    return {
      backed: false,
      basis: "non-production",
      status,
      by,
      why: `${name} appears only in ${whereSeen(status)} (${refList(by)}), never in production code.`,
    };
  }

  const stale = index.staleByTechnology.get(id);
  if (stale && stale.length > 0) {
    const contradicting = stale.flatMap((c) => c.contradictedBy ?? []);
    return {
      backed: false,
      basis: "stale-claim",
      by: staleEvidence(stale),
      why:
        `${name} is supported only by a stale doc claim (${placeRef(stale[0]!)})` +
        (contradicting[0] ? `, contradicted by the code (${placeRef(contradicting[0])}).` : "."),
    };
  }

  const facts = index.facts.get(id);
  if (facts && facts.length > 0) {
    const by: RecordEvidence[] = facts.slice(0, MAX_EVIDENCE).map(({ fact, mention }) => ({
      source: "fact",
      ref: fact.id,
      text: excerpt(fact.text, mention.start, mention.end),
    }));
    return {
      backed: true,
      basis: "fact",
      by,
      why: `${name} is named by grounding fact ${facts[0]!.fact.id}.`,
    };
  }

  return {
    backed: false,
    basis: "unsupported",
    by: checked(id, name, context, index),
    why: unsupportedWhy(name, id, context, index),
  };
}

function unsupportedWhy(name: string, id: string, context: GuardContext, index: Index): string {
  const rejected = index.rejectedFacts.get(id)?.[0];
  if (rejected) {
    const what = rejected.why.startsWith("only") ? `a fact that names it ${rejected.why}` : rejected.why;
    return `${name} is named only by ${what} (${rejected.fact.id}); neither the profile nor production code backs it.`;
  }
  const parts = [
    context.profile ? "the profile does not state it" : undefined,
    context.truth ? "the code does not use it" : undefined,
    "no grounding fact names it",
  ].filter((p): p is string => p !== undefined);
  return `Nothing backs ${name}: ${listWords(parts)}.`;
}

/** What was checked for an unsupported technology: rejected facts, or the sources searched. */
function checked(id: string, name: string, context: GuardContext, index: Index): RecordEvidence[] {
  const by: RecordEvidence[] = [];
  if (context.profile)
    by.push({ source: "profile", ref: "profile", text: `no profile string names ${name}` });
  if (context.truth) {
    const repos = context.truth.repos.map((r) => r.name);
    by.push({
      source: "truth",
      ref: repos.join(", ") || "truth",
      text: `no evidence of ${name} in ${repos.length} ${repos.length === 1 ? "repository" : "repositories"}`,
    });
  }
  const rejected = index.rejectedFacts.get(id) ?? [];
  if (rejected.length > 0) {
    for (const { fact, why } of rejected.slice(0, MAX_EVIDENCE)) {
      by.push({ source: "fact", ref: fact.id, text: `cannot back: ${why}` });
    }
  } else {
    by.push({
      source: "fact",
      ref: "facts",
      text: `none of ${context.facts.length} grounding facts names ${name}`,
    });
  }
  return by;
}

// ---- Evidence cited by a match ----

/** What one evidence item of a match is. */
export type CitedKind =
  | { kind: "profile" }
  /** A stale doc claim line (code-truth's business). */
  | { kind: "stale"; claims: DocClaim[] }
  | { kind: EvidenceKind }
  /** A record evidence the guards cannot place: neither backs nor weakens. */
  | { kind: "unknown" };

function isTruthEvidence(item: Evidence | RecordEvidence): item is Evidence {
  return "path" in item && "kind" in item;
}

/** Classify one evidence item of a match against the context. */
export function citedKind(
  item: Evidence | RecordEvidence,
  context: GuardContext,
  technology?: string,
): CitedKind {
  const index = indexOf(context);
  if (isTruthEvidence(item)) {
    const claims = index.staleByLine.get(lineKey(item));
    return claims ? { kind: "stale", claims } : { kind: item.kind };
  }
  switch (item.source) {
    case "profile":
      return { kind: "profile" };
    case "truth": {
      const claims = index.staleByRef.get(item.ref);
      if (claims) return { kind: "stale", claims };
      const kind = index.evidenceKindByRef.get(item.ref);
      return kind ? { kind } : { kind: "unknown" };
    }
    case "fact":
    case "chunk": {
      const fact = index.factById.get(item.ref);
      const text = fact?.text ?? item.text;
      if (text === undefined) return { kind: "unknown" };
      if (fact?.kind === "example") return { kind: "example" };
      const claims = staleLinesIn(text, technology, context, index);
      if (fact?.kind === "stale-claim" || claims.length > 0) return { kind: "stale", claims };
      if (fact?.kind === "docs") return { kind: "docs" };
      return fact ? { kind: "production" } : { kind: "unknown" };
    }
  }
}

/**
 * The stale claim lines a fact's text repeats. With a technology: only when every mention of it in the text
 * is inside those lines (a chunk that also names it elsewhere still speaks for it).
 */
function staleLinesIn(
  text: string,
  technology: string | undefined,
  context: GuardContext,
  index: Index,
): DocClaim[] {
  const claims = [...index.staleByLine.values()]
    .flat()
    .filter((c) => c.text.trim() !== "" && text.includes(c.text.trim()));
  if (claims.length === 0 || technology === undefined) return claims;
  const spans = spansOf(
    text,
    claims.map((c) => c.text.trim()),
  );
  const mentions = context.catalog.findMentions(text).filter((m) => m.id === technology);
  const outside = mentions.some((m) => !spans.some(([s, e]) => m.start >= s && m.end <= e));
  return outside ? [] : claims;
}

/** A match's evidence item as a record's evidence. */
export function matchEvidence(item: Evidence | RecordEvidence): RecordEvidence {
  return isTruthEvidence(item) ? truthEvidence(item) : item;
}

/** Does this match rest on anything the candidate stated? */
export function citesProfile(match: Match, context: GuardContext): boolean {
  return match.evidence.some((e) => citedKind(e, context).kind === "profile");
}

// ---- Text targets ----

/** Mentions in a target that are not in the candidate's own wording for the place (`target.original`). */
export function newMentions(target: TextTarget, catalog: Catalog): Mention[] {
  const own = new Set(target.original ? catalog.findMentions(target.original).map((m) => m.id) : []);
  return catalog.findMentions(target.text).filter((m) => !own.has(m.id));
}

/** The first mention of each technology, in text order. */
export function firstPerTechnology(mentions: readonly Mention[]): Mention[] {
  const seen = new Set<string>();
  return mentions.filter((m) => !seen.has(m.id) && seen.add(m.id));
}

/**
 * What to do with a string that claims something unbacked: a list item (a skill keyword) is removed; prose
 * falls back to the candidate's original wording; prose with no original is removed when it is an item of a
 * list (a highlight), else emptied.
 */
export function unbackedAction(target: TextTarget): { action: RecordAction; edit?: Edit; removeItem?: true } {
  if (target.role === "list-item") return { action: "remove", removeItem: true };
  const whole: [number, number] = [0, target.text.length];
  if (target.original !== undefined)
    return { action: "fallback", edit: { range: whole, text: target.original } };
  if (typeof parseField(target.field).at(-1) === "number") return { action: "remove", removeItem: true };
  return { action: "remove", edit: { range: whole, text: "" } };
}

/** `A`, `A and B`, `A, B and C`. */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? "";
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** Fill a message template's `{{placeholders}}`. */
export function formatMessage(template: string, data: Record<string, string>): string {
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, key: string) => data[key] ?? whole);
}

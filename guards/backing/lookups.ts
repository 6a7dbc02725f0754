// Lookups derived from one guard context for backing.ts: which profile strings and facts name a technology,
// truth's technologies, languages and stale doc claims. A context is never mutated, so each lookup is built
// once per context, and only when a guard first asks for it: a draft that names no technology costs no
// index at all, and matches-only lookups (evidence kinds by place) are not built for text.
import type { Catalog, Mention } from "../../extractors/catalog.js";
import {
  type DocClaim,
  type EvidenceKind,
  type Technology,
  candidateEvidence,
  candidateLanguages,
} from "../../core/truth.js";
import { type MentionUse, mentionUse } from "../../core/use-cues.js";
import { placeRef } from "./evidence.js";
import { formatField } from "../../core/resume.js";
import type { JsonResume } from "../../core/resume.js";
import type { GuardContext } from "../types.js";
import type { Fact } from "../../core/chunk.js";

/** A string of the profile with its field path (`skills[0].keywords[2]`). */
export interface ProfileString {
  field: string;
  text: string;
}

/** Top-level profile keys that are not the candidate's statements about their work. */
const NOT_STATEMENTS = new Set(["portfolio", "meta", "$schema"]);
/** Profile strings that name no skill: the candidate's name ("Julia", "Ruby"), contact details, links. */
const NOT_SKILLS = /^basics\.name$|(^|\.)(url|email|phone|image)$/;

/** Whether a profile string can state a skill (not the candidate's name, contact details or links). */
export function canStateSkill(field: string): boolean {
  return !NOT_SKILLS.test(field);
}

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

export function lineKey(place: { repo: string; path: string; line?: number }): string {
  return `${place.repo}\0${place.path}\0${place.line ?? ""}`;
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** Where each of `needles` occurs in `text`. */
export function spansOf(text: string, needles: readonly string[]): [number, number][] {
  const spans: [number, number][] = [];
  for (const needle of needles) {
    for (let at = text.indexOf(needle); at !== -1; at = text.indexOf(needle, at + 1)) {
      spans.push([at, at + needle.length]);
    }
  }
  return spans;
}

export interface FactMention {
  fact: Fact;
  mention: Mention;
}

export interface StaleClaims {
  byTechnology: Map<string, DocClaim[]>;
  /** `repo\0path\0line` → the stale claims on that line. */
  byLine: Map<string, DocClaim[]>;
  /** `repo/path:line` → the stale claims on that line. */
  byRef: Map<string, DocClaim[]>;
  /** Every stale claim, grouped by line in the order lines were first seen. */
  lines: DocClaim[];
  /** The distinct non-empty trimmed texts of the stale claim lines. */
  texts: string[];
}

/** A fact that names a technology but cannot back it. */
export interface RejectedFact {
  fact: Fact;
  /** Why, as words that follow "named only by" (`an example`) or "names it" (`as considered, not used`). */
  why: string;
  /** Set when every mention of the technology in the fact is a mention only ("We considered Snowflake"). */
  use?: MentionUse & { used: false };
}

export interface FactIndex {
  /** Facts that may back: technology id → where they name it (outside stale claim lines, as used). */
  backing: Map<string, FactMention[]>;
  /** Facts that name a technology but cannot back it, with why. */
  rejected: Map<string, RejectedFact[]>;
}

export type LanguageBytes = { repo: string; language: string; bytes: number };

/** Derived lookups for one context, each built on first use (contexts are never mutated). */
export class BackingIndex {
  private profileMap?: Map<string, ProfileString[]>;
  private technologyMap?: Map<string, Technology>;
  private languageMap?: Map<string, LanguageBytes[]>;
  private staleClaims?: StaleClaims;
  private factIndex?: FactIndex;
  private factMap?: Map<string, Fact>;
  private kindMap?: Map<string, EvidenceKind>;

  private readonly context: GuardContext;

  constructor(context: GuardContext) {
    this.context = context;
  }

  /** Technology id → the profile strings that name it. */
  get profile(): Map<string, ProfileString[]> {
    return (this.profileMap ??= profileMentions(this.context));
  }

  get technologies(): Map<string, Technology> {
    return (this.technologyMap ??= new Map((this.context.truth?.technologies ?? []).map((t) => [t.id, t])));
  }

  /** Lower-cased linguist language name → bytes per repository. */
  get languages(): Map<string, LanguageBytes[]> {
    if (!this.languageMap) {
      this.languageMap = new Map();
      const truth = this.context.truth;
      for (const repo of truth?.repos ?? []) {
        // Only the code the candidate wrote: bytes of a repository someone else wrote back nothing.
        for (const [language, bytes] of Object.entries(candidateLanguages(repo, truth!))) {
          if (bytes > 0) push(this.languageMap, language.toLowerCase(), { repo: repo.name, language, bytes });
        }
      }
    }
    return this.languageMap;
  }

  get stale(): StaleClaims {
    return (this.staleClaims ??= staleClaimsOf(this.context));
  }

  get facts(): FactIndex {
    return (this.factIndex ??= factMentions(this.context, this.stale.texts));
  }

  /** Facts by id. */
  get factById(): Map<string, Fact> {
    return (this.factMap ??= new Map(this.context.facts.map((f) => [f.id, f])));
  }

  /** `repo/path:line` of truth's evidence → its kind. */
  get evidenceKindByRef(): Map<string, EvidenceKind> {
    if (!this.kindMap) {
      this.kindMap = new Map();
      for (const t of this.context.truth?.technologies ?? []) {
        // Others' code backs no match that cites it: its kind is theirs, not the candidate's.
        for (const e of candidateEvidence(t)) {
          const ref = placeRef(e);
          // Production wins when two technologies cite the same line with different kinds.
          if (this.kindMap.get(ref) !== "production") this.kindMap.set(ref, e.kind);
        }
      }
    }
    return this.kindMap;
  }
}

const indexes = new WeakMap<GuardContext, BackingIndex>();

/** The lookups of one context (created once; each part is built when first asked for). */
export function indexOf(context: GuardContext): BackingIndex {
  let index = indexes.get(context);
  if (!index) {
    index = new BackingIndex(context);
    indexes.set(context, index);
  }
  return index;
}

function profileMentions(context: GuardContext): Map<string, ProfileString[]> {
  const profile = new Map<string, ProfileString[]>();
  const { catalog } = context;
  for (const item of profileStrings(context.profile)) {
    if (!canStateSkill(item.field)) continue;
    // The candidate's own words in any case: "react with redux" states React.
    for (const id of new Set(catalog.findMentionsAnyCase(item.text).map((m) => m.id)))
      push(profile, id, item);
  }
  return profile;
}

function staleClaimsOf(context: GuardContext): StaleClaims {
  const byTechnology = new Map<string, DocClaim[]>();
  const byLine = new Map<string, DocClaim[]>();
  const byRef = new Map<string, DocClaim[]>();
  for (const claim of context.truth?.docClaims ?? []) {
    if (!claim.stale) continue;
    push(byTechnology, claim.technology, claim);
    push(byLine, lineKey(claim), claim);
    push(byRef, placeRef(claim), claim);
  }
  const lines = [...byLine.values()].flat();
  const texts = [...new Set(lines.map((c) => c.text.trim()))].filter((t) => t !== "");
  return { byTechnology, byLine, byRef, lines, texts };
}

function factMentions(context: GuardContext, staleTexts: readonly string[]): FactIndex {
  const catalog: Catalog = context.catalog;
  const backing = new Map<string, FactMention[]>();
  const rejected = new Map<string, RejectedFact[]>();
  for (const fact of context.facts) {
    const mentions = catalog.findMentions(fact.text);
    if (fact.kind === "example" || fact.kind === "stale-claim") {
      const why = fact.kind === "example" ? "an example" : "a stale doc claim";
      for (const id of new Set(mentions.map((m) => m.id))) push(rejected, id, { fact, why });
      continue;
    }
    const staleSpans = spansOf(fact.text, staleTexts);
    const inStale = new Set<string>();
    // Mention is not use: "We considered Snowflake" backs nothing about Snowflake.
    const named = new Map<string, MentionUse & { used: false }>();
    for (const mention of mentions) {
      if (staleSpans.some(([s, e]) => mention.start >= s && mention.end <= e)) {
        inStale.add(mention.id);
        continue;
      }
      const use = mentionUse(fact.text, mention.start, mention.end);
      if (!use.used) {
        if (!named.has(mention.id)) named.set(mention.id, { ...use, used: false });
        continue;
      }
      push(backing, mention.id, { fact, mention });
    }
    for (const id of new Set([...inStale, ...named.keys()])) {
      if (backing.get(id)?.some((m) => m.fact === fact)) continue;
      const use = named.get(id);
      push(
        rejected,
        id,
        use ? { fact, why: use.says!, use } : { fact, why: "only inside a stale doc claim line" },
      );
    }
  }
  return { backing, rejected };
}

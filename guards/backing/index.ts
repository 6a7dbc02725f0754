// What backs a technology named in AI-written text (DESIGN.md, "The guards"), in order:
//   1. the candidate states it in the profile;
//   2. code-derived truth knows it: backed only when its status is production (a language also when the
//      repositories hold code in it, counted in bytes);
//   3. truth knows it only from doc claims: docs-only, not backed (vendor-provenance owns it);
//   4. truth is silent about it (or absent): backed when a grounding fact names it, unless the fact is an
//      example or a stale doc claim, names it only inside a stale doc claim line, or only mentions it
//      (mention is not use: "We considered Snowflake" backs nothing about Snowflake; core/use-cues.ts).
// claim-net and the verifier ask this module; vendor-provenance and code-truth use the same answer to decide
// which of them owns an unbacked mention, so that one mention is reported once.
//
// The lookups it needs are built per context, lazily (lookups.ts); how evidence is cited and worded is
// in evidence.ts, what a match's evidence is in cited.ts, the technologies a string names in
// text.ts. Everything is re-exported here.
import { type DocClaim, type TechStatus, candidateEvidence, docsOnlyClaims } from "../../core/truth.js";
import {
  MAX_EVIDENCE,
  claimEvidence,
  listWords,
  placeRef,
  refList,
  staleEvidence,
  truthEvidence,
  whereSeen,
} from "./evidence.js";
import { type BackingIndex, indexOf } from "./lookups.js";
import type { GuardContext } from "../types.js";
import type { RecordEvidence } from "../../core/evidence.js";

export { claimEvidence, listWords, placeRef, staleEvidence, truthEvidence, whereSeen } from "./evidence.js";
export { type ProfileString, canStateSkill, profileStrings } from "./lookups.js";
export { type CitedKind, citedKind, citesProfile, matchEvidence } from "./cited.js";
export {
  firstPerTechnology,
  newMentions,
  newTechnologies,
  unbackedAction,
  undeniedNewTechnologies,
} from "./text.js";

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
  /**
   * Truth knows it only from example, test, docs or tooling code, or only from doc claims (docs-only):
   * vendor-provenance owns it.
   */
  | "non-production"
  /** Its only support is a doc claim the code contradicts (code-truth owns it). */
  | "stale-claim"
  /** Nothing names it as used (claim-net owns it). */
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

/** The display name of a technology. */
export function technologyName(id: string, context: GuardContext): string {
  return context.catalog.get(id)?.name ?? context.truth?.technologies.find((t) => t.id === id)?.name ?? id;
}

const EXCERPT_CHARS = 160;

/** The line of `text` that holds `[start, end)`, or a window of it around the span when the line is long. */
function excerpt(text: string, start: number, end: number): string {
  const lineStart = text.lastIndexOf("\n", start - 1) + 1;
  const lineEnd = text.indexOf("\n", end);
  const line = text.slice(lineStart, lineEnd === -1 ? undefined : lineEnd);
  if (line.trim().length <= EXCERPT_CHARS) return line.trim();
  const from = Math.max(0, start - lineStart - Math.floor((EXCERPT_CHARS - (end - start)) / 2));
  return `…${line.slice(from, from + EXCERPT_CHARS).trim()}…`;
}

/** Linguist bytes for a language entry, per repository. */
function languageBytes(id: string, context: GuardContext, index: BackingIndex) {
  const entry = context.catalog.get(id);
  if (entry?.category !== "language") return [];
  const names = new Set([entry.name, ...(entry.aliases ?? [])].map((n) => n.toLowerCase()));
  return [...names].flatMap((n) => index.languages.get(n) ?? []);
}

/** The stale doc claims that are a technology's only support in truth (empty when truth knows it). */
export function staleSupport(id: string, context: GuardContext): DocClaim[] {
  const index = indexOf(context);
  if (index.technologies.has(id)) return [];
  return index.stale.byTechnology.get(id) ?? [];
}

const decided = new WeakMap<GuardContext, Map<string, Backing>>();

/**
 * Decide whether technology `id`, named in AI-written text, is backed (see the order at the top). The three
 * text guards ask about each technology of each string: the answer is worked out once per context, and each
 * caller gets its own copy (findings carry its evidence).
 */
export function technologyBacking(id: string, context: GuardContext): Backing {
  let known = decided.get(context);
  if (!known) decided.set(context, (known = new Map()));
  let backing = known.get(id);
  if (!backing) known.set(id, (backing = decide(id, context)));
  return { ...backing, by: backing.by.map((e) => ({ ...e })) };
}

function decide(id: string, context: GuardContext): Backing {
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
    const by = candidateEvidence(technology)
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
      why: context.truth?.authors
        ? `The candidate wrote ${name} code (${bytes.map((b) => b.repo).join(", ")}).`
        : `The repositories hold ${name} code (${bytes.map((b) => b.repo).join(", ")}).`,
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
      why:
        status === "others-only"
          ? `${name} is in the portfolio's code (${refList(by)}), but none of that code is the candidate's.`
          : `${name} appears only in ${whereSeen(status)} (${refList(by)}), never in production code.`,
    };
  }

  const stale = index.stale.byTechnology.get(id);
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

  const documented = docsOnlyClaims(context.truth, id);
  if (documented.length > 0) {
    const by = documented.slice(0, MAX_EVIDENCE).map(claimEvidence);
    return {
      backed: false,
      basis: "non-production",
      status: "docs-only",
      by,
      why: `${name} appears only in ${whereSeen("docs-only")} (${refList(by)}), never in production code.`,
    };
  }

  const facts = index.facts.backing.get(id);
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

function unsupportedWhy(name: string, id: string, context: GuardContext, index: BackingIndex): string {
  const all = index.facts.rejected.get(id) ?? [];
  const mentions = all.filter((r) => r.use);
  if (mentions.length > 0 && mentions.length === all.length) {
    const ids = [...new Set(mentions.map((r) => r.fact.id))];
    const which = ids.length === 1 ? "The only source" : "Every source";
    return `${which} that names ${name} (${ids.join(", ")}) names it ${mentions[0]!.why} ("${mentions[0]!.use!.cue}"); neither the profile nor production code backs it.`;
  }
  const rejected = all.find((r) => !r.use) ?? all[0];
  if (rejected) {
    const what =
      rejected.why.startsWith("only") || rejected.use ? `a fact that names it ${rejected.why}` : rejected.why;
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
function checked(id: string, name: string, context: GuardContext, index: BackingIndex): RecordEvidence[] {
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
  const rejected = index.facts.rejected.get(id) ?? [];
  if (rejected.length > 0) {
    for (const { fact, why, use } of rejected.slice(0, MAX_EVIDENCE)) {
      const text = use ? `cannot back: names ${name} ${why} ("${use.cue}")` : `cannot back: ${why}`;
      by.push({ source: "fact", ref: fact.id, text });
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

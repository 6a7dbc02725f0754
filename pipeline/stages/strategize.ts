// Match each job requirement to what backs it: code-derived truth, the profile, KB chunks. Pure.
import type { Catalog } from "../../extractors/catalog.js";
import {
  type ExtractResult,
  type Technology,
  candidateEvidence,
  describeCommits,
  docsOnlyClaims,
} from "../../core/truth.js";
import { type MentionUse, mentionUse } from "../../core/use-cues.js";
import {
  type ProfileString,
  canStateSkill,
  placeRef,
  profileStrings,
  truthEvidence,
} from "../../guards/index.js";
import type { JsonResume } from "../../core/resume.js";
import type { Match, MatchStatus } from "../../core/match.js";
import type { RecordEvidence } from "../../core/evidence.js";
import type { Chunk } from "../../core/chunk.js";
import type { Requirement } from "../requirements.js";
import { experienceYears } from "../years.js";
import { requirementLabel } from "./strategize/coverage.js";
import { technologyYears } from "./strategize/technology-years.js";
import { namesWord, sharedStems, sharedStemsInASentence, stemsNeeded } from "./strategize/words.js";

export interface StrategyMatch extends Match {
  requirementId: string;
  /** The requirement in a few words, for the coverage line and the explain table (`5+ years Go`). */
  label?: string;
  kind: Requirement["kind"];
  optional: boolean;
  status: MatchStatus;
  evidence: RecordEvidence[];
}

export interface StrategyInput {
  requirements: readonly Requirement[];
  catalog: Catalog;
  profile: JsonResume;
  truth?: ExtractResult;
  /** The KB chunks retrieved for each requirement id. */
  chunks: ReadonlyMap<string, readonly Chunk[]>;
  asOf: string;
}

const MAX_EVIDENCE = 3;

/** Profile strings that state no skill or duty: the candidate's name ("Ruby"), contact details, links. */
export function strategize(input: StrategyInput): StrategyMatch[] {
  // Each profile string's technologies, found once for all requirements.
  const strings = profileStrings(input.profile)
    .filter((s) => canStateSkill(s.field))
    .map((s) => ({
      ...s,
      technologies: new Set(input.catalog.findMentionsAnyCase(s.text).map((m) => m.id)),
    }));
  return input.requirements.map((r) => {
    const chunks = input.chunks.get(r.id) ?? [];
    const base = {
      requirementId: r.id,
      requirement: r.text,
      label: requirementLabel(r, input.catalog),
      kind: r.kind,
      optional: r.optional,
    };
    if (r.kind === "technology")
      return { ...base, technology: r.technology, ...technologyMatch(r.technology!, strings, chunks, input) };
    if (r.kind === "years" && r.technology)
      return { ...base, technology: r.technology, ...technologyYearsMatch(r.years!, r.technology, input) };
    if (r.kind === "years") return { ...base, ...yearsMatch(r.years!, input) };
    if (r.kind === "name") return { ...base, ...nameMatch(r.name!, strings, chunks) };
    return { ...base, ...dutyMatch(r, strings, chunks) };
  });
}

type Judged = Pick<StrategyMatch, "status" | "evidence"> & { note?: string };

function technologyMatch(
  id: string,
  strings: readonly (ProfileString & { technologies: ReadonlySet<string> })[],
  chunks: readonly Chunk[],
  input: StrategyInput,
): Judged {
  const tech: Technology | undefined = input.truth?.technologies.find((t) => t.id === id);
  const stated = strings
    .filter((s) => s.technologies.has(id))
    .map((s): RecordEvidence => ({ source: "profile", ref: s.field, text: s.text }));
  if (tech?.status === "production") {
    const code = candidateEvidence(tech)
      .filter((e) => e.kind === "production")
      .slice(0, MAX_EVIDENCE)
      .map(truthEvidence);
    return { status: "production-backed", evidence: [...code, ...stated.slice(0, 1)] };
  }
  if (stated.length > 0) return { status: "profile-stated", evidence: stated.slice(0, MAX_EVIDENCE) };
  if (tech) {
    const evidence = tech.evidence.slice(0, MAX_EVIDENCE).map(truthEvidence);
    return { status: tech.status, evidence, ...othersNote(tech, input) };
  }
  const stale = (input.truth?.docClaims ?? []).filter((c) => c.technology === id && c.stale);
  if (stale.length > 0) {
    return {
      status: "stale",
      evidence: stale
        .slice(0, MAX_EVIDENCE)
        .map((c) => ({ source: "truth", ref: placeRef(c), text: c.text })),
    };
  }
  // Known only from doc claims: docs-only, as the guards judge it (DESIGN.md, "The guards").
  const documented = docsOnlyClaims(input.truth, id);
  if (documented.length > 0) {
    return {
      status: "docs-only",
      evidence: documented
        .slice(0, MAX_EVIDENCE)
        .map((c) => ({ source: "truth", ref: placeRef(c), text: c.text })),
    };
  }
  // Mention is not use: a chunk whose every sentence naming it only mentions it ("We considered
  // Snowflake") does not back it.
  const named: Chunk[] = [];
  let mentioned: { chunk: Chunk; use: MentionUse } | undefined;
  for (const c of chunks) {
    if (c.kind !== "production-doc") continue;
    const uses = input.catalog
      .findMentions(c.text)
      .filter((m) => m.id === id)
      .map((m) => mentionUse(c.text, m.start, m.end));
    if (uses.some((u) => u.used)) named.push(c);
    else if (uses[0]) mentioned ??= { chunk: c, use: uses[0] };
  }
  if (named.length > 0)
    return { status: "kb-stated", evidence: named.slice(0, MAX_EVIDENCE).map(chunkEvidence) };
  if (mentioned) {
    const name = input.catalog.get(id)?.name ?? id;
    return {
      status: "unsupported",
      evidence: [],
      note: `${chunkEvidence(mentioned.chunk).ref} names ${name} ${mentioned.use.says} ("${mentioned.use.cue}"), so it backs nothing about it.`,
    };
  }
  return { status: "unsupported", evidence: [] };
}

function yearsMatch(years: number, input: StrategyInput): Judged {
  const span = experienceYears(input.profile, input.asOf);
  const evidence: RecordEvidence[] = span.from
    ? [
        {
          source: "profile",
          ref: span.from.field,
          text: `${span.from.value} (${span.years.toFixed(1)} years to ${input.asOf})`,
        },
      ]
    : [];
  return span.years >= years
    ? { status: "profile-stated", evidence }
    : { status: "unsupported", evidence, note: `the profile's dates cover ${span.years.toFixed(1)} years` };
}

/**
 * Why a technology the portfolio's code shows is not the candidate's: "podcast uses Helm
 * (podcast/charts/podcast/Chart.yaml:1); none of its Helm files are Alex Main's."
 */
function othersNote(tech: Technology, input: StrategyInput): { note?: string } {
  if (tech.status !== "others-only") return {};
  const repos = [...new Set(tech.evidence.map((e) => e.repo))];
  const who = input.profile.basics?.name ? `${input.profile.basics.name}'s` : "the candidate's";
  const refs = tech.evidence.slice(0, MAX_EVIDENCE).map(placeRef).join(", ");
  const uses = repos.length === 1 ? "uses" : "use";
  return {
    note: `${repos.join(", ")} ${uses} ${tech.name} (${refs}); none of its ${tech.name} files are ${who}.`,
  };
}

/**
 * Years of one technology: the dates of the work entries that name it, and the span of the candidate's
 * commits on its production evidence, merged so overlaps count once.
 */
function technologyYearsMatch(years: number, technology: string, input: StrategyInput): Judged {
  const { profile, catalog, asOf } = input;
  const tech = input.truth?.technologies.find((t) => t.id === technology);
  const authored = tech?.status === "production" ? tech.authored : undefined;
  const stated = technologyYears(profile, technology, catalog, asOf);
  const evidence: RecordEvidence[] = stated.entries
    .slice(0, MAX_EVIDENCE)
    .map((e) => ({ source: "profile", ref: e.field, text: `${e.dates}: ${e.text}` }));
  const name = catalog.get(technology)?.name ?? technology;
  const profileNote = `the profile's dates give ${name} ${stated.years.toFixed(1)} years`;
  if (stated.years >= years) return { status: "profile-stated", evidence, note: profileNote };
  if (!authored) return { status: "unsupported", evidence, note: profileNote };
  const withCommits = technologyYears(profile, technology, catalog, asOf, authored);
  const repos = [...new Set(candidateEvidence(tech!).map((e) => e.repo))];
  const commits: RecordEvidence = {
    source: "truth",
    ref: repos.join(", "),
    text: describeCommits(authored),
  };
  const note = `${profileNote}; with the candidate's commits, ${withCommits.years.toFixed(1)} years`;
  return withCommits.years >= years
    ? { status: "production-backed", evidence: [commits, ...evidence], note }
    : { status: "unsupported", evidence: [commits, ...evidence], note };
}

/** A product the catalog does not know: the profile names it (any field that states skills), or a KB chunk. */
function nameMatch(name: string, strings: readonly ProfileString[], chunks: readonly Chunk[]): Judged {
  const stated = strings.filter((s) => namesWord(s.text, name));
  if (stated.length > 0) {
    return {
      status: "profile-stated",
      evidence: stated.slice(0, MAX_EVIDENCE).map((s) => ({ source: "profile", ref: s.field, text: s.text })),
    };
  }
  const named = chunks.filter((c) => c.kind === "production-doc" && namesWord(c.text, name));
  if (named.length > 0)
    return { status: "kb-stated", evidence: named.slice(0, MAX_EVIDENCE).map(chunkEvidence) };
  return { status: "unsupported", evidence: [] };
}

/**
 * A duty: texts that hold enough of its content words (two of a short line, a quarter of a long one), a KB
 * chunk in one of its sentences.
 */
function dutyMatch(r: Requirement, strings: readonly ProfileString[], chunks: readonly Chunk[]): Judged {
  const wanted = new Set(r.stems);
  const needed = stemsNeeded(wanted.size);
  const best = <T>(items: readonly T[], score: (item: T) => number) =>
    items
      .map((item) => ({ item, score: score(item) }))
      .filter((x) => x.score >= needed)
      .sort((a, b) => b.score - a.score)
      .slice(0, MAX_EVIDENCE)
      .map((x) => x.item);
  const stated = best(
    strings.filter((s) => !s.field.startsWith("skills")),
    (s) => sharedStems(wanted, s.text),
  );
  if (stated.length > 0) {
    return {
      status: "profile-stated",
      evidence: stated.map((s) => ({ source: "profile", ref: s.field, text: s.text })),
    };
  }
  const named = best(
    chunks.filter((c) => c.kind !== "stale-claim" && c.kind !== "example"),
    (c) => sharedStemsInASentence(wanted, c.text),
  );
  if (named.length > 0) return { status: "kb-stated", evidence: named.map(chunkEvidence) };
  return { status: "unsupported", evidence: [] };
}

function chunkEvidence(chunk: Chunk): RecordEvidence {
  return {
    source: "chunk",
    ref: chunk.uri + (chunk.lines ? `:${chunk.lines[0]}-${chunk.lines[1]}` : ""),
    text: chunk.text.slice(0, 160),
  };
}

// How much a string of the profile speaks to the job: technologies the job asks for weigh most, then shared words.
import type { Catalog } from "../../extractors/catalog.js";
import type { Requirement } from "../requirements.js";
import { contentStems } from "../requirements.js";
import type { MatchStatus } from "../../core/match.js";
import { BACKED_BY } from "../stages/strategize/coverage.js";
import { namesWord, sharedStems, stemsNeeded } from "../stages/strategize/words.js";

const TECHNOLOGY_WEIGHT = 3;

export interface Relevance {
  score(text: string): number;
  /** Stable sort, most relevant first; ties keep the candidate's order. */
  order<T>(items: readonly T[], text: (item: T) => string): T[];
}

export function relevance(requirements: readonly Requirement[], catalog: Catalog): Relevance {
  const technologies = new Set(requirements.flatMap((r) => (r.technology ? [r.technology] : [])));
  const stems = new Set(requirements.flatMap((r) => r.stems));
  const score = (text: string) => {
    const techs = new Set(catalog.findMentions(text).map((m) => m.id));
    let total = 0;
    for (const id of techs) if (technologies.has(id)) total += TECHNOLOGY_WEIGHT;
    for (const stem of contentStems(text)) if (stems.has(stem)) total += 1;
    return total;
  };
  return {
    score,
    order: (items, text) =>
      items
        .map((item, index) => ({ item, index, score: score(text(item)) }))
        .sort((a, b) => b.score - a.score || a.index - b.index)
        .map((x) => x.item),
  };
}

/**
 * How many of the job's backed requirements a string of the profile evidences: it names a backed
 * technology (or the technology of a backed years figure) or product, or holds enough of a backed duty's
 * words. Unbacked requirements count for nothing: a highlight is not raised for what the candidate lacks.
 */
export function backedEvidence(
  requirements: readonly Requirement[],
  matches: readonly { requirementId: string; status: MatchStatus }[],
  catalog: Catalog,
): (text: string) => number {
  const backed = new Set(matches.filter((m) => BACKED_BY[m.status]).map((m) => m.requirementId));
  const wanted = requirements.filter((r) => backed.has(r.id));
  return (text) => {
    const techs = new Set(catalog.findMentions(text).map((m) => m.id));
    return wanted.filter((r) => {
      if (r.kind === "name") return namesWord(text, r.name!);
      if (r.kind === "domain") return sharedStems(new Set(r.stems), text) >= stemsNeeded(r.stems.length);
      return r.technology !== undefined && techs.has(r.technology);
    }).length;
  };
}

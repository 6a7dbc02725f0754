// How much a string of the profile speaks to the job: technologies the job asks for weigh most, then shared words.
import type { Catalog } from "../../extractors/catalog.js";
import type { Requirement } from "../requirements.js";
import { contentStems } from "../requirements.js";

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

// "Has Dana used Kafka?", "Which database does Dana use?": each technology's status with its best
// evidence, the stale doc claim answered with the code, the skill group that lists it, and the highlights
// that name it (or a technology it runs on: Kubernetes on Amazon EKS). What nothing shows is said plainly.
import type { Intent } from "../intent.js";
import { strongest } from "../facts.js";
import { profileTechnologies } from "../profile.js";
import {
  type ComposeContext,
  type Composed,
  type Line,
  bestHighlights,
  chunkByUri,
  composed,
  factLine,
  madeFact,
  UNCITED,
} from "./lines.js";

const MAX_TECHNOLOGIES = 3;
const MAX_HIGHLIGHTS = 2;
/** Words of the question a highlight must hold to lead the answer. */
const LEAD_WORDS = 2;

export function composeTechnology(intent: Intent, ctx: ComposeContext): Composed | undefined {
  const ids = intent.technologies.length > 0 ? intent.technologies : ofCategories(intent.categories, ctx);
  if (ids.length === 0) return undefined;
  const lines: Line[] = [];
  const facts = [];
  const shown = new Set<string>();
  for (const id of ids.slice(0, MAX_TECHNOLOGIES)) {
    const found = [factLine(ctx, `truth:stale:${id}`), factLine(ctx, `truth:status:${id}`)].filter(
      (l): l is Line => l !== undefined,
    );
    // Stale claims of the category too: "Which database?" is answered with "the docs say MySQL, but…".
    if (found.length === 0) {
      const listed = skillLine(ctx, id);
      if (listed) found.push(listed);
    }
    if (found.length === 0 && !named(ctx, id)) {
      const name = ctx.catalog.get(id)?.name ?? id;
      const fact = madeFact(`absent:${id}`, UNCITED, name, `Neither the profile nor the code shows ${name}.`);
      facts.push(fact);
      lines.push({ text: fact.text, chunk: fact });
      continue;
    }
    lines.push(...found);
    shown.add(id);
  }
  if (intent.technologies.length === 0) {
    for (const category of intent.categories) {
      for (const c of ctx.truth?.docClaims ?? []) {
        if (!c.stale || ctx.catalog.get(c.technology)?.category !== category) continue;
        const line = factLine(ctx, `truth:stale:${c.technology}`);
        if (line) lines.push(line);
      }
    }
  }
  const related = relatedTechnologies(shown, ctx);
  const highlights = bestHighlights(
    ctx,
    (h) => [...h.technologies].filter((t) => related.has(t)).length,
    MAX_HIGHLIGHTS,
  );
  // A highlight that holds the question's own words ("the orders service") answers it first.
  const lead = highlights.filter((h) => (h.relevance ?? 0) >= LEAD_WORDS).map((h) => ({ ...h, item: false }));
  const rest = highlights.filter((h) => (h.relevance ?? 0) < LEAD_WORDS);
  return composed([...lead, ...lines, ...rest], facts);
}

/** The technologies of the categories the truth knows: production ones first, the best shown first. */
function ofCategories(categories: readonly string[], ctx: ComposeContext): string[] {
  const wanted = new Set(categories);
  const inCategory = (id: string, category: string) => wanted.has(ctx.catalog.get(id)?.category ?? category);
  const production = strongest(ctx.truth)
    .filter((s) => inCategory(s.tech.id, s.tech.category))
    .map((s) => s.tech.id);
  const others = (ctx.truth?.technologies ?? [])
    .filter((t) => t.status !== "production" && inCategory(t.id, t.category))
    .map((t) => t.id);
  return [...production, ...others];
}

/** Whether the profile or the truth (its code or its doc claims) names the technology at all. */
function named(ctx: ComposeContext, id: string): boolean {
  if (profileTechnologies(ctx.profile, ctx.catalog).has(id)) return true;
  const truth = ctx.truth;
  return (
    (truth?.technologies.some((t) => t.id === id) || truth?.docClaims.some((c) => c.technology === id)) ??
    false
  );
}

/** The skills line that lists the technology ("Data: PostgreSQL, Redis, Kafka, Amazon SQS."). */
function skillLine(ctx: ComposeContext, id: string): Line | undefined {
  const chunk = chunkByUri(ctx, "skills");
  const text = chunk?.text
    .split("\n")
    .find((line) => ctx.catalog.findMentions(line).some((m) => m.id === id));
  return chunk && text ? { text, chunk } : undefined;
}

/**
 * The technologies whose highlights tell what was built with these: themselves, the production
 * technologies of related categories (intents.yaml), and for one the docs name wrongly, the production
 * technologies of its category (the code's answer).
 */
function relatedTechnologies(ids: ReadonlySet<string>, ctx: ComposeContext): Set<string> {
  const out = new Set(ids);
  const production = (ctx.truth?.technologies ?? []).filter((t) => t.status === "production");
  for (const id of ids) {
    const category = ctx.catalog.get(id)?.category;
    if (!category) continue;
    const categories = new Set(ctx.intents.related.get(category) ?? []);
    const stale = ctx.truth?.docClaims.some((c) => c.stale && c.technology === id) ?? false;
    const known = ctx.truth?.technologies.some((t) => t.id === id) ?? false;
    if (stale && !known) categories.add(category);
    for (const t of production)
      if (categories.has(ctx.catalog.get(t.id)?.category ?? t.category)) out.add(t.id);
  }
  return out;
}

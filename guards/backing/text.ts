// The technologies an AI-written string names that the candidate's own wording for the place does not, and
// what to do with a string that claims something unbacked. vendor-provenance, code-truth and claim-net ask
// the same question of the same string one after another: the answer is kept per context.
import type { Catalog, Mention } from "../../extractors/catalog.js";
import { parseField } from "../../core/resume.js";
import { mentionUse } from "../../core/use-cues.js";
import type { Edit, GuardContext, RecordAction, TextTarget } from "../types.js";

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

interface Remembered {
  /** Text → the first mention of each technology it names. */
  mentions: Map<string, readonly Mention[]>;
  /** Text → original (or "") → the first new mention of each technology. */
  first: Map<string, Map<string, readonly Mention[]>>;
  /** Text → original (or "") → the new technologies it does not deny (two guards ask). */
  undenied: Map<string, Map<string, readonly Mention[]>>;
}

const remembered = new WeakMap<GuardContext, Remembered>();

function rememberedFor(context: GuardContext): Remembered {
  let memo = remembered.get(context);
  if (!memo) {
    memo = { mentions: new Map(), first: new Map(), undenied: new Map() };
    remembered.set(context, memo);
  }
  return memo;
}

function firstMentionsOf(text: string, context: GuardContext, memo: Remembered): readonly Mention[] {
  let mentions = memo.mentions.get(text);
  if (!mentions) {
    mentions = context.catalog.firstMentions(text);
    memo.mentions.set(text, mentions);
  }
  return mentions;
}

/**
 * `firstPerTechnology(newMentions(target, context.catalog))`, remembered per context: the first mention of
 * each technology the target names that its original wording does not (shared: callers do not mutate it).
 */
export function newTechnologies(target: TextTarget, context: GuardContext): readonly Mention[] {
  const memo = rememberedFor(context);
  let byOriginal = memo.first.get(target.text);
  if (!byOriginal) {
    byOriginal = new Map();
    memo.first.set(target.text, byOriginal);
  }
  // An empty original is no original (`newMentions` tests it for truth).
  const original = target.original || "";
  let found = byOriginal.get(original);
  if (!found) {
    // The first mention of each technology, less the candidate's own: the same as filtering all mentions
    // by id first and keeping the first of each then.
    const own = new Set(original ? firstMentionsOf(original, context, memo).map((m) => m.id) : []);
    found = firstMentionsOf(target.text, context, memo).filter((m) => !own.has(m.id));
    byOriginal.set(original, found);
  }
  return found;
}

/**
 * The new technologies a target does not deny, each at a mention that does not: one it names only as not
 * used ("does not use OpenAI in production", "PostgreSQL instead of MySQL", "no longer runs kubeadm"; the
 * `negated` cues of core/use-cues.yaml) repeats no claim. "Evaluated OpenAI" or "migrated from MySQL" still
 * claims work with it, so only denials count.
 */
export function undeniedNewTechnologies(target: TextTarget, context: GuardContext): readonly Mention[] {
  const fresh = newTechnologies(target, context);
  if (fresh.length === 0) return fresh;
  const memo = rememberedFor(context);
  const byOriginal = memo.undenied.get(target.text) ?? new Map<string, readonly Mention[]>();
  memo.undenied.set(target.text, byOriginal);
  let found = byOriginal.get(target.original || "");
  if (!found) {
    const all = context.catalog.findMentions(target.text);
    const denied = (m: Mention) => mentionUse(target.text, m.start, m.end).family === "negated";
    found = fresh.flatMap((first) => {
      const claimed = all.find((m) => m.id === first.id && !denied(m));
      return claimed ? [claimed] : [];
    });
    byOriginal.set(target.original || "", found);
  }
  return found;
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

import type { Catalog } from "../extractors/catalog.js";
import type { ExtractResult } from "../core/truth.js";
import { revert } from "./apply.js";
import { applyDraftEdit } from "./apply-draft.js";
import type { UnsealedRecord } from "./redaction-record.js";
import { type JsonResume, parseField, removeItem, setField } from "../core/resume.js";
import { type StringResult, guardString } from "./run-string.js";
import { type DraftTarget, draftTargets, heldElsewhere, repeatNote } from "./targets.js";
import { sayDraft, sayMatches } from "./say.js";
import type { Guard, GuardContext, MatchFinding, TextFinding } from "./types.js";
import type { Match } from "../core/match.js";
import type { Fact } from "../core/chunk.js";

export interface ContextInput {
  catalog: Catalog;
  profile?: JsonResume;
  facts?: readonly (string | Fact)[];
  truth?: ExtractResult;
  asOf?: string;
}

/** Evidence for the guards, normalised once: plain-string facts get ids `fact-1`, `fact-2`, … */
export function buildContext(input: ContextInput): GuardContext {
  const facts = (input.facts ?? []).map((f, i) =>
    typeof f === "string" ? { id: `fact-${i + 1}`, text: f } : f,
  );
  return {
    catalog: input.catalog,
    facts,
    profile: input.profile,
    truth: input.truth,
    ...(input.asOf ? { asOf: input.asOf } : {}),
  };
}

export interface MatchesResult<M extends Match = Match> {
  matches: M[];
  records: UnsealedRecord[];
}

/** Pre-writer guards on the strategist's matches, each on the previous one's output. */
export function guardMatches<M extends Match>(
  matches: readonly M[],
  context: GuardContext,
  guards: readonly Guard[],
): MatchesResult<M> {
  let current = [...matches];
  const records: UnsealedRecord[] = [];
  for (const guard of guards) {
    if (!guard.checkMatches) continue;
    const findings = sayMatches(guard.meta, guard.checkMatches(current, context));
    const next = [...current];
    for (const f of findings.filter((f) => f.replacement !== null)) {
      records.push({ ...matchRecord(f, next[f.index]), replacement: JSON.stringify(f.replacement) });
      // A guard changes a match by spreading it (`{ ...match, status }`): the caller's own fields stay.
      next[f.index] = f.replacement as M;
    }
    // Drops last, highest index first, so each record's index is right when replayed in reverse.
    for (const f of findings.filter((f) => f.replacement === null).sort((a, b) => b.index - a.index)) {
      records.push({ ...matchRecord(f, next[f.index]), replacement: "" });
      next.splice(f.index, 1);
    }
    current = next;
  }
  return { matches: current, records };
}

function matchRecord(f: MatchFinding, before?: Match): UnsealedRecord {
  return {
    guard: f.guard,
    rule: f.rule,
    action: f.action,
    field: `matches[${f.index}]`,
    original: JSON.stringify(before),
    replacement: "",
    reason: f.reason,
    evidence: f.evidence,
  };
}

export interface DraftResult {
  draft: JsonResume;
  records: UnsealedRecord[];
  skipped: TextFinding[];
}

/**
 * Post-writer guards on every AI-written string of a draft. Strings are edited in place; list items a
 * guard removes go last, highest index first, so the records replay backwards exactly. A guard's fallback
 * to the candidate's wording for a list item that another item of the list already says is a removal.
 */
export function guardDraft(draft: JsonResume, context: GuardContext, guards: readonly Guard[]): DraftResult {
  const guarded = structuredClone(draft);
  const records: UnsealedRecord[] = [];
  const removals: UnsealedRecord[] = [];
  const skipped: TextFinding[] = [];
  // The record first: the strings are then judged where they really belong (the right employer's entry).
  for (const guard of guards) {
    for (const finding of sayDraft(guard.meta, guard.checkDraft?.(guarded, context) ?? []))
      records.push(applyDraftEdit(guarded, finding));
  }
  const removing = new Set<string>();
  for (const target of draftTargets(guarded, context.profile)) {
    const result = withoutRepeat(guarded, target, guardString(target, guards, context), removing);
    append(skipped, result.skipped);
    const edits = result.removed ? result.records.slice(0, -1) : result.records;
    append(records, edits);
    if (result.text !== target.text) setField(guarded, target.field, result.text);
    if (result.removed) {
      removals.push(result.records.at(-1)!);
      removing.add(target.field);
    }
  }
  append(records, removeItems(guarded, removals));
  // Last, what the removals left empty goes, so that nothing is drawn as a bare heading.
  const emptied = new Set(removals.map((r) => r.field.replace(/\[\d+\]$/, "")));
  for (const guard of guards) {
    for (const finding of sayDraft(guard.meta, guard.tidyDraft?.(guarded, context, emptied) ?? []))
      records.push(applyDraftEdit(guarded, finding));
  }
  return { draft: guarded, records, skipped };
}

/**
 * A string's result, with a fallback to the candidate's wording turned into the item's removal when another
 * item of its list (not one being removed) already holds that wording or a near-duplicate of it: the entry
 * would otherwise say the same thing twice. The records before the fallback stay; the removal takes the
 * text as it was before the fallback, so the records still revert exactly.
 */
function withoutRepeat(
  draft: JsonResume,
  target: DraftTarget,
  result: StringResult,
  removing: ReadonlySet<string>,
): StringResult {
  const original = target.original;
  if (result.removed || original === undefined) return result;
  const at = result.records.findIndex((r) => r.action === "fallback" && r.replacement === original);
  if (at < 0) return result;
  const held = heldElsewhere(draft, target.field, original, removing);
  if (!held) return result;
  // The text before the fallback: the records from it on, undone last first.
  const text = revert(result.text, result.records.slice(at));
  const fallback = result.records[at]!;
  // Only a fallback of the whole string is one to the candidate's wording for the item.
  if (fallback.original !== text) return result;
  const removal: UnsealedRecord = {
    guard: fallback.guard,
    rule: fallback.rule,
    action: "remove",
    field: target.field,
    original: text,
    replacement: "",
    reason: `${fallback.reason} ${repeatNote(original, held)}`,
    evidence: fallback.evidence,
  };
  return { ...result, text, removed: true, records: [...result.records.slice(0, at), removal] };
}

/**
 * Remove the list items these records name, highest index first, so each record's field is right when the
 * records are replayed backwards. Returns the records in the order applied (they go last in a log).
 */
export function removeItems<R extends Pick<UnsealedRecord, "field">>(
  draft: JsonResume,
  removals: readonly R[],
): R[] {
  const ordered = [...removals].sort((a, b) => compareFieldsDescending(a.field, b.field));
  for (const removal of ordered) removeItem(draft, removal.field);
  return ordered;
}

/** `into.push(...items)` without spreading: a long text can have more edits than a call has arguments. */
function append<T>(into: T[], items: readonly T[]): T[] {
  for (let i = 0; i < items.length; i++) into.push(items[i]!);
  return into;
}

function compareFieldsDescending(a: string, b: string): number {
  const x = parseField(a);
  const y = parseField(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    if (x[i] === y[i]) continue;
    if (typeof x[i] === "number" && typeof y[i] === "number") return (y[i] as number) - (x[i] as number);
    return String(x[i]) < String(y[i]) ? -1 : 1;
  }
  return y.length - x.length;
}

export interface ChainInput {
  text?: string;
  draft?: JsonResume;
  matches?: Match[];
}

export interface ChainResult {
  text?: string;
  draft?: JsonResume;
  matches?: Match[];
  records: UnsealedRecord[];
  skipped: TextFinding[];
}

/** The whole chain on one guard case: matches first (pre-writer), then the text or draft (post-writer). */
export function runChain(input: ChainInput, context: GuardContext, guards: readonly Guard[]): ChainResult {
  const records: UnsealedRecord[] = [];
  const result: ChainResult = { records, skipped: [] };
  if (input.matches) {
    const guarded = guardMatches(input.matches, context, guards);
    result.matches = guarded.matches;
    append(records, guarded.records);
  }
  if (input.draft) {
    const guarded = guardDraft(input.draft, context, guards);
    result.draft = guarded.draft;
    append(records, guarded.records);
    append(result.skipped, guarded.skipped);
  } else if (input.text !== undefined) {
    const guarded = guardString({ field: "text", text: input.text, role: "prose" }, guards, context);
    result.text = guarded.text;
    append(records, guarded.records);
    append(result.skipped, guarded.skipped);
  }
  return result;
}

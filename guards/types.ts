// Shapes of the guard chain. A guard is like a lint rule: `meta` plus pure checks that return findings
// with proposed edits; one applier makes the edits and writes records (DESIGN.md, "The guards").
import type { Catalog } from "../extractors/catalog.js";
import type { ExtractResult } from "../core/truth.js";
import type { Fact } from "../core/chunk.js";
import type { RecordEvidence } from "../core/evidence.js";
import type { Match } from "../core/match.js";
import type { JsonResume } from "../core/resume.js";

/** The guards' ids, in the chain's order (DESIGN.md, "The guards"); the log's reader checks against them. */
export const GUARD_IDS = [
  "record-provenance",
  "vendor-provenance",
  "code-truth",
  "claim-net",
  "number-provenance",
] as const;
export type GuardId = (typeof GUARD_IDS)[number];

export const RECORD_ACTIONS = [
  "redact",
  "demote",
  "mark-stale",
  "remove",
  "fallback",
  "restore",
  "annotate",
  "override",
] as const;
export type RecordAction = (typeof RECORD_ACTIONS)[number];

export interface GuardMeta {
  id: GuardId;
  description: string;
  /** Message templates by message id, with `{{placeholder}}`s filled from a finding's `data`. */
  messages: Record<string, string>;
  /**
   * The guard judges text against the code-derived truth (a stale doc claim, a vendor seen only in
   * examples). Text composed from that truth, which states it as such, does not need it (the chatbot's
   * composed answers).
   */
  readsTruth?: true;
}

/** Everything a guard may consult; built once per run by `buildContext`, never mutated by a guard. */
export interface GuardContext {
  catalog: Catalog;
  profile?: JsonResume;
  facts: readonly Fact[];
  truth?: ExtractResult;
  /** The run's date (ISO), from the caller: an open-ended job lasts until then. Guards have no clock. */
  asOf?: string;
}

/** One AI-written string of a draft (or the `text` of a guard case). */
export interface TextTarget {
  /** `basics.summary`, `work[0].highlights[2]`, `skills[1].keywords[0]`, or `text`. */
  field: string;
  text: string;
  /** Skill keywords are list items: an unbacked one is removed, not rewritten. */
  role: "prose" | "list-item";
  /** The candidate's own wording for this place in the profile, for a fallback; absent when there is none. */
  original?: string;
  /** The profile's work entry this string belongs to (`work[1]`): what it says is said of that job. */
  entry?: string;
}

/** A message's `{{placeholder}}` values. */
export type MessageData = Readonly<Record<string, string>>;

/**
 * What a guard says about a finding, as ESLint's `messageId` + `data`: the chain writes the finding's
 * `reason` from the guard's `meta.messages`. `messageId` names the wording when it is not the rule's own
 * (number-provenance words a lower bound and a plain figure of one rule differently).
 */
export interface Said {
  messageId?: string;
  data: MessageData;
}

/** A finding as a guard reports it: its reason is the chain's to write. */
export type Reported<F extends { reason: string }> = Omit<F, "reason"> & Said;

/** A proposed replacement of `[start, end)` of the target's text. */
export interface Edit {
  range: [number, number];
  text: string;
}

/** What a guard found in a string: like a vfile message, with an optional edit. */
export interface TextFinding {
  guard: GuardId;
  /** The message id in the guard's `meta.messages`. */
  rule: string;
  action: RecordAction;
  field: string;
  /** One sentence a person understands: the guard's message, filled by the chain (`Said`). */
  reason: string;
  /** The text that was found (`40%`, `OpenAI`). */
  actual: string;
  /** What would have grounded it, when there is something to say (`source numbers: 23.4, 1200`). */
  expected?: readonly string[];
  evidence: RecordEvidence[];
  /** Absent when the guard is unsure: it reports and lets the verifier or a person decide. */
  edit?: Edit;
  /** Remove the whole list item (skill keyword) rather than edit its text. */
  removeItem?: boolean;
}

/** A change a guard proposes to one match. */
export interface MatchFinding {
  guard: GuardId;
  rule: string;
  action: RecordAction;
  index: number;
  reason: string;
  actual: string;
  evidence: RecordEvidence[];
  /** The match after the change, or null to drop it. */
  replacement: Match | null;
}

/**
 * A change to the draft's structure rather than to a string's text: put a value at a field (`set`), put back a
 * key or list item the draft dropped (`restore`: a key goes last in its object), take a list item out
 * (`remove`). A key is taken out by setting its object without it, so a revert puts it back in its place.
 * Fields name places as they are when the edit is made, after the edits before it.
 */
export type DraftEdit =
  | { op: "set"; field: string; value: unknown }
  | { op: "restore"; field: string; value: unknown }
  | { op: "remove"; field: string };

/** What a guard found in the draft's record (an entry, a date, a contact detail), with the edit that mends it. */
export interface DraftFinding {
  guard: GuardId;
  rule: string;
  action: "fallback" | "restore" | "remove";
  field: string;
  reason: string;
  /** What the draft says (`Staff Engineer`), or "" when it dropped the part. */
  actual: string;
  evidence: RecordEvidence[];
  edit: DraftEdit;
}

export interface Guard {
  meta: GuardMeta;
  /** Post-writer guards that look at the whole draft before its strings (record-provenance). */
  checkDraft?(draft: JsonResume, context: GuardContext): Reported<DraftFinding>[];
  /**
   * After every string was guarded: what the guards left empty (a skills group with no keyword). `emptied`
   * names the lists the guards' removals emptied (`skills[2].keywords`); a list the draft had empty already
   * is the writer's, not theirs.
   */
  tidyDraft?(
    draft: JsonResume,
    context: GuardContext,
    emptied: ReadonlySet<string>,
  ): Reported<DraftFinding>[];
  /** Pre-writer guards look at the matches. */
  checkMatches?(matches: readonly Match[], context: GuardContext): Reported<MatchFinding>[];
  /** Post-writer guards look at every AI-written string. */
  checkText?(target: TextTarget, context: GuardContext): Reported<TextFinding>[];
}

// Undo, written once: every caller reverts records through revertRecords, which replays each record's
// inverse last first by its kind, through the same appliers that applied it (textlint's fixer reverts
// the same way). `revertRecords(apply(x), records)` gives back x exactly.
import type { Match } from "../core/match.js";
import { type JsonResume, getField, insertItem, setField } from "../core/resume.js";
import { revert } from "./apply.js";
import { revertDraftEdit } from "./apply-draft.js";
import { matchIndex, recordKind } from "./record-kind.js";
import type { UnsealedRecord } from "./redaction-record.js";

/** What records may be reverted on: a draft, the matches, and a plain-text guard case's text. */
export interface Revertible {
  draft?: JsonResume;
  matches?: readonly Match[];
  text?: string;
}

export type RevertFacts = Pick<
  UnsealedRecord,
  "guard" | "rule" | "action" | "field" | "original" | "replacement" | "range" | "outputRange"
>;

/** Undo `records` on copies of what is given; a record about something not given is passed over. */
export function revertRecords(target: Revertible, records: readonly RevertFacts[]): Revertible {
  const draft = target.draft === undefined ? undefined : structuredClone(target.draft);
  const matches = target.matches === undefined ? undefined : [...target.matches];
  let text = target.text;
  for (let i = records.length - 1; i >= 0; i--) {
    const record = records[i]!;
    switch (recordKind(record)) {
      case "match": {
        const index = matchIndex(record.field);
        if (!matches || index === undefined) break;
        const before = JSON.parse(record.original) as Match;
        if (record.replacement === "") matches.splice(index, 0, before);
        else matches[index] = before;
        break;
      }
      case "structure":
        if (draft) revertDraftEdit(draft, record);
        break;
      case "item-removal":
        if (draft && record.field !== "text") insertItem(draft, record.field, record.original);
        break;
      case "string-edit":
        if (record.field === "text") {
          if (text !== undefined) text = revert(text, [record]);
        } else if (draft) {
          const current = getField(draft, record.field);
          if (typeof current !== "string") throw new Error(`revert: ${record.field} is not a string`);
          setField(draft, record.field, revert(current, [record]));
        }
        break;
      case "override":
      case "note":
        break;
    }
  }
  return {
    ...(draft !== undefined ? { draft } : {}),
    ...(matches !== undefined ? { matches } : {}),
    ...(text !== undefined ? { text } : {}),
  };
}

/** Undo a draft's records, last first: `revertDraft(guardDraft(d).draft, records)` deep-equals `d`. */
export function revertDraft(draft: JsonResume, records: readonly RevertFacts[]): JsonResume {
  return revertRecords({ draft }, records).draft!;
}

/** Undo the match records, last first. */
export function revertMatches(matches: readonly Match[], records: readonly RevertFacts[]): Match[] {
  return [...revertRecords({ matches }, records).matches!];
}

// After the verifier's fallbacks: no two highlights of one entry say the same thing. A written highlight
// that repeats another item of its list (nearDuplicate: the same content words, figures and filler aside)
// is removed and recorded; the candidate's own wording and the earlier item are the ones kept. Pure.
import { type DraftTarget, heldElsewhere, type UnsealedRecord } from "../../../guards/index.js";
import { type JsonResume, getField } from "../../../core/resume.js";

const ITEM = /\.highlights\[(\d+)\]$/;

/**
 * Removals (not yet made) for the written highlights that repeat another item of their list. Items in
 * `removing` are already on their way out and repeat nothing; the last of two repeats goes first, so the
 * earlier one stays.
 */
export function repeatedHighlights(
  draft: JsonResume,
  targets: readonly DraftTarget[],
  removing: ReadonlySet<string>,
): UnsealedRecord[] {
  const gone = new Set(removing);
  const records: UnsealedRecord[] = [];
  const items = targets
    .filter((t) => ITEM.test(t.field) && !gone.has(t.field))
    .sort((a, b) => Number(ITEM.exec(b.field)![1]) - Number(ITEM.exec(a.field)![1]));
  for (const target of items) {
    const text = getField(draft, target.field);
    if (typeof text !== "string") continue;
    const held = heldElsewhere(draft, target.field, text, gone);
    if (!held) continue;
    gone.add(target.field);
    records.push({
      guard: "verifier",
      rule: "repeated",
      action: "remove",
      field: target.field,
      original: text,
      replacement: "",
      reason: `"${text}" says what ${held.field} of this entry already says ("${held.text}"), so the repeat is removed.`,
      evidence: [],
    });
  }
  return records;
}

import { type MakeApplied, applyEdits } from "./apply.js";
import type { UnsealedRecord } from "./redaction-record.js";
import { sayText } from "./say.js";
import type { Guard, GuardContext, TextFinding, TextTarget } from "./types.js";

export interface StringResult {
  text: string;
  /** A guard removed the whole list item; `records` ends with that removal. */
  removed: boolean;
  records: UnsealedRecord[];
  /** Findings whose edit overlapped another: reported, not applied. */
  skipped: TextFinding[];
}

/** Run guards one after another on one string, each on the previous output (textlint's fixer). */
export function guardString(
  target: TextTarget,
  guards: readonly Guard[],
  context: GuardContext,
): StringResult {
  let text = target.text;
  const records: UnsealedRecord[] = [];
  const skipped: TextFinding[] = [];
  for (const guard of guards) {
    if (!guard.checkText) continue;
    const findings = sayText(guard.meta, guard.checkText({ ...target, text }, context));
    const removal = findings.find((f) => f.removeItem);
    if (removal) {
      records.push({ ...recordOf(removal), original: text, replacement: "" });
      return { text, removed: true, records, skipped };
    }
    const result = applyEdits(text, findings, recordOfEdit);
    append(records, result.applied);
    // A finding without an edit is a report for the verifier or a person: recorded, nothing changed.
    for (let i = 0; i < findings.length; i++) {
      const finding = findings[i]!;
      if (finding.edit) continue;
      records.push({
        ...recordOf(finding),
        action: "annotate",
        original: finding.actual,
        replacement: finding.actual,
      });
    }
    for (const finding of result.skipped) skipped.push(finding);
    text = result.output;
  }
  return { text, removed: false, records, skipped };
}

/**
 * The record of an applied edit, written field by field in the order `recordOf` gives them: no object spread
 * and no step between (slow enough in V8 to dominate a long text with thousands of edits).
 */
const recordOfEdit: MakeApplied<UnsealedRecord> = (f, range, outputRange, original, replacement) => ({
  guard: f.guard,
  rule: f.rule,
  action: f.action,
  field: f.field,
  original,
  replacement,
  reason: f.reason,
  evidence: f.evidence,
  range,
  outputRange,
});

/** `into.push(...items)` without spreading: a long text can have more edits than a call has arguments. */
function append<T>(into: T[], items: readonly T[]): void {
  for (let i = 0; i < items.length; i++) into.push(items[i]!);
}

function recordOf(finding: TextFinding): UnsealedRecord {
  return {
    guard: finding.guard,
    rule: finding.rule,
    action: finding.action,
    field: finding.field,
    original: finding.actual,
    replacement: "",
    reason: finding.reason,
    evidence: finding.evidence,
  };
}

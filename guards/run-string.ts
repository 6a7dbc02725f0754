import { applyEdits } from "./apply.js";
import type { RecordDraft } from "./record.js";
import type { Guard, GuardContext, TextFinding, TextTarget } from "./types.js";

export interface StringResult {
  text: string;
  /** A guard removed the whole list item; `records` ends with that removal. */
  removed: boolean;
  records: RecordDraft[];
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
  const records: RecordDraft[] = [];
  const skipped: TextFinding[] = [];
  for (const guard of guards) {
    if (!guard.checkText) continue;
    const findings = guard.checkText({ ...target, text }, context);
    const removal = findings.find((f) => f.removeItem);
    if (removal) {
      records.push({ ...recordOf(removal), original: text, replacement: "" });
      return { text, removed: true, records, skipped };
    }
    const result = applyEdits(text, findings);
    for (const applied of result.applied) {
      records.push({
        ...recordOf(applied.finding),
        range: applied.range,
        outputRange: applied.outputRange,
        original: applied.original,
        replacement: applied.replacement,
      });
    }
    // A finding without an edit is a report for the verifier or a person: recorded, nothing changed.
    for (const finding of findings.filter((f) => !f.edit)) {
      records.push({
        ...recordOf(finding),
        action: "annotate",
        original: finding.actual,
        replacement: finding.actual,
      });
    }
    skipped.push(...result.skipped);
    text = result.output;
  }
  return { text, removed: false, records, skipped };
}

function recordOf(finding: TextFinding): RecordDraft {
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
